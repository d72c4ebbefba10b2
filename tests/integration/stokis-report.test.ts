// @template year — the stockist's invoices of the demo year

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { StokisReportQuerySchema } from '../../src/lib/schemas/stokis';
import { getDb, selectRows } from '../../src/server/db/client';
import { resolveSession } from '../../src/server/services/auth/sessions';
import { signIn } from '../../src/server/services/auth/sign-in';
import { getStokisReport } from '../../src/server/services/stokis/get-stokis-report';

const memberOf = async (username: string) => {
  const { token } = await signIn({ username, password: 'rahasia123', remember: false }, { address: 'test' });
  return (await resolveSession(token))!;
};

describe('stockist report', () => {
  it('lists the stockist’s own invoices of the month with their items, matching the database', async () => {
    const stokis = await memberOf('demostokis');
    const db = await getDb();
    const [month] = await selectRows<{ y: number; m: number; n: number; bv: number }>(
      db,
      sql`
      select extract(year from tgl_invoice at time zone 'Asia/Jakarta')::int as y,
             extract(month from tgl_invoice at time zone 'Asia/Jakarta')::int as m,
             count(*)::int as n, sum(total_bv)::int as bv
      from orders where member_id = ${stokis.id} and no_invoice is not null
      group by 1, 2 order by 3 desc limit 1`,
    );
    expect(month).toBeDefined();
    const report = await getStokisReport(
      stokis,
      StokisReportQuerySchema.parse({ month: month!.m, year: month!.y, page: 1, page_size: 100 }),
    );
    expect(report.total_order).toBe(month!.n);
    expect(report.total_bv).toBe(month!.bv);
    expect(report.rows).toHaveLength(month!.n);
    expect(report.rows.every((r) => r.order_details.length > 0 && r.no_invoice?.startsWith('INV-'))).toBe(true);
    const pageOne = await getStokisReport(
      stokis,
      StokisReportQuerySchema.parse({ month: month!.m, year: month!.y, page: 1, page_size: 1 }),
    );
    expect(pageOne.rows).toHaveLength(1);
    expect(pageOne.total_count).toBe(month!.n);
  });

  it('refuses members who are not stockists', async () => {
    const silver = await memberOf('demosilver');
    await expect(getStokisReport(silver, StokisReportQuerySchema.parse({ month: 1, year: 2025 }))).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Laporan stokis hanya untuk member stokis',
    });
  });

  it.each([
    [{ month: 13, year: 2025 }, 'Bulan tidak valid', 'month above 12'],
    [{ month: 5, year: 2022 }, 'Tahun tidak valid', 'year before 2023'],
    [{ month: 5, year: new Date().getFullYear() + 1 }, 'Tahun tidak valid', 'future year'],
  ])('rejects %o with "%s" (%s)', (input, message) => {
    const parsed = StokisReportQuerySchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});
