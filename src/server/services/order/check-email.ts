import { getDb } from '../../db/client';
import { countMembersWithEmail } from '../../db/queries/registrations';
import { AppError } from '../../errors';

export const EMAIL_INVALID = 'Email tidak valid';

/** POST /member/mail/check: a well-formed address with a real-looking domain, not yet a member's. */
export async function checkEmail(email: string): Promise<{ email: string }> {
  const value = email.trim().toLowerCase();
  if (value.length > 254 || !/^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/.test(value))
    throw new AppError('BAD_INPUT', EMAIL_INVALID);
  if ((await countMembersWithEmail(await getDb(), value)) > 0) throw new AppError('BAD_INPUT', EMAIL_INVALID);
  return { email: value };
}
