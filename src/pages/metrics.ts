import type { APIRoute } from 'astro';
import { mayReadMetrics } from '../server/domain/metrics-access';
import { bearerToken } from '../server/http';
import { collectMetrics } from '../server/services/ops/collect-metrics';

/**
 * GET /metrics (Prometheus text): only to METRICS_TOKEN (Bearer) or a direct request from
 * loopback or METRICS_NETWORK; everyone else gets 404, as if there were nothing here.
 */
export const GET: APIRoute = async (ctx) => {
  const allowed = mayReadMetrics(
    {
      address: ctx.clientAddress,
      forwarded: ctx.request.headers.has('x-forwarded-for') || ctx.request.headers.has('forwarded'),
      bearer: bearerToken(ctx.request),
    },
    { token: process.env.METRICS_TOKEN || undefined, networks: process.env.METRICS_NETWORK },
  );
  if (!allowed)
    return new Response('Not found\n', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  const { contentType, body } = await collectMetrics();
  return new Response(body, { headers: { 'content-type': contentType, 'cache-control': 'no-store' } });
};
