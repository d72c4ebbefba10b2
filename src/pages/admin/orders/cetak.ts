import type { APIRoute } from 'astro';
import { AppError } from '../../../server/errors';
import { printOrders } from '../../../server/services/operator/print-orders';

/** GET /admin/orders/cetak?jenis=packing|label&no_order=…: the selected orders' packing lists or labels as one PDF. */
export const GET: APIRoute = async ({ url, locals }) => {
  const operator = locals.operator!;
  try {
    const { pdf, filename } = await printOrders(
      { id: operator.id, nama: operator.nama, role: operator.role },
      url.searchParams.get('jenis') ?? '',
      url.searchParams.getAll('no_order'),
    );
    return new Response(new Uint8Array(pdf), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `inline; filename="${filename}"`,
        'cache-control': 'private, no-store',
      },
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return new Response(error.message, { status: error.status, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
};
