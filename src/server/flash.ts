import type { AstroCookies } from 'astro';
import { isProduction } from './mode';

export interface Flash {
  message: string;
  type: 'success' | 'danger' | 'warning' | 'info';
}

const COOKIE = 'pm_flash';

/** A notification to show on the next page (after a redirect). */
export function setFlash(cookies: AstroCookies, flash: Flash): void {
  cookies.set(COOKIE, JSON.stringify(flash), { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 60, secure: isProduction() });
}

export function takeFlash(cookies: AstroCookies): Flash | undefined {
  const raw = cookies.get(COOKIE)?.value;
  if (!raw) return undefined;
  cookies.delete(COOKIE, { path: '/' });
  try {
    const parsed = JSON.parse(raw) as Flash;
    return typeof parsed.message === 'string' ? parsed : undefined;
  } catch {
    return undefined;
  }
}
