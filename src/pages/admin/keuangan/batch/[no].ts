import type { APIRoute } from 'astro';
import { AppError } from '../../../../server/errors';
import { payoutBatchFile } from '../../../../server/services/bonus/export-payout-batch';

/** The bank bulk-transfer CSV of one exported batch (KEUANGAN; the middleware checks the role). */
export const GET: APIRoute = async ({ params }) => {
  try {
    const file = await payoutBatchFile(params.no ?? '');
    return new Response(file.csv, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${file.no}.csv"`,
        'cache-control': 'private, no-store',
      },
    });
  } catch (error) {
    if (error instanceof AppError) return new Response(error.message, { status: error.status });
    throw error;
  }
};
