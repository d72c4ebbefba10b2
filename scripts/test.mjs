// `npm test`: types, unit and integration tests (Vitest, on the real database), then browser tests
// (Playwright driving Debian's Chromium). Prints one closing line: "N passed, N failed".
// With DATABASE_URL set, everything runs against that PostgreSQL server instead of PGlite.
// With ALSO_DATABASE_URL set (CI), the integration suite runs a second time against that
// PostgreSQL database, alongside the browser tests (which leave most of the two cores idle), and
// its counts join the closing line.
// One part only: `node scripts/test.mjs unit` (Vitest project unit: no database, no types),
// `integration` (Vitest project integration), `e2e` (Playwright). docs/decisions/0011-test-loop.md
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const only = process.argv[2]; // 'unit', 'integration' or 'e2e' to run one part
if (only && !['unit', 'integration', 'e2e'].includes(only)) {
  console.error(`unknown part ${only}: unit, integration or e2e`);
  process.exit(2);
}
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });

const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env } }).status ?? 1;
const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
  } catch {
    return undefined;
  }
};

let passed = 0;
let failed = 0;
let skipped = 0;
let exit = 0;
console.log(
  `[test] database: ${only === 'unit' ? 'none (unit tests)' : process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite'}`,
);

if (!only) {
  // Types first: a type error is a failed test too.
  const typecheck = run(bin('tsc'), ['--noEmit', '-p', '.']);
  if (typecheck) {
    failed += 1;
    exit = 1;
  } else {
    passed += 1;
  }
}

if (only !== 'e2e') {
  const project = only ? ['--project', only] : [];
  const status = run(bin('vitest'), ['run', ...project, '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json']);
  const report = readJson('test-results/vitest.json');
  passed += report?.numPassedTests ?? 0;
  // A run that failed outside any test (a file that does not load, an unhandled error) counts as one failure.
  failed += Math.max(report?.numFailedTests ?? 0, status ? 1 : 0);
  skipped += (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
  if (status) exit = 1;
}

/** The PostgreSQL integration pass, started in the background (ALSO_DATABASE_URL); resolves to its exit status. */
let postgresPass;
if (!only && process.env.ALSO_DATABASE_URL) {
  // Built once here: the through-server tests and the browser tests' server would otherwise both build.
  buildIfNeeded();
  // Its own folder: Playwright empties test-results/ when it starts.
  fs.mkdirSync(path.join(root, 'test-results-postgres'), { recursive: true });
  const log = fs.openSync(path.join(root, 'test-results-postgres', 'output.log'), 'w');
  console.log('[test] PostgreSQL (ALSO_DATABASE_URL): integration tests in the background, one worker, output after the browser tests');
  const child = spawn(
    bin('vitest'),
    [
      'run',
      '--project',
      'integration',
      '--maxWorkers=1',
      '--reporter=default',
      '--reporter=json',
      '--outputFile=test-results-postgres/vitest.json',
    ],
    {
      cwd: root,
      stdio: ['ignore', log, log],
      env: { ...process.env, DATABASE_URL: process.env.ALSO_DATABASE_URL, FORCE_COLOR: '0' },
    },
  );
  postgresPass = new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

if (!only || only === 'e2e') {
  process.env.CHROMIUM_PATH = ensureChromium('tests');
  const status = run(bin('playwright'), ['test']);
  const report = readJson('test-results/e2e.json');
  passed += report?.stats?.expected ?? 0;
  const failures = (report?.stats?.unexpected ?? 0) + (report?.stats?.flaky ?? 0);
  failed += failures;
  skipped += report?.stats?.skipped ?? 0;
  // A run that failed before any test (its server did not start, a port was taken) counts as one failure.
  if (status && failures === 0) failed += 1;
  if (status) exit = 1;
}

if (postgresPass) {
  const status = await postgresPass;
  console.log('\n[test] PostgreSQL integration pass:');
  process.stdout.write(fs.readFileSync(path.join(root, 'test-results-postgres', 'output.log'), 'utf8'));
  const report = readJson('test-results-postgres/vitest.json');
  passed += report?.numPassedTests ?? 0;
  // A run that failed outside any test (a file that does not load, an unhandled error) counts as one failure.
  failed += Math.max(report?.numFailedTests ?? 0, status ? 1 : 0);
  skipped += (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
  if (status) exit = 1;
}

console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exit || (failed > 0 ? 1 : 0));
