import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '../../src/lib/schemas/account';
import { memberCareMessages } from '../../src/lib/schemas/member-care';
import { getDb, selectRows } from '../../src/server/db/client';
import { auditLog, members, orders } from '../../src/server/db/schema';
import { DEMO_OPERATOR_PASSWORD } from '../../src/server/db/seed/operators';
import { listOutbox } from '../../src/server/integrations/mail/outbox';
import { listDataChanges } from '../../src/server/services/account/list-data-changes';
import { changeSponsor } from '../../src/server/services/member-care/change-sponsor';
import { editMemberBank } from '../../src/server/services/member-care/edit-member-bank';
import { editMemberContact } from '../../src/server/services/member-care/edit-member-contact';
import { editMemberHeir } from '../../src/server/services/member-care/edit-member-heir';
import { editMemberProfile } from '../../src/server/services/member-care/edit-member-profile';
import { movePlacement } from '../../src/server/services/member-care/move-placement';
import { resolveOperatorSession, type SessionOperator } from '../../src/server/services/operator/operator-sessions';
import { signInOperator } from '../../src/server/services/operator/sign-in-operator';
import { sessionOf } from './helpers';

const operator = async (username: string): Promise<SessionOperator> => {
  const { token } = await signInOperator({ username, password: DEMO_OPERATOR_PASSWORD }, { address: `care-test-${username}` });
  return (await resolveOperatorSession(token))!;
};
const memberRow = async (idMember: string) => (await (await getDb()).select().from(members).where(eq(members.idMember, idMember)))[0]!;
const auditOf = async (idMember: string, action: string) =>
  (await getDb())
    .select()
    .from(auditLog)
    .where(sql`${auditLog.object} = ${`member:${idMember}`} and ${auditLog.action} = ${action}`)
    .orderBy(auditLog.id);

/** Generated members without downline (leaves), with their sponsor's path. */
async function leaves(limit: number) {
  return selectRows<{ id_member: string; username: string; path: string; sponsor_path: string; sponsor_id_member: string }>(
    await getDb(),
    sql`
    select m.id_member, m.username, m.path, s.path as sponsor_path, s.id_member as sponsor_id_member
      from members m join members s on s.id = m.sponsor_id
     where m.id > 20 and m.jumlah_child_kiri + m.jumlah_child_kanan = 0
     order by m.id limit ${limit}`,
  );
}

/** Members whose stored side and rank counters differ from a count of the paths below them. */
async function counterMismatches(): Promise<string[]> {
  const rows = await selectRows<{ id_member: string }>(
    await getDb(),
    sql`
    select m.id_member from members m
    where m.jumlah_child_kiri <> (select count(*) from members d where d.path like m.path || '0%')
       or m.jumlah_child_kanan <> (select count(*) from members d where d.path like m.path || '1%')
       or m.jumlah_bronze_kiri <> (select count(*) from members d where d.path like m.path || '0%' and d.posisi = 'BRONZE')
       or m.jumlah_silver_kanan <> (select count(*) from members d where d.path like m.path || '1%' and d.posisi = 'SILVER')
       or m.jumlah_platinum_kiri <> (select count(*) from members d where d.path like m.path || '0%' and d.posisi = 'PLATINUM')
       or m.depth <> length(m.path)`,
  );
  return rows.map((r) => r.id_member);
}

const bank = { kode_bank: '014', nama_rekening: 'Budi Koreksi', no_rekening: '1234567890123', cabang: 'Sudirman' };

