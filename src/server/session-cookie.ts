import type { AstroCookies } from 'astro';
import { secureCookies } from './mode';
import { SESSION_COOKIE } from './services/auth/sessions';

/** httpOnly, SameSite=Lax; Secure over HTTPS; persistent only with Remember Me (DESIGN.md §4). */
export function setSessionCookie(cookies: AstroCookies, url: URL, token: string, expiresAt: Date, remember: boolean): void {
  cookies.set(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(url),
    ...(remember ? { expires: expiresAt } : {}),
  });
}

export function clearSessionCookie(cookies: AstroCookies): void {
  cookies.delete(SESSION_COOKIE, { path: '/' });
}
