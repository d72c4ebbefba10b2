// @template year — the demo year's BP21 slips as Coretax bulk-import XML
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withholderMessages } from '../../src/lib/schemas/withholder';
import { GET as coretaxRoute } from '../../src/pages/admin/keuangan/pajak/coretax';
import PajakPage from '../../src/pages/admin/keuangan/pajak.astro';
import { pajakCommand } from '../../src/server/commands/pajak';
import { getDb, selectRows } from '../../src/server/db/client';
import { DEMO_OPERATOR_PASSWORD } from '../../src/server/db/seed/operators';
import { closeFinishedDays } from '../../src/server/services/bonus/close-days';
import { refundOrder } from '../../src/server/services/order/refund-order';
import { exportCoretaxXml } from '../../src/server/services/tax/export-coretax-xml';
import { getWithholder } from '../../src/server/services/tax/get-withholder';
import { updateWithholder, WITHHOLDER_SAVED } from '../../src/server/services/tax/update-withholder';
import { validateBp21Bulk } from '../coretax-xsd';
import { createContainer } from './container';
import { jakartaDay, noonOf } from './ledger-helpers';
import { callRoute } from './route-harness';

const KARTIKA = { id: null, nama: 'Kartika Uji', role: 'KEUANGAN' } as const;
const GILANG = { id: 2, nama: 'Gilang Gudang', role: 'GUDANG' } as const;

const values = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]!);
/** What Coretax withholds for a file, read from the file alone: Σ floor(Gross × Deemed% × Rate%). */
const taxInFile = (xml: string) => {
  const gross = values(xml, 'Gross').map(Number);
  const deemed = values(xml, 'Deemed').map(Number);
  const rate = values(xml, 'Rate').map(Number);
  return gross.reduce((sum, g, i) => sum + Math.floor((g * deemed[i]! * rate[i]!) / 10_000), 0);
};
/** The PPh 21 withheld per tax month in the ledger (a reversal counts in the month of the bonus it reverses). */
const ledgerMonths = async () =>
  selectRows<{ tahun: number; masa: number; pph: number; bruto: number }>(
    await getDb(),
    sql`
  select extract(year from coalesce(o.tanggal, b.tanggal))::int as tahun, extract(month from coalesce(o.tanggal, b.tanggal))::int as masa,
    sum(b.pot_pph)::bigint::int as pph, sum(b.bonus_bruto)::bigint::int as bruto
  from bonuses b left join bonuses o on o.id = b.reverses_id group by 1, 2 order by 1, 2`,
  );
const slipMonths = async () =>
  selectRows<{ tahun: number; masa: number }>(await getDb(), sql`select distinct tahun, masa from bukti_potong order by 1, 2`);
const audits = async (action: string) =>
  selectRows<{ operator_nama: string; object: string; before: unknown; after: unknown }>(
    await getDb(),
    sql`
  select operator_nama, object, before, after from audit_log where action = ${action} order by id`,
  );
const consoleCall = (url: string, operator: object) =>
  ({
    url: new URL(`http://portal.test${url}`),
    params: {},
    locals: { operator },
    request: new Request(`http://portal.test${url}`),
  }) as never;
const download = (url: string, operator: object = KARTIKA) =>
  (coretaxRoute as (ctx: never) => Promise<Response>)(consoleCall(url, operator));
async function renderPajak(query: string, body?: Record<string, string>) {
  const url = `http://portal.test/admin/keuangan/pajak?${query}`;
  const request = body
    ? new Request(url, {
        method: 'POST',
        body: new URLSearchParams(body).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://portal.test' },
      })
    : new Request(url);
  const response = await (await createContainer()).renderToResponse(PajakPage, { locals: { operator: KARTIKA } as never, request });
  return { status: response.status, html: await response.text() };
}

