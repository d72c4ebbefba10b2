// Builds the server into dist/ unless dist/ was built from exactly the current sources.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'dist', '.build-stamp');

function sourceStamp() {
  const hash = createHash('sha256');
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(`${full}\0${fs.statSync(full).size}\0${fs.readFileSync(full).length && fs.readFileSync(full)}`);
    }
  };
  for (const dir of ['src', 'public']) walk(path.join(root, dir));
  for (const file of [
    'astro.config.mjs',
    'scripts/csp-digest-memo.mjs',
    'scripts/low-priority-scripts.mjs',
    'package-lock.json',
    'tsconfig.json',
  ])
    hash.update(fs.readFileSync(path.join(root, file)));
  return hash.digest('hex');
}

export function buildIfNeeded() {
  const stamp = sourceStamp();
  if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp && fs.existsSync(path.join(root, 'dist/server/entry.mjs')))
    return false;
  console.log('[portal] membangun server (astro build)…');
  // Always a production build, whoever asks: called from a test runner (NODE_ENV=test) it would
  // otherwise ship React's development bundle (about 120 KB gzip instead of 66 KB).
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST')));
  execFileSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, NODE_ENV: 'production' },
  });
  fs.writeFileSync(stampFile, stamp);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();
