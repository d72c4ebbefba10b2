// Plain Node with erasable types only: src/server/log.ts, which scripts/server.mjs imports, imports this file.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request id (docs/operations.md "Logs"): taken from a proxy's X-Request-Id when it looks like
 * one (letters, digits, - _ . : up to 64), else a new UUID; answered in X-Request-Id, and carried
 * into every line the server logs while it handles that request (src/server/log.ts: a `[req <id>]`
 * prefix, or the `reqId` field of a JSON line), so the lines of one request can be found together.
 *
 * One store per process, kept on globalThis: the built server's bundle (the middleware) and
 * scripts/server.mjs (which installs the console, log.ts) each load their own copy of this module.
 */
const STORE = Symbol.for('portal.request-context');
const shared = globalThis as { [STORE]?: AsyncLocalStorage<{ id: string }> };
shared[STORE] ??= new AsyncLocalStorage<{ id: string }>();
const store = shared[STORE];

export const REQUEST_ID_HEADER = 'x-request-id';

export function requestIdOf(request: Request): string {
  const given = request.headers.get(REQUEST_ID_HEADER);
  return given && /^[A-Za-z0-9._:-]{1,64}$/.test(given) ? given : randomUUID();
}

export const currentRequestId = (): string | undefined => store.getStore()?.id;

/** Runs `work` as the handling of the request with this id. */
export function withRequestId<T>(id: string, work: () => Promise<T>): Promise<T> {
  return store.run({ id }, work);
}
