import type { APIRoute } from 'astro';
import { AppError } from '../server/errors';
import { setFlash } from '../server/flash';
import { BAD_FORMAT, boundedFormData } from '../server/http';
import { acceptCodeOfEthics } from '../server/services/account/accept-code-of-ethics';

/** The modal's form, read with the body cap; anything else (another type, a cut or huge body) is refused with a flash. */
async function readForm(request: Request): Promise<FormData> {
  try {
    return await boundedFormData(request);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_INPUT', BAD_FORMAT);
  }
}

/** The ethics modal's plain-form post; the /member API twin is PUT /member/account/kode-etik/{id}. */
export const POST = (async (ctx) => {
  try {
    const form = await readForm(ctx.request);
    const message = await acceptCodeOfEthics(ctx.locals.member!, String(form.get('id') ?? ''), form.get('agree') === 'on');
    setFlash(ctx.cookies, { message, type: 'success' });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    setFlash(ctx.cookies, { message: error.message, type: 'danger' });
  }
  return ctx.redirect('/', 303);
}) satisfies APIRoute;
