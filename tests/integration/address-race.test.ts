import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AddressSchema } from '../../src/lib/schemas/address';
import { getDb, selectRows } from '../../src/server/db/client';
import { saveAddress } from '../../src/server/services/address/save-address';
import { listVillages } from '../../src/server/services/regions/list-regions';
import { memberId, sessionOf } from './helpers';

/**
 * Issue #13: 40 default-address creations at once gave 30 × 500 on PostgreSQL and passed the
 * 20-address cap. Run with DATABASE_URL for the parallel case (PGlite runs them one by one).
 */
describe('40 parallel default-address creations', () => {
  it('exactly 20 are saved, the rest get the cap message, one default remains, no 500', async () => {
    const me = await sessionOf(memberId(296));
    const village = (await listVillages('35.78.01'))[0]!.id;
    const input = (i: number) =>
      AddressSchema.parse({
        label: `Alamat ${i}`,
        nama: 'Siti Uji',
        phone: '0812 3456 7890',
        alamat: 'Jl. Mawar 1',
        kelurahan_id: village,
        is_default: true,
      });
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => saveAddress(me, undefined, input(i))));
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.map((r) => (r.reason as Error).message)).toEqual(Array(refused.length).fill('Maksimal 20 alamat tersimpan'));
    const [row] = await selectRows<{ n: number; defaults: number }>(
      await getDb(),
      sql`
      select count(*)::int as n, count(*) filter (where is_default)::int as defaults from shipping_addresses where member_id = ${me.id}`,
    );
    expect(row).toEqual({ n: 20, defaults: 1 });
  });
});
