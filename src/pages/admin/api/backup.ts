import type { APIRoute } from 'astro';
import { inTransaction } from '../../../server/db/client';
import { AppError } from '../../../server/errors';
import { endpoint } from '../../../server/http';
import { backupDiskFailure, dumpDataDir } from '../../../server/services/operator/backup-data-dir';
import { recordAudit } from '../../../server/services/operator/record-audit';

/**
 * GET /admin/api/backup: the running PGlite database as a .tar.gz (`npm run backup`), streamed
 * (chunked, no Content-Length: it is made while it is sent); SUPERADMIN only.
 */
export const GET = endpoint(async (ctx) => {
  const operator = ctx.locals.operator;
  if (!operator) throw new AppError('UNAUTHORIZED', 'Token operator tidak sah atau kedaluwarsa');
  if (operator.role !== 'SUPERADMIN') throw new AppError('FORBIDDEN', `Peran ${operator.role} tidak boleh mengambil backup`);
  let stream: ReadableStream<Uint8Array>;
  try {
    stream = await dumpDataDir(
      () =>
        inTransaction((tx) => recordAudit(tx, { id: operator.id, nama: operator.nama }, 'backup', 'database', null, { format: 'tar.gz' })),
      ctx.request.signal,
    );
  } catch (error) {
    // A full disk: one line that says so (not the generic 503 page text); the server serves on.
    const disk = backupDiskFailure(error);
    if (!disk) throw error;
    console.error(`[portal] ${disk}`);
    return Response.json({ success: false, message: disk }, { status: 503, headers: { 'cache-control': 'no-store', 'retry-after': '60' } });
  }
  return new Response(stream, {
    headers: {
      'content-type': 'application/gzip',
      'cache-control': 'no-store',
      'content-disposition': `attachment; filename="portal-backup.tar.gz"`,
    },
  });
}) satisfies APIRoute;
