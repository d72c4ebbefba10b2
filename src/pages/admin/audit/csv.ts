import type { APIRoute } from 'astro';
import { AppError } from '../../../server/errors';
import { exportAudit } from '../../../server/services/operator/export-audit';
import { auditFilterOf } from '../../../server/services/operator/list-audit';

/** The audit trail as CSV with the page's filter (`?operator=&action=&object=&from=&to=`), every matching row. */
export const GET: APIRoute = async ({ url, locals }) => {
  try {
    const body = await exportAudit(locals.operator!, auditFilterOf(url.searchParams));
    return new Response(body, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'cache-control': 'private, no-store',
        'content-disposition': `attachment; filename="jejak-audit-${Date.now()}.csv"`,
      },
    });
  } catch (error) {
    if (error instanceof AppError) return new Response(error.message, { status: error.status });
    throw error;
  }
};
