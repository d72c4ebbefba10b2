import type { APIRoute } from 'astro';
import { parseMonthNumber, parseYear } from '../../../../lib/calendar-params';
import { AppError } from '../../../../server/errors';
import { exportCoretaxXml } from '../../../../server/services/tax/export-coretax-xml';

/** A finished month's BP21 slips as Coretax's bulk-import XML (`?tahun=&masa=`), as `npm run ops -- pajak:ekspor … --format xml`. */
export const GET: APIRoute = async ({ url, locals }) => {
  const operator = locals.operator!;
  try {
    const r = await exportCoretaxXml(
      parseYear(url.searchParams.get('tahun')) ?? 0,
      parseMonthNumber(url.searchParams.get('masa')) ?? 0,
      operator,
    );
    return new Response(r.xml, {
      headers: {
        'content-type': 'application/xml; charset=utf-8',
        'cache-control': 'private, no-store',
        'content-disposition': `attachment; filename="bp21-coretax-${r.tahun}-${String(r.masa).padStart(2, '0')}.xml"`,
      },
    });
  } catch (error) {
    if (error instanceof AppError)
      return new Response(error.message, { status: error.status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    throw error;
  }
};
