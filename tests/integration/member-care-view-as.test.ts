import { createContext } from 'astro/middleware';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { onRequest } from '../../src/middleware';
import { getDb } from '../../src/server/db/client';
import { auditLog } from '../../src/server/db/schema';
import { DEMO_OPERATOR_PASSWORD } from '../../src/server/db/seed/operators';
import { resolveSession, SESSION_COOKIE } from '../../src/server/services/auth/sessions';
import { startViewAsMember } from '../../src/server/services/member-care/view-as-member';
import { resolveOperatorSession, type SessionOperator } from '../../src/server/services/operator/operator-sessions';
import { signInOperator } from '../../src/server/services/operator/sign-in-operator';
import { VIEW_AS_REFUSED } from '../../src/server/view-as';
import { sessionOf } from './helpers';
import { callRoute, fingerprint, ORIGIN } from './route-harness';

const operator = async (username: string): Promise<SessionOperator> => {
  const { token } = await signInOperator({ username, password: DEMO_OPERATOR_PASSWORD }, { address: `view-as-${username}` });
  return (await resolveOperatorSession(token))!;
};

/** A page request through the real middleware with a member cookie: whether the page was reached. */
async function visitPage(path: string, method: string, token: string, body?: string) {
  const headers = new Headers({
    cookie: `${SESSION_COOKIE}=${token}`,
    origin: ORIGIN,
    'content-type': 'application/x-www-form-urlencoded',
  });
  const ctx = createContext({
    request: new Request(`${ORIGIN}${path}`, { method, headers, body }),
    clientAddress: '127.0.0.1',
    defaultLocale: 'id',
  });
  let reached = false;
  const response = (await onRequest(ctx as never, async () => {
    reached = true;
    return new Response('halaman');
  })) as Response;
  return { reached, status: response.status, text: reached ? '' : await response.text() };
}

describe('Lihat sebagai member', () => {
  it('opens a read-only member session for CS, audited; every write through it is refused and changes nothing', async () => {
    const cs = await operator('cs');
    await expect(startViewAsMember(await operator('gudang'), '1000000002')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const { token } = await startViewAsMember(cs, '1000000002');
    const session = await resolveSession(token);
    expect(session).toMatchObject({ idMember: '1000000002', viewAs: cs.nama });
    const audit = await (await getDb()).select().from(auditLog).where(eq(auditLog.action, 'member:view-as'));
    expect(audit).toMatchObject([{ object: 'member:1000000002', operatorNama: cs.nama }]);

    // Reading works: the member API and pages.
    expect((await callRoute('/member/account/[id]', 'GET', { cookie: token, params: { id: 'profile' } })).status).toBe(200);
    expect(await visitPage('/account/profile', 'GET', token)).toMatchObject({ reached: true });

    const before = await fingerprint(['sessions', 'login_attempts']);
    const put = await callRoute('/member/account/[id]', 'PUT', {
      cookie: token,
      params: { id: session!.publicId },
      body: {
        username: 'diubahviewas',
        nama: 'Diubah',
        agama: 'ISLAM',
        status_kawin: 'KAWIN',
        propinsi_domisili: '31',
        kota_domisili: '31.71',
      },
    });
    expect(put.status).toBe(403);
    expect(put.json).toMatchObject({ success: false, message: VIEW_AS_REFUSED });
    const form = await visitPage('/account/profile', 'POST', token, '_action=pewaris&nama_lengkap_pewaris=Siapa');
    expect(form).toMatchObject({ reached: false, status: 403, text: VIEW_AS_REFUSED });
    for (const method of ['PUT', 'DELETE', 'PATCH'])
      expect(await visitPage('/member/shipping-address', method, token)).toMatchObject({ reached: false, status: 403 });
    expect(await fingerprint(['sessions', 'login_attempts'])).toEqual(before);

    // The member's own session is not read-only: the same form reaches the page.
    const own = await sessionOf('demosilver');
    expect(own.viewAs).toBeNull();
    expect(await visitPage('/account/profile', 'POST', own.token, '_action=pewaris')).toMatchObject({ reached: true });

    // Ending the view is the one write allowed.
    expect(await visitPage('/logout', 'POST', token)).toMatchObject({ reached: true });
  });

  it('the view lasts 30 minutes and is never remembered', async () => {
    const { token, expiresAt } = await startViewAsMember(await operator('superadmin'), '1000000003');
    expect(expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    const [row] = await (await getDb())
      .execute(sql`select remember from sessions where view_as_operator_id is not null order by created_at desc limit 1`)
      .then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows));
    expect(row).toMatchObject({ remember: false });
    expect(token).toBeTruthy();
  });
});