describe('CS corrects a member bank account with a reason', () => {
  it('saves it UNVERIFIED (the member-side rule), audits before/after, mails the member, and shows it in their history', async () => {
    const cs = await operator('cs');
    const [leaf] = await leaves(1);
    const idMember = leaf!.id_member;
    await (await getDb())
      .update(members)
      .set({ statusRekening: 'VERIFIED', noRekening: '9999999999', kodeBank: '008' })
      .where(eq(members.idMember, idMember));
    const text = await editMemberBank(cs, idMember, { ...bank, alasan: 'Member salah ketik nomor rekening' });
    expect(text).toContain('No Rekening');
    const row = await memberRow(idMember);
    expect(row).toMatchObject({ noRekening: '1234567890123', kodeBank: '014', namaRekening: 'Budi Koreksi', statusRekening: 'UNVERIFIED' });
    const [audit] = await auditOf(idMember, 'member:edit-bank');
    expect(audit!.before).toMatchObject({ noRekening: '9999999999', kodeBank: '008', statusRekening: 'VERIFIED' });
    expect(audit!.after).toMatchObject({
      noRekening: '1234567890123',
      statusRekening: 'UNVERIFIED',
      alasan: 'Member salah ketik nomor rekening',
    });
    expect(audit!.operatorNama).toBe(cs.nama);
    const mails = (await listOutbox(10)).filter((m) => m.to === row.email);
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining(['Verifikasi rekening bank Portal Member', 'Rekening bank diubah oleh Customer Service - Portal Member']),
    );
    const history = await listDataChanges(await sessionOf(leaf!.username));
    expect(history[0]).toMatchObject({
      what: 'Rekening bank diubah oleh Customer Service',
      alasan: 'Member salah ketik nomor rekening',
      oleh: cs.nama,
    });
    expect(history[0]!.fields).toEqual(
      expect.arrayContaining([
        { label: 'No Rekening', before: '9999999999', after: '1234567890123' },
        { label: 'Status Rekening', before: 'VERIFIED', after: 'UNVERIFIED' },
      ]),
    );
  });

  it('refuses without a reason, with an invalid account (the member form messages), the same data again, and other roles; nothing changes', async () => {
    const cs = await operator('cs');
    const [, leaf] = await leaves(2);
    const idMember = leaf!.id_member;
    const before = await memberRow(idMember);
    await expect(editMemberBank(cs, idMember, { ...bank })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: memberCareMessages.alasan,
    });
    await expect(editMemberBank(cs, idMember, { ...bank, no_rekening: '12ab', alasan: 'alasan cukup' })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: accountMessages.noRekeningDigits,
    });
    await expect(editMemberBank(cs, idMember, { ...bank, kode_bank: '999', alasan: 'alasan cukup' })).rejects.toMatchObject({
      message: accountMessages.bankRequired,
    });
    for (const role of ['gudang', 'keuangan', 'konten'])
      await expect(editMemberBank(await operator(role), idMember, { ...bank, alasan: 'alasan cukup' })).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
    expect(await memberRow(idMember)).toEqual(before);
    expect(await auditOf(idMember, 'member:edit-bank')).toEqual([]);
    await editMemberBank(await operator('superadmin'), idMember, { ...bank, alasan: 'Koreksi oleh superadmin' });
    await expect(editMemberBank(cs, idMember, { ...bank, alasan: 'alasan cukup' })).rejects.toMatchObject({
      message: memberCareMessages.nothingChanged,
    });
  });
});

