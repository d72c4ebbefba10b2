/**
 * The BP21 bulk-import XML of Coretax DJP (INTEGRATIONS.md, "BP21 for Coretax"): the `Bp21Bulk`
 * file DJP's BP21 converter template (v4) produces, one `Bp21` per stored slip. Pure: the caller
 * loads the slips and the withholder; bp21-bulk.xsd beside this file describes the same shape.
 */

/** One stored slip as the file needs it. */
export interface CoretaxSlip {
  nomor: string;
  id_member: string;
  nama: string;
  masa_pajak: number;
  tahun_pajak: number;
  npwp: string | null;
  nik: string | null;
  /** The member's marital status on file (spec/000 §5): KAWIN → K/0, anything else TK/0. */
  status_kawin: string | null;
  kode_objek_pajak: string;
  bruto: number;
  /** The statutory rate in percent as the slip shows it ("5", "6" = 5% × 120% without an NPWP). */
  tarif: string;
  pph: number;
  tanggal_potong: string;
}

export interface CoretaxWithholder {
  /** 16 digits. */
  npwp: string;
  /** The withholder's place of business (ID TKU / NITKU): 22 digits. */
  id_tku: string;
}

/** The tax base share of gross for MLM distributors (INTEGRATIONS.md: Pasal 17 on 50% of gross). */
export const DEEMED_PERCENT = 50;
/** The kind of reference document: the bonus payment. */
export const DOCUMENT_KIND = 'PaymentProof';
/** No tax facility (SKB, DTP) applies to bonuses. */
export const TAX_CERTIFICATE = 'N/A';

export const CORETAX_MESSAGES = {
  noNumber: 'tidak punya NPWP maupun NIK',
  badNik: (nik: string) => `NIK ${nik} bukan 16 digit angka`,
  badNpwp: (npwp: string) => `NPWP ${npwp} bukan 15–16 digit angka`,
  badRate: (tarif: string) => `tarif ${tarif} bukan angka persen`,
  refused: (masa: number, tahun: number) => `XML Coretax masa ${masa}/${tahun} tidak dibuat; lengkapi dulu data pajak member berikut:`,
} as const;

/**
 * The recipient's TIN for Coretax: a verified NPWP (16 digits; a legacy 15-digit NPWP gets the
 * leading 0 DJP adds), else the NIK (16 digits, the resident's tax number since 2024).
 */
export function counterpartTin(slip: Pick<CoretaxSlip, 'npwp' | 'nik'>): string | undefined {
  if (slip.npwp && /^\d{15,16}$/.test(slip.npwp)) return slip.npwp.padStart(16, '0');
  if (!slip.npwp && slip.nik && /^\d{16}$/.test(slip.nik)) return slip.nik;
  return undefined;
}

/** An individual's place of business (ID TKU) in Coretax: the 16-digit TIN followed by 000000. */
export const recipientIdTku = (tin: string) => `${tin}000000`;

/** PTKP status (TK/0…K/3): the portal knows marriage, not dependants, so the count is 0. */
export const statusTaxExemption = (statusKawin: string | null) => (statusKawin === 'KAWIN' ? 'K/0' : 'TK/0');

/**
 * What Coretax would refuse in a slip, as Indonesian text (empty when the slip can go): a
 * recipient with neither NPWP nor NIK, a number that is not all digits of the right length.
 * Coretax checks the numbers against its register on upload; offline the portal checks the form.
 */
export function slipProblems(slip: CoretaxSlip): string[] {
  const out: string[] = [];
  if (!slip.npwp && !slip.nik) out.push(CORETAX_MESSAGES.noNumber);
  if (slip.npwp && !/^\d{15,16}$/.test(slip.npwp)) out.push(CORETAX_MESSAGES.badNpwp(slip.npwp));
  if (!slip.npwp && slip.nik && !/^\d{16}$/.test(slip.nik)) out.push(CORETAX_MESSAGES.badNik(slip.nik));
  if (!/^\d+(\.\d+)?$/.test(slip.tarif)) out.push(CORETAX_MESSAGES.badRate(slip.tarif));
  return out;
}

/**
 * The tax Coretax computes from a `Bp21` line: Gross × Deemed% × Rate%, rounded down to whole
 * rupiah (integer arithmetic: the rate may carry decimals, e.g. "7.5").
 */
export function coretaxTax(gross: number, tarif: string): number {
  const [whole = '0', fraction = ''] = tarif.split('.');
  const scale = 10 ** fraction.length;
  const rateScaled = BigInt(whole) * BigInt(scale) + BigInt(fraction || '0');
  return Number((BigInt(gross) * BigInt(DEEMED_PERCENT) * rateScaled) / (100n * 100n * BigInt(scale)));
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text for an XML element: markup characters escaped, characters XML 1.0 forbids dropped. */
export function xmlText(value: string | number): string {
  return (
    String(value)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters XML 1.0 cannot carry are what is removed
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/[&<>"']/g, (c) => ESCAPES[c]!)
  );
}

const element = (name: string, value: string | number) => `\t\t\t<${name}>${xmlText(value)}</${name}>`;

/**
 * The `Bp21Bulk` document: TIN, then ListOfBp21 with one Bp21 per slip, its elements in the
 * template's order. Amounts are whole rupiah. The caller has checked the slips (slipProblems).
 */
export function buildBp21Bulk(withholder: CoretaxWithholder, slips: readonly CoretaxSlip[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<Bp21Bulk xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    `\t<TIN>${xmlText(withholder.npwp)}</TIN>`,
    '\t<ListOfBp21>',
  ];
  for (const slip of slips) {
    const tin = counterpartTin(slip);
    if (!tin) throw new Error(`Bukti potong ${slip.nomor}: ${slipProblems(slip).join(', ')}`);
    lines.push(
      '\t\t<Bp21>',
      element('TaxPeriodMonth', slip.masa_pajak),
      element('TaxPeriodYear', slip.tahun_pajak),
      element('CounterpartTin', tin),
      element('IDPlaceOfBusinessActivityOfIncomeRecipient', recipientIdTku(tin)),
      element('StatusTaxExemption', statusTaxExemption(slip.status_kawin)),
      element('TaxCertificate', TAX_CERTIFICATE),
      element('TaxObjectCode', slip.kode_objek_pajak),
      element('Gross', slip.bruto),
      element('Deemed', DEEMED_PERCENT),
      element('Rate', slip.tarif),
      element('Document', DOCUMENT_KIND),
      element('DocumentNumber', slip.nomor),
      element('DocumentDate', slip.tanggal_potong),
      element('IDPlaceOfBusinessActivity', withholder.id_tku),
      element('WithholdingDate', slip.tanggal_potong),
      '\t\t</Bp21>',
    );
  }
  lines.push('\t</ListOfBp21>', '</Bp21Bulk>', '');
  return lines.join('\n');
}
