// Makes the app icons of public/manifest.webmanifest from the two SVGs in public/icons (run by
// hand after changing them: `node scripts/make-icons.mjs`; needs `sharp`, not a dependency of the
// portal: `npm install --no-save sharp` first). The PNGs are committed; the build does not run this.
import path from 'node:path';
import sharp from 'sharp';

const dir = path.resolve(import.meta.dirname, '..', 'public', 'icons');
const made = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['maskable.svg', 'maskable-512.png', 512],
  ['maskable.svg', 'apple-touch-icon.png', 180],
];
for (const [source, target, size] of made) {
  await sharp(path.join(dir, source), { density: 300 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(dir, target));
  console.log(`${target} ${size}×${size}`);
}
