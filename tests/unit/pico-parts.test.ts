// Pico per page (docs/decisions/0024-pico-per-page.md): Head.astro inlines Pico's base into every
// page; the rest of Pico comes in parts (src/styles/pico/*.scss) that the component writing the
// element imports, so a page carries only what its components use. A component that writes a form
// control, a dialog, a group, a progress bar or a dropdown without importing its part would be
// unstyled on a page where nothing else brings the part: this reads the sources and says which.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../../src');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(astro|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** The part each kind of element needs, found by what the file writes. */
const PARTS: { part: string; writes: RegExp }[] = [
  { part: 'forms', writes: /<(input|select|textarea)\b/ },
  { part: 'checkbox', writes: /type="(checkbox|radio)"|role="switch"/ },
  { part: 'date', writes: /type="(date|month|datetime-local|time|week)"/ },
  { part: 'file', writes: /type="file"/ },
  { part: 'search', writes: /type="search"/ },
  { part: 'modal', writes: /<dialog\b/ },
  { part: 'group', writes: /role="group"/ },
  { part: 'progress', writes: /<progress\b/ },
  { part: 'dropdown', writes: /class="dropdown"/ },
];

/** The console's pages: AdminLayout.astro imports every part but progress and dropdown for all of them. */
const underAdminLayout = (file: string, text: string) => file.includes('/pages/admin/') && text.includes('AdminLayout');

/** The shell's menu toggle (Layout.astro) is a checkbox out of sight: it needs no form styles. */
const onlyTheMenuToggle = (file: string, part: string) =>
  (part === 'forms' || part === 'checkbox') && file.endsWith('/components/Layout.astro');

describe('Pico parts', () => {
  const files = sources(src).map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));

  it('no page carries the whole of Pico any more', () => {
    expect(files.filter(({ text }) => text.includes('@picocss/pico/css')).map(({ file }) => path.relative(src, file))).toEqual([]);
  });

  it.each(PARTS)('a file that writes what $part styles imports that part (styles/pico)', ({ part, writes }) => {
    const missing = files
      .filter(({ file, text }) => writes.test(text) && !underAdminLayout(file, text) && !onlyTheMenuToggle(file, part))
      .filter(({ text }) => !new RegExp(`import '[./]*(styles/)?pico/${part}\\.scss';`).test(text))
      .map(({ file }) => path.relative(src, file));
    expect(missing).toEqual([]);
  });

  it('every part is Pico inside the layer pico (src/styles/pico/_pico.scss) and nothing else', () => {
    const dir = path.join(src, 'styles/pico');
    for (const name of fs.readdirSync(dir).filter((n) => !n.startsWith('_'))) {
      const code = fs
        .readFileSync(path.join(dir, name), 'utf8')
        .replace(/^\/\/.*$/gm, '')
        .replace(/@use "pico";/, '')
        .replace(/@include pico\.(theme|modules\([^)]*\));/g, '')
        .trim();
      expect(code, name).toBe('');
    }
  });
});
