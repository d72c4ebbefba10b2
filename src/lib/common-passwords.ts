import { onGuessList } from './password-guess';

/**
 * The quick "too easy to guess" check that the layout script runs on blur (src/browser/portal.ts,
 * with this list rendered into the password field's data-common-list) and the server runs before
 * zxcvbn (src/server/services/auth/password-policy.ts): a short list of the passwords guessed
 * first, in English and Indonesian, also with digits or signs added at the end ("rahasia123",
 * "password!"), and one character repeated. The full zxcvbn dictionaries stay on the server; this
 * list only lets the page say it before submit for the most common ones.
 */

/** In the tone of spec/000 §5's password messages ("Password setidaknya 8 karakter"). */
export const PASSWORD_TOO_COMMON = 'Password terlalu mudah ditebak';

export const COMMON_PASSWORDS: readonly string[] = [
  'password',
  'passw0rd',
  'qwerty',
  'qwertyui',
  'qwertyuiop',
  'asdfghjkl',
  'asdfasdf',
  'zxcvbnm',
  'abcdefgh',
  'abcd',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome',
  'admin',
  'administrator',
  'letmein',
  'monkey',
  'dragon',
  'master',
  'superman',
  'batman',
  'starwars',
  'trustno1',
  'login',
  'member',
  'rahasia',
  'sayang',
  'sayangku',
  'cinta',
  'cintaku',
  'bismillah',
  'indonesia',
  'jakarta',
  'katasandi',
  'sandi',
  'doraemon',
  'garuda',
  'merdeka',
  'bandung',
  'surabaya',
  'anjing',
  'kucing',
  'alhamdulillah',
  '12345678',
  '123456789',
  '1234567890',
  '87654321',
  '12341234',
  '11223344',
  '123123123',
  '147258369',
];
const COMMON: ReadonlySet<string> = new Set(COMMON_PASSWORDS);

/** Whether the password is on the short list (as typed, or without digits and signs at its end) or one character repeated. */
export const isCommonPassword = (password: string): boolean => onGuessList(password, COMMON);

/** The data attributes of a new-password field: the message and the list the layout script checks on blur. */
export const commonPasswordAttrs = { 'data-common': PASSWORD_TOO_COMMON, 'data-common-list': COMMON_PASSWORDS.join(' ') } as const;
