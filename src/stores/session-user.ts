import { persistentAtom } from '@nanostores/persistent';

/**
 * The signed-in member as the browser keeps it (spec/000 §9 "local storage keys hold the session
 * user"): only fields that are no secret. The server's session cookie stays the authority; the
 * layout writes this on every page and logout or a 401/403 clears it.
 */
export interface SessionUser {
  id_member: string;
  nama: string;
  posisi: string;
  stokis: boolean;
}

export const SESSION_USER_KEY = 'portal:user';

export const $sessionUser = persistentAtom<SessionUser | undefined>(SESSION_USER_KEY, undefined, {
  encode: JSON.stringify,
  decode: (text) => {
    try {
      const value = JSON.parse(text) as SessionUser | null;
      return value && typeof value.id_member === 'string' ? value : undefined;
    } catch {
      return undefined;
    }
  },
});

/** Forgets the saved user (undefined removes the key from local storage). */
export function clearSessionUser(): void {
  $sessionUser.set(undefined);
}
