import type { APIRoute } from 'astro';

/** GET /healthz: the process lives and answers (no database). For a proxy's liveness check. */
export const GET: APIRoute = () =>
  new Response('ok\n', { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
