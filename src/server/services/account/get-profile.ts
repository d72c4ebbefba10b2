import { sql } from 'drizzle-orm';
import { getDb, inTransaction, selectRows } from '../../db/client';
import { bankName } from '../../domain/banks';
import type { SessionMember } from '../auth/session-member';
import { isBonusAvailable } from './is-bonus-available';

interface ProfileRow {
  id_member: string; username: string; nama: string; email: string; phone: string; posisi: string;
  nomor_identitas: string | null; tgl_lahir: string | null; jenis_kelamin: string | null; agama: string | null;
  status_kawin: string | null; alamat: string | null; propinsi: string | null; kota: string | null; kecamatan: string | null;
  negara: string; kode_pos: string | null; propinsi_domisili: string | null; kota_domisili: string | null;
  kode_bank: string | null; nama_rekening: string | null; no_rekening: string | null; cabang: string | null;
  status_rekening: string; npwp: string | null; nama_pemegang_pajak: string | null; status_npwp: string;
  no_nik_passpor_penerima: string | null; nama_lengkap_pewaris: string | null; no_mobile_pewaris: string | null;
  hubungan_pewaris: string | null; auto_widraw: boolean; public_id: string; sponsor_id_member: string | null;
  sponsor_nama: string | null; otp_bank: boolean;
}

/** Verified NPWP changes whose 1st-of-month has come take effect when the profile is next read. */
async function applyDueNpwpChanges(memberId: number): Promise<void> {
  await inTransaction(async (tx) => {
    const due = await selectRows<{ id: number; npwp: string; nama_pemegang_pajak: string }>(tx, sql`
      select id::int as id, npwp, nama_pemegang_pajak from npwp_changes
      where member_id = ${memberId} and status = 'VERIFIED' and effective_at <= (now() at time zone 'Asia/Jakarta')::date
      order by effective_at desc, id desc limit 1 for update`);
    if (!due[0]) return;
    await tx.execute(sql`update members set npwp = ${due[0].npwp}, nama_pemegang_pajak = ${due[0].nama_pemegang_pajak},
      status_npwp = 'VERIFIED' where id = ${memberId}`);
    await tx.execute(sql`update npwp_changes set status = 'APPLIED' where member_id = ${memberId} and status = 'VERIFIED'
      and effective_at <= (now() at time zone 'Asia/Jakarta')::date`);
  });
}

/** The member profile of spec/000 §3, for the signed-in member only. */
export async function getProfile(member: SessionMember) {
  await applyDueNpwpChanges(member.id);
  const db = await getDb();
  const [row] = await selectRows<ProfileRow>(db, sql`
    select m.id_member, m.username, m.nama, m.email, m.phone, m.posisi, m.nomor_identitas, m.tgl_lahir::text as tgl_lahir,
      m.jenis_kelamin, m.agama, m.status_kawin, m.alamat, m.propinsi, m.kota, m.kecamatan, m.negara, m.kode_pos,
      m.propinsi_domisili, m.kota_domisili, m.kode_bank, m.nama_rekening, m.no_rekening, m.cabang, m.status_rekening,
      m.npwp, m.nama_pemegang_pajak, m.status_npwp, m.no_nik_passpor_penerima, m.nama_lengkap_pewaris,
      m.no_mobile_pewaris, m.hubungan_pewaris, m.auto_widraw, m.public_id::text as public_id,
      s.id_member as sponsor_id_member, s.nama as sponsor_nama,
      exists (select 1 from one_time_tokens t where t.member_id = m.id and t.purpose = 'verify-bank'
        and t.used_at is null and t.expires_at > now()) as otp_bank
    from members m left join members s on s.id = m.sponsor_id where m.id = ${member.id}`);
  const pending = await selectRows<{ npwp: string; nama_pemegang_pajak: string; status: string; created_at: string; expire_at: string; effective_at: string | null }>(db, sql`
    select npwp, nama_pemegang_pajak, status, created_at::text as created_at, expire_at::text as expire_at, effective_at::text as effective_at
    from npwp_changes where member_id = ${member.id}
      and (status = 'VERIFIED' or (status = 'UNVERIFIED' and expire_at > now()))
    order by id desc`);
  const { sponsor_id_member, sponsor_nama, otp_bank, ...profile } = row!;
  const isBonusAvl = await isBonusAvailable(db, member.id);
  const waiting = pending.find((p) => p.status === 'UNVERIFIED');
  return {
    ...profile,
    sponsor: sponsor_id_member ? { id_member: sponsor_id_member, nama: sponsor_nama } : null,
    bank: bankName(profile.kode_bank),
    otp_bank,
    otp_npwp: waiting ? { expire_at: waiting.expire_at } : null,
    npwp_pending: pending,
    isBonusAvl,
  };
}

export type Profile = Awaited<ReturnType<typeof getProfile>>;
