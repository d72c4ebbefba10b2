import type { APIRoute } from 'astro';
import { endpoint, requireMember } from '../../../../server/http';
import { findTaxRow } from '../../../../server/services/bonus/tax-slips';
import { buktiPotongPdf } from '../../../../server/integrations/pdf/bukti-potong';
import { getSetting } from '../../../../server/services/settings';

/** GET /member/reports/download-bupot/{id}: the member's own slip as a PDF named by timestamp. */
export const GET = endpoint(async (ctx) => {
  const row = await findTaxRow(requireMember(ctx), ctx.params.id ?? '');
  const pdf = await buktiPotongPdf(row, { nama: await getSetting('company_name'), npwp: await getSetting('company_npwp') });
  return new Response(pdf as unknown as BodyInit, {
    headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${Date.now()}.pdf"`, 'cache-control': 'private, no-store' },
  });
}) satisfies APIRoute;
