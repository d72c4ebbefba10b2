import type { APIRoute } from 'astro';
import { parseMonthNumber, parseYear } from '../../../lib/calendar-params';
import { exportFile } from '../../../server/commands/pajak';
import { AppError } from '../../../server/errors';
import { answer, endpoint } from '../../../server/http';

/**
 * GET /admin/api/pajak-ekspor?tahun=&masa=&format=csv|xml: `npm run ops -- pajak:ekspor` for the
 * CLI beside a running server (docs/decisions/0016): the file and the lines the CLI prints, for an
 * operator's bearer token; KEUANGAN or SUPERADMIN (the services check), audited as the console's download.
 */
export const GET = endpoint(async (ctx) => {
  const operator = ctx.locals.operator;
  if (!operator) throw new AppError('UNAUTHORIZED', 'Token operator tidak sah atau kedaluwarsa');
  const query = ctx.url.searchParams;
  const format = query.get('format') ?? 'csv';
  if (format !== 'csv' && format !== 'xml') throw new AppError('BAD_INPUT', 'Format harus csv atau xml');
  const by = { id: operator.id, nama: operator.nama, role: operator.role };
  const { file, summary } = await exportFile(parseYear(query.get('tahun')) ?? 0, parseMonthNumber(query.get('masa')) ?? 0, format, by);
  return answer({ format, file }, summary);
}) satisfies APIRoute;
