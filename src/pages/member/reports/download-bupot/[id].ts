import type { APIRoute } from 'astro';
import { endpoint, requireMember } from '../../../../server/http';
import { buktiPotongDownload } from '../../../../server/services/bonus/bukti-potong-download';

/** GET /member/reports/download-bupot/{id}: the member's own slip as a PDF named by timestamp. */
export const GET = endpoint(async (ctx) => buktiPotongDownload(requireMember(ctx), ctx.params.id ?? '')) satisfies APIRoute;
