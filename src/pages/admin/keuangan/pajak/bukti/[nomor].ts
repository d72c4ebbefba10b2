import type { APIRoute } from 'astro';
import { AppError } from '../../../../../server/errors';
import { taxSlipPdfByNomor } from '../../../../../server/services/tax/tax-month-console';

/** One BP21 slip as the member downloads it. */
export const GET: APIRoute = async ({ params }) => {
  try {
    return await taxSlipPdfByNomor(params.nomor ?? '');
  } catch (error) {
    if (error instanceof AppError) return new Response(error.message, { status: error.status });
    throw error;
  }
};
