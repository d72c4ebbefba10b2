// Adds an incremental migration to drizzle/ from the changes in src/server/db/schema
// (ADR 0008): `npm run db:generate -- --name what-changed`. 0000_init.sql is frozen; existing
// data folders and databases upgrade in place on the next start.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const nameAt = args.indexOf('--name');
const name = nameAt >= 0 ? args[nameAt + 1] : undefined;
if (!name || !/^[a-z0-9_-]+$/.test(name)) {
  console.error('Usage: npm run db:generate -- --name what-changed   (lowercase, digits, - or _)');
  process.exit(2);
}
execFileSync(process.execPath, [path.join(root, 'node_modules/drizzle-kit/bin.cjs'), 'generate', '--name', name], {
  cwd: root,
  stdio: 'inherit',
});
