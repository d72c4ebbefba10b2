import { and, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '../../src/server/db/client';
import { auditLog, loginAttempts, operatorSessions, operators } from '../../src/server/db/schema';
import { DEMO_OPERATOR_PASSWORD } from '../../src/server/db/seed/operators';
import { sha256 } from '../../src/server/services/auth/one-time-token';
import { changeOperatorPassword } from '../../src/server/services/operator/change-operator-password';
import { changeOperatorRole } from '../../src/server/services/operator/change-operator-role';
import { createOperator } from '../../src/server/services/operator/create-operator';
import { disableSecondFactor } from '../../src/server/services/operator/disable-second-factor';
import { enableSecondFactor } from '../../src/server/services/operator/enable-second-factor';
import { listOperators } from '../../src/server/services/operator/list-operators';
import { resolveOperatorSession, type SessionOperator } from '../../src/server/services/operator/operator-sessions';
import { resetOperatorPassword } from '../../src/server/services/operator/reset-operator-password';
import { setOperatorActive } from '../../src/server/services/operator/set-operator-active';
import { signInOperator } from '../../src/server/services/operator/sign-in-operator';
import { startSecondFactor } from '../../src/server/services/operator/start-second-factor';
import { visitConsole } from './console-visit';
import { createContainer } from './container';
import { callRoute } from './route-harness';

/** Issue #21 "operators": password policy, idle timeout, management by SUPERADMIN, own password, TOTP. */

const MIN_12 = 'Password operator minimal 12 karakter';
const REFUSED = 'Peran Anda tidak boleh melakukan tindakan ini';
const NEEDED = 'Masukkan kode dari aplikasi autentikator atau salah satu kode pemulihan';
const WRONG = 'Kode verifikasi salah atau sudah dipakai';

let address = 0;
const signInAs = async (username: string, password = DEMO_OPERATOR_PASSWORD, code?: string) =>
  signInOperator({ username, password, code }, { address: `203.0.113.${++address}` });
const sessionOf = async (username: string): Promise<SessionOperator & { token: string }> => {
  const { token } = await signInAs(username);
  return { ...(await resolveOperatorSession(token))!, token };
};
const auditOf = async (object: string) =>
  (await getDb())
    .select({ action: auditLog.action, operatorNama: auditLog.operatorNama, before: auditLog.before, after: auditLog.after })
    .from(auditLog)
    .where(eq(auditLog.object, object))
    .orderBy(auditLog.id);
const codeAt = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp });

describe('operator passwords', () => {
  it('under 12 characters, or built from the username or name, is refused at create, reset and own change', async () => {
    const superadmin = await sessionOf('superadmin');
    await expect(
      createOperator({ username: 'rina.cs', nama: 'Rina Wulandari', role: 'CS', password: 'Kopi-Tub-87' }, superadmin),
    ).rejects.toMatchObject({ code: 'BAD_INPUT', message: MIN_12 });
    await expect(
      createOperator({ username: 'rina.cs', nama: 'Rina Wulandari', role: 'CS', password: 'Wulandari-Kopi-1987' }, superadmin),
    ).rejects.toMatchObject({ code: 'BAD_INPUT', message: 'Password tidak boleh memuat username atau nama Anda' });
    await expect(resetOperatorPassword(superadmin, 'cs', 'Kopi-Tub-87')).rejects.toMatchObject({ code: 'BAD_INPUT', message: MIN_12 });
    const cs = await sessionOf('cs');
    await expect(
      changeOperatorPassword(cs, cs.token, { password_lama: DEMO_OPERATOR_PASSWORD, password_baru: 'Kopi-Tub-87' }),
    ).rejects.toMatchObject({ code: 'BAD_INPUT', message: MIN_12, fields: { password_baru: MIN_12 } });
    expect(await (await getDb()).select().from(operators).where(eq(operators.username, 'rina.cs'))).toEqual([]);
    expect((await sessionOf('cs')).role).toBe('CS');
  });
});

describe('operator sessions', () => {
  it('end after 30 idle minutes like a member’s; a request before that keeps them alive', async () => {
    const { token } = await signInAs('gudang');
    const idleFor = async (minutes: number) =>
      (await getDb())
        .update(operatorSessions)
        .set({ lastSeenAt: sql`now() - make_interval(mins => ${minutes}::int)` })
        .where(eq(operatorSessions.idHash, sha256(token)));
    await idleFor(29);
    expect((await resolveOperatorSession(token))?.username).toBe('gudang');
    await idleFor(31);
    expect(await resolveOperatorSession(token)).toBeUndefined();
    expect((await visitConsole('/admin', token)).reached).toBe(false);
  });
});

