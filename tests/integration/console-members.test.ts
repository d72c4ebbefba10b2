// @template year — a member with unpaid bonuses (helpers.ts memberWithUnpaidBonuses)

import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, selectRows } from '../../src/server/db/client';
import { auditLog, members, npwpStatuses } from '../../src/server/db/schema';
import { DEMO_OPERATOR_PASSWORD } from '../../src/server/db/seed/operators';
import { listOutbox } from '../../src/server/integrations/mail/outbox';
import { resetPassword } from '../../src/server/services/auth/reset-password';
import { signIn } from '../../src/server/services/auth/sign-in';
import { listUnpaidBonuses, PAYOUT_SUSPENDED, requestPayout } from '../../src/server/services/bonus/payouts';
import { getDashboard } from '../../src/server/services/dashboard/get-dashboard';
import { getMemberFile } from '../../src/server/services/member-care/get-member-file';
import { searchMembers } from '../../src/server/services/member-care/search-members';
import { RESET_LINK_SENT, sendResetLink } from '../../src/server/services/member-care/send-reset-link';
import { setSuspension } from '../../src/server/services/member-care/set-suspension';
import { verifyMemberBank } from '../../src/server/services/member-care/verify-member-bank';
import { verifyMemberTaxNumber } from '../../src/server/services/member-care/verify-member-tax-number';
import { resolveOperatorSession, type SessionOperator } from '../../src/server/services/operator/operator-sessions';
import { signInOperator } from '../../src/server/services/operator/sign-in-operator';
import { visitConsole } from './console-visit';
import { memberWithUnpaidBonuses, sessionOf } from './helpers';

const operator = async (username: string): Promise<SessionOperator & { token: string }> => {
  const { token } = await signInOperator({ username, password: DEMO_OPERATOR_PASSWORD }, { address: `cs-test-${username}` });
  return { ...(await resolveOperatorSession(token))!, token };
};
const auditOf = async (idMember: string) =>
  (await getDb())
    .select()
    .from(auditLog)
    .where(eq(auditLog.object, `member:${idMember}`))
    .orderBy(auditLog.id);
const memberRow = async (idMember: string) => (await (await getDb()).select().from(members).where(eq(members.idMember, idMember)))[0]!;

const visit = visitConsole;

