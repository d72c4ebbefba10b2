/**
 * The one username rule (spec/000 §5 profile, spec/001 §5 registration): required, letters and
 * digits only, at most 30 characters, and never an ID Member. Used by the profile and the
 * registration (zod: src/lib/schemas/username.ts), the registration island (without zod, DESIGN.md
 * §9) and the availability check (POST /member/opt/username-check), so all four accept and refuse
 * the same names with the same words.
 *
 * Sign-in and password reset accept an ID Member or a username, so a username may never look like
 * an ID Member (ten digits): otherwise a member renamed `1000000003` could stand in for that ID.
 */
export const ID_MEMBER_PATTERN = /^\d{10}$/;

export const USERNAME_LIKE_ID = 'Username tidak boleh berupa ID Member (10 angka)';

/** The longest username (the input's maxLength). */
export const USERNAME_MAX = 30;

export const usernameMessages = {
  required: 'Masukkan username',
  chars: 'Username hanya boleh terdiri dari huruf dan angka',
  max: `Username tidak boleh melebihi ${USERNAME_MAX} karakter`,
  likeId: USERNAME_LIKE_ID,
} as const;

/** The pattern of the browser's on-blur check (data-pattern) and of the rule. */
export const USERNAME_CHARS = '^[A-Za-z0-9]*$';

export const looksLikeIdMember = (username: string): boolean => ID_MEMBER_PATTERN.test(username.trim());

/** The username's message, or null when the (trimmed) username is valid. */
export function usernameError(raw: string): string | null {
  const username = raw.trim();
  if (!username) return usernameMessages.required;
  if (!new RegExp(USERNAME_CHARS).test(username)) return usernameMessages.chars;
  if (username.length > USERNAME_MAX) return usernameMessages.max;
  if (looksLikeIdMember(username)) return usernameMessages.likeId;
  return null;
}