describe('SUPERADMIN manages operators', () => {
  it('creates, changes the role of, resets and deactivates an operator; each is audited; deactivation ends the sessions', async () => {
    const superadmin = await sessionOf('superadmin');
    await createOperator({ username: 'dodi.gudang', nama: 'Dodi Pratama', role: 'GUDANG', password: 'Kopi-Tubruk-1987' }, superadmin);
    expect((await listOperators(superadmin)).find((o) => o.username === 'dodi.gudang')).toMatchObject({
      role: 'GUDANG',
      isActive: true,
      hasSecondFactor: false,
    });
    const first = await signInAs('dodi.gudang', 'Kopi-Tubruk-1987');

    expect(await changeOperatorRole(superadmin, 'dodi.gudang', 'CS')).toBe('Peran dodi.gudang diubah menjadi CS');
    expect((await resolveOperatorSession(first.token))?.role).toBe('CS');

    await resetOperatorPassword(superadmin, 'dodi.gudang', 'Teh-Manis-Hangat-42');
    expect(await resolveOperatorSession(first.token)).toBeUndefined();
    await expect(signInAs('dodi.gudang', 'Kopi-Tubruk-1987')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const second = await signInAs('dodi.gudang', 'Teh-Manis-Hangat-42');

    await setOperatorActive(superadmin, 'dodi.gudang', false);
    expect(await resolveOperatorSession(second.token)).toBeUndefined();
    expect(await (await getDb()).select().from(operatorSessions).where(eq(operatorSessions.operatorId, second.operator.id))).toEqual([]);
    await expect(signInAs('dodi.gudang', 'Teh-Manis-Hangat-42')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    const trail = await auditOf('operator:dodi.gudang');
    expect(trail.map((row) => row.action)).toEqual(['operator:create', 'operator:role', 'operator:reset-password', 'operator:deactivate']);
    expect(trail.every((row) => row.operatorNama === 'Sari Superadmin')).toBe(true);
    expect(trail[1]).toMatchObject({ before: { role: 'GUDANG' }, after: { role: 'CS' } });
    expect(JSON.stringify(trail)).not.toMatch(/Teh-Manis|Kopi-Tubruk/);
    // Not on oneself: the last SUPERADMIN cannot lock the console out.
    await expect(setOperatorActive(superadmin, 'superadmin', false)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('any other role is refused by the services themselves, and nothing changes', async () => {
    const keuangan = await sessionOf('keuangan');
    await expect(
      createOperator({ username: 'eko.cs', nama: 'Eko', role: 'SUPERADMIN', password: 'Kopi-Tubruk-1987' }, keuangan),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: REFUSED });
    await expect(changeOperatorRole(keuangan, 'keuangan', 'SUPERADMIN')).rejects.toMatchObject({ code: 'FORBIDDEN', message: REFUSED });
    await expect(changeOperatorRole(keuangan, 'cs', 'SUPERADMIN')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(setOperatorActive(keuangan, 'gudang', false)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(resetOperatorPassword(keuangan, 'superadmin', 'Kopi-Tubruk-1987')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(listOperators(keuangan)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const rows = await (await getDb())
      .select({ username: operators.username, role: operators.role, isActive: operators.isActive })
      .from(operators)
      .where(sql`${operators.username} in ('eko.cs', 'keuangan', 'cs', 'gudang')`)
      .orderBy(operators.username);
    expect(rows).toEqual([
      { username: 'cs', role: 'CS', isActive: true },
      { username: 'gudang', role: 'GUDANG', isActive: true },
      { username: 'keuangan', role: 'KEUANGAN', isActive: true },
    ]);
    expect((await visitConsole('/admin/operators', keuangan.token)).status).toBe(403);
    expect((await visitConsole('/admin/akun', keuangan.token)).reached).toBe(true);
  });
});

describe('an operator changes their own password', () => {
  it('needs the old password; other sessions end, this one stays; audited without the password', async () => {
    const here = await sessionOf('konten');
    const elsewhere = await signInAs('konten');
    await expect(
      changeOperatorPassword(here, here.token, { password_lama: 'bukan-ini-123', password_baru: 'Sambal-Terasi-Pedas-9' }),
    ).rejects.toMatchObject({ code: 'BAD_INPUT', message: 'Password lama salah' });
    expect(
      await changeOperatorPassword(here, here.token, { password_lama: DEMO_OPERATOR_PASSWORD, password_baru: 'Sambal-Terasi-Pedas-9' }),
    ).toBe('Password Anda telah diubah; sesi lain akun ini telah diakhiri');
    expect((await resolveOperatorSession(here.token))?.username).toBe('konten');
    expect(await resolveOperatorSession(elsewhere.token)).toBeUndefined();
    await expect(signInAs('konten')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await signInAs('konten', 'Sambal-Terasi-Pedas-9')).operator.username).toBe('konten');
    expect((await auditOf('operator:konten')).map((row) => row.action)).toEqual(['operator:password']);
  });
});

describe('TOTP two-factor sign-in (RFC 6238)', () => {
  it('enabled with a code from the app; sign-in then needs a valid code; wrong codes are refused and counted; a recovery code works once', async () => {
    const cs = await sessionOf('cs');
    const { secret, uri } = await startSecondFactor(cs);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Portal%20Member:cs\?/);
    expect(uri).toContain(`secret=${secret}`);
    // Not on until a code of the secret is confirmed.
    expect((await signInAs('cs')).operator.hasSecondFactor).toBe(false);
    await expect(enableSecondFactor(cs, '12345')).rejects.toMatchObject({ code: 'BAD_INPUT' });
    const enabledAt = Date.now();
    const { recoveryCodes } = await enableSecondFactor(cs, codeAt(secret, enabledAt));
    expect(recoveryCodes).toHaveLength(10);
    const stored = await (await getDb()).execute(sql`select code_hash from operator_recovery_codes where operator_id = ${cs.id}`);
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]!);

    await expect(signInAs('cs')).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: NEEDED });
    const valid = new Set([-30_000, 0, 30_000].map((shift) => codeAt(secret, Date.now() + shift)));
    const wrong = ['000000', '111111', '222222', '333333'].find((c) => !valid.has(c))!;
    await expect(signInAs('cs', DEMO_OPERATOR_PASSWORD, wrong)).rejects.toMatchObject({ code: 'UNAUTHORIZED', message: WRONG });
    // The code already used to enable it is not accepted a second time.
    await expect(signInAs('cs', DEMO_OPERATOR_PASSWORD, codeAt(secret, enabledAt))).rejects.toMatchObject({ message: WRONG });
    // A wrong password with a valid code is still a wrong password.
    await expect(signInAs('cs', 'bukan-sandinya-1', codeAt(secret, Date.now() + 30_000))).rejects.toMatchObject({
      message: 'Username atau password operator salah',
    });

    const failures = async () =>
      (
        await (
          await getDb()
        )
          .select({ failures: loginAttempts.failures })
          .from(loginAttempts)
          .where(eq(loginAttempts.key, `operator-second-factor:account:${cs.id}`))
      )[0]?.failures ?? 0;
    expect(await failures()).toBe(2);

    const next = await signInAs('cs', DEMO_OPERATOR_PASSWORD, codeAt(secret, Date.now() + 30_000));
    expect(await resolveOperatorSession(next.token)).toMatchObject({ username: 'cs', hasSecondFactor: true });
    expect(await failures()).toBe(0);

    expect((await signInAs('cs', DEMO_OPERATOR_PASSWORD, ` ${recoveryCodes[0]!.toUpperCase()} `)).operator.username).toBe('cs');
    await expect(signInAs('cs', DEMO_OPERATOR_PASSWORD, recoveryCodes[0])).rejects.toMatchObject({ message: WRONG });
    for (let i = 0; i < 4; i++) await expect(signInAs('cs', DEMO_OPERATOR_PASSWORD, wrong)).rejects.toMatchObject({ message: WRONG });
    // Five wrong codes lock the second step, even for an unused recovery code.
    await expect(signInAs('cs', DEMO_OPERATOR_PASSWORD, recoveryCodes[1])).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: /^Terlalu banyak percobaan masuk/,
    });
    expect((await auditOf('operator:cs')).map((row) => row.action)).toEqual(['operator:2fa-setup', 'operator:2fa-enable']);
  });

  it('the CLI token endpoint needs the code too', async () => {
    const gudang = await sessionOf('gudang');
    const { secret } = await startSecondFactor(gudang);
    await enableSecondFactor(gudang, codeAt(secret));
    const without = await callRoute('/admin/api/token', 'POST', {
      body: { username: 'gudang', password: DEMO_OPERATOR_PASSWORD },
      clientAddress: '203.0.113.200',
    });
    expect(without.status).toBe(401);
    expect(without.json).toMatchObject({ success: false, message: NEEDED });
    const withCode = await callRoute('/admin/api/token', 'POST', {
      body: { username: 'gudang', password: DEMO_OPERATOR_PASSWORD, kode: codeAt(secret, Date.now() + 30_000) },
      clientAddress: '203.0.113.201',
    });
    expect(withCode.status).toBe(200);
    expect((await resolveOperatorSession((withCode.json as { result: { token: string } }).result.token))?.username).toBe('gudang');
    // Turning it off needs a code as well; then the password alone signs in again.
    await expect(disableSecondFactor(gudang, '12')).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });
});

