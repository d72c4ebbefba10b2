// Regenerates the migration SQL in drizzle/ from src/server/db/schema.
// Until the first release the schema is one initial migration, rebuilt whole (ADR 0002);
// after a release, switch to `drizzle-kit generate` for incremental migrations.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
fs.rmSync(path.join(root, 'drizzle'), { recursive: true, force: true });
execFileSync(process.execPath, [path.join(root, 'node_modules/drizzle-kit/bin.cjs'), 'generate', '--name', 'init'], { cwd: root, stdio: 'inherit' });
