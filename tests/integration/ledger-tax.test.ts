// @template year — the demo year's bonuses and PPh 21

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, selectRows } from '../../src/server/db/client';
import { buktiPotongPdf } from '../../src/server/integrations/pdf/bukti-potong';
import type { SessionMember } from '../../src/server/services/auth/session-member';
import { closeDay } from '../../src/server/services/bonus/close-day';
import { closeFinishedDays } from '../../src/server/services/bonus/close-days';
import { findTaxRow } from '../../src/server/services/bonus/tax-slips';
import { refundOrder } from '../../src/server/services/order/refund-order';
import { exportTaxMonth } from '../../src/server/services/tax/export-tax-month';
import { issueTaxSlips } from '../../src/server/services/tax/issue-tax-slips';
import { verifyTaxNumber } from '../../src/server/services/tax/npwp-status';
import { pdfText } from '../pdf-text';
import { at, bonusesOf, jakartaDay, memberIdOf, noonOf, registerPaid } from './ledger-helpers';

const dayAfter = (d: string, n = 1) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const previousMonth = () => {
  const first = `${jakartaDay().slice(0, 8)}01`;
  const last = dayAfter(first, -1);
  return { tahun: Number(last.slice(0, 4)), masa: Number(last.slice(5, 7)), first: `${last.slice(0, 8)}01`, last };
};
type Slip = {
  id: number;
  nomor: string;
  member_id: number;
  tahun: number;
  masa: number;
  status: string;
  pembetulan_ke: number;
  mengganti_id: number | null;
  npwp: string | null;
  bruto: number;
  pph: number;
  tarif: string;
  tanggal_potong: string;
};
const slips = async (where = sql`true`) =>
  selectRows<Slip>(
    await getDb(),
    sql`
  select id::int as id, nomor, member_id::int as member_id, tahun, masa, status, pembetulan_ke, mengganti_id::int as mengganti_id, npwp,
    bruto::int as bruto, pph::int as pph, tarif, tanggal_potong::text as tanggal_potong
  from bukti_potong where ${where} order by id`,
  );

describe('BP21 slips: issued once after the month’s last closing, stored, numbered, corrected by Pembetulan', () => {
  it('the demo’s finished months have stored slips numbered in sequence per year; none for the running month, none dated in the future', async () => {
    const all = await slips();
    expect(all.length).toBeGreaterThan(50);
    for (const year of new Set(all.map((s) => s.tahun))) {
      const numbers = all
        .filter((s) => s.tahun === year)
        .map((s) => s.nomor)
        .sort();
      expect(numbers).toEqual(numbers.map((_, i) => `BP21-${year}-${String(i + 1).padStart(7, '0')}`));
    }
    const today = jakartaDay();
    expect(all.filter((s) => s.tanggal_potong > today || `${s.tahun}-${String(s.masa).padStart(2, '0')}` === today.slice(0, 7))).toEqual(
      [],
    );
    expect(all.every((s) => s.status === 'NORMAL' && (s.npwp ? s.tarif === '5' : s.tarif === '6'))).toBe(true);
    await expect(issueTaxSlips(Number(today.slice(0, 4)), Number(today.slice(5, 7)))).rejects.toMatchObject({ code: 'BAD_INPUT' });
    const { tahun, masa } = previousMonth();
    expect(await issueTaxSlips(tahun, masa)).toBe(0);
    expect(await slips()).toEqual(all);

    const [owner] = await selectRows<{ id: number }>(
      await getDb(),
      sql`select member_id::int as id from bukti_potong where tahun = ${tahun} and masa = ${masa} order by id limit 1`,
    );
    const row = await findTaxRow({ id: owner!.id } as SessionMember, `${tahun}-${String(masa).padStart(2, '0')}`);
    const text = pdfText(await buktiPotongPdf(row, { nama: 'x', npwp: 'y' }));
    expect(text).toContain('Sifat: Tidak Final');
    expect(text).toContain('Status: Normal');
    expect(text).toMatch(new RegExp(`Tanggal pemotongan: ${Number(previousMonth().last.slice(8))} [A-Z][a-z]+ ${tahun}`));
  });

  it('a refund that changes a closed month issues a Pembetulan slip referring to the Normal one; the export lists both and the total to deposit', async () => {
    const { tahun, masa, first, last } = previousMonth();
    const [order] = await selectRows<{ no_order: string; sponsor_id: number }>(
      await getDb(),
      sql`
      select o.no_order, m.sponsor_id::int as sponsor_id from orders o join members m on m.id = o.new_member_id
      join bukti_potong s on s.member_id = m.sponsor_id and s.tahun = ${tahun} and s.masa = ${masa}
      where o.jenis_order = 'reg' and o.tanggal_bonus between ${first}::date and ${last}::date order by o.id limit 1`,
    );
    const [normal] = await slips(sql`member_id = ${order!.sponsor_id} and tahun = ${tahun} and masa = ${masa}`);
    await refundOrder(order!.no_order, { alasan: 'Uji pembetulan', admin: 'Rina' });
    await closeFinishedDays(jakartaDay(), jakartaDay(), { now: noonOf(jakartaDay(1)) });

    const both = await slips(sql`member_id = ${order!.sponsor_id} and tahun = ${tahun} and masa = ${masa}`);
    expect(both[0]).toEqual(normal);
    expect(both[1]).toMatchObject({ status: 'PEMBETULAN', pembetulan_ke: 1, mengganti_id: normal!.id });
    expect(both[1]!.bruto).toBeLessThan(normal!.bruto);
    expect(both[1]!.pph).toBeLessThan(normal!.pph);

    const exported = await exportTaxMonth(tahun, masa);
    const lines = exported.csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'nomor,status,pembetulan_ke,mengganti_nomor,masa_pajak,tahun_pajak,sifat,npwp,nik,nama,kode_objek_pajak,bruto,dpp,tarif,pph,tanggal_potong,pemotong_npwp,pemotong_nama',
    );
    expect(lines.find((l) => l.startsWith(`${both[1]!.nomor},PEMBETULAN,1,${normal!.nomor},${masa},${tahun},Tidak Final,`))).toBeTruthy();
    const latest = await selectRows<{ pph: number }>(
      await getDb(),
      sql`
      select distinct on (member_id) pph::int as pph from bukti_potong where tahun = ${tahun} and masa = ${masa} order by member_id, pembetulan_ke desc`,
    );
    expect(exported.total_setor).toBe(latest.reduce((s, r) => s + r.pph, 0));
    expect(exported.jumlah_bukti).toBe(lines.length - 1);
  });
});

