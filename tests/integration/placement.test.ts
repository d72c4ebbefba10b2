import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RANKS } from '../../src/lib/rank';
import { getDb, inTransaction, selectRows } from '../../src/server/db/client';
import { createRandom } from '../../src/server/domain/random';
import { addMemberToNetwork, countRankChange } from '../../src/server/services/network/place-member';

/** Every counter that disagrees with a recount from the raw placement rows. */
async function miscounted(): Promise<string[]> {
  const db = await getDb();
  const rows = await selectRows<{ id_member: string }>(
    db,
    sql`
    with d as (
      select a.id, substr(m.path, length(a.path) + 1, 1) as side, m.posisi
      from members a join members m on m.path > a.path and m.path < a.path || '2'
    ), c as (
      select id,
        count(*) filter (where side = '0') as kiri, count(*) filter (where side = '1') as kanan,
        count(*) filter (where side = '0' and posisi = 'BRONZE') as bk, count(*) filter (where side = '1' and posisi = 'BRONZE') as bn,
        count(*) filter (where side = '0' and posisi = 'SILVER') as sk, count(*) filter (where side = '1' and posisi = 'SILVER') as sn,
        count(*) filter (where side = '0' and posisi = 'PLATINUM') as pk, count(*) filter (where side = '1' and posisi = 'PLATINUM') as pn
      from d group by id
    )
    select m.id_member from members m left join c on c.id = m.id
    where m.jumlah_child_kiri <> coalesce(c.kiri, 0) or m.jumlah_child_kanan <> coalesce(c.kanan, 0)
       or m.jumlah_bronze_kiri <> coalesce(c.bk, 0) or m.jumlah_bronze_kanan <> coalesce(c.bn, 0)
       or m.jumlah_silver_kiri <> coalesce(c.sk, 0) or m.jumlah_silver_kanan <> coalesce(c.sn, 0)
       or m.jumlah_platinum_kiri <> coalesce(c.pk, 0) or m.jumlah_platinum_kanan <> coalesce(c.pn, 0)`,
  );
  return rows.map((r) => r.id_member);
}

const newMember = (n: number, sponsorId: number, sisi: 'L' | 'R', posisi: (typeof RANKS)[number]) => ({
  sponsorId,
  sisi,
  posisi,
  username: `uji${n}x${Math.random().toString(36).slice(2, 7)}`,
  nama: `Member Uji ${n}`,
  email: `uji${n}@contoh.id`,
  phone: '6281100000000',
  passwordHash: 'x',
  tglJoin: '2026-11-01',
});

describe('placement', () => {
  it('the seeded network’s counters equal a recount', async () => {
    expect(await miscounted()).toEqual([]);
  });

  it('places at the outer edge of the chosen leg and keeps every counter equal to a recount (random networks)', async () => {
    const random = createRandom(20261122);
    const db = await getDb();
    for (let i = 0; i < 60; i++) {
      const [sponsor] = await selectRows<{ id: number; path: string }>(
        db,
        sql`select id::int as id, path from members order by random() limit 1`,
      );
      const sisi = random.chance(0.5) ? 'L' : 'R';
      const placed = await inTransaction((tx) => addMemberToNetwork(tx, newMember(i, sponsor!.id, sisi, random.pick(RANKS))));
      const digit = sisi === 'L' ? '0' : '1';
      // Outer edge: the path is the sponsor's followed only by the chosen side's digit.
      expect(placed.path).toMatch(new RegExp(`^${sponsor!.path}${digit}+$`));
      expect(placed.idMember).toMatch(/^\d{10}$/);
      if (i % 7 === 0) {
        const [m] = await selectRows<{ path: string; posisi: (typeof RANKS)[number] }>(
          db,
          sql`select path, posisi from members where id = ${placed.id}`,
        );
        await inTransaction(async (tx) => {
          await tx.execute(sql`update members set posisi = 'PLATINUM' where id = ${placed.id}`);
          await countRankChange(tx, m!.path, m!.posisi, 'PLATINUM');
        });
      }
    }
    expect(await miscounted()).toEqual([]);
  });

  it('simultaneous placements under the same leg each get their own slot', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => inTransaction((tx) => addMemberToNetwork(tx, newMember(100 + i, 1, 'L', 'BRONZE')))),
    );
    expect(new Set(results.map((r) => r.path)).size).toBe(8);
    expect(await miscounted()).toEqual([]);
  });
});