describe('Coretax BP21 XML of the demo year', () => {
  it('every finished month exports a file valid against the schema, one Bp21 per member’s slip, whose tax equals the PPh withheld in the ledger', async () => {
    const months = await slipMonths();
    expect(months.length).toBeGreaterThanOrEqual(11);
    const ledger = new Map((await ledgerMonths()).map((m) => [`${m.tahun}-${m.masa}`, m]));
    const db = await getDb();
    for (const { tahun, masa } of months) {
      const file = await exportCoretaxXml(tahun, masa);
      expect(await validateBp21Bulk(file.xml), `${masa}/${tahun}`).toEqual({ valid: true, errors: [] });
      const members = await selectRows<{ n: number }>(
        db,
        sql`select count(distinct member_id)::int as n from bukti_potong where tahun = ${tahun} and masa = ${masa}`,
      );
      expect(values(file.xml, 'DocumentNumber')).toHaveLength(members[0]!.n);
      expect(values(file.xml, 'TIN')).toEqual(['0012345678901000']);
      expect(new Set(values(file.xml, 'TaxPeriodMonth'))).toEqual(new Set([String(masa)]));
      expect(new Set(values(file.xml, 'TaxPeriodYear'))).toEqual(new Set([String(tahun)]));
      const month = ledger.get(`${tahun}-${masa}`)!;
      expect(
        values(file.xml, 'Gross').reduce((s, g) => s + Number(g), 0),
        `bruto ${masa}/${tahun}`,
      ).toBe(month.bruto);
      expect(taxInFile(file.xml), `PPh ${masa}/${tahun}`).toBe(month.pph);
      expect(file.total_pph).toBe(month.pph);
      expect(file.selisih).toEqual([]);
    }
  });

  it('each recipient is named by the NPWP on the slip (16 digits) or else the NIK, with the ID TKU built from it', async () => {
    const [{ tahun, masa }] = (await slipMonths()).slice(-1) as [{ tahun: number; masa: number }];
    const slips = await selectRows<{ nomor: string; npwp: string | null; nik: string }>(
      await getDb(),
      sql`
      select nomor, npwp, nik from bukti_potong where tahun = ${tahun} and masa = ${masa} order by nomor`,
    );
    const xml = (await exportCoretaxXml(tahun, masa)).xml;
    expect(values(xml, 'DocumentNumber')).toEqual(slips.map((s) => s.nomor));
    const tins = slips.map((s) => (s.npwp ? s.npwp.padStart(16, '0') : s.nik));
    expect(values(xml, 'CounterpartTin')).toEqual(tins);
    expect(values(xml, 'IDPlaceOfBusinessActivityOfIncomeRecipient')).toEqual(tins.map((t) => `${t}000000`));
    expect(values(xml, 'Rate')).toEqual(slips.map((s) => (s.npwp ? '5' : '6')));
    expect(slips.some((s) => s.npwp) && slips.some((s) => !s.npwp)).toBe(true);
  });

  it('the CLI writes the same file with --format xml; CSV stays the default; a bad format is refused', async () => {
    const [{ tahun, masa }] = (await slipMonths()).slice(-1) as [{ tahun: number; masa: number }];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coretax-'));
    const out = path.join(dir, 'bp21.xml');
    const said = await pajakCommand('ekspor', [String(tahun), String(masa), '--format', 'xml', '--out', out]);
    expect(fs.readFileSync(out, 'utf8')).toBe((await exportCoretaxXml(tahun, masa)).xml);
    expect(said).toMatch(
      new RegExp(`^\\d+ bukti potong masa ${masa}/${tahun} untuk Coretax; bruto Rp [\\d.]+, PPh 21 Rp [\\d.]+\nXML: ${out}$`),
    );
    const csv = path.join(dir, 'bp21.csv');
    await pajakCommand('ekspor', [String(tahun), String(masa), '--out', csv]);
    expect(fs.readFileSync(csv, 'utf8').split('\r\n')[0]).toMatch(/^nomor,status,pembetulan_ke,/);
    await expect(pajakCommand('ekspor', [String(tahun), String(masa), '--format', 'pdf'])).rejects.toThrow(/^Penggunaan: /);
    fs.rmSync(dir, { recursive: true });
  });

  it('the CLI beside a running server gets the same file from GET /admin/api/pajak-ekspor with a KEUANGAN token, audited; GUDANG is refused', async () => {
    const [{ tahun, masa }] = (await slipMonths()).slice(-1) as [{ tahun: number; masa: number }];
    const token = async (username: string, clientAddress: string) =>
      (
        (await callRoute('/admin/api/token', 'POST', { body: { username, password: DEMO_OPERATOR_PASSWORD }, clientAddress })).json!
          .result as { token: string }
      ).token;
    const keuangan = await token('keuangan', '198.51.100.31');
    const query = { tahun: String(tahun), masa: String(masa), format: 'xml' };
    const xml = await callRoute('/admin/api/pajak-ekspor', 'GET', { bearer: keuangan, query });
    expect(xml.status).toBe(200);
    const expected = await exportCoretaxXml(tahun, masa);
    expect(xml.json).toMatchObject({ success: true, result: { format: 'xml', file: expected.xml } });
    expect(xml.json!.message).toMatch(new RegExp(`^${expected.jumlah_bukti} bukti potong masa ${masa}/${tahun} untuk Coretax`));
    const csv = await callRoute('/admin/api/pajak-ekspor', 'GET', { bearer: keuangan, query: { ...query, format: 'csv' } });
    expect((csv.json!.result as { file: string }).file.split('\r\n')[0]).toMatch(/^nomor,status,/);
    expect((await callRoute('/admin/api/pajak-ekspor', 'GET', { bearer: keuangan, query: { ...query, format: 'pdf' } })).status).toBe(400);
    expect((await callRoute('/admin/api/pajak-ekspor', 'GET', { bearer: await token('gudang', '198.51.100.32'), query })).status).toBe(403);
    expect((await audits('pajak:ekspor-coretax')).map((a) => a.operator_nama)).toEqual(['Kartika Keuangan']);
    expect((await audits('pajak:ekspor')).map((a) => a.operator_nama)).toEqual(['Kartika Keuangan']);
  });

  it('the console download is KEUANGAN’s, audited; another role is refused; a month without slips is refused in Indonesian', async () => {
    const [{ tahun, masa }] = (await slipMonths()).slice(-1) as [{ tahun: number; masa: number }];
    const earlier = (await audits('pajak:ekspor-coretax')).length;
    const ok = await download(`/admin/keuangan/pajak/coretax?tahun=${tahun}&masa=${masa}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(ok.headers.get('content-disposition')).toBe(`attachment; filename="bp21-coretax-${tahun}-${String(masa).padStart(2, '0')}.xml"`);
    expect((await validateBp21Bulk(await ok.text())).valid).toBe(true);
    expect((await audits('pajak:ekspor-coretax')).slice(earlier)).toMatchObject([
      { operator_nama: 'Kartika Uji', object: `masa:${tahun}-${String(masa).padStart(2, '0')}` },
    ]);

    const refused = await download(`/admin/keuangan/pajak/coretax?tahun=${tahun}&masa=${masa}`, GILANG);
    expect(refused.status).toBe(403);
    const empty = await download('/admin/keuangan/pajak/coretax?tahun=2020&masa=1');
    expect(empty.status).toBe(404);
    expect(await empty.text()).toBe('Belum ada bukti potong untuk masa 1/2020; XML Coretax dibuat dari bukti potong yang sudah terbit');
    expect(await audits('pajak:ekspor-coretax')).toHaveLength(earlier + 1);

    const page = await renderPajak(`tahun=${tahun}&masa=${masa}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`href="/admin/keuangan/pajak/coretax?tahun=${tahun}&amp;masa=${masa}"`);
    expect(page.html).toContain(`Unduh XML Coretax (masa ${masa}/${tahun})`);
    expect((await renderPajak('tahun=2020&masa=1')).html).not.toContain('Unduh XML Coretax');
  });

  it('a slip Coretax would refuse stops the export with the members named; the page lists them instead of the download; a NIK entered later completes it', async () => {
    const [{ tahun, masa }] = (await slipMonths()).slice(-1) as [{ tahun: number; masa: number }];
    const db = await getDb();
    const [a, b] = await selectRows<{ id: number; member_id: number; nomor: string; id_member: string; nama: string }>(
      db,
      sql`
      select s.id::int as id, s.member_id::int as member_id, s.nomor, m.id_member, s.nama from bukti_potong s join members m on m.id = s.member_id
      where s.tahun = ${tahun} and s.masa = ${masa} order by s.nomor limit 2`,
    );
    // A slip issued to a member with no number on file, and one whose stored NPWP is malformed (data from before the checks).
    await db.execute(sql`update bukti_potong set npwp = null, nik = null where id = ${a!.id}`);
    await db.execute(sql`update members set nomor_identitas = null where id = ${a!.member_id}`);
    await db.execute(sql`update bukti_potong set npwp = '09.000.000.0-000' where id = ${b!.id}`);
    const before = (await audits('pajak:ekspor-coretax')).length;

    const error = await exportCoretaxXml(tahun, masa).catch((e: Error) => e);
    expect(error).toMatchObject({ code: 'BAD_INPUT' });
    expect((error as Error).message.split('\n')).toEqual([
      `XML Coretax masa ${masa}/${tahun} tidak dibuat; lengkapi dulu data pajak member berikut:`,
      `- ${a!.id_member} ${a!.nama} (${a!.nomor}): tidak punya NPWP maupun NIK`,
      `- ${b!.id_member} ${b!.nama} (${b!.nomor}): NPWP 09.000.000.0-000 bukan 15–16 digit angka`,
    ]);
    const answer = await download(`/admin/keuangan/pajak/coretax?tahun=${tahun}&masa=${masa}`);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toBe((error as Error).message);
    expect(await audits('pajak:ekspor-coretax')).toHaveLength(before);
    const page = await renderPajak(`tahun=${tahun}&masa=${masa}`);
    expect(page.html).not.toContain('Unduh XML Coretax');
    expect(page.html).toContain(`${a!.id_member} · ${a!.nama} (${a!.nomor}): tidak punya NPWP maupun NIK`);

    await db.execute(sql`update members set nomor_identitas = '3578014101900007' where id = ${a!.member_id}`);
    await db.execute(sql`update bukti_potong set npwp = '090000000000009' where id = ${b!.id}`);
    const xml = (await exportCoretaxXml(tahun, masa)).xml;
    expect(values(xml, 'CounterpartTin').slice(0, 2)).toEqual(['3578014101900007', '0090000000000009']);

    // A slip whose withholding Coretax's Gross × 50% × Rate does not reproduce (rows of two rates in one month) is exported, and flagged.
    await db.execute(sql`update bukti_potong set pph = pph + 7 where id = ${a!.id}`);
    const flagged = await exportCoretaxXml(tahun, masa);
    expect(flagged.selisih).toEqual([
      { nomor: a!.nomor, id_member: a!.id_member, pph: expect.any(Number), pph_coretax: expect.any(Number) },
    ]);
    expect(flagged.selisih[0]!.pph - flagged.selisih[0]!.pph_coretax).toBe(7);
    expect((await renderPajak(`tahun=${tahun}&masa=${masa}`)).html).toContain(`${a!.nomor} (${a!.id_member}): dipotong`);
    expect(
      await pajakCommand('ekspor', [
        String(tahun),
        String(masa),
        '--format',
        'xml',
        '--out',
        path.join(os.tmpdir(), `coretax-${process.pid}.xml`),
      ]),
    ).toContain(`Perhatian: ${a!.nomor} (${a!.id_member}) PPh tersimpan`);
    await db.execute(sql`update bukti_potong set pph = pph - 7 where id = ${a!.id}`);
    fs.rmSync(path.join(os.tmpdir(), `coretax-${process.pid}.xml`));
  });

  it('a refund after the month closed: the file carries the Pembetulan slip instead of the one it corrects (or, when the refund took all of the month, neither), and still equals the ledger', async () => {
    const [{ tahun, masa }] = (await slipMonths()).slice(-1) as [{ tahun: number; masa: number }];
    const db = await getDb();
    const [order] = await selectRows<{ no_order: string; sponsor_id: number }>(
      db,
      sql`
      select o.no_order, m.sponsor_id::int as sponsor_id from orders o join members m on m.id = o.new_member_id
      join bukti_potong s on s.member_id = m.sponsor_id and s.tahun = ${tahun} and s.masa = ${masa}
      where o.jenis_order = 'reg' and extract(year from o.tanggal_bonus) = ${tahun} and extract(month from o.tanggal_bonus) = ${masa}
        and o.refunded_at is null order by o.id limit 1`,
    );
    const [normal] = await selectRows<{ nomor: string }>(
      db,
      sql`select nomor from bukti_potong where member_id = ${order!.sponsor_id} and tahun = ${tahun} and masa = ${masa}`,
    );
    await refundOrder(order!.no_order, { alasan: 'Uji pembetulan Coretax', admin: 'Rina' });
    await closeFinishedDays(jakartaDay(), jakartaDay(), { now: noonOf(jakartaDay(1)) });
    const [pembetulan] = await selectRows<{ nomor: string; bruto: string }>(
      db,
      sql`
      select nomor, bruto::text as bruto from bukti_potong where member_id = ${order!.sponsor_id} and tahun = ${tahun} and masa = ${masa} and status = 'PEMBETULAN'`,
    );
    expect(pembetulan).toBeDefined();

    const file = await exportCoretaxXml(tahun, masa);
    const replaced = { nomor: pembetulan!.nomor, mengganti_nomor: normal!.nomor };
    expect(values(file.xml, 'DocumentNumber')).not.toContain(normal!.nomor);
    // Which case the demo data gives depends on the sponsor's other income that month; each is checked whole.
    if (Number(pembetulan!.bruto) > 0) {
      expect(values(file.xml, 'DocumentNumber')).toContain(pembetulan!.nomor);
      expect(file.pembetulan).toContainEqual(expect.objectContaining(replaced));
    } else {
      expect(values(file.xml, 'DocumentNumber')).not.toContain(pembetulan!.nomor);
      expect(file.pembatalan).toContainEqual(expect.objectContaining(replaced));
    }
    const month = (await ledgerMonths()).find((m) => m.tahun === tahun && m.masa === masa)!;
    expect(taxInFile(file.xml)).toBe(month.pph);
    expect((await validateBp21Bulk(file.xml)).errors).toEqual([]);
  });

  it('a Pembetulan that brings a month to a gross of 0 stays out of the file (Coretax refuses Gross 0): listed to cancel the slip it replaces, in the console and the CLI', async () => {
    const [{ tahun, masa }] = (await slipMonths()).slice(-1) as [{ tahun: number; masa: number }];
    const db = await getDb();
    // The slip a refund of all of that member's month would issue (issueMonthSlips: a Pembetulan of bruto 0).
    const [slip] = await selectRows<{ id: number; nomor: string; member_id: number; pembetulan_ke: number }>(
      db,
      sql`select s.id::int as id, s.nomor, s.member_id::int as member_id, s.pembetulan_ke from bukti_potong s
      where s.tahun = ${tahun} and s.masa = ${masa} and s.bruto > 0
        and not exists (select 1 from bukti_potong l where l.member_id = s.member_id and l.tahun = s.tahun and l.masa = s.masa and l.pembetulan_ke > s.pembetulan_ke)
      order by s.id limit 1`,
    );
    const nomor = `BP21-${tahun}-UJI${slip!.id}`;
    await db.execute(sql`insert into bukti_potong (nomor, member_id, tahun, masa, status, pembetulan_ke, mengganti_id, npwp, nik, nama,
        kode_objek_pajak, bruto, dpp, tarif, pph, tanggal_potong, pemotong_npwp, pemotong_nama)
      select ${nomor}, member_id, tahun, masa, 'PEMBETULAN', pembetulan_ke + 1, id, npwp, nik, nama, kode_objek_pajak, 0, 0, tarif, 0,
        tanggal_potong, pemotong_npwp, pemotong_nama from bukti_potong where id = ${slip!.id}`);
    try {
      const file = await exportCoretaxXml(tahun, masa);
      expect(values(file.xml, 'DocumentNumber')).not.toContain(nomor);
      expect(values(file.xml, 'DocumentNumber')).not.toContain(slip!.nomor);
      expect(values(file.xml, 'Gross').every((g) => Number(g) > 0)).toBe(true);
      expect(file.pembatalan).toContainEqual(expect.objectContaining({ nomor, mengganti_nomor: slip!.nomor }));
      expect((await validateBp21Bulk(file.xml)).errors).toEqual([]);
      const month = (await ledgerMonths()).find((m) => m.tahun === tahun && m.masa === masa)!;
      expect(file.jumlah_bukti).toBe(values(file.xml, 'DocumentNumber').length);
      expect(taxInFile(file.xml)).toBe(file.total_pph);
      expect(month).toBeDefined();
      const out = path.join(os.tmpdir(), `coretax-batal-${process.pid}.xml`);
      expect(await pajakCommand('ekspor', [String(tahun), String(masa), '--format', 'xml', '--out', out])).toContain(
        `Pembetulan ${nomor} (`,
      );
      fs.rmSync(out, { force: true });
      const page = await renderPajak(`tahun=${tahun}&masa=${masa}`);
      expect(page.html).toContain(`${nomor} (`);
      expect(page.html).toContain(`mengganti ${slip!.nomor}`);
    } finally {
      await db.execute(sql`delete from bukti_potong where nomor = ${nomor}`);
    }
  });
});

