import type { AstroGlobal } from 'astro';
import type { Actor } from './services/operator/assert-role';

/** The signed-in operator as the audit's actor, with the role the services check (assertRole). */
export const actorOf = (astro: AstroGlobal): Actor => ({
  id: astro.locals.operator!.id,
  nama: astro.locals.operator!.nama,
  role: astro.locals.operator!.role,
});
