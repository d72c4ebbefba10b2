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
    'scripts/css-ascii.mjs',
    'scripts/low-priority-scripts.mjs',
    'scripts/page-bytes.mjs',
    'scripts/painted-directive.mjs',
    'scripts/precompress.mjs',
    'scripts/service-worker.mjs',
    'package-lock.json',
    'tsconfig.json',
  ])
    hash.update(fs.readFileSync(path.join(root, file)));
  return hash.digest('hex');
}

const isBuilt = (stamp) =>
  fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp && fs.existsSync(path.join(root, 'dist/server/entry.mjs'));

export function buildIfNeeded() {
  if (isBuilt(sourceStamp())) return false;
  // Two builds at once in one checkout overwrite each other's dist/ (a test run's server and a
  // benchmark asking at the same moment): one builds, the others wait and find it built.
  return withBuildLock(() => {
    const stamp = sourceStamp();
    if (isBuilt(stamp)) return false;
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
  });
}

/** Runs `build` holding .astro/build.lock (the holder's pid; a lock whose process is gone is taken over). */
function withBuildLock(build) {
  const lock = path.join(root, '.astro', 'build.lock');
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let holder;
    try {
      holder = Number(fs.readFileSync(lock, 'utf8') || 0);
    } catch {
      continue; // released just now
    }
    let alive = true;
    try {
      if (holder) process.kill(holder, 0);
    } catch {
      alive = false;
    }
    if (alive) Atomics.wait(pause, 0, 0, 500);
    else fs.rmSync(lock, { force: true });
  }
  try {
    return build();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();