describe('NPWP status is a dated history', () => {
  it('an operator’s verification after this month’s bonus counts from the 1st of next month; the closing uses the status on the bonus date', async () => {
    const month = jakartaDay(300).slice(0, 8);
    const [d1, d2] = [`${month}10`, `${month}11`];
    const nextFirst = `${dayAfter(`${month}28`, 5).slice(0, 8)}01`;
    const sponsor = await registerPaid(await memberIdOf('demobronze'), 'L', 'SILVER', at(dayAfter(d1, -1), '09:00'));
    await (await getDb()).execute(
      sql`update members set npwp = '092542943407123', id_member = ${`UJI${sponsor.id}`} where id = ${sponsor.id}`,
    );
    await closeDay(dayAfter(d1, -1));
    const sponsorPph = async (day: string) => (await bonusesOf(sponsor.id, day)).find((b) => b.jenis_bonus === 'SPONSOR')!.pot_pph;

    await registerPaid(sponsor.id, 'L', 'PLATINUM', at(d1, '10:00'));
    await closeDay(d1);
    expect(await sponsorPph(d1)).toBe(12_000);
    expect(await verifyTaxNumber(`UJI${sponsor.id}`, { jenis: 'NPWP', admin: 'Rina (Pajak)', now: noonOf(d1) })).toEqual({
      berlaku_sejak: nextFirst,
      nomor: '092542943407123',
    });

    await registerPaid(sponsor.id, 'R', 'PLATINUM', at(d2, '10:00'));
    await closeDay(d2);
    expect(await sponsorPph(d2)).toBe(12_000);
    await registerPaid(sponsor.id, 'L', 'PLATINUM', at(nextFirst, '10:00'));
    await closeDay(nextFirst);
    expect(await sponsorPph(nextFirst)).toBe(10_000);
  });

  it('without a bonus this month the verification counts at once; an unknown member or a missing number changes nothing', async () => {
    const member = await registerPaid(await memberIdOf('demostokis'), 'R', 'BRONZE', at(jakartaDay(400), '09:00'));
    await (await getDb()).execute(
      sql`update members set id_member = ${`UJI${member.id}`}, nomor_identitas = '3578010101900001' where id = ${member.id}`,
    );
    await expect(verifyTaxNumber(`UJI${member.id}`, { jenis: 'NPWP', admin: 'Rina' })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'Member belum mengisi NPWP',
    });
    await expect(verifyTaxNumber('TIDAKADA', { jenis: 'NIK', admin: 'Rina' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const now = noonOf(jakartaDay(401));
    expect(await verifyTaxNumber(`UJI${member.id}`, { jenis: 'NIK', admin: 'Rina', now })).toEqual({
      berlaku_sejak: jakartaDay(401),
      nomor: '3578010101900001',
    });
  });
});
