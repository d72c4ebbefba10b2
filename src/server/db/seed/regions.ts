import { sql } from 'drizzle-orm';
import { getDistricts, getProvinces, getRegencies, getVillages } from 'idn-area-data';
import { bulkInsert } from '../bulk-insert';
import { type Db, selectRows } from '../client';

/** Loads the Kemendagri region lists of idn-area-data once (38 provinces … 83k villages). */
export async function seedRegions(db: Db): Promise<void> {
  const [{ n }] = await selectRows<{ n: number }>(db, sql`select count(*)::int as n from provinces`);
  if (n > 0) return;
  const [provinces, regencies, districts, villages] = await Promise.all([getProvinces(), getRegencies(), getDistricts(), getVillages()]);
  await db.transaction(async (tx) => {
    await bulkInsert(
      tx,
      'provinces',
      [
        { name: 'code', type: 'text' },
        { name: 'name', type: 'text' },
      ],
      provinces.map((p) => [p.code, p.name]),
    );
    await bulkInsert(
      tx,
      'regencies',
      [
        { name: 'code', type: 'text' },
        { name: 'province_code', type: 'text' },
        { name: 'name', type: 'text' },
      ],
      regencies.map((r) => [r.code, r.province_code, r.name]),
    );
    await bulkInsert(
      tx,
      'districts',
      [
        { name: 'code', type: 'text' },
        { name: 'regency_code', type: 'text' },
        { name: 'name', type: 'text' },
      ],
      districts.map((d) => [d.code, d.regency_code, d.name]),
    );
    await bulkInsert(
      tx,
      'villages',
      [
        { name: 'code', type: 'text' },
        { name: 'district_code', type: 'text' },
        { name: 'name', type: 'text' },
      ],
      villages.map((v) => [v.code, v.district_code, v.name]),
      10000,
    );
  });
}
