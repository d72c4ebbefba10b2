import type { APIRoute } from 'astro';
import { parseMonthNumber, parseYear } from '../../../../lib/calendar-params';
import { AppError } from '../../../../server/errors';
import { exportTaxMonthAudited } from '../../../../server/services/tax/tax-month-console';

/** The withholder's CSV of one tax month (`?tahun=&masa=`), as `npm run ops -- pajak:ekspor`. */
export const GET: APIRoute = async ({ url, locals }) => {
  const operator = locals.operator!;
  try {
    const r = await exportTaxMonthAudited(
      parseYear(url.searchParams.get('tahun')) ?? 0,
      parseMonthNumber(url.searchParams.get('masa')) ?? 0,
      operator,
    );
    return new Response(r.csv, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'cache-control': 'private, no-store',
        'content-disposition': `attachment; filename="bp21-${r.tahun}-${String(r.masa).padStart(2, '0')}.csv"`,
      },
    });
  } catch (error) {
    if (error instanceof AppError) return new Response(error.message, { status: error.status });
    throw error;
  }
};
