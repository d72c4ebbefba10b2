import type { APIRoute } from 'astro';
import { SignInSchema } from '../../lib/schemas/auth';
import { answer, clientAddress, endpoint, parseWith, readBody } from '../../server/http';
import { signIn, signInMessages } from '../../server/services/auth/sign-in';
import { setSessionCookie } from '../../server/session-cookie';

/** POST /member/login: form fields plus from=WEB; result holds access_token and the user. */
export const POST = endpoint(async (ctx) => {
  const input = parseWith(SignInSchema, await readBody(ctx.request));
  const session = await signIn(input, { address: clientAddress(ctx), userAgent: ctx.request.headers.get('user-agent') ?? undefined });
  setSessionCookie(ctx.cookies, ctx.url, session.token, session.expiresAt, input.remember);
  const { user } = session;
  return answer(
    {
      access_token: session.token,
      expires_at: session.expiresAt.toISOString(),
      user: {
        id_member: user.idMember,
        username: user.username,
        nama: user.nama,
        email: user.email,
        posisi: user.posisi,
        stokis: user.stokis,
        public_id: user.publicId,
        status_kodeetik: user.statusKodeetik,
      },
    },
    signInMessages.success,
  );
}) satisfies APIRoute;
