import type { AstroGlobal } from 'astro';
import type { AuditActor } from './services/operator/record-audit';

/** The signed-in operator as the audit's actor. */
export const actorOf = (astro: AstroGlobal): AuditActor => ({ id: astro.locals.operator!.id, nama: astro.locals.operator!.nama });
