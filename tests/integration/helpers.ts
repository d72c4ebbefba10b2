import { resolveSession } from '../../src/server/services/auth/sessions';
import { signIn } from '../../src/server/services/auth/sign-in';
import type { SessionMember } from '../../src/server/services/auth/session-member';

/** Signs a demo member in through the real service and returns what the middleware would. */
export async function sessionOf(username: string, password = 'rahasia123'): Promise<SessionMember & { token: string }> {
  const { token } = await signIn({ username, password, remember: false }, { address: `test-${username}` });
  return { ...(await resolveSession(token))!, token };
}

/** ID Member of generated demo member n (seed 42): the same numbering as tests/e2e/fixtures.ts. */
export const memberId = (n: number): string => String(1_000_000_000 + n);
