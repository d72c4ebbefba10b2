import { isCommonPassword, PASSWORD_TOO_COMMON } from '../../../lib/common-passwords';
import { AppError } from '../../errors';

export { PASSWORD_TOO_COMMON };
export const PASSWORD_PERSONAL_MEMBER = 'Password tidak boleh memuat username, ID Member, nama atau e-mail Anda';
export const PASSWORD_PERSONAL_OPERATOR = 'Password tidak boleh memuat username atau nama Anda';

/** At least 10^6 guesses (zxcvbn score 2): lists of breached and common passwords, words and repeats fail. */
const MIN_SCORE = 2;
/** Shorter pieces of a name ("Sri", "Adi") would refuse too many unrelated passwords. */
const MIN_PERSONAL_PIECE = 4;

type Checker = { check(password: string, userInputs?: string[]): { score: number } };
let checker: Promise<Checker> | undefined;

/**
 * The offline strength check (ASVS 2.1.7): zxcvbn-ts with its common-password list and the
 * Indonesian dictionaries. Server only and loaded on first use: the dictionaries are megabytes.
 */
function strength(): Promise<Checker> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common, indonesian] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-id'),
    ]);
    return new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...indonesian.dictionary }, graphs: common.adjacencyGraphs });
  })();
  return checker;
}

const letters = (value: string): string => value.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The pieces of an account's own data a guesser who knows the person tries first: each value, each word of it, an e-mail's name part. */
function personalPieces(values: string[]): string[] {
  const pieces = values.flatMap((value) => [value, ...value.split(/[^A-Za-z0-9]+/), value.split('@')[0] ?? '']);
  return [...new Set(pieces.map(letters).filter((piece) => piece.length >= MIN_PERSONAL_PIECE))];
}

/** Whose password it is: their own data (username, ID Member, name, e-mail) and the message naming it. */
export interface PasswordOwner {
  personal: string[];
  message: string;
}

export const memberPasswordOwner = (m: { username: string; idMember: string; nama: string; email: string | null }): PasswordOwner => ({
  personal: [m.username, m.idMember, m.nama, m.email ?? ''],
  message: PASSWORD_PERSONAL_MEMBER,
});

export const operatorPasswordOwner = (o: { username: string; nama: string }): PasswordOwner => ({
  personal: [o.username, o.nama],
  message: PASSWORD_PERSONAL_OPERATOR,
});

/**
 * Refuses a new password that a guessing attack would try early (ASVS 2.1.7): common or breached,
 * or equal to or built from the owner's own data (zxcvbn's user inputs, and any piece of that data
 * of four characters or more inside it). `field` names the form field. The one password rule of
 * members and operators alike; an operator's minimum length is its schema's
 * (src/lib/schemas/operator-account.ts).
 */
export async function assertStrongPassword(password: string, field: string, owner?: PasswordOwner): Promise<void> {
  if (owner) {
    const typed = letters(password);
    if (personalPieces(owner.personal).some((piece) => typed.includes(piece))) {
      throw new AppError('BAD_INPUT', owner.message, { [field]: owner.message });
    }
  }
  // The short list the page also checks on blur first (the same answer before and after submit), then zxcvbn's.
  if (isCommonPassword(password)) throw new AppError('BAD_INPUT', PASSWORD_TOO_COMMON, { [field]: PASSWORD_TOO_COMMON });
  const { score } = (await strength()).check(password.slice(0, 100), owner?.personal.filter(Boolean));
  if (score < MIN_SCORE) throw new AppError('BAD_INPUT', PASSWORD_TOO_COMMON, { [field]: PASSWORD_TOO_COMMON });
}
