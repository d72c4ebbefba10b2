import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request id (docs/operations.md "Logs"): taken from a proxy's X-Request-Id when it looks like
 * one (letters, digits, - _ . : up to 64), else a new UUID; answered in X-Request-Id, and carried
 * into every line the server logs while it handles that request (console.log/info/warn/error get
 * a `[req <id>]` prefix), so the lines of one request can be found together.
 */
const store = new AsyncLocalStorage<{ id: string }>();

export const REQUEST_ID_HEADER = 'x-request-id';

export function requestIdOf(request: Request): string {
  const given = request.headers.get(REQUEST_ID_HEADER);
  return given && /^[A-Za-z0-9._:-]{1,64}$/.test(given) ? given : randomUUID();
}

export const currentRequestId = (): string | undefined => store.getStore()?.id;

let patched = false;

/** Runs `work` as the handling of the request with this id. */
export function withRequestId<T>(id: string, work: () => Promise<T>): Promise<T> {
  if (!patched) {
    patched = true;
    for (const level of ['log', 'info', 'warn', 'error'] as const) {
      const original = console[level].bind(console);
      console[level] = (...args: unknown[]) => {
        const rid = currentRequestId();
        if (rid === undefined) return original(...args);
        return typeof args[0] === 'string' ? original(`[req ${rid}] ${args[0]}`, ...args.slice(1)) : original(`[req ${rid}]`, ...args);
      };
    }
  }
  return store.run({ id }, work);
}
