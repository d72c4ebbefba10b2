// `npm test`: the type check, unit and integration tests (Vitest, on the real database) and browser tests
// (Playwright driving Debian's Chromium headless shell) side by side. Prints one closing line:
// "N passed, N failed".
// With DATABASE_URL set, everything runs against that PostgreSQL server instead of PGlite.
// With ALSO_DATABASE_URL set (CI), the integration suite runs a second time against that
// PostgreSQL database at the same time, and its counts join the closing line.
// One part only: `node scripts/test.mjs unit` (Vitest project unit: no database, no types),
// `integration` (Vitest project integration), `e2e` (Playwright); files after the part narrow it
// (`npm run test:e2e -- tests/e2e/offline.spec.ts`). docs/decisions/0011-test-loop.md
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { buildIfNeeded } from './build-if-needed.mjs';
import { ensureChromium } from './ensure-chromium.mjs';
import { YEAR_FOR_BROWSER_ENV } from './template-cache.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const only = process.argv[2]; // 'unit', 'integration' or 'e2e' to run one part
if (only && !['unit', 'integration', 'e2e'].includes(only)) {
  console.error(`unknown part ${only}: unit, integration or e2e`);
  process.exit(2);
}
const files = process.argv.slice(3); // that part's files only, if any are named
fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });

const run = (command, args) => spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env } }).status ?? 1;

/** Runs a command with its output shown as it comes and kept: resolves to its exit status and the text. */
function runKept(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: ['inherit', 'pipe', 'pipe'], env: { ...process.env } });
  let text = '';
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    text += chunk;
  });
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    text += chunk;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ status: code ?? 1, text })));
}
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

