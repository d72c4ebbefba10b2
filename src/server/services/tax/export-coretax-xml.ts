import { monthKey } from '../../../lib/calendar';
import { WithholderSchema } from '../../../lib/schemas/withholder';
import { getDb, inTransaction } from '../../db/client';
import { taxMonthExportRows } from '../../db/queries/tax';
import { AppError } from '../../errors';
import { buildBp21Bulk, CORETAX_MESSAGES, type CoretaxSlip, coretaxTax, slipProblems } from '../../integrations/tax/coretax-bp21';
import { type Actor, assertRole } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { getWithholder } from './get-withholder';
import { TAX_SLIP_MESSAGES } from './issue-tax-slips';

export const CORETAX_EXPORT_MESSAGES = {
  noSlips: (masa: number, tahun: number) =>
    `Belum ada bukti potong untuk masa ${masa}/${tahun}; XML Coretax dibuat dari bukti potong yang sudah terbit`,
  withholder: (text: string) => `Data pemotong pajak belum lengkap: ${text}. Perbaiki di Keuangan › Pajak (BP21) › Data pemotong`,
  onlyCancelled: (masa: number, tahun: number) =>
    `Bukti potong masa ${masa}/${tahun} tinggal pembetulan dengan bruto 0: tidak ada yang diunggah; batalkan di Coretax bukti potong yang digantinya`,
} as const;

/** A slip Coretax would refuse, named for the operator. */
export interface CoretaxProblem {
  id_member: string;
  nama: string;
  nomor: string;
  masalah: string[];
}

export interface CoretaxExport {
  tahun: number;
  masa: number;
  /** The Bp21Bulk document (UTF-8). */
  xml: string;
  jumlah_bukti: number;
  total_bruto: number;
  /** The withholding of the slips in the file (each member's latest slip): the month's PPh 21. */
  total_pph: number;
  /** What Coretax computes from the file (Σ Gross × 50% × Rate%); equal to total_pph unless `selisih` lists slips. */
  total_pph_coretax: number;
  /** Slips whose stored PPh differs from Coretax's computation (rows of several rates in one month). */
  selisih: { nomor: string; id_member: string; pph: number; pph_coretax: number }[];
  /** The Pembetulan slips in the file, with the number of the slip each corrects (to amend in Coretax if that one was uploaded). */
  pembetulan: { nomor: string; mengganti_nomor: string | null; id_member: string }[];
  /**
   * Pembetulan slips that bring a member's month to a gross of 0 (a refund took back all of it).
   * Coretax takes no slip without gross (`Gross` > 0), so they stay out of the file; the slip each
   * replaces is to be cancelled (Pembatalan) in Coretax if it was uploaded.
   */
  pembatalan: { nomor: string; mengganti_nomor: string | null; id_member: string }[];
}

/** A Pembetulan whose gross is 0 cancels the slip it replaces: it is not a slip Coretax imports. */
const cancels = (s: { bruto: number }) => s.bruto <= 0;

const replacementOf = (s: { nomor: string; mengganti_nomor: string | null; id_member: string }) => ({
  nomor: s.nomor,
  mengganti_nomor: s.mengganti_nomor,
  id_member: s.id_member,
});

function checkMonth(tahun: number, masa: number): void {
  if (!Number.isInteger(tahun) || tahun < 2000 || tahun > 9999 || !Number.isInteger(masa) || masa < 1 || masa > 12) {
    throw new AppError('BAD_INPUT', TAX_SLIP_MESSAGES.badMonth);
  }
}

/**
 * The month as the file takes it: each member's latest slip (a Pembetulan replaces the slip it
 * corrects), split into the slips that go into the file and the gross-0 Pembetulan slips that
 * stay out of it (each cancels the slip it replaces), with the slips Coretax would refuse. A slip
 * issued before the member entered a NIK takes the NIK on file now: it names the same person, and
 * so the member can still complete it.
 */
async function monthSlips(tahun: number, masa: number) {
  const rows = await taxMonthExportRows(await getDb(), tahun, masa);
  const latest = rows
    .filter((r) => r.is_latest)
    .map((r) => {
      const slip = { ...r, nik: r.nik ?? r.nik_member } satisfies CoretaxSlip;
      return { ...slip, problems: slipProblems(slip) };
    });
  const slips = latest.filter((s) => !cancels(s));
  return {
    any: latest.length > 0,
    slips,
    pembatalan: latest.filter(cancels).map(replacementOf),
    problems: slips
      .filter((s) => s.problems.length)
      .map((s): CoretaxProblem => ({ id_member: s.id_member, nama: s.nama, nomor: s.nomor, masalah: s.problems })),
  };
}

