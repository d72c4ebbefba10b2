import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { AppError } from '../../errors';
import type { SessionMember } from '../auth/session-member';

export const KODE_OBJEK_PAJAK = '21-100-04';

export interface TaxRow {
  id: string;
  masa_pajak: number;
  tahun_pajak: number;
  pembetulan: number;
  no_bukti: string;
  npwp: string | null;
  nik: string | null;
  nama: string;
  kode_pajak: string;
  jumlah_bruto: number;
  jumlah_dpp: number;
  jumlah_pph: number;
  tarif: number;
  tanggal_bukti_potong: string;
}

/**
 * The withholding slips (bukti potong PPh 21, INTEGRATIONS.md) of one year: one row per tax month
 * with bonuses, built from the bonus rows the closing wrote (gross, 50% DPP, tax withheld).
 */
export async function listTaxRows(member: SessionMember, year: number, month?: number): Promise<TaxRow[]> {
  const rows = await selectRows<{ masa: number; bruto: string; pph: string; last_day: string; id_member: string; npwp: string | null; nik: string | null; nama: string; has_npwp: boolean }>(await getDb(), sql`
    select extract(month from b.tanggal)::int as masa, sum(b.bonus_bruto)::text as bruto, sum(b.pot_pph)::text as pph,
      (date_trunc('month', min(b.tanggal)) + interval '1 month - 1 day')::date::text as last_day,
      m.id_member, m.npwp, m.nomor_identitas as nik, m.nama, (m.status_npwp = 'VERIFIED') as has_npwp
    from bonuses b join members m on m.id = b.member_id
    where b.member_id = ${member.id} and extract(year from b.tanggal) = ${year}
      ${month ? sql`and extract(month from b.tanggal) = ${month}` : sql``}
    group by 1, m.id_member, m.npwp, m.nomor_identitas, m.nama, m.status_npwp order by 1`);
  return rows.map((r) => {
    const bruto = Number(r.bruto);
    const dpp = Math.floor(bruto / 2);
    const pph = Number(r.pph);
    return {
      id: `${year}-${String(r.masa).padStart(2, '0')}`,
      masa_pajak: r.masa, tahun_pajak: year, pembetulan: 0,
      no_bukti: `BP21/${year}${String(r.masa).padStart(2, '0')}/${r.id_member}`,
      npwp: r.has_npwp ? r.npwp : null, nik: r.nik, nama: r.nama, kode_pajak: KODE_OBJEK_PAJAK,
      jumlah_bruto: bruto, jumlah_dpp: dpp, jumlah_pph: pph,
      tarif: dpp > 0 ? Math.round((pph / dpp) * 10000) / 100 : 0,
      tanggal_bukti_potong: r.last_day,
    };
  });
}

/** One of the member's own slips by its id ('YYYY-MM'); anything else answers as not found. */
export async function findTaxRow(member: SessionMember, id: string): Promise<TaxRow> {
  const match = /^(\d{4})-(\d{2})$/.exec(id);
  const rows = match ? await listTaxRows(member, Number(match[1]), Number(match[2])) : [];
  if (!rows[0]) throw new AppError('NOT_FOUND', 'Bukti potong tidak ditemukan');
  return rows[0];
}
