import { nextMonthStart as followingMonth, jakartaDate, monthEnd, monthKey, monthStart as startOf } from '../../../lib/calendar';
import { inTransaction, type Tx } from '../../db/client';
import {
  insertTaxSlip,
  isDayClosed,
  latestMonthSlips,
  lockTaxSlipIssuing,
  monthTaxFigures,
  reversedMonthsWithSlips,
  taxSlipCountOfYear,
} from '../../db/queries/tax';
import { statutoryRate } from '../../domain/bonus/pph21';
import { AppError } from '../../errors';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { getWithholder } from './get-withholder';

export const KODE_OBJEK_PAJAK = '21-100-04';

/** What a slip stores of the withholder (getWithholder gives more). */
export interface Withholder {
  npwp: string;
  nama: string;
}

const monthStart = (tahun: number, masa: number) => startOf(monthKey(tahun, masa));
const nextMonthStart = (tahun: number, masa: number) => followingMonth(monthKey(tahun, masa));
const lastDay = (tahun: number, masa: number) => monthEnd(monthKey(tahun, masa));

/** The withholder in force, as the closing stores it on each slip. */
export async function withholder(): Promise<Withholder> {
  const w = await getWithholder();
  return { npwp: w.npwp, nama: w.nama };
}

/**
 * Issues the BP21 slips of one tax month inside the caller's transaction (INTEGRATIONS.md): one
 * per member with withholding, from the month's bonus rows (a reversal counts in the month of the
 * bonus it reverses). A slip is stored once and never changed: when a later reversal changes a
 * month that has a slip, a Pembetulan slip referring to it is issued. Numbers run per year.
 * Returns how many slips were issued (0 when nothing changed).
 */
export async function issueMonthSlips(tx: Tx, tahun: number, masa: number, by: Withholder): Promise<number> {
  await lockTaxSlipIssuing(tx);
  const from = monthStart(tahun, masa);
  const to = nextMonthStart(tahun, masa);
  const dateOfSlip = lastDay(tahun, masa);
  const figures = await monthTaxFigures(tx, from, to, dateOfSlip);
  const last = new Map((await latestMonthSlips(tx, tahun, masa)).map((s) => [s.memberId, s]));
  let seq = await taxSlipCountOfYear(tx, tahun);
  let made = 0;
  for (const f of figures) {
    const before = last.get(f.memberId);
    if (!before && f.pph <= 0) continue;
    if (before && before.bruto === f.bruto && before.pph === f.pph) continue;
    seq += 1;
    const nomor = `BP21-${tahun}-${String(seq).padStart(7, '0')}`;
    await insertTaxSlip(tx, {
      nomor,
      memberId: f.memberId,
      tahun,
      masa,
      status: before ? 'PEMBETULAN' : 'NORMAL',
      pembetulanKe: before ? before.pembetulanKe + 1 : 0,
      menggantiId: before?.id ?? null,
      npwp: f.hasNpwp ? f.npwp : null,
      nik: f.nik,
      nama: f.nama,
      kodeObjekPajak: KODE_OBJEK_PAJAK,
      bruto: f.bruto,
      dpp: Math.floor(f.bruto / 2),
      tarif: statutoryRate(Math.floor(f.maxRow / 2), f.hasNpwp),
      pph: f.pph,
      tanggalPotong: dateOfSlip,
      pemotongNpwp: by.npwp,
      pemotongNama: by.nama,
    });
    made += 1;
  }
  return made;
}

/**
 * What the closing of `tanggal` issues (inside its transaction): the month's slips when it was the
 * month's last day, and Pembetulan slips for earlier months the day's reversals changed.
 */
export async function issueDueSlips(tx: Tx, tanggal: string, by: Withholder): Promise<number> {
  const tahun = Number(tanggal.slice(0, 4));
  const masa = Number(tanggal.slice(5, 7));
  let made = 0;
  const changed = await reversedMonthsWithSlips(tx, tanggal, monthStart(tahun, masa));
  for (const c of changed) made += await issueMonthSlips(tx, c.tahun, c.masa, by);
  if (lastDay(tahun, masa) === tanggal) made += await issueMonthSlips(tx, tahun, masa, by);
  return made;
}

export const TAX_SLIP_MESSAGES = {
  badMonth: 'Masa pajak harus 1–12 dan tahun empat digit',
  running: 'Masa pajak yang sedang berjalan belum memiliki bukti potong',
  notClosed: (d: string) => `Closing tanggal ${d} (hari terakhir masa pajak) belum dijalankan`,
} as const;

/**
 * The operator's `pajak:terbitkan`: issues a finished, fully closed tax month's slips (those the
 * closing has not issued yet, e.g. after an upgrade of an existing database). Idempotent.
 */
export async function issueTaxSlips(
  tahun: number,
  masa: number,
  now = new Date(),
  actor: Actor = { id: null, nama: 'Sistem (npm run ops)' },
): Promise<number> {
  assertRole(actor, ['KEUANGAN']);
  if (!Number.isInteger(tahun) || tahun < 2000 || tahun > 9999 || !Number.isInteger(masa) || masa < 1 || masa > 12) {
    throw new AppError('BAD_INPUT', TAX_SLIP_MESSAGES.badMonth);
  }
  if (monthStart(tahun, masa) >= startOf(jakartaDate(now))) throw new AppError('BAD_INPUT', TAX_SLIP_MESSAGES.running);
  const by = await withholder();
  return inTransaction(async (tx) => {
    if (!(await isDayClosed(tx, lastDay(tahun, masa)))) throw new AppError('CONFLICT', TAX_SLIP_MESSAGES.notClosed(lastDay(tahun, masa)));
    const made = await issueMonthSlips(tx, tahun, masa, by);
    await recordAudit(tx, actor, 'pajak:terbitkan', `masa:${monthKey(tahun, masa)}`, null, { diterbitkan: made });
    return made;
  });
}
