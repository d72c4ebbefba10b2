/**
 * The one place a 500 is answered and logged (issue #21: a page's error answered an empty 500
 * with nothing in the log). Everything that turns an unexpected error into a 500 — the `/member`
 * endpoints' wrapper (http.ts `failure`), the export links (export-download.ts) and the middleware
 * around every page — logs it here, once, with its stack and the request it broke.
 */
export const GENERAL_ERROR = 'Terjadi kesalahan pada server. Silakan coba lagi.';

/** Writes the error with its stack (and the causes it wraps) to the server log. */
export function logServerError(error: unknown, request?: Request): void {
  const where = request ? ` ${request.method} ${new URL(request.url).pathname}` : '';
  const describe = (e: unknown) => (e instanceof Error ? (e.stack ?? `${e.name}: ${e.message}`) : String(e));
  let text = describe(error);
  for (let e = (error as { cause?: unknown })?.cause, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    text += `\nCaused by: ${describe(e)}`;
  console.error(`[portal] 500${where}: ${text}`);
}

const PAGE = `<!doctype html>
<html lang="id">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Terjadi kesalahan</title></head>
<body>
<main>
<h1>Terjadi kesalahan</h1>
<p>${GENERAL_ERROR}</p>
<p><a href="/">Kembali ke halaman utama</a></p>
</main>
</body>
</html>
`;

/** The 500 a member or operator sees: the page, or the `/member` envelope for API calls. */
export function serverErrorResponse(api: boolean): Response {
  return api
    ? new Response(JSON.stringify({ success: false, message: GENERAL_ERROR }), {
        status: 500,
        headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      })
    : new Response(PAGE, { status: 500, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}
