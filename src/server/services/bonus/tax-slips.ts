import { getDb } from '../../db/client';
import { memberTaxSlips } from '../../db/queries/tax';
import { AppError } from '../../errors';
import type { SessionMember } from '../auth/session-member';

export { KODE_OBJEK_PAJAK } from '../tax/issue-tax-slips';

export interface TaxRow {
  id: string;
  masa_pajak: number;
  tahun_pajak: number;
  pembetulan: number;
  /** 'Normal' or 'Pembetulan' (a correction of the slip it replaces). */
  status: 'Normal' | 'Pembetulan';
  sifat: 'Tidak Final';
  no_bukti: string;
  npwp: string | null;
  nik: string | null;
  nama: string;
  kode_pajak: string;
  jumlah_bruto: number;
  jumlah_dpp: number;
  jumlah_pph: number;
  /** The statutory rate in percent (6 = 5% × 120% without an NPWP). */
  tarif: number;
  tanggal_bukti_potong: string;
  pemotong_npwp: string;
  pemotong_nama: string;
}

const idOf = (tahun: number, masa: number, pembetulan: number) =>
  `${tahun}-${String(masa).padStart(2, '0')}${pembetulan ? `-${pembetulan}` : ''}`;

/**
 * The member's BP21 slips of one year (INTEGRATIONS.md) as the closing issued and stored them
 * after each tax month's last closing: Normal slips and their Pembetulan corrections. The running
 * month has no slip yet.
 */
export async function listTaxRows(member: Pick<SessionMember, 'id'>, year: number, month?: number, pembetulan?: number): Promise<TaxRow[]> {
  const rows = await memberTaxSlips(await getDb(), member.id, year, month, pembetulan);
  return rows.map((r) => ({
    id: idOf(r.tahun, r.masa, r.pembetulanKe),
    masa_pajak: r.masa,
    tahun_pajak: r.tahun,
    pembetulan: r.pembetulanKe,
    status: r.status === 'PEMBETULAN' ? 'Pembetulan' : 'Normal',
    sifat: 'Tidak Final',
    no_bukti: r.nomor,
    npwp: r.npwp,
    nik: r.nik,
    nama: r.nama,
    kode_pajak: r.kode,
    jumlah_bruto: r.bruto,
    jumlah_dpp: r.dpp,
    jumlah_pph: r.pph,
    tarif: r.tarif,
    tanggal_bukti_potong: r.tanggal,
    pemotong_npwp: r.pemotongNpwp,
    pemotong_nama: r.pemotongNama,
  }));
}

/** One of the member's own slips by its id ('YYYY-MM', or 'YYYY-MM-N' for the Nth Pembetulan); anything else answers as not found. */
export async function findTaxRow(member: Pick<SessionMember, 'id'>, id: string): Promise<TaxRow> {
  const match = /^(\d{4})-(\d{2})(?:-(\d{1,3}))?$/.exec(id);
  const rows = match ? await listTaxRows(member, Number(match[1]), Number(match[2]), Number(match[3] ?? 0)) : [];
  if (!rows[0]) throw new AppError('NOT_FOUND', 'Bukti potong tidak ditemukan');
  return rows[0];
}
