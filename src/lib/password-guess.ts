/**
 * Whether a password is one guessed first: on the given list (as typed, or without the digits and
 * signs at its end: "rahasia123", "password!"), or one character repeated. The matcher alone, so the
 * layout script (src/browser/portal.ts) carries no list: the page hands it the list it renders
 * (src/lib/common-passwords.ts), and the server checks the same list.
 */
export function onGuessList(password: string, list: ReadonlySet<string>): boolean {
  const typed = password.toLowerCase();
  if (/^(.)\1*$/s.test(typed)) return true;
  return list.has(typed) || list.has(typed.replace(/[\d\W_]+$/, ''));
}
