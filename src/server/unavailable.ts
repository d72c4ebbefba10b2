/**
 * The database going away (PostgreSQL restarted, network cut): members get a 503 with an
 * Indonesian message instead of a 500 with a stack, and the next request after it returns works
 * again (postgres.js opens new connections on demand; nothing to restart).
 */
export const SERVICE_UNAVAILABLE = 'Layanan sedang tidak tersedia. Silakan coba lagi beberapa saat lagi.';

// Socket-level failures (Node and postgres.js) and PostgreSQL's own "cannot serve now" states:
// class 08 connection exceptions, shutdown/crash/starting up (57P01–57P03), disk full (53100; the
// write is rolled back and works again once there is space), too many connections (53300).
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01',
  '57P02',
  '57P03',
  '53100',
  '53300',
  // PGlite's folder cannot be opened (full or read-only disk; src/server/db/client.ts): retried on the next request.
  'DATA_DIR_UNWRITABLE',
]);

/** The cause to show (a disk that cannot take the database), from DATA_DIR_UNWRITABLE errors; no paths. */
export function unavailableCause(error: unknown): string | undefined {
  for (const e of causeChain(error)) {
    if (e.code !== 'DATA_DIR_UNWRITABLE') continue;
    const cause =
      /(disk penuh|kuota disk habis|sistem file hanya-baca|tidak ada izin menulis|sebagian path bukan folder|folder tidak bisa dibuat di sana)/.exec(
        String((e as { message?: unknown }).message),
      )?.[1];
    return `database server tidak bisa dibuka: ${cause ?? 'folder data tidak bisa ditulis'}`;
  }
  return undefined;
}

/** The error and the ones it wraps (`cause`, e.g. Drizzle's query error around the driver's), at most 5 deep. */
function* causeChain(error: unknown): Generator<{ code?: unknown }> {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    yield e as { code?: unknown };
  }
}

/**
 * True when the error is the member's own connection going away (a closed tab, a cancelled
 * upload): Node's request stream fails with `aborted` / ECONNRESET and no syscall, fetch with an
 * AbortError. Not an outage, nothing to log: nobody is left to answer.
 */
export function isClientAbort(error: unknown, request?: Request): boolean {
  if (request?.signal.aborted) return true;
  for (const e of causeChain(error)) {
    const { code, name, message, syscall } = e as { code?: unknown; name?: unknown; message?: unknown; syscall?: unknown };
    if (name === 'AbortError' || code === 'ABORT_ERR') return true;
    if (code === 'ECONNRESET' && message === 'aborted' && syscall === undefined) return true;
  }
  return false;
}

/** True when the error (or one it wraps) means the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isClientAbort(error)) return false;
  for (const e of causeChain(error)) {
    const code = e.code;
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}

const page = (cause?: string) => `<!doctype html>
<html lang="id">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Layanan tidak tersedia</title></head>
<body>
<main>
<h1>Layanan sedang tidak tersedia</h1>
<p>${SERVICE_UNAVAILABLE}</p>
${cause ? `<p>Penyebab (untuk operator): ${cause}.</p>\n` : ''}<p><a href="">Muat ulang halaman</a></p>
</main>
</body>
</html>
`;

/** The 503 a page request (HTML) or an API request (the JSON envelope) answers. */
export function unavailableResponse(api: boolean, cause?: string): Response {
  const headers = { 'cache-control': 'no-store', 'retry-after': '30' };
  return api
    ? Response.json({ success: false, message: SERVICE_UNAVAILABLE }, { status: 503, headers })
    : new Response(page(cause), { status: 503, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } });
}

/** One line in the server log per failed request, without the stack (the cause is known). */
export function logUnavailable(error: unknown): void {
  const codes = [...causeChain(error)].map((e) => e.code).filter((code): code is string => typeof code === 'string');
  const unopened = [...causeChain(error)].find((e) => e.code === 'DATA_DIR_UNWRITABLE') as { message?: string } | undefined;
  console.error(
    `[portal] database tidak tersedia (${codes.join(' < ') || 'tanpa kode'})${unopened ? `: ${unopened.message}` : ''}: menjawab 503`,
  );
}
