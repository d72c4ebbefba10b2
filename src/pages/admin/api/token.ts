import type { APIRoute } from 'astro';
import { OperatorTokenSchema } from '../../../lib/schemas/operator-api';
import { answer, clientAddress, endpoint, parseWith, readBody } from '../../../server/http';
import { endOperatorSession } from '../../../server/services/operator/operator-sessions';
import { signInOperator } from '../../../server/services/operator/sign-in-operator';

/** POST /admin/api/token: an operator's bearer token for the CLI (same limits and second factor as /admin/signin). */
export const POST = endpoint(async (ctx) => {
  const input = parseWith(OperatorTokenSchema, await readBody(ctx.request));
  const session = await signInOperator(
    { username: input.username, password: input.password, code: input.kode },
    { address: clientAddress(ctx) },
  );
  return answer(
    { token: session.token, expires_at: session.expiresAt.toISOString(), role: session.operator.role },
    'Login operator berhasil',
  );
}) satisfies APIRoute;

/** DELETE /admin/api/token: ends the bearer's session. */
export const DELETE = endpoint(async (ctx) => {
  await endOperatorSession(ctx.request.headers.get('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1]);
  return answer(null, 'Sesi operator diakhiri');
}) satisfies APIRoute;
