import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { AppError } from '../../errors';

export const EMAIL_INVALID = 'Email tidak valid';

/** POST /member/mail/check: a well-formed address with a real-looking domain, not yet a member's. */
export async function checkEmail(email: string): Promise<{ email: string }> {
  const value = email.trim().toLowerCase();
  if (value.length > 254 || !/^[a-z0-9._%+-]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/.test(value)) throw new AppError('BAD_INPUT', EMAIL_INVALID);
  const [used] = await selectRows<{ n: number }>(await getDb(), sql`select count(*)::int as n from members where lower(email) = ${value}`);
  if (used!.n > 0) throw new AppError('BAD_INPUT', EMAIL_INVALID);
  return { email: value };
}
