import type { AstroGlobal } from 'astro';
import { AppError } from './errors';
import { setFlash } from './flash';
import { parseWith, readBody } from './http';
import { PromoClaimSchema } from '../lib/schemas/promo';
import { claimPromo } from './services/promo/claim-promo';

/**
 * The promo pages' claim form (the confirmation modal posts here, so it works without
 * JavaScript): on success the server's message ('claim berhasil') becomes the notification and
 * the page reloads the promo (303 to the same promo); a refusal is shown on the page.
 */
export async function handlePromoClaimForm(Astro: AstroGlobal): Promise<Response | { failure?: string }> {
  if (Astro.request.method !== 'POST') return {};
  const member = Astro.locals.member!;
  try {
    const input = parseWith(PromoClaimSchema, await readBody(Astro.request));
    const result = await claimPromo(member, input.promo_id);
    setFlash(Astro.cookies, { message: result.message, type: 'success' });
    return Astro.redirect(`${Astro.url.pathname}?promo=${encodeURIComponent(input.promo_id)}`, 303);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    Astro.response.status = error.status;
    return { failure: error.message };
  }
}
