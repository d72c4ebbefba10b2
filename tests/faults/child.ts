import { type ChildProcess, spawn } from 'node:child_process';
import { CHILD_NODE_FLAGS, compiled } from './compiled';

/** A child on this process's Node (24 under npm) running `script` compiled (compiled.ts), with the test's database in its environment. */
export function startChild(script: string, args: string[], env: Record<string, string | undefined> = {}) {
  const child: ChildProcess = spawn(process.execPath, [...CHILD_NODE_FLAGS, compiled(script), ...args], {
    env: { ...process.env, SEED_ON_START: '0', SCHEDULER: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (b) => {
    out += b;
  });
  child.stderr!.on('data', (b) => {
    err += b;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    lines: () => out.split('\n').filter(Boolean),
    stderr: () => err,
    running: () => child.exitCode === null && child.signalCode === null,
    exited,
    /** Resolves once the child printed a line matching `pattern` (any line by default), or throws when it exited first. */
    async firstLine(pattern = /\n/): Promise<void> {
      while (!pattern.test(out)) {
        if (child.exitCode !== null) throw new Error(`child exited ${child.exitCode}: ${err.slice(0, 2000)}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    async kill(): Promise<void> {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Runs the child, waits until it is working (or, with `afterWrite`, until it acknowledged a first
 * write: however slow the machine, the run then kills a child that has written), then SIGKILLs it
 * after `delayMs` (plus a random jitter, so the kill lands at a different point of a write each
 * run). Returns its printed lines.
 */
export async function runAndKill(
  script: string,
  args: string[],
  delayMs: number,
  afterWrite = false,
): Promise<{ lines: string[]; killedRunning: boolean }> {
  const child = startChild(script, args);
  await child.firstLine(afterWrite ? /^ok .*\n/m : undefined);
  await new Promise((r) => setTimeout(r, delayMs + Math.floor(Math.random() * 50)));
  const errors = child.stderr();
  const killedRunning = child.running();
  await child.kill();
  if (errors.includes('Error')) throw new Error(`child failed before the kill: ${errors.slice(0, 2000)}`);
  return { lines: child.lines(), killedRunning };
}

/** Runs the child to its end and returns its lines; a non-zero exit fails. */
export async function runToEnd(script: string, args: string[], env: Record<string, string | undefined> = {}): Promise<string[]> {
  const child = startChild(script, args, env);
  const code = await child.exited;
  if (code !== 0) throw new Error(`${script} ${args.join(' ')} exited ${code}: ${child.stderr().slice(0, 2000)}`);
  return child.lines();
}
