// @template year — members with and without bonuses of the demo year

import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BankSchema, HeirSchema, NpwpSchema, ProfileSchema } from '../../src/lib/schemas/account';
import ProfilePage from '../../src/pages/account/profile.astro';
import { getDb, selectRows } from '../../src/server/db/client';
import { mailOutbox, members } from '../../src/server/db/schema';
import { changePassword } from '../../src/server/services/account/change-password';
import { alertsOf, getAlerts } from '../../src/server/services/account/get-alerts';
import { getProfile } from '../../src/server/services/account/get-profile';
import { resendBankVerification } from '../../src/server/services/account/resend-verification';
import { setAutoWithdraw } from '../../src/server/services/account/set-auto-withdraw';
import { updateBank } from '../../src/server/services/account/update-bank';
import { updateHeir } from '../../src/server/services/account/update-heir';
import { updateNpwp } from '../../src/server/services/account/update-npwp';
import { updateProfile } from '../../src/server/services/account/update-profile';
import { verifyBank } from '../../src/server/services/account/verify-bank';
import { verifyNpwp } from '../../src/server/services/account/verify-npwp';
import { resolveRequestSession, resolveSession } from '../../src/server/services/auth/sessions';
import { createContainer } from './container';
import { memberId, sessionOf } from './helpers';

const lastLink = async (to: string): Promise<string> => {
  const db = await getDb();
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
  return (mail!.meta as { link: string }).link;
};
const tokenOf = (link: string) => link.split('/').pop()!;

const validProfile = {
  username: 'budiuji',
  nama: 'Budi Uji',
  agama: 'ISLAM',
  status_kawin: 'KAWIN',
  propinsi_domisili: '35',
  kota_domisili: '35.78',
};

