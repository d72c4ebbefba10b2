import { z } from 'zod';
import { PROMO_MESSAGES } from '../promo-claim';

/** POST /member/promo/claim and the promo page's claim form: the promo's public_id. */
export const PromoClaimSchema = z.object({
  promo_id: z.string({ error: PROMO_MESSAGES.noPromo }).trim().min(1, PROMO_MESSAGES.noPromo).uuid(PROMO_MESSAGES.notFound),
});
export type PromoClaim = z.infer<typeof PromoClaimSchema>;

/** GET /member/promo/opt?periode_status=active|deactive (none: every promo). */
export const PromoOptQuerySchema = z.object({
  periode_status: z.enum(['active', 'deactive'], { error: 'periode_status harus active atau deactive' }).optional(),
});
