import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';

/**
 * A TypeScript entry (a command of scripts/, a fault worker, the template builder) compiled into
 * one ES module, once per test process, so a child process starts on plain Node. It is the code
 * tsx would run, compiled by the same esbuild, but tsx's loader would compile the services again in
 * every child: about a second of CPU each, and the process-level tests start dozens of children.
 * Packages stay imports (resolved from node_modules, as under tsx), except those of BUNDLED.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.join(ROOT, 'node_modules', '.cache', 'portal-children');
const made = new Map<string, string>();

/**
 * Node's flags for the tests' child processes (servers, commands, fault workers): PGlite's
 * WebAssembly compiled by V8's baseline compiler only. A child lives seconds, and the optimising
 * tier recompiled PGlite's hot functions in the background of each one: a fresh PGlite cost about
 * 1.3 s of CPU with it and 0.5 s without (issue #22).
 */
export const CHILD_NODE_FLAGS = ['--liftoff-only'];

/**
 * Packages compiled into the module instead of imported: dayjs, whose plugins are imported without
 * the extension plain Node's ES module loader requires, and drizzle-orm, whose 179 KB package.json
 * Node reads again for every module importing it (half of a command's start-up CPU).
 */
const BUNDLED = ['dayjs', 'drizzle-orm'];

function externalPackages(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;
  return Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
    .filter((name) => !BUNDLED.includes(name))
    .flatMap((name) => [name, `${name}/*`]);
}

/** Modules of earlier runs (a day old) go. */
function pruneOld(): void {
  if (!fs.existsSync(OUT)) return;
  const dayAgo = Date.now() - 86_400_000;
  for (const name of fs.readdirSync(OUT)) {
    const file = path.join(OUT, name);
    if (fs.statSync(file).mtimeMs < dayAgo) fs.rmSync(file, { force: true });
  }
}

/** The path of `entry` (relative to the project root) compiled to one module; run it with `node <path>`. */
export function compiled(entry: string): string {
  const found = made.get(entry);
  if (found) return found;
  if (made.size === 0) pruneOld();
  fs.mkdirSync(OUT, { recursive: true });
  // Per process: two test workers compiling the same entry never write one file at once.
  const outfile = path.join(OUT, `${entry.replace(/[/.]/g, '_')}.${process.pid}.mjs`);
  buildSync({
    entryPoints: [path.join(ROOT, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external: externalPackages(),
    logLevel: 'error',
  });
  made.set(entry, outfile);
  return outfile;
}
