import type { AstroGlobal } from 'astro';
import { PromoClaimSchema } from '../lib/schemas/promo';
import { AppError } from './errors';
import { setFlash } from './flash';
import { parseWith, readBody } from './http';
import { claimPromo } from './services/promo/claim-promo';
import { listPromoOptions, type PeriodeStatus } from './services/promo/list-promo-options';

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

/**
 * A ?promo= that is not one of the member's promos of this screen answers 404 (the screen shows
 * its "not found" notice). Decided in the page's frontmatter: a component cannot set the status
 * once the page has started streaming.
 */
export async function isUnknownPromo(Astro: AstroGlobal, periodeStatus: PeriodeStatus): Promise<boolean> {
  const selected = Astro.url.searchParams.get('promo');
  if (!selected) return false;
  const options = await listPromoOptions(Astro.locals.member!, periodeStatus);
  return !options.some((o) => o.public_id === selected);
}