/** Starts a part in the background with its output in `dir`/output.log; resolves to its exit status. */
function background(command, args, dir, env = {}) {
  fs.mkdirSync(path.join(root, dir), { recursive: true });
  const log = fs.openSync(path.join(root, dir, 'output.log'), 'w');
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', log, log], env: { ...process.env, FORCE_COLOR: '0', ...env } });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}
const printLog = (dir) => process.stdout.write(fs.readFileSync(path.join(root, dir, 'output.log'), 'utf8'));

/** Counts a Vitest JSON report; a run that failed outside any test (a file that does not load) counts as one failure. */
function countVitest(file, status) {
  const report = readJson(file);
  passed += report?.numPassedTests ?? 0;
  failed += Math.max(report?.numFailedTests ?? 0, status ? 1 : 0);
  skipped += (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
  if (status) exit = 1;
}

// A Vitest worker killed by a signal while its file's tests were passing: V8 aborting inside its
// WebAssembly code registry (`Check failed: jit_page_->allocations_.erase(addr) == 1`, SIGTRAP,
// nodejs/node#64500) after a worker opened and closed many PGlite databases. It is the engine's,
// not a test's: that file, and only that, runs once more in a fresh process (said in the output)
// and its result counts instead. A file that fails again, or any test that failed, stays failed.
// docs/decisions/0011-test-loop.md, "A worker killed inside V8".
const WORKER_KILLED = /Worker exited unexpectedly with signal (SIG[A-Z]+)[^\n]*? while running test file (\S+\.test\.ts)/g;

/**
 * The files whose worker a signal killed, when nothing else failed: no test failed and the run's
 * only errors are those deaths. Otherwise none (the run is counted as it is).
 */
function killedFiles(reportFile, status, text) {
  const report = readJson(reportFile);
  const plain = stripVTControlCharacters(text);
  const killed = [...plain.matchAll(WORKER_KILLED)].map(([, signal, file]) => ({ signal, file }));
  if (!status || !report || killed.length === 0 || report.numFailedTests > 0) return [];
  const unhandled = Number(/Errors\s+(\d+) errors?/.exec(plain)?.[1] ?? 0);
  const failedFiles = report.testResults.filter((result) => result.status === 'failed').map((result) => result.name);
  const killedNames = new Set(killed.map(({ file }) => file));
  if (unhandled !== killed.length || failedFiles.some((name) => !killedNames.has(name))) return [];
  return killed;
}

/** Counts a Vitest run, running once more the files a signal killed (killedFiles). */
async function countVitestRerunningKilled(reportFile, status, text, env = {}) {
  const killed = killedFiles(reportFile, status, text);
  if (killed.length === 0) return countVitest(reportFile, status);
  for (const { signal, file } of killed) {
    console.log(
      `\n[test] a Vitest worker was killed by ${signal} running ${path.relative(root, file)}, no test of it failed (V8's abort, nodejs/node#64500): that file runs once more on its own:`,
    );
  }
  // The first run's counts without the killed files' tests (some may have passed before the
  // signal): the second run counts those files whole.
  const first = readJson(reportFile);
  const names = new Set(killed.map(({ file }) => file));
  const others = first.testResults.filter((result) => !names.has(result.name)).flatMap((result) => result.assertionResults);
  passed += others.filter((test) => test.status === 'passed').length;
  skipped += others.filter((test) => test.status === 'pending' || test.status === 'skipped' || test.status === 'todo').length;
  const again = `${reportFile.replace(/\.json$/, '')}-again.json`;
  const rerun = spawnSync(
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile=${again}`, ...killed.map(({ file }) => file)],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  countVitest(again, rerun.status ?? 1);
}

/** Counts the Playwright JSON report; a run that failed before any test (its server, a port) counts as one failure. */
function countPlaywright(status) {
  const report = readJson('test-results/e2e.json');
  passed += report?.stats?.expected ?? 0;
  const failures = (report?.stats?.unexpected ?? 0) + (report?.stats?.flaky ?? 0);
  failed += failures;
  skipped += report?.stats?.skipped ?? 0;
  if (status && failures === 0) failed += 1;
  if (status) exit = 1;
}

// The whole suite runs its three parts side by side (docs/decisions/0011-test-loop.md): the
// integration files on PostgreSQL (ALSO_DATABASE_URL) and the browser tests wait on the network
// and the database most of the time, so they fill the cores the PGlite run leaves idle.
let postgresPass;
let browserPass;
let typesPass;
if (!only) {
  // Types beside the build and the tests (a type error is a failed test too): on its own first,
  // it held one of CI's two cores idle for its ~10 s.
  typesPass = background(bin('tsc'), ['--noEmit', '-p', '.'], 'test-results-types');
  // Built once here: the through-server tests and the browser tests' server would otherwise both build.
  buildIfNeeded();
  if (process.env.ALSO_DATABASE_URL) {
    console.log('[test] PostgreSQL (ALSO_DATABASE_URL): integration tests in the background, output at the end');
    postgresPass = background(
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
      'test-results-postgres',
      // Its servers listen on ports of their own (tests/setup/ports.ts).
      { DATABASE_URL: process.env.ALSO_DATABASE_URL, TEST_PORT_OFFSET: '100' },
    );
  }
  process.env.CHROMIUM_PATH = ensureChromium('tests');
  console.log('[test] browser tests in the background, output at the end');
  // Playwright empties test-results/ when it starts, so Vitest writes its report elsewhere.
  // On PGlite the integration run below builds the demo year at once and the browser tests'
  // server copies it instead of seeding its own (scripts/template-cache.mjs, YEAR_FOR_BROWSER_ENV).
  if (!process.env.DATABASE_URL) process.env[YEAR_FOR_BROWSER_ENV] = '1';
  browserPass = background(bin('playwright'), ['test'], 'test-results-browser');
}

if (only !== 'e2e') {
  const project = only ? ['--project', only] : [];
  fs.mkdirSync(path.join(root, 'test-results-vitest'), { recursive: true });
  const { status, text } = await runKept(bin('vitest'), [
    'run',
    ...project,
    ...files,
    '--reporter=default',
    '--reporter=json',
    '--outputFile=test-results-vitest/vitest.json',
  ]);
  await countVitestRerunningKilled('test-results-vitest/vitest.json', status, text);
}

if (only === 'e2e') {
  process.env.CHROMIUM_PATH = ensureChromium('tests');
  countPlaywright(run(bin('playwright'), ['test', ...files]));
}

if (typesPass) {
  const status = await typesPass;
  if (status) {
    console.log('\n[test] type check:');
    printLog('test-results-types');
    failed += 1;
    exit = 1;
  } else {
    passed += 1;
  }
}

if (browserPass) {
  const status = await browserPass;
  console.log('\n[test] browser tests:');
  printLog('test-results-browser');
  countPlaywright(status);
}

if (postgresPass) {
  const status = await postgresPass;
  console.log('\n[test] PostgreSQL integration pass:');
  printLog('test-results-postgres');
  const text = fs.readFileSync(path.join(root, 'test-results-postgres', 'output.log'), 'utf8');
  await countVitestRerunningKilled('test-results-postgres/vitest.json', status, text, {
    DATABASE_URL: process.env.ALSO_DATABASE_URL,
    TEST_PORT_OFFSET: '100',
  });
}

console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exit || (failed > 0 ? 1 : 0));
