import { buktiPotongPdf } from '../../integrations/pdf/bukti-potong';
import type { SessionMember } from '../auth/session-member';
import { withholder } from '../tax/issue-tax-slips';
import { findTaxRow } from './tax-slips';

/** The member's own tax slip as a PDF attachment named by timestamp (the API and the PPh page). */
export async function buktiPotongDownload(member: Pick<SessionMember, 'id'>, id: string): Promise<Response> {
  const row = await findTaxRow(member, id);
  const pdf = await buktiPotongPdf(row, await withholder());
  return new Response(pdf as unknown as BodyInit, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${Date.now()}.pdf"`,
      'cache-control': 'private, no-store',
    },
  });
}
