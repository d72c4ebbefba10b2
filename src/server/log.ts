// Plain Node with erasable types only: scripts/start.mjs and scripts/server.mjs import this file.
import { format } from 'node:util';
import pino, { type Logger } from 'pino';
import { logFormat } from './mode.ts';
import { currentRequestId } from './request-context.ts';

/**
 * The server's log (docs/operations.md "Logs"). The code logs through console.log/info/warn/error
 * and keeps doing so: installConsole() routes those four, once per process, by LOG_FORMAT
 * (src/server/mode.ts `logFormat`, read at each line):
 * - `text` (the default outside production): the lines as written, with `[req <id>]` in front of
 *   those written while a request is handled.
 * - `json` (the default with PORTAL_ENV=production): each call is one pino JSON line (level, time,
 *   pid, hostname, msg, and reqId while a request is handled); log/info on stdout, warn/error on
 *   stderr as before. The middleware adds one access line per request (logRequest).
 * Installed by scripts/start.mjs and scripts/server.mjs before anything else is logged, and by the
 * middleware for `astro dev` and the in-process tests.
 */

const LEVELS = ['log', 'info', 'warn', 'error'] as const;
type ConsoleLevel = (typeof LEVELS)[number];

let loggers: { out: Logger; err: Logger } | undefined;

/** The two pino loggers of json mode, made at first use; they write through process.stdout/stderr as they are then. */
function jsonLoggers(): { out: Logger; err: Logger } {
  if (!loggers) {
    const options = {
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: () => {
        const reqId = currentRequestId();
        return reqId === undefined ? {} : { reqId };
      },
    };
    loggers = {
      out: pino(options, { write: (line: string) => process.stdout.write(line) }),
      err: pino(options, { write: (line: string) => process.stderr.write(line) }),
    };
  }
  return loggers;
}

/** One console call as one JSON line: its arguments formatted as console would (stacks included) into `msg`. */
function writeJson(level: ConsoleLevel, args: unknown[]): void {
  const msg = format(...args);
  const { out, err } = jsonLoggers();
  if (level === 'error') err.error(msg);
  else if (level === 'warn') err.warn(msg);
  else out.info(msg);
}

/** The console methods installConsole made, shared by every copy of this module in the process (by identity: a spy copies properties). */
const ROUTED = Symbol.for('portal.log.console');
const shared = globalThis as { [ROUTED]?: WeakSet<object> };
shared[ROUTED] ??= new WeakSet<object>();
const routedMethods = shared[ROUTED];

/**
 * Routes console.log/info/warn/error through the log format. Idempotent: a method that is already
 * this routing is left as it is (a second call, or the built bundle's copy of this module, does
 * nothing); one put in its place since (a test's spy) gets the routing over it.
 */
export function installConsole(): void {
  for (const level of LEVELS) {
    if (routedMethods.has(console[level])) continue;
    const original = console[level].bind(console);
    const routed = (...args: unknown[]) => {
      if (logFormat() === 'json') return writeJson(level, args);
      const rid = currentRequestId();
      if (rid === undefined) return original(...args);
      return typeof args[0] === 'string' ? original(`[req ${rid}] ${args[0]}`, ...args.slice(1)) : original(`[req ${rid}]`, ...args);
    };
    routedMethods.add(routed);
    console[level] = routed;
  }
}

export interface RequestLine {
  reqId: string;
  method: string;
  /** The path only: the query string (tokens, searches) is never logged. */
  path: string;
  status: number;
  durationMs: number;
}

/**
 * The path of a request as logged: without its query string, and a route whose path carries a
 * secret (`/verifikasi-bank/[token]`, the e-mailed links) by its pattern, not the token.
 */
export function loggedPath(pathname: string, routePattern?: string): string {
  if (routePattern && /\[(\.\.\.)?token\]/.test(routePattern)) return routePattern;
  return pathname.length > 512 ? `${pathname.slice(0, 512)}…` : pathname;
}

/** The access line of a request (json mode only; text mode has none): `msg` "request" and the fields. */
export function logRequest(line: RequestLine): void {
  if (logFormat() !== 'json') return;
  jsonLoggers().out.info(line, 'request');
}