describe('production requires two-factor sign-in for SUPERADMIN and KEUANGAN', () => {
  afterEach(() => {
    delete process.env.PORTAL_ENV;
  });

  it('they are sent to /admin/akun until it is on; other roles and the demo are not', async () => {
    const superadmin = await sessionOf('superadmin');
    const keuangan = await sessionOf('keuangan');
    await createOperator(
      { username: 'kiki.konten', nama: 'Kiki', role: 'KONTEN', password: 'Kopi-Tubruk-1987' },
      { id: null, nama: 'Sistem' },
    );
    const konten = { token: (await signInAs('kiki.konten', 'Kopi-Tubruk-1987')).token };
    expect((await visitConsole('/admin/audit', superadmin.token)).reached).toBe(true);
    process.env.PORTAL_ENV = 'production';
    for (const who of [superadmin, keuangan]) {
      const held = await visitConsole('/admin', who.token);
      expect(held).toMatchObject({ reached: false, status: 302 });
      expect((await visitConsole('/admin/akun', who.token)).reached).toBe(true);
      expect((await visitConsole('/admin/api/ops', who.token)).status).toBe(403);
    }
    expect((await visitConsole('/admin', konten.token)).reached).toBe(true);
    const { secret } = await startSecondFactor(keuangan);
    await enableSecondFactor(keuangan, codeAt(secret));
    expect((await visitConsole('/admin/keuangan', keuangan.token)).reached).toBe(true);
    await expect(disableSecondFactor(keuangan, codeAt(secret, Date.now() + 30_000))).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Verifikasi dua langkah wajib untuk peran Anda dan tidak dapat dimatikan',
    });
    expect(
      await (await getDb())
        .select({ on: operators.totpEnabledAt })
        .from(operators)
        .where(and(eq(operators.username, 'keuangan'))),
    ).not.toEqual([{ on: null }]);
  });
});