describe('the withholder (Data pemotong): KEUANGAN edits it, one schema, audited', () => {
  it('refuses another role and bad numbers without change; saves a valid one with its audit row; the file and new slips use it, issued slips keep theirs', async () => {
    const before = await getWithholder();
    const next = { npwp: '0987654321012000', id_tku: '0987654321012000000000', nama: 'PT Contoh Sejahtera', penandatangan: 'Dewi Lestari' };
    await expect(updateWithholder(GILANG, next)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // A bad NPWP is named on its own field only (the ID TKU is not also said to mismatch it).
    await expect(updateWithholder(KARTIKA, { ...next, npwp: '0987654321' })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      fields: { npwp: withholderMessages.npwp },
    });
    expect(
      await updateWithholder(KARTIKA, { ...next, npwp: '0987654321' }).catch((e: { fields: object }) => Object.keys(e.fields)),
    ).toEqual(['npwp']);
    await expect(updateWithholder(KARTIKA, { ...next, id_tku: '1111111111111111000000' })).rejects.toMatchObject({
      fields: { id_tku: withholderMessages.idTkuOfNpwp },
    });
    await expect(updateWithholder(KARTIKA, { ...next, penandatangan: '  ' })).rejects.toMatchObject({
      fields: { penandatangan: withholderMessages.penandatangan },
    });
    expect(await getWithholder()).toEqual(before);
    expect(await audits('setting:update')).toEqual([]);

    // The page's form: the refusal next to its field, then a save with spaces and dots typed in the NPWP.
    const refused = await renderPajak('', { action: 'pemotong', ...next, npwp: '12' });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain(withholderMessages.npwp);
    expect(refused.html).toContain('value="12"');
    const saved = await renderPajak('', { action: 'pemotong', ...next, npwp: '0987.6543.2101.2000' });
    expect(saved.status).toBe(200);
    expect(saved.html).toContain(WITHHOLDER_SAVED);
    expect(await getWithholder()).toEqual(next);
    expect(await audits('setting:update')).toMatchObject([
      { operator_nama: 'Kartika Uji', object: 'setting:pemotong', before, after: next },
    ]);
    expect(await updateWithholder(KARTIKA, next)).toEqual({ message: 'Tidak ada perubahan', changed: false });

    const [{ tahun, masa }] = (await slipMonths()).slice(-1) as [{ tahun: number; masa: number }];
    const xml = (await exportCoretaxXml(tahun, masa)).xml;
    expect(values(xml, 'TIN')).toEqual([next.npwp]);
    expect(new Set(values(xml, 'IDPlaceOfBusinessActivity'))).toEqual(new Set([next.id_tku]));
    const issued = await selectRows<{ pemotong_npwp: string }>(await getDb(), sql`select distinct pemotong_npwp from bukti_potong`);
    expect(issued).toEqual([{ pemotong_npwp: before.npwp }]);
  });
});
