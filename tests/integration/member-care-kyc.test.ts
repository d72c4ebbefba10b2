import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberCareMessages } from '../../src/lib/schemas/member-care';
import { getDb, selectRows } from '../../src/server/db/client';
import { kycRejections, members, npwpStatuses } from '../../src/server/db/schema';
import { DEMO_OPERATOR_PASSWORD } from '../../src/server/db/seed/operators';
import { listOutbox } from '../../src/server/integrations/mail/outbox';
import { listDataChanges } from '../../src/server/services/account/list-data-changes';
import { approveKyc } from '../../src/server/services/member-care/approve-kyc';
import { KYC_PAGE_SIZE, listKycQueue } from '../../src/server/services/member-care/list-kyc-queue';
import { rejectKyc } from '../../src/server/services/member-care/reject-kyc';
import { resolveOperatorSession, type SessionOperator } from '../../src/server/services/operator/operator-sessions';
import { signInOperator } from '../../src/server/services/operator/sign-in-operator';
import { visitConsole } from './console-visit';
import { sessionOf } from './helpers';

const operator = async (username: string): Promise<SessionOperator> => {
  const { token } = await signInOperator({ username, password: DEMO_OPERATOR_PASSWORD }, { address: `kyc-test-${username}` });
  return (await resolveOperatorSession(token))!;
};
const memberRow = async (idMember: string) => (await (await getDb()).select().from(members).where(eq(members.idMember, idMember)))[0]!;

describe('KYC queue', () => {
  it('is empty when nothing waits, lists bank, NPWP and NIK of a member with what they entered, and answers approve/reject', async () => {
    const cs = await operator('cs');
    const db = await getDb();
    await db.update(members).set({ statusRekening: 'VERIFIED', statusNpwp: 'VERIFIED' });
    expect(await listKycQueue(cs, 1)).toMatchObject({ items: [], total: 0, page: 1, pages: 1 });

    const [m] = await selectRows<{ id_member: string; username: string }>(
      db,
      sql`select id_member, username from members where id > 20 order by id limit 1`,
    );
    const idMember = m!.id_member;
    await db
      .update(members)
      .set({
        kodeBank: '014',
        noRekening: '5550001112',
        namaRekening: 'Ani Kyc',
        statusRekening: 'UNVERIFIED',
        npwp: '123456789012345',
        namaPemegangPajak: 'Ani Kyc',
        statusNpwp: 'UNVERIFIED',
        nomorIdentitas: '3171000011112222',
      })
      .where(eq(members.idMember, idMember));
    const queue = await listKycQueue(cs, 1);
    expect(queue.total).toBe(3);
    expect(queue.items.map((i) => [i.jenis, i.nomor, i.atas_nama])).toEqual([
      ['NIK', '3171000011112222', expect.any(String)],
      ['NPWP', '123456789012345', 'Ani Kyc'],
      ['REKENING', '5550001112', 'Ani Kyc'],
    ]);
    expect(queue.items.find((i) => i.jenis === 'REKENING')!.bank).toBe('BANK BCA');

    await expect(listKycQueue(await operator('gudang'), 1)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(rejectKyc(await operator('keuangan'), idMember, { jenis: 'NPWP', alasan: 'Nama tidak cocok' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(rejectKyc(cs, idMember, { jenis: 'NPWP', alasan: '' })).rejects.toMatchObject({ message: memberCareMessages.alasan });
    await expect(rejectKyc(cs, idMember, { jenis: 'KTP', alasan: 'Nama tidak cocok' })).rejects.toMatchObject({
      message: memberCareMessages.kycJenis,
    });
    expect((await listKycQueue(cs, 1)).total).toBe(3);

    await approveKyc(cs, idMember, 'REKENING');
    expect((await memberRow(idMember)).statusRekening).toBe('VERIFIED');

    await rejectKyc(cs, idMember, { jenis: 'NPWP', alasan: 'Nama pemegang NPWP tidak sesuai kartu' });
    expect(await db.select().from(kycRejections)).toMatchObject([
      { jenis: 'NPWP', nomor: '123456789012345', alasan: 'Nama pemegang NPWP tidak sesuai kartu' },
    ]);
    expect((await memberRow(idMember)).statusNpwp).toBe('UNVERIFIED');
    await expect(rejectKyc(cs, idMember, { jenis: 'NPWP', alasan: 'Nama tidak cocok lagi' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: memberCareMessages.alreadyRejected,
    });

    await approveKyc(cs, idMember, 'NIK');
    const [nik] = await db
      .select()
      .from(npwpStatuses)
      .where(sql`${npwpStatuses.jenis} = 'NIK' and ${npwpStatuses.nomor} = '3171000011112222'`);
    expect(nik).toMatchObject({ punyaNpwp: true, admin: cs.nama });
    expect(await listKycQueue(cs, 1)).toMatchObject({ items: [], total: 0 });

    // The member sees the reason in their history, and got a mail with it.
    const history = await listDataChanges(await sessionOf(m!.username));
    expect(history.map((h) => h.what)).toEqual(['NIK diverifikasi', 'Verifikasi ditolak', 'Rekening bank diverifikasi']);
    expect(history[1]).toMatchObject({ alasan: 'Nama pemegang NPWP tidak sesuai kartu' });
    const mail = (await listOutbox(5)).find((x) => x.subject.startsWith('Verifikasi ditolak'));
    expect(mail?.text).toContain('NPWP: Nama pemegang NPWP tidak sesuai kartu');

    // A new NPWP entered after the refusal waits again.
    await db.update(members).set({ npwp: '123456789012346' }).where(eq(members.idMember, idMember));
    expect((await listKycQueue(cs, 1)).items.map((i) => i.nomor)).toEqual(['123456789012346']);
  });

  it('opens for CS and SUPERADMIN only, and is in their menu', async () => {
    const token = async (username: string) =>
      (await signInOperator({ username, password: DEMO_OPERATOR_PASSWORD }, { address: `kyc-menu-${username}` })).token;
    expect(await visitConsole('/admin/members/kyc', await token('cs'))).toMatchObject({ reached: true });
    expect(await visitConsole('/admin/members/kyc', await token('superadmin'))).toMatchObject({ reached: true });
    for (const role of ['gudang', 'keuangan', 'konten'])
      expect(await visitConsole('/admin/members/kyc', await token(role))).toMatchObject({ reached: false, status: 403 });
    const { ADMIN_MENU } = await import('../../src/server/admin-access');
    expect(ADMIN_MENU.find((item) => item.path === '/admin/members/kyc')).toMatchObject({ label: 'Antrian KYC', roles: ['CS'] });
  });

  it('pages the queue', async () => {
    const cs = await operator('cs');
    const db = await getDb();
    await db.update(members).set({ statusRekening: 'VERIFIED', statusNpwp: 'VERIFIED' });
    await db.execute(
      sql`update members set status_rekening = 'UNVERIFIED', no_rekening = '1234567890' where id in (select id from members where id > 100 order by id limit ${KYC_PAGE_SIZE + 7})`,
    );
    const first = await listKycQueue(cs, 1);
    expect(first).toMatchObject({ total: KYC_PAGE_SIZE + 7, page: 1, pages: 2 });
    expect(first.items).toHaveLength(KYC_PAGE_SIZE);
    const second = await listKycQueue(cs, 2);
    expect(second.items).toHaveLength(7);
    expect(second.items.some((i) => first.items.some((f) => f.id_member === i.id_member))).toBe(false);
    expect((await listKycQueue(cs, 99)).page).toBe(2);
  });
});