describe('the console pages work as plain forms (no JavaScript)', () => {
  const pages = import.meta.glob<{ default: never }>('../../src/pages/admin/*.astro');
  const post = async (file: string, operator: SessionOperator, fields: Record<string, string>) => {
    const Page = (await pages[`../../src/pages/admin/${file}`]!()).default;
    const request = new Request(`http://portal.test/admin/${file.replace('.astro', '')}`, {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://portal.test' },
    });
    const response = await (await createContainer()).renderToResponse(Page, { locals: { operator }, request });
    return { status: response.status, html: (await response.text()).replace(/ data-astro-source-(?:file|loc)="[^"]*"/g, '') };
  };

  it('/admin/operators adds an operator and lists it; /admin/akun shows the key and URI to type into the app', async () => {
    const superadmin = await sessionOf('superadmin');
    const created = await post('operators.astro', superadmin, {
      action: 'create',
      username: 'fajar.cs',
      nama: 'Fajar Nugroho',
      role: 'CS',
      password: 'Kopi-Tubruk-1987',
    });
    expect(created.status).toBe(200);
    expect(created.html).toContain('role="status">Operator ditambahkan</div>');
    expect(created.html).toMatch(/<th scope="row">fajar\.cs<\/th>/);
    const short = await post('operators.astro', superadmin, {
      action: 'create',
      username: 'gina.cs',
      nama: 'Gina',
      role: 'CS',
      password: 'pendek',
    });
    expect(short.status).toBe(400);
    expect(short.html).toContain(MIN_12);

    const fajar = (await signInAs('fajar.cs', 'Kopi-Tubruk-1987')).operator;
    const setup = await post('akun.astro', fajar, { action: '2fa-start' });
    expect(setup.status).toBe(200);
    const secret = setup.html.match(/data-testid="totp-secret">([A-Z2-7]+)</)![1]!;
    expect(setup.html).toContain('otpauth://totp/Portal%20Member:fajar.cs?');
    const enabled = await post('akun.astro', fajar, { action: '2fa-enable', kode: codeAt(secret) });
    expect(enabled.html).toContain('Verifikasi dua langkah aktif');
    expect(enabled.html.match(/<li><code>[a-z0-9]{5}-[a-z0-9]{5}<\/code><\/li>/g)).toHaveLength(10);
  });
});
