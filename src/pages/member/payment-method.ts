import type { APIRoute } from 'astro';
import { z } from 'zod';
import { answer, endpoint, requireMember } from '../../server/http';
import { listPaymentMethodsWithFee } from '../../server/services/order/list-payment-methods';

const TotalSchema = z.coerce.number().int().min(0).max(1_000_000_000_000).catch(0);

/**
 * GET /member/payment-method: methods with fix_charge, float_charge, ppn and totalBiaya (spec/001
 * §3), the fee on `total` (the order's amount before the fee; 0 when not given).
 */
export const GET = endpoint(async (ctx) => {
  requireMember(ctx);
  return answer(await listPaymentMethodsWithFee(TotalSchema.parse(ctx.url.searchParams.get('total') ?? 0)));
}) satisfies APIRoute;