describe('profile validation messages (spec/000 §5)', () => {
  it.each([
    [{ username: '' }, 'username', 'Masukkan username'],
    [{ username: 'budi uji!' }, 'username', 'Username hanya boleh terdiri dari huruf dan angka'],
    [{ nama: '' }, 'nama', 'Masukkan nama lengkap'],
    [{ nama: 'Budi 2' }, 'nama', 'Nama lengkap hanya boleh terdiri dari huruf dan spasi'],
    [{ nama: 'A'.repeat(61) }, 'nama', 'Nama lengkap tidak boleh melebihi 60 karakter'],
    [{ nomor_identitas: '12345' }, 'nomor_identitas', 'Nomor harus diisi 16 digit'],
    [{ agama: '' }, 'agama', 'Pilih Agama'],
    [{ status_kawin: 'JOMBLO' }, 'status_kawin', 'Pilih Status'],
    [{ kode_pos: '123' }, 'kode_pos', 'Kode pos harus terdiri dari 5 digit angka'],
    [{ propinsi_domisili: '' }, 'propinsi_domisili', 'Pilih Propinsi Domisili'],
    [{ kota_domisili: '' }, 'kota_domisili', 'Pilih Kota/Kabupaten Domisili'],
  ])('%o → %s: %s', (change, field, message) => {
    const parsed = ProfileSchema.safeParse({ ...validProfile, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.find((i) => i.path[0] === field)?.message).toBe(message);
  });

  it.each([
    [BankSchema, { nama_rekening: '', no_rekening: '1234567890', kode_bank: '014' }, 'Masukkan nama pemilik rekening'],
    [
      BankSchema,
      { nama_rekening: 'Budi 1', no_rekening: '1234567890', kode_bank: '014' },
      'Nama pemilik rekening hanya boleh terdiri dari huruf dan spasi',
    ],
    [BankSchema, { nama_rekening: 'Budi', no_rekening: '', kode_bank: '014' }, 'Masukkan nomor rekening'],
    [
      BankSchema,
      { nama_rekening: 'Budi', no_rekening: '123456789', kode_bank: '014' },
      'Nomor rekening harus terdiri dari 10 hingga 20 digit angka',
    ],
    [
      BankSchema,
      { nama_rekening: 'Budi', no_rekening: '1234567890', kode_bank: '014', cabang: 'Surabaya-1' },
      'Bank Cabang hanya boleh terdiri dari huruf, angka, dan spasi',
    ],
    [NpwpSchema, { npwp: '12345', nama_pemegang_pajak: 'Budi' }, 'NPWP harus terdiri dari 15 hingga 16 digit angka tanpa spasi'],
    [
      NpwpSchema,
      { npwp: '123456789012345', nama_pemegang_pajak: 'Budi 9' },
      'Nama pemegang pajak hanya boleh terdiri dari huruf dan spasi',
    ],
    [HeirSchema, { no_nik_passpor_penerima: '123' }, 'No Identitas harus diisi 16 digit'],
    [HeirSchema, { no_mobile_pewaris: '0812345678' }, 'Nomor tidak valid, contoh: 62 8xx xxx xxx'],
    [HeirSchema, { no_mobile_pewaris: '628123' }, 'Nomor minimal 10 digit'],
    [HeirSchema, { no_mobile_pewaris: '628123456789012' }, 'Nomor maksimal 14 digit'],
  ])('bank, NPWP and heir: %#', (schema, input, message) => {
    const parsed = (schema as typeof BankSchema).safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe(message);
  });

  it('strips non-digits from the NPWP before checking it', () => {
    expect(NpwpSchema.parse({ npwp: '09.254.294.3-407.000', nama_pemegang_pajak: 'Budi' }).npwp).toBe('092542943407000');
  });
});

describe('account services', () => {
  it("the profile shows the provider's validation of the member's current bank account, and none once the account changes", async () => {
    const me = await sessionOf(memberId(12)); // sign-in takes the ID Member too
    const db = await getDb();
    await db.execute(sql`update members set kode_bank = '014', no_rekening = '1234509876', nama_rekening = 'Budi' where id = ${me.id}`);
    const page = async () =>
      (await createContainer()).renderToString(ProfilePage, {
        locals: { member: me },
        request: new Request('http://portal.test/account/profile'),
      });
    expect(await page()).not.toContain('data-testid="bank-validation"');
    await db.execute(sql`insert into bank_account_validations (kode_bank, no_rekening, provider, valid, nama_bank)
      values ('014', '1234509876', 'simulator', true, 'BUDI SANTOSO')`);
    const validated = (await page()).match(/data-testid="bank-validation"[^>]*>(.*?)<\/dd>/s)?.[1]?.replace(/<[^>]+>/g, '');
    expect(validated).toContain('Terverifikasi');
    expect(validated).toContain('a.n. BUDI SANTOSO');
    // Another account: the old validation is not this one's.
    await db.execute(sql`update members set no_rekening = '5555500000' where id = ${me.id}`);
    expect(await page()).not.toContain('data-testid="bank-validation"');
  });

  it('saves the profile, dropping empty fields, and clears the domicile redirect', async () => {
    const me = await sessionOf('demobaru');
    expect(me.hasDomisili).toBe(false);
    const before = await getProfile(me);
    await updateProfile(
      me,
      me.publicId,
      ProfileSchema.parse({ ...validProfile, username: 'demobaru', nama: 'Demo Baru', nomor_identitas: '', alamat: '' }),
    );
    const after = await getProfile(me);
    expect(after.propinsi_domisili).toBe('35');
    expect(after.kota_domisili).toBe('35.78');
    expect(after.nomor_identitas).toBe(before.nomor_identitas);
    expect((await resolveSession(me.token))!.hasDomisili).toBe(true);
  });

  it('refuses a city outside the chosen residence province and a username already taken', async () => {
    const me = await sessionOf(memberId(101));
    await expect(
      updateProfile(me, me.publicId, ProfileSchema.parse({ ...validProfile, username: me.username, kota_domisili: '31.71' })),
    ).rejects.toMatchObject({ code: 'BAD_INPUT', message: 'Pilih Kota/Kabupaten Domisili' });
    await expect(updateProfile(me, me.publicId, ProfileSchema.parse({ ...validProfile, username: 'DemoSilver' }))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('a bank change is UNVERIFIED until its e-mailed link is used once', async () => {
    const me = await sessionOf(memberId(102));
    await updateBank(me, me.publicId, BankSchema.parse({ nama_rekening: 'Budi Uji', no_rekening: '1234567890', kode_bank: '009' }));
    expect((await getProfile(me)).status_rekening).toBe('UNVERIFIED');
    expect((await getProfile(me)).bank).toBe('BANK BNI');
    const first = tokenOf(await lastLink(me.email));
    await resendBankVerification(me, me.publicId);
    const second = tokenOf(await lastLink(me.email));
    expect(await verifyBank(first)).toMatchObject({ valid: false });
    expect(await verifyBank(second)).toMatchObject({ valid: true, message: 'Rekening bank berhasil diverifikasi' });
    expect(await verifyBank(second)).toMatchObject({ valid: false });
    expect((await getProfile(me)).status_rekening).toBe('VERIFIED');
  });

  /** A generated member in 140..159 with or without a bonus this month (Asia/Jakarta). */
  const memberByBonus = async (withBonus: boolean) => {
    const db = await getDb();
    const [row] = await selectRows<{ id_member: string }>(
      db,
      sql`
      select m.id_member from members m where m.id between 141 and 160
        and ${withBonus ? sql`` : sql`not`} exists (select 1 from bonuses b where b.member_id = m.id
          and b.tanggal >= date_trunc('month', now() at time zone 'Asia/Jakarta')::date)
      order by m.id limit 1`,
    );
    return sessionOf(row!.id_member);
  };

  it('an NPWP change waits as pending and applies once verified (no bonus this month)', async () => {
    const me = await memberByBonus(false);
    expect((await getProfile(me)).isBonusAvl).toBe(false);
    const oldNpwp = (await getProfile(me)).npwp;
    await updateNpwp(me, me.publicId, NpwpSchema.parse({ npwp: '09.254.294.3-407.001', nama_pemegang_pajak: 'Budi Uji' }));
    const pending = await getProfile(me);
    expect(pending.npwp).toBe(oldNpwp);
    expect(pending.npwp_pending).toMatchObject([{ npwp: '092542943407001', status: 'UNVERIFIED' }]);
    expect(pending.otp_npwp?.expire_at).toBeTruthy();
    expect(await verifyNpwp(tokenOf(await lastLink(me.email)))).toMatchObject({ valid: true });
    const applied = await getProfile(me);
    expect(applied.npwp).toBe('092542943407001');
    expect(applied.status_npwp).toBe('VERIFIED');
    expect(applied.npwp_pending).toEqual([]);
  });

  it('with a bonus this month an NPWP change is still accepted, and a change verified after a bonus waits for the 1st', async () => {
    const withBonus = await memberByBonus(true);
    expect((await getProfile(withBonus)).isBonusAvl).toBe(true);
    await updateNpwp(withBonus, withBonus.publicId, NpwpSchema.parse({ npwp: '123456789012345', nama_pemegang_pajak: 'Budi' }));
    expect((await getProfile(withBonus)).npwp_pending).toMatchObject([{ npwp: '123456789012345', status: 'UNVERIFIED' }]);

    const me = await memberByBonus(false);
    const before = (await getProfile(me)).npwp;
    await updateNpwp(me, me.publicId, NpwpSchema.parse({ npwp: '092542943407777', nama_pemegang_pajak: 'Budi Uji' }));
    const db = await getDb();
    await db.execute(sql`insert into bonuses (member_id, tanggal, jenis_bonus, bonus_bruto, pot_pph, bonus_dibayar, detail)
      values (${me.id}, (now() at time zone 'Asia/Jakarta')::date, 'SPONSOR', 100000, 2500, 97500, '[]'::jsonb)`);
    expect(await verifyNpwp(tokenOf(await lastLink(me.email)))).toMatchObject({
      valid: true,
      message: 'NPWP berhasil diverifikasi dan berlaku mulai tanggal 1 bulan depan',
    });
    const waiting = await getProfile(me);
    expect(waiting.npwp).toBe(before);
    expect(waiting.npwp_pending).toMatchObject([{ npwp: '092542943407777', status: 'VERIFIED' }]);
    expect(waiting.npwp_pending[0]!.effective_at).toMatch(/-01$/);
    // The member's pending table: the verified row's day in Indonesian ("Berlaku 1 Desember 2026"), never ISO.
    const html = await (await createContainer()).renderToString(ProfilePage, {
      locals: { member: me },
      request: new Request('http://portal.test/account/profile'),
    });
    const row = [...html.matchAll(/<tr\b[^>]*>(.*?)<\/tr>/gs)]
      .map((m) => m[1]!.replace(/<[^>]+>/g, ' '))
      .find((r) => /\bVERIFIED\b/.test(r));
    const day = new Date(`${waiting.npwp_pending[0]!.effective_at}T00:00:00Z`);
    const indonesian = day.toLocaleDateString('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    expect(row).toContain(`Berlaku ${indonesian}`);
    expect(row).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('member A cannot change member B through any id parameter, and nothing changes', async () => {
    const a = await sessionOf(memberId(104));
    const b = await sessionOf(memberId(105));
    const db = await getDb();
    const snapshot = async () => (await db.select().from(members).where(eq(members.id, b.id)))[0];
    const before = await snapshot();
    const calls = [
      () => updateProfile(a, b.publicId, ProfileSchema.parse({ ...validProfile, username: a.username })),
      () => updateBank(a, b.publicId, BankSchema.parse({ nama_rekening: 'Budi', no_rekening: '1234567890', kode_bank: '014' })),
      () => updateNpwp(a, b.publicId, NpwpSchema.parse({ npwp: '123456789012345', nama_pemegang_pajak: 'Budi' })),
      () => updateHeir(a, b.publicId, HeirSchema.parse({ nama_lengkap_pewaris: 'Siti' })),
      () => setAutoWithdraw(a, b.publicId, true),
      () => resendBankVerification(a, b.publicId),
    ];
    for (const call of calls) await expect(call()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await snapshot()).toEqual(before);
  });

  it('changes the password only with the right old one and ends the other sessions', async () => {
    const me = await sessionOf(memberId(106));
    const other = await sessionOf(memberId(106));
    await expect(changePassword(me, me.token, 'salah-lama', 'passwordbaru1')).rejects.toMatchObject({ message: 'Password lama salah' });
    expect(await changePassword(me, me.token, 'rahasia123', 'passwordbaru1')).toBe('Password telah berhasil diubah.');
    expect(await resolveSession(me.token)).toBeDefined();
    expect(await resolveSession(other.token)).toBeUndefined();
    await expect(sessionOf(memberId(106))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await sessionOf(memberId(106), 'passwordbaru1')).idMember).toBe(memberId(106));
  });

  it('the alerts bell empties as bank account, NPWP and address are filled', async () => {
    const db = await getDb();
    const me = await sessionOf(memberId(107));
    await db.update(members).set({ noRekening: null, npwp: null }).where(eq(members.id, me.id));
    const all = ['Nomor rekening bank belum diisi', 'NPWP belum diisi', 'Alamat pengiriman belum ada'];
    // The pages take the bell's facts from the session's own query: the same three.
    const bell = async () => alertsOf((await resolveRequestSession(me.token))!.alertFacts).map((a) => a.message);
    expect((await getAlerts(me.id)).map((a) => a.message)).toEqual(all);
    expect(await bell()).toEqual(all);
    await updateBank(me, me.publicId, BankSchema.parse({ nama_rekening: 'Budi', no_rekening: '1234567890', kode_bank: '014' }));
    expect(await getAlerts(me.id)).toHaveLength(2);
    expect(await bell()).toEqual(all.slice(1));
  });
});
