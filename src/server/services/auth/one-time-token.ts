import { createHash, randomBytes } from 'node:crypto';
import { getDb, inTransaction, type Tx } from '../../db/client';
import { insertToken, retireTokens, spendToken, type TokenPurpose, validTokenMember } from '../../db/queries/auth';

export type { TokenPurpose };

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

/**
 * Issues a random single-use token; only its hash is stored. Issuing a new one for the same
 * member and purpose invalidates the old link (resend).
 */
export async function issueToken(
  memberId: number,
  purpose: TokenPurpose,
  minutes: number,
  payload?: unknown,
  within?: Tx,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const work = async (tx: Tx) => {
    await retireTokens(tx, memberId, purpose);
    await insertToken(tx, {
      tokenHash: sha256(token),
      purpose,
      memberId,
      payload: payload ?? null,
      expiresAt: new Date(Date.now() + minutes * 60_000),
    });
  };
  // Inside the caller's transaction when given (an operator's link is audited with it).
  if (within) await work(within);
  else await inTransaction(work);
  return token;
}

/**
 * Marks a valid token used inside the caller's transaction and returns its member and payload,
 * or undefined when it is unknown, used, expired or for another purpose. The conditional update
 * makes two simultaneous uses impossible.
 */
export async function consumeToken(
  tx: Tx,
  token: string,
  purpose: TokenPurpose,
): Promise<{ memberId: number; payload: unknown } | undefined> {
  return spendToken(tx, sha256(token), purpose);
}

/** The member a still-valid token belongs to, without using it (to check a new password against their data first). */
export async function tokenMember(token: string, purposes: TokenPurpose[]): Promise<number | undefined> {
  return validTokenMember(await getDb(), sha256(token), purposes);
}
