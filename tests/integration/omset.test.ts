// @template year — the demo members' invoiced orders

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OmsetQuerySchema } from '../../src/lib/schemas/omset';
import { getDb, selectRows } from '../../src/server/db/client';
import { getOmset } from '../../src/server/services/network/get-omset';
import { sessionOf } from './helpers';

const wide = { from: '2020-01-01', to: '2099-12-31' };

describe('turnover report', () => {
  it('default sums the member’s invoiced registrations, upgrades and repeat orders', async () => {
    const me = await sessionOf('demoplatinum');
    const db = await getDb();
    const [expected] = await selectRows<{ reg: string; ro: string }>(
      db,
      sql`
      select coalesce(sum(total_harga) filter (where jenis_order = 'reg'), 0)::text as reg,
             coalesce(sum(total_harga) filter (where jenis_order = 'ro'), 0)::text as ro
      from orders where member_id = ${me.id} and no_invoice is not null`,
    );
    const report = await getOmset(me, OmsetQuerySchema.parse({ jenisOmset: 'default', ...wide }));
    const row = report.rows[0] as { registrasi: number; ro: number; total: number; upgrade: number };
    expect(row.registrasi).toBe(Number(expected!.reg));
    expect(row.ro).toBe(Number(expected!.ro));
    expect(row.total).toBe(row.registrasi + row.upgrade + row.ro);
    expect(row.registrasi).toBeGreaterThan(0);
  });

  it('pribadi lists only the member’s own invoices; sponsorgrup only members they sponsored', async () => {
    const me = await sessionOf('demosilver');
    const pribadi = await getOmset(me, OmsetQuerySchema.parse({ jenisOmset: 'pribadi', ...wide }));
    const db = await getDb();
    const [count] = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from orders where member_id = ${me.id} and no_invoice is not null`,
    );
    expect(pribadi.rows).toHaveLength(count!.n);
    const grup = await getOmset(me, OmsetQuerySchema.parse({ jenisOmset: 'sponsorgrup', ...wide }));
    const [sponsored] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from members where sponsor_id = ${me.id}`);
    expect(grup.rows).toHaveLength(sponsored!.n);
  });

  it.each([
    [{ from: '2026-01-01' }, 'Rentang tanggal harus diisi lengkap'],
    [{ from: '2026-02-01', to: '2026-01-01' }, 'Tanggal awal harus sebelum tanggal akhir'],
  ])('a range %o is refused: %s', (range, message) => {
    const parsed = OmsetQuerySchema.safeParse({ jenisOmset: 'default', ...range });
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});
