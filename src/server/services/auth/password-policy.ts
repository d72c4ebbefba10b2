import { AppError } from '../../errors';

export const PASSWORD_TOO_COMMON = 'Password terlalu umum atau mudah ditebak, pilih password lain';

/** At least 10^6 guesses (zxcvbn score 2): lists of breached and common passwords, words and repeats fail. */
const MIN_SCORE = 2;

type Checker = { check(password: string): { score: number } };
let checker: Promise<Checker> | undefined;

/**
 * The offline strength check (ASVS 2.1.7): zxcvbn-ts with its common-password list and the
 * Indonesian dictionaries. Server only and loaded on first use: the dictionaries are megabytes.
 */
function strength(): Promise<Checker> {
  checker ??= (async () => {
    const [{ ZxcvbnFactory }, common, indonesian] = await Promise.all([
      import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-id'),
    ]);
    return new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...indonesian.dictionary }, graphs: common.adjacencyGraphs });
  })();
  return checker;
}

/** Refuses a new password that a guessing attack would try early; `field` names the form field. */
export async function assertStrongPassword(password: string, field: string): Promise<void> {
  const { score } = (await strength()).check(password.slice(0, 100));
  if (score < MIN_SCORE) throw new AppError('BAD_INPUT', PASSWORD_TOO_COMMON, { [field]: PASSWORD_TOO_COMMON });
}
