import type { AstroGlobal } from 'astro';
import { AppError } from './errors';
import { setFlash } from './flash';
import { logServerError } from './server-error';
import { isDatabaseUnavailable } from './unavailable';

/** spec/000 §8: the notification when a CSV or PDF export cannot be made. */
export const EXPORT_FAILED = 'Gagal export file';

/**
 * A report page's export link (works without JavaScript): the file as an attachment, or, when it
 * cannot be made, back to the page (without the export parameter) with 'Gagal export file'. An
 * unreachable database still answers 503 through the middleware.
 */
export async function exportOrBack(Astro: AstroGlobal, parameter: string, make: () => Promise<Response>): Promise<Response> {
  try {
    return await make();
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    if (!(error instanceof AppError)) logServerError(error, Astro.request);
    setFlash(Astro.cookies, { message: EXPORT_FAILED, type: 'danger' });
    const back = new URL(Astro.url);
    back.searchParams.delete(parameter);
    return Astro.redirect(back.pathname + back.search, 303);
  }
}