describe('CS corrects profile, heir and contact data', () => {
  it('profile: by the member form schema; a username another member holds is refused', async () => {
    const cs = await operator('cs');
    const [, , leaf] = await leaves(3);
    const row = await memberRow(leaf!.id_member);
    const form = {
      username: row.username,
      nama: 'Nama Dikoreksi',
      agama: row.agama ?? 'ISLAM',
      status_kawin: row.statusKawin ?? 'KAWIN',
      propinsi_domisili: row.propinsiDomisili ?? '',
      kota_domisili: row.kotaDomisili ?? '',
      propinsi: row.propinsi ?? '',
      kota: row.kota ?? '',
      kecamatan: row.kecamatan ?? '',
      alasan: 'Nama sesuai KTP',
    };
    await expect(editMemberProfile(cs, leaf!.id_member, { ...form, username: 'demoplatinum' })).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(editMemberProfile(cs, leaf!.id_member, { ...form, nama: 'Nama 123' })).rejects.toMatchObject({
      message: accountMessages.namaChars,
    });
    expect((await memberRow(leaf!.id_member)).nama).toBe(row.nama);
    await editMemberProfile(cs, leaf!.id_member, form);
    expect((await memberRow(leaf!.id_member)).nama).toBe('Nama Dikoreksi');
    const [audit] = await auditOf(leaf!.id_member, 'member:edit-profile');
    expect(audit!.before).toEqual({ nama: row.nama });
    expect(audit!.after).toEqual({ nama: 'Nama Dikoreksi', alasan: 'Nama sesuai KTP' });
  });

  it('heir: the member heir rules (16-digit NIK) apply', async () => {
    const cs = await operator('cs');
    const [, , , leaf] = await leaves(4);
    const heir = {
      no_nik_passpor_penerima: '3171234567890001',
      nama_lengkap_pewaris: 'Siti Pewaris',
      no_mobile_pewaris: '6281234567890',
      hubungan_pewaris: 'Istri',
    };
    await expect(
      editMemberHeir(cs, leaf!.id_member, { ...heir, no_nik_passpor_penerima: '123', alasan: 'Data ahli waris' }),
    ).rejects.toMatchObject({
      message: accountMessages.heirNik,
    });
    await editMemberHeir(cs, leaf!.id_member, { ...heir, alasan: 'Data ahli waris baru' });
    expect(await memberRow(leaf!.id_member)).toMatchObject({ namaLengkapPewaris: 'Siti Pewaris', hubunganPewaris: 'Istri' });
  });

  it('contact: an e-mail another member uses is refused; the notice goes to the old and the new address', async () => {
    const cs = await operator('cs');
    const [, , , , leaf] = await leaves(5);
    const old = await memberRow(leaf!.id_member);
    const other = await memberRow('1000000001');
    await expect(
      editMemberContact(cs, leaf!.id_member, { email: other.email.toUpperCase(), phone: old.phone, alasan: 'Email baru member' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: memberCareMessages.emailTaken });
    await expect(
      editMemberContact(cs, leaf!.id_member, { email: 'baru@contoh.id', phone: '0812', alasan: 'Email baru member' }),
    ).rejects.toMatchObject({
      code: 'BAD_INPUT',
    });
    await editMemberContact(cs, leaf!.id_member, {
      email: 'koreksi.kontak@contoh.id',
      phone: '62 812 3456 7890',
      alasan: 'Email baru member',
    });
    expect(await memberRow(leaf!.id_member)).toMatchObject({ email: 'koreksi.kontak@contoh.id', phone: '6281234567890' });
    const to = (await listOutbox(10)).filter((m) => m.subject.startsWith('Kontak')).map((m) => m.to);
    expect(to).toEqual(expect.arrayContaining([old.email, 'koreksi.kontak@contoh.id']));
  });
});

describe('SUPERADMIN corrects sponsor and placement', () => {
  it('moves a member without downline to a free slot in the sponsor network; paths and counters stay consistent', async () => {
    const admin = await operator('superadmin');
    expect(await counterMismatches()).toEqual([]);
    const candidates = await leaves(40);
    const mover = candidates.find((l) => candidates.some((o) => o.id_member !== l.id_member && o.path.startsWith(l.sponsor_path)))!;
    const target = candidates.find((o) => o.id_member !== mover.id_member && o.path.startsWith(mover.sponsor_path))!;
    await expect(
      movePlacement(await operator('cs'), mover.id_member, { upline: target.id_member, sisi: 'L', alasan: 'Salah penempatan' }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const text = await movePlacement(admin, mover.id_member, {
      upline: target.id_member,
      sisi: 'L',
      alasan: 'Salah penempatan saat daftar',
    });
    expect(text).toContain(target.id_member);
    const moved = await memberRow(mover.id_member);
    const up = await memberRow(target.id_member);
    expect(moved).toMatchObject({ path: `${up.path}0`, depth: up.depth + 1, uplineId: up.id, sisi: 'L' });
    expect(up.jumlahChildKiri).toBe(1);
    expect(await counterMismatches()).toEqual([]);
    const [audit] = await auditOf(mover.id_member, 'member:move-placement');
    expect(audit!.before).toMatchObject({ path: mover.path });
    expect(audit!.after).toMatchObject({ upline: target.id_member, sisi: 'L', alasan: 'Salah penempatan saat daftar' });
    // The slot is now taken.
    const another = candidates.find(
      (o) => ![mover.id_member, target.id_member].includes(o.id_member) && o.sponsor_path === mover.sponsor_path,
    );
    if (another)
      await expect(
        movePlacement(admin, another.id_member, { upline: target.id_member, sisi: 'L', alasan: 'Salah penempatan' }),
      ).rejects.toMatchObject({
        message: memberCareMessages.slotTaken,
      });
  });

  it('refuses a member with downline, and one whose order a closed day counted, in Indonesian; nothing changes', async () => {
    const admin = await operator('superadmin');
    const [withDownline] = await selectRows<{ id_member: string; sponsor: string }>(
      await getDb(),
      sql`select m.id_member, s.id_member as sponsor from members m join members s on s.id = m.sponsor_id
          where m.id > 5 and m.jumlah_child_kiri > 0 and s.sponsor_id is not null order by m.id limit 1`,
    );
    const [root] = await selectRows<{ id_member: string }>(await getDb(), sql`select id_member from members where sisi = 'root'`);
    await expect(
      changeSponsor(admin, withDownline!.id_member, { sponsor: root!.id_member, alasan: 'Koreksi sponsor' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: memberCareMessages.hasDownline,
    });
    const list = await leaves(60);
    const leaf = list[list.length - 1]!;
    const row = await memberRow(leaf.id_member);
    await (await getDb()).insert(orders).values({
      noOrder: 'ORD-CARE-TEST-1',
      memberId: row.sponsorId!,
      newMemberId: row.id,
      jenisOrder: 'reg',
      statusOrder: 'DONE',
      totalBv: 1,
      totalHarga: 1_000_000,
      totalBayar: 1_000_000,
      paidAt: new Date('2026-01-05T03:00:00Z'),
      tanggalBonus: '2026-01-05',
    });
    await expect(changeSponsor(admin, leaf.id_member, { sponsor: root!.id_member, alasan: 'Koreksi sponsor' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: memberCareMessages.bonusCounted,
    });
    expect(await memberRow(leaf.id_member)).toEqual(row);
    expect(await auditOf(leaf.id_member, 'member:change-sponsor')).toEqual([]);
  });

  it('changes the sponsor to a member above it; refuses CS, itself and a sponsor outside its line', async () => {
    const admin = await operator('superadmin');
    const [root] = await selectRows<{ id_member: string }>(await getDb(), sql`select id_member from members where sisi = 'root'`);
    const leaf = (await leaves(40)).find((l) => l.sponsor_id_member !== root!.id_member);
    await expect(
      changeSponsor(await operator('cs'), leaf!.id_member, { sponsor: root!.id_member, alasan: 'Koreksi sponsor' }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(changeSponsor(admin, leaf!.id_member, { sponsor: leaf!.id_member, alasan: 'Koreksi sponsor' })).rejects.toMatchObject({
      message: memberCareMessages.sponsorSelf,
    });
    const [outside] = await selectRows<{ id_member: string }>(
      await getDb(),
      sql`select id_member from members where ${leaf!.path} not like path || '%' order by id limit 1`,
    );
    await expect(changeSponsor(admin, leaf!.id_member, { sponsor: outside!.id_member, alasan: 'Koreksi sponsor' })).rejects.toMatchObject({
      message: memberCareMessages.sponsorNotAbove,
    });
    const sponsorBefore = (await memberRow(leaf!.id_member)).sponsorId;
    const newSponsor = root!.id_member;
    await changeSponsor(admin, leaf!.id_member, { sponsor: newSponsor, alasan: 'Sponsor sebenarnya' });
    expect((await memberRow(leaf!.id_member)).sponsorId).not.toBe(sponsorBefore);
    expect((await memberRow(leaf!.id_member)).sponsorId).toBe((await memberRow(newSponsor)).id);
    const history = await listDataChanges(await sessionOf(leaf!.username));
    expect(history[0]).toMatchObject({
      what: 'Sponsor dikoreksi',
      fields: [{ label: 'Sponsor', before: leaf!.sponsor_id_member, after: newSponsor }],
    });
  });
});
