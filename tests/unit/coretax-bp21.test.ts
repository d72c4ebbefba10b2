import { describe, expect, it } from 'vitest';
import {
  buildBp21Bulk,
  type CoretaxSlip,
  coretaxTax,
  counterpartTin,
  slipProblems,
  statusTaxExemption,
  xmlText,
} from '../../src/server/integrations/tax/coretax-bp21';
import { validateBp21Bulk } from '../coretax-xsd';

const withholder = { npwp: '0012345678901000', id_tku: '0012345678901000000000' };
const slip = (over: Partial<CoretaxSlip> = {}): CoretaxSlip => ({
  nomor: 'BP21-2026-0000001',
  id_member: '1000000001',
  nama: 'Budi Santoso',
  masa_pajak: 7,
  tahun_pajak: 2026,
  npwp: null,
  nik: '3578010101900001',
  status_kawin: 'BELUM KAWIN',
  kode_objek_pajak: '21-100-04',
  bruto: 25_000_000,
  tarif: '5',
  pph: 625_000,
  tanggal_potong: '2026-07-31',
  ...over,
});
const elements = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]);

describe('Bp21Bulk: the document Coretax imports', () => {
  it('TIN, then ListOfBp21 with one Bp21 per slip, fields in the template’s order, valid against the schema', async () => {
    const xml = buildBp21Bulk(withholder, [
      slip(),
      slip({ nomor: 'BP21-2026-0000002', npwp: '090000000000001', status_kawin: 'KAWIN', bruto: 40_000_000, pph: 1_000_000 }),
    ]);
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Bp21Bulk xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n\t<TIN>0012345678901000</TIN>\n\t<ListOfBp21>',
      ),
    ).toBe(true);
    const first = xml.slice(xml.indexOf('<Bp21>'), xml.indexOf('</Bp21>'));
    expect([...first.matchAll(/<(\w+)>/g)].map((m) => m[1]).slice(1)).toEqual([
      'TaxPeriodMonth',
      'TaxPeriodYear',
      'CounterpartTin',
      'IDPlaceOfBusinessActivityOfIncomeRecipient',
      'StatusTaxExemption',
      'TaxCertificate',
      'TaxObjectCode',
      'Gross',
      'Deemed',
      'Rate',
      'Document',
      'DocumentNumber',
      'DocumentDate',
      'IDPlaceOfBusinessActivity',
      'WithholdingDate',
    ]);
    expect(elements(xml, 'CounterpartTin')).toEqual(['3578010101900001', '0090000000000001']);
    expect(elements(xml, 'IDPlaceOfBusinessActivityOfIncomeRecipient')).toEqual(['3578010101900001000000', '0090000000000001000000']);
    expect(elements(xml, 'StatusTaxExemption')).toEqual(['TK/0', 'K/0']);
    expect(elements(xml, 'Gross')).toEqual(['25000000', '40000000']);
    expect(elements(xml, 'Deemed')).toEqual(['50', '50']);
    expect(elements(xml, 'TaxObjectCode')).toEqual(['21-100-04', '21-100-04']);
    expect(elements(xml, 'Document')).toEqual(['PaymentProof', 'PaymentProof']);
    expect(elements(xml, 'IDPlaceOfBusinessActivity')).toEqual(['0012345678901000000000', '0012345678901000000000']);
    expect(await validateBp21Bulk(xml)).toEqual({ valid: true, errors: [] });
  });

  it('the schema refuses what Coretax would: a field out of order, a value outside its enumeration, a fraction of a rupiah, an empty list', async () => {
    const xml = buildBp21Bulk(withholder, [slip()]);
    const swapped = xml.replace(/(\t\t\t<TaxPeriodMonth>7<\/TaxPeriodMonth>\n)(\t\t\t<TaxPeriodYear>2026<\/TaxPeriodYear>\n)/, '$2$1');
    expect(swapped).not.toBe(xml);
    for (const bad of [
      swapped,
      xml.replace('TK/0', 'TK/4'),
      xml.replace('<Gross>25000000<', '<Gross>25000000.5<'),
      xml.replace(/\t\t<Bp21>[\s\S]*<\/Bp21>\n/, ''),
    ]) {
      const verdict = await validateBp21Bulk(bad);
      expect(verdict.valid).toBe(false);
      expect(verdict.errors.length).toBeGreaterThan(0);
    }
  });

  it('text is escaped: a document number with markup characters stays one well-formed, valid element', async () => {
    expect(xmlText(`A&B <"x'> \u0001`)).toBe('A&amp;B &lt;&quot;x&apos;&gt; ');
    const xml = buildBp21Bulk(withholder, [slip({ nomor: 'BP21/<&>' })]);
    expect(xml).toContain('<DocumentNumber>BP21/&lt;&amp;&gt;</DocumentNumber>');
    expect((await validateBp21Bulk(xml)).valid).toBe(true);
  });
});

describe.each([
  { case: 'a verified 16-digit NPWP', s: { npwp: '1234567890123456' }, tin: '1234567890123456', problems: [] },
  { case: 'a legacy 15-digit NPWP gets DJP’s leading 0', s: { npwp: '090000000000001' }, tin: '0090000000000001', problems: [] },
  { case: 'no NPWP: the NIK', s: { npwp: null }, tin: '3578010101900001', problems: [] },
  { case: 'neither number', s: { npwp: null, nik: null }, tin: undefined, problems: ['tidak punya NPWP maupun NIK'] },
  {
    case: 'a NIK that is not 16 digits',
    s: { npwp: null, nik: '35780101' },
    tin: undefined,
    problems: ['NIK 35780101 bukan 16 digit angka'],
  },
  {
    case: 'an NPWP with letters',
    s: { npwp: '09000000000000X' },
    tin: undefined,
    problems: ['NPWP 09000000000000X bukan 15–16 digit angka'],
  },
])('the recipient: $case', ({ s, tin, problems }) => {
  it('CounterpartTin and what the export refuses', () => {
    expect(counterpartTin(slip(s))).toBe(tin);
    expect(slipProblems(slip(s))).toEqual(problems);
    if (!tin) expect(() => buildBp21Bulk(withholder, [slip(s)])).toThrow();
  });
});

describe.each([
  { gross: 25_000_000, tarif: '5', tax: 625_000, why: 'DDTC’s example: 25 juta → DPP 12,5 juta → 625.000' },
  { gross: 25_000_000, tarif: '6', tax: 750_000, why: 'without NPWP: 120%' },
  { gross: 475_001, tarif: '5', tax: 11_875, why: 'rounded down to whole rupiah' },
  { gross: 1_000_000, tarif: '7.5', tax: 37_500, why: 'a rate with a decimal, in integers' },
])('Coretax’s tax = Gross × 50% × Rate%', ({ gross, tarif, tax, why }) => {
  it(why, () => expect(coretaxTax(gross, tarif)).toBe(tax));
});

describe.each([
  { kawin: 'KAWIN', status: 'K/0' },
  { kawin: 'BELUM KAWIN', status: 'TK/0' },
  { kawin: 'BERCERAI', status: 'TK/0' },
  { kawin: null, status: 'TK/0' },
])('PTKP status from the marital status $kawin', ({ kawin, status }) => {
  it(status, () => expect(statusTaxExemption(kawin)).toBe(status));
});
