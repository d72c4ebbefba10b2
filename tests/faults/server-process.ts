import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { buildIfNeeded } from '../../scripts/build-if-needed.mjs';
import { CHILD_NODE_FLAGS, compiled } from './compiled';

/**
 * A real portal server (scripts/server.mjs, the built site) in a child process, for the fault
 * tests that need the whole process: signals, a disk filling under it, the CLI beside it.
 */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/** The environment of a child process: no test-only variables, no PostgreSQL unless asked, the default log format. */
export function childEnv(extra: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(VITEST|NODE_ENV|DATABASE_URL|SCHEDULER|OPERATOR_|PORTAL_TEST_|PORTAL_ENV|LOG_FORMAT|DATA_DIR|FILES_DIR)/.test(key))
      env[key] = value;
  }
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

export interface Answer {
  status: number;
  text: string;
  headers: http.IncomingHttpHeaders;
}

/** One HTTP request on a connection of its own; rejects after `timeoutMs` (a hung server fails the test, not the run). */
export function request(
  base: string,
  route: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${route}`,
      { method: init.method ?? 'GET', headers: init.headers, agent: false, timeout: init.timeoutMs ?? 30_000 },
      (res) => {
        let text = '';
        res
          .setEncoding('utf8')
          .on('data', (chunk) => {
            text += chunk;
          })
          .on('end', () => resolve({ status: res.statusCode!, text, headers: res.headers }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${route}: tidak ada jawaban dalam ${init.timeoutMs ?? 30_000} ms`)));
    req.on('error', reject);
    req.end(init.body);
  });
}

export const postJson = (base: string, route: string, body: unknown, headers: Record<string, string> = {}) =>
  request(base, route, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  output: () => string;
  /** Resolves with the exit code (or signal) once the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop: (signal?: NodeJS.Signals) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `node <script>` (scripts/server.mjs by default) on `port` with `env`; does not wait for it. */
export function spawnServer(port: number, env: Record<string, string | undefined>, script = 'scripts/server.mjs'): ServerProcess {
  buildIfNeeded();
  const child = spawn(process.execPath, [...CHILD_NODE_FLAGS, script], {
    cwd: ROOT,
    env: childEnv({ PORT: String(port), HOST: '127.0.0.1', SEED_ON_START: '0', SCHEDULER: '0', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (b) => {
    out += b;
  });
  child.stderr!.on('data', (b) => {
    out += b;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    output: () => out,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Waits until GET /signin answers 200. */
export async function untilServing(server: ServerProcess, tries = 300): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (server.child.exitCode !== null) throw new Error(`server berhenti (${server.child.exitCode}): ${server.output().slice(-2000)}`);
    if (
      await request(server.base, '/signin', { timeoutMs: 5000 }).then(
        (r) => r.status === 200,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server tidak siap: ${server.output().slice(-2000)}`);
}

/**
 * Runs an npm script's file (`scripts/<name>.ts`) as the operator would with `npm run <name>`,
 * compiled once per test process (compiled.ts) instead of through tsx.
 */
export function cli(script: string, args: string[], env: Record<string, string | undefined>, timeoutMs = 90_000) {
  const result = spawnSync(process.execPath, [...CHILD_NODE_FLAGS, compiled(`scripts/${script}.ts`), ...args], {
    cwd: ROOT,
    env: childEnv(env),
    encoding: 'utf8',
    timeout: timeoutMs,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { code: result.status, signal: result.signal, out: result.stdout.trim(), err: result.stderr.trim() };
}

/** A tmpfs of `sizeMb` mounted at `dir` (made here); undefined where mounting is not permitted. */
export function mountTmpfs(dir: string, sizeMb: number): string | undefined {
  fs.mkdirSync(dir, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    return undefined;
  }
}

export function unmount(dir: string): void {
  spawnSync('umount', ['-l', dir]);
}

/** Fills the file system holding `dir` to its last block with `dir/filler`; answers the filler's path. */
export function fillDisk(dir: string): string {
  const filler = path.join(dir, 'filler');
  const fd = fs.openSync(filler, 'a');
  try {
    for (;;) fs.writeSync(fd, Buffer.alloc(64 * 1024));
  } catch {
    /* ENOSPC: full */
  }
  try {
    for (;;) fs.writeSync(fd, Buffer.alloc(512));
  } catch {
    /* the last blocks */
  }
  fs.closeSync(fd);
  return filler;
}

export const NO_MOUNT = 'needs `mount -t tmpfs` (root in a container that allows it); not permitted here';
