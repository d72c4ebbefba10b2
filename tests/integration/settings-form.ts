import { DEMO_OPERATOR_PASSWORD } from '../../src/server/db/seed/operators';
import { resolveOperatorSession, type SessionOperator } from '../../src/server/services/operator/operator-sessions';
import { signInOperator } from '../../src/server/services/operator/sign-in-operator';

/** A demo operator signed in from an address of the test's own (the sign-in throttle counts per address). */
export async function demoOperator(username: string, addressPrefix: string): Promise<SessionOperator> {
  const { token } = await signInOperator({ username, password: DEMO_OPERATOR_PASSWORD }, { address: `${addressPrefix}${username}` });
  return (await resolveOperatorSession(token))!;
}

/** The fields a browser posts for a form showing `view` (numbers as typed, ticked boxes as "on"). */
export function fieldsOf(view: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  if (typeof view === 'boolean') {
    if (view) out[prefix] = 'on';
  } else if (typeof view === 'number' || typeof view === 'string') out[prefix] = String(view);
  else if (Array.isArray(view)) for (const [i, item] of view.entries()) fieldsOf(item, `${prefix}.${i}`, out);
  else if (view && typeof view === 'object') for (const [k, v] of Object.entries(view)) fieldsOf(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}
