import type { APIRoute } from 'astro';
import { checkReadiness } from '../server/services/ops/check-readiness';

/**
 * GET /readyz: 200 when the database answers, the migrations of this build are applied and the
 * read replica (DATABASE_READ_URL) answers with a lag under the bound; 503 otherwise. The body
 * says which; database errors are not repeated to the caller.
 */
export const GET: APIRoute = async () => {
  const r = await checkReadiness();
  const body = {
    ready: r.ready,
    database: r.database.reachable,
    migrations: r.migrations.applied,
    ...(r.replica
      ? {
          replica: {
            reachable: r.replica.reachable,
            standby: r.replica.standby ?? null,
            lag_seconds: r.replica.lagSeconds ?? null,
            max_lag_seconds: r.replica.maxLagSeconds,
            ok: r.replica.ok,
          },
        }
      : {}),
  };
  if (!r.ready) console.error(`[portal] readyz: belum siap ${JSON.stringify({ ...body, error: r.database.error ?? r.replica?.error })}`);
  return new Response(JSON.stringify(body), {
    status: r.ready ? 200 : 503,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
};