/** The refusal's text: one line per slip Coretax would refuse, naming the member. */
export function problemsText(tahun: number, masa: number, problems: readonly CoretaxProblem[]): string {
  return [
    CORETAX_MESSAGES.refused(masa, tahun),
    ...problems.map((p) => `- ${p.id_member} ${p.nama} (${p.nomor}): ${p.masalah.join('; ')}`),
  ].join('\n');
}

/** The slips whose stored PPh differs from what Coretax computes from the file. */
const differences = (slips: readonly CoretaxSlip[]) =>
  slips
    .map((s) => ({
      nomor: s.nomor,
      id_member: s.id_member,
      pph: s.pph,
      pph_coretax: /^\d+(\.\d+)?$/.test(s.tarif) ? coretaxTax(s.bruto, s.tarif) : s.pph,
    }))
    .filter((s) => s.pph !== s.pph_coretax);

/** What stands between a month and its Coretax file, and what to adjust after the upload (the console shows both beside the download). */
export async function coretaxMonthCheck(
  tahun: number,
  masa: number,
  by: Actor,
): Promise<{
  jumlah_bukti: number;
  problems: CoretaxProblem[];
  selisih: CoretaxExport['selisih'];
  pembatalan: CoretaxExport['pembatalan'];
}> {
  assertRole(by, ['KEUANGAN']);
  checkMonth(tahun, masa);
  const { slips, pembatalan, problems } = await monthSlips(tahun, masa);
  return { jumlah_bukti: slips.length, pembatalan, problems, selisih: differences(slips) };
}

/**
 * A finished month's BP21 slips as Coretax's bulk-import XML (INTEGRATIONS.md): each member's
 * latest stored slip, with the withholder in force. Refuses, changing nothing, when the
 * withholder is incomplete, the month has no slip, or a slip lacks what Coretax requires (the
 * members listed). `by`: the console's operator (KEUANGAN; the download is audited); the CLI
 * passes none.
 */
export async function exportCoretaxXml(tahun: number, masa: number, by?: Actor): Promise<CoretaxExport> {
  if (by) assertRole(by, ['KEUANGAN']);
  checkMonth(tahun, masa);
  const parsed = WithholderSchema.safeParse(await getWithholder());
  if (!parsed.success)
    throw new AppError('CONFLICT', CORETAX_EXPORT_MESSAGES.withholder(parsed.error.issues.map((i) => i.message).join('; ')));
  const { any, slips, pembatalan, problems } = await monthSlips(tahun, masa);
  if (!any) throw new AppError('NOT_FOUND', CORETAX_EXPORT_MESSAGES.noSlips(masa, tahun));
  if (!slips.length) throw new AppError('NOT_FOUND', CORETAX_EXPORT_MESSAGES.onlyCancelled(masa, tahun));
  if (problems.length) throw new AppError('BAD_INPUT', problemsText(tahun, masa, problems));

  const xml = buildBp21Bulk({ npwp: parsed.data.npwp, id_tku: parsed.data.id_tku }, slips);
  const selisih = differences(slips);
  const result: CoretaxExport = {
    tahun,
    masa,
    xml,
    jumlah_bukti: slips.length,
    total_bruto: slips.reduce((t, s) => t + s.bruto, 0),
    total_pph: slips.reduce((t, s) => t + s.pph, 0),
    total_pph_coretax: slips.reduce((t, s) => t + coretaxTax(s.bruto, s.tarif), 0),
    selisih,
    pembetulan: slips.filter((s) => s.status === 'PEMBETULAN').map(replacementOf),
    pembatalan,
  };
  if (by) {
    await inTransaction((tx) =>
      recordAudit(tx, by, 'pajak:ekspor-coretax', `masa:${monthKey(tahun, masa)}`, null, {
        jumlah_bukti: result.jumlah_bukti,
        total_bruto: result.total_bruto,
        total_pph: result.total_pph,
      }),
    );
  }
  return result;
}
