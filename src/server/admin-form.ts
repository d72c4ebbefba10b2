import type { AstroGlobal } from 'astro';
import { AppError } from './errors';
import type { Actor } from './services/operator/assert-role';

export interface Notice { ok: boolean; text: string; fields?: Record<string, string> }

/** The signed-in operator as the audit's actor, with the role the services check (assertRole). */
export const actorOf = (astro: AstroGlobal): Actor => ({ id: astro.locals.operator!.id, nama: astro.locals.operator!.nama, role: astro.locals.operator!.role });

/**
 * Runs a console page's POST action: an AppError becomes the page's notice and status (the form
 * is shown again with the operator's input), anything else is a server error.
 */
export async function runAction(astro: AstroGlobal, action: () => Promise<string>): Promise<Notice> {
  try {
    return { ok: true, text: await action() };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    astro.response.status = error.status;
    return { ok: false, text: error.message, fields: error.fields };
  }
}
