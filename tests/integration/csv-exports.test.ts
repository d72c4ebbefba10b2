// @template year — needs the demo year (paid orders, closed bonuses)

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as batchDownload } from '../../src/pages/admin/keuangan/batch/[no]';
import { GET as taxExport } from '../../src/pages/admin/keuangan/pajak/ekspor';
import { getDb, selectRows } from '../../src/server/db/client';
import { exportPayoutBatch } from '../../src/server/services/bonus/export-payout-batch';
import { listUnpaidBonuses, requestPayout } from '../../src/server/services/bonus/payouts';
import { memberId, memberWithUnpaidBonuses, sessionOf } from './helpers';
import { callRoute } from './route-harness';

/**
 * Issue #21: the formula guard was in one CSV export of three. Every export goes through one
 * writer (src/server/csv.ts); here each export's route with a name a spreadsheet would run.
 */

const KEUANGAN = { id: null, nama: 'Kartika Uji', role: 'KEUANGAN' } as const;
const consoleCall = (path: string, params: Record<string, string> = {}) =>
  ({
    url: new URL(`http://portal.test${path}`),
    params,
    locals: { operator: KEUANGAN },
    request: new Request(`http://portal.test${path}`),
  }) as never;

describe('CSV exports defuse spreadsheet formulas', () => {
  it('the withholder’s tax CSV (/admin/keuangan/pajak/ekspor)', async () => {
    const db = await getDb();
    const [slip] = await selectRows<{ id: number; tahun: number; masa: number }>(
      db,
      sql`
      select id::int as id, tahun, masa from bukti_potong order by tahun desc, masa desc, id limit 1`,
    );
    await db.execute(sql`update bukti_potong set nama = '=HYPERLINK("http://evil.example","klik")' where id = ${slip!.id}`);
    const response = await (taxExport as (ctx: never) => Promise<Response>)(
      consoleCall(`/admin/keuangan/pajak/ekspor?tahun=${slip!.tahun}&masa=${slip!.masa}`),
    );
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""klik"")"`);
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('the bank bulk-transfer batch (/admin/keuangan/batch/<no>)', async () => {
    const me = await sessionOf(await memberWithUnpaidBonuses());
    await requestPayout(
      me,
      (await listUnpaidBonuses(me)).map((b) => b.public_id),
    );
    const db = await getDb();
    const [payout] = await selectRows<{ no: string }>(db, sql`select no from payouts where member_id = ${me.id} order by id desc limit 1`);
    await db.execute(sql`update payouts set nama_rekening = '@SUM(A1:A9)' where no = ${payout!.no}`);
    const batch = await exportPayoutBatch([payout!.no], KEUANGAN);
    const response = await (batchDownload as (ctx: never) => Promise<Response>)(
      consoleCall(`/admin/keuangan/batch/${batch.no}`, { no: batch.no }),
    );
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain(`,'@SUM(A1:A9),`);
  });

  it('the member’s downline report (/member/reports/downline-report?exportcsv=true)', async () => {
    const db = await getDb();
    await db.execute(sql`update members set nama = ${'\t=1+1'} where id_member = ${memberId(10)}`);
    const me = await sessionOf('demoplatinum');
    const result = await callRoute('/member/reports/downline-report', 'GET', { query: { exportcsv: 'true' }, bearer: me.token });
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toContain('text/csv');
    const line = result.text.split('\r\n').find((l) => new RegExp(`^[^,]*,[^,]*,"?${memberId(10)}"?,`).test(l));
    expect(line).toContain(`'\t=1+1`);
  });
});
