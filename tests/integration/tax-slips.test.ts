// @template year — the demo year's bonuses

import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { getDb, selectRows } from '../../src/server/db/client';
import { buktiPotongPdf } from '../../src/server/integrations/pdf/bukti-potong';
import { findTaxRow, listTaxRows } from '../../src/server/services/bonus/tax-slips';
import { pdfText } from '../pdf-text';
import { sessionOf } from './helpers';

describe('PPh report and withholding slips', () => {
  it('one slip per finished tax month with the month’s gross, 50% DPP and the tax the closing withheld; none for the running month', async () => {
    const me = await sessionOf('demosilver');
    const db = await getDb();
    const [last] = await selectRows<{ y: number }>(
      db,
      sql`select extract(year from max(tanggal))::int as y from bonuses where member_id = ${me.id}`,
    );
    const rows = await listTaxRows(me, last!.y);
    const running = `${new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 8)}01`;
    const [sum] = await selectRows<{ bruto: string; pph: string }>(
      db,
      sql`
      select sum(bonus_bruto)::text as bruto, sum(pot_pph)::text as pph from bonuses where member_id = ${me.id} and extract(year from tanggal) = ${last!.y}
        and tanggal < ${running}::date`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.every(
        (r) =>
          `${r.tahun_pajak}-${String(r.masa_pajak).padStart(2, '0')}-01` < running && r.status === 'Normal' && r.sifat === 'Tidak Final',
      ),
    ).toBe(true);
    expect(rows.reduce((s, r) => s + r.jumlah_bruto, 0)).toBe(Number(sum!.bruto));
    expect(rows.reduce((s, r) => s + r.jumlah_pph, 0)).toBe(Number(sum!.pph));
    expect(rows.every((r) => r.kode_pajak === '21-100-04' && r.jumlah_dpp === Math.floor(r.jumlah_bruto / 2))).toBe(true);
    // One month, and one correction of it: only those slips.
    const month = rows[0]!.masa_pajak;
    const ofMonth = await listTaxRows(me, last!.y, month);
    expect(ofMonth.map((r) => r.id)).toEqual(rows.filter((r) => r.masa_pajak === month).map((r) => r.id));
    expect((await listTaxRows(me, last!.y, month, 0)).map((r) => r.pembetulan)).toEqual([0]);
    expect(await listTaxRows(me, last!.y, month, 9)).toEqual([]);
    const slip = await buktiPotongPdf(rows[0]!, { nama: 'PT Uji', npwp: '001' });
    const pdf = await PDFDocument.load(slip);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`Bukti Potong PPh 21 ${rows[0]!.no_bukti} Demo Silver`);
    const text = pdfText(slip);
    expect(text).toContain('Nama: Demo Silver');
    expect(text).toContain(`Nomor: ${rows[0]!.no_bukti}`);
    expect(text).toContain('Kode Objek Pajak: 21-100-04');
  });

  it('another member’s or an unknown slip answers as not found', async () => {
    const me = await sessionOf('demostokis');
    await expect(findTaxRow(me, '1999-01')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(findTaxRow(me, '../etc')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