describe('CS finds members', () => {
  it('by ID Member, username, e-mail, phone in any usual form, and name beginning', async () => {
    const cs = await operator('cs');
    const [m] = await selectRows<{ id_member: string; username: string; email: string; phone: string; nama: string }>(
      await getDb(),
      sql`
      select id_member, username, email, phone, nama from members where id > 20 order by id limit 1`,
    );
    const ids = async (q: string) => (await searchMembers(cs, { q })).map((hit) => hit.id_member);
    expect(await ids(m!.id_member)).toEqual([m!.id_member]);
    expect(await ids(m!.username.toUpperCase())).toContain(m!.id_member);
    expect(await ids(m!.email.toUpperCase())).toEqual([m!.id_member]);
    expect(await ids(m!.phone)).toContain(m!.id_member);
    expect(await ids(`0${m!.phone.slice(2)}`)).toContain(m!.id_member);
    expect(await ids(`+62 ${m!.phone.slice(2, 5)}-${m!.phone.slice(5)}`)).toContain(m!.id_member);
    const byName = await searchMembers(cs, { q: m!.nama.slice(0, 6).toLowerCase() });
    expect(byName.map((hit) => hit.id_member)).toContain(m!.id_member);
    expect(byName.every((hit) => hit.nama.toLowerCase().includes(m!.nama.slice(0, 6).toLowerCase()))).toBe(true);
    expect(await ids('Tidak Ada Orang Bernama Ini')).toEqual([]);
    // A LIKE wildcard is taken literally.
    expect(await ids('%%%')).toEqual([]);
  });

  it('by any part of a name (issue #26): "Silver" finds "Demo Silver", whatever the case; wildcards stay literal', async () => {
    const cs = await operator('cs');
    const names = async (q: string) => (await searchMembers(cs, { q })).map((hit) => hit.nama);
    expect(await names('Silver')).toContain('Demo Silver');
    expect(await names('SILVER')).toContain('Demo Silver');
    expect(await names('mo sil')).toContain('Demo Silver');
    for (const nama of await names('ilve')) expect(nama.toLowerCase()).toContain('ilve');
    expect(await names('o_s')).toEqual([]);
    expect(await names('%ilver')).toEqual([]);
  });

  it('refuses a query under 3 characters, and operators of other roles', async () => {
    const cs = await operator('cs');
    await expect(searchMembers(cs, { q: 'ab' })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringContaining('minimal 3 karakter'),
    });
    await expect(searchMembers(await operator('gudang'), { q: 'demo' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(getMemberFile(await operator('keuangan'), 'demosilver')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await searchMembers(await operator('superadmin'), { q: 'demosilver' })).map((h) => h.username)).toEqual(['demosilver']);
  });

  it("a member's file: the tree from that member, and a stranger's id is not found", async () => {
    const cs = await operator('cs');
    const [{ id_member: idMember }] = (await selectRows<{ id_member: string }>(
      await getDb(),
      sql`
      select id_member from members where jumlah_child_kiri > 0 and jumlah_child_kanan > 0 order by id desc limit 1`,
    )) as [{ id_member: string }];
    const file = await getMemberFile(cs, idMember, 2);
    expect(file.profile.idMember).toBe(idMember);
    expect(file.tree.tree.id_member).toBe(idMember);
    const children = await selectRows<{ id_member: string; sisi: string }>(
      await getDb(),
      sql`
      select c.id_member, c.sisi from members c join members p on p.id = c.upline_id where p.id_member = ${idMember} order by c.sisi`,
    );
    expect(
      file.tree.tree.childs
        .filter(Boolean)
        .map((c) => c!.id_member)
        .sort(),
    ).toEqual(children.map((c) => c.id_member).sort());
    await expect(getMemberFile(cs, '9999999999')).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Member tidak ditemukan' });
  });
});

describe('CS acts on a member, audited in the same transaction', () => {
  it('suspends with a reason (dashboard warning, no payout), refuses without one, and lifts it', async () => {
    const cs = await operator('cs');
    const idMember = await memberWithUnpaidBonuses();
    await expect(setSuspension(cs, idMember, { suspend: true, alasan: '  ' })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'Alasan wajib diisi (5–500 karakter)',
    });
    expect((await memberRow(idMember)).isSuspended).toBe(false);
    expect(await auditOf(idMember)).toHaveLength(0);

    expect(await setSuspension(cs, idMember, { suspend: true, alasan: 'Laporan penyalahgunaan akun' })).toBe('Akun member ditangguhkan');
    expect((await memberRow(idMember)).isSuspended).toBe(true);
    const [row] = await auditOf(idMember);
    expect(row).toMatchObject({
      action: 'member:suspend',
      operatorNama: 'Citra CS',
      operatorId: cs.id,
      before: { is_suspended: false },
      after: { is_suspended: true, alasan: 'Laporan penyalahgunaan akun' },
    });
    await expect(setSuspension(cs, idMember, { suspend: true, alasan: 'sekali lagi ya' })).rejects.toMatchObject({ code: 'CONFLICT' });

    const { token } = await signIn({ username: idMember, password: 'rahasia123', remember: false }, { address: 'cs-suspended' });
    const member = await sessionOf(idMember);
    expect(token).toBeTruthy();
    expect((await getDashboard(member)).suspend.is_suspended).toBe(true);
    const unpaid = await listUnpaidBonuses(member);
    await expect(
      requestPayout(
        member,
        unpaid.map((b) => b.public_id),
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: PAYOUT_SUSPENDED });

    expect(await setSuspension(cs, idMember, { suspend: false, alasan: 'Sudah diklarifikasi' })).toBe('Penangguhan akun member dicabut');
    expect((await memberRow(idMember)).isSuspended).toBe(false);
    expect((await auditOf(idMember)).map((a) => a.action)).toEqual(['member:suspend', 'member:unsuspend']);
  });

  it('marks a bank account verified, once, and only when one is on file', async () => {
    const cs = await operator('cs');
    const db = await getDb();
    const [withBank] = await selectRows<{ id_member: string }>(
      db,
      sql`
      select id_member from members where no_rekening is not null and kode_bank is not null and id > 20 order by id desc limit 1`,
    );
    await db.update(members).set({ statusRekening: 'UNVERIFIED' }).where(eq(members.idMember, withBank!.id_member));
    expect(await verifyMemberBank(cs, withBank!.id_member)).toBe('Rekening bank berhasil diverifikasi');
    expect((await memberRow(withBank!.id_member)).statusRekening).toBe('VERIFIED');
    await expect(verifyMemberBank(cs, withBank!.id_member)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await auditOf(withBank!.id_member)).map((a) => a.action)).toEqual(['member:verify-bank']);

    const [noBank] = await selectRows<{ id_member: string }>(db, sql`select id_member from members where no_rekening is null limit 1`);
    if (noBank) {
      await expect(verifyMemberBank(cs, noBank.id_member)).rejects.toMatchObject({
        code: 'BAD_INPUT',
        message: 'Member belum mengisi rekening bank',
      });
      expect(await auditOf(noBank.id_member)).toHaveLength(0);
    }
  });

  it('verifies an NPWP or NIK into the dated tax history, named after the operator', async () => {
    const cs = await operator('cs');
    const db = await getDb();
    const [m] = await selectRows<{ id: number; id_member: string }>(
      db,
      sql`
      select id::int as id, id_member from members m where id > 20
        and not exists (select 1 from npwp_statuses s where s.member_id = m.id) order by id desc limit 1 offset 3`,
    );
    await db.update(members).set({ npwp: null, statusNpwp: 'UNVERIFIED', nomorIdentitas: '3578000000000001' }).where(eq(members.id, m!.id));
    await expect(verifyMemberTaxNumber(cs, m!.id_member, 'NPWP')).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'Member belum mengisi NPWP',
    });
    await expect(verifyMemberTaxNumber(cs, m!.id_member, 'SIM')).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'Pilih NPWP atau NIK',
    });
    expect(await auditOf(m!.id_member)).toHaveLength(0);

    await db.update(members).set({ npwp: '123456789012345' }).where(eq(members.id, m!.id));
    const text = await verifyMemberTaxNumber(cs, m!.id_member, 'NPWP');
    expect(text).toMatch(/^NPWP 123456789012345 terverifikasi, berlaku mulai \d{4}-\d{2}-\d{2}$/);
    const history = await db.select().from(npwpStatuses).where(eq(npwpStatuses.memberId, m!.id));
    expect(history).toMatchObject([{ jenis: 'NPWP', nomor: '123456789012345', punyaNpwp: true, admin: 'Citra CS' }]);
    expect(text.endsWith(history[0]!.berlakuSejak)).toBe(true);
    expect((await memberRow(m!.id_member)).statusNpwp).toBe('VERIFIED');
    await verifyMemberTaxNumber(cs, m!.id_member, 'NIK');
    const audit = await auditOf(m!.id_member);
    expect(audit.map((a) => a.action)).toEqual(['member:verify-npwp', 'member:verify-nik']);
    expect(audit[0]).toMatchObject({ operatorId: cs.id, after: { jenis: 'NPWP', nomor: '123456789012345', status_npwp: 'VERIFIED' } });
  });

  it('sends the reset link (past the forgot-password limit), audited; the link sets a new password', async () => {
    const cs = await operator('cs');
    const [m] = await selectRows<{ id_member: string; email: string }>(
      await getDb(),
      sql`select id_member, email from members where id > 20 order by id desc limit 1 offset 7`,
    );
    for (let i = 0; i < 4; i++) expect(await sendResetLink(cs, m!.id_member)).toBe(RESET_LINK_SENT);
    const mails = (await listOutbox(20)).filter((mail) => mail.to === m!.email);
    expect(mails).toHaveLength(4);
    const link = (mails[0]!.meta as { link: string }).link;
    const token = new URL(link).searchParams.get('token')!;
    // Only the newest link works: each new one retires the previous.
    const older = new URL((mails[1]!.meta as { link: string }).link).searchParams.get('token')!;
    await expect(resetPassword(older, 'BaruSekali123')).rejects.toBeTruthy();
    await resetPassword(token, 'BaruSekali123');
    expect(
      (await signIn({ username: m!.id_member, password: 'BaruSekali123', remember: false }, { address: 'cs-reset' })).token,
    ).toBeTruthy();
    const audit = await auditOf(m!.id_member);
    expect(audit).toHaveLength(4);
    expect(audit[0]).toMatchObject({ action: 'member:send-reset-link', operatorNama: 'Citra CS', after: { email: m!.email } });
    expect(JSON.stringify(audit)).not.toContain(token);
    await expect(sendResetLink(await operator('konten'), m!.id_member)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('console pages by role', () => {
  it('members: CS and SUPERADMIN; settings: SUPERADMIN only; others 403', async () => {
    const cs = (await operator('cs')).token;
    const gudang = (await operator('gudang')).token;
    const superadmin = (await operator('superadmin')).token;
    expect(await visit('/admin/members', cs)).toMatchObject({ reached: true });
    expect(await visit('/admin/members/1000000001', cs)).toMatchObject({ reached: true });
    expect(await visit('/admin/settings', cs)).toMatchObject({ reached: false, status: 403 });
    expect(await visit('/admin/members', gudang)).toMatchObject({ reached: false, status: 403 });
    expect(await visit('/admin/members/1000000001', gudang)).toMatchObject({ reached: false, status: 403 });
    expect(await visit('/admin/settings', gudang)).toMatchObject({ reached: false, status: 403 });
    expect(await visit('/admin/settings', superadmin)).toMatchObject({ reached: true });
    expect(await visit('/admin/members', superadmin)).toMatchObject({ reached: true });
  });
});
