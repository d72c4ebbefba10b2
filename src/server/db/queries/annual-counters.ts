import { type SQL, sql } from 'drizzle-orm';
import type { AnnualPeriod } from '../../domain/bonus/annual-period';
import { type Db, selectRows, type Tx } from '../client';
import { toCount } from '../money';

/** The first annual period as stored in the settings, if an operator set it (read through the caller's transaction). */
export async function annualPeriodSetting(tx: Tx): Promise<AnnualPeriod | undefined> {
  const [row] = await selectRows<{ value: AnnualPeriod }>(tx, sql`select value from settings where key = 'annual_pairing_period'`);
  return row?.value;
}

/** A paid (not cancelled) registration or upgrade, with its subject's place in the tree and its payment's Jakarta day. */
export interface PaidPackageOrder {
  jenis_order: 'reg' | 'upg';
  subject_id: number;
  path: string;
  hari: string;
  paid_at: string;
  total_bv: number;
}

export async function paidPackageOrder(tx: Tx, orderId: number): Promise<PaidPackageOrder | undefined> {
  const [o] = await selectRows<PaidPackageOrder>(
    tx,
    sql`
    select o.jenis_order, m.id::int as subject_id, m.path, (o.paid_at at time zone 'Asia/Jakarta')::date::text as hari, o.paid_at::text as paid_at, o.total_bv
    from orders o join members m on m.id = coalesce(o.new_member_id, o.member_id)
    where o.id = ${orderId} and o.jenis_order in ('reg', 'upg') and o.paid_at is not null and o.status_order not in ('CANCEL', 'EXPIRED')`,
  );
  return o && { ...o, subject_id: toCount(o.subject_id), total_bv: toCount(o.total_bv) };
}

/** Keeps a member's first upgrade date (tgl_upgrade): the earlier of the stored one and `paidAt`. */
export async function keepFirstUpgrade(tx: Tx, memberId: number, paidAt: string): Promise<void> {
  await tx.execute(sql`update members set tgl_upgrade = least(tgl_upgrade, ${paidAt}::timestamptz) where id = ${memberId}`);
}

/**
 * Adds `amount` BV to the period's counter of every upline (`ancestors`) on the side `path` sits.
 * Rows are written root first, so two payments under one root never wait for each other in a cycle.
 */
export async function addAnnualBv(tx: Tx, periodStart: string, path: string, ancestors: readonly string[], amount: number): Promise<void> {
  const side = sql`substr(${path}, length(m.path) + 1, 1)`;
  await tx.execute(sql`
    insert into member_annual (member_id, periode_mulai, bv_kiri, bv_kanan)
    select m.id, ${periodStart}::date, case when ${side} = '0' then ${amount}::int8 else 0 end, case when ${side} = '1' then ${amount}::int8 else 0 end
    from members m where m.path in (${sql.join(
      ancestors.map((a) => sql`${a}`),
      sql`, `,
    )})
    order by m.path
    on conflict (member_id, periode_mulai) do update set
      bv_kiri = member_annual.bv_kiri + excluded.bv_kiri, bv_kanan = member_annual.bv_kanan + excluded.bv_kanan`);
}

/** Adds paid pair-BV (member id → pairs, each above zero) to the period's counters. */
export async function addAnnualPairs(tx: Tx, periodStart: string, pairs: readonly [number, number][]): Promise<void> {
  if (pairs.length === 0) return;
  await tx.execute(sql`
    insert into member_annual (member_id, periode_mulai, pair_bv)
    select v.member_id, ${periodStart}::date, v.n
    from (values ${sql.join(
      pairs.map(([id, n]) => sql`(${id}::int8, ${n}::int8)`),
      sql`, `,
    )}) as v(member_id, n)
    on conflict (member_id, periode_mulai) do update set pair_bv = member_annual.pair_bv + excluded.pair_bv`);
}

/**
 * The counters recomputed from the orders, refunds and PAIR bonuses (set-based): the seed after
 * writing its history, and the migration (drizzle/0012) with the same statement.
 */
export const REBUILD_ANNUAL_COUNTERS: SQL = sql.raw(`
INSERT INTO "member_annual" ("member_id", "periode_mulai", "bv_kiri", "bv_kanan", "pair_bv")
WITH RECURSIVE setting AS (
  SELECT coalesce((SELECT "value" FROM "settings" WHERE "key" = 'annual_pairing_period'), '{"start":"2024-06-13","end":"2025-06-15"}'::jsonb) AS v
), periods (mulai, akhir, n) AS (
  SELECT (v ->> 'start')::date, (v ->> 'end')::date, 1 FROM setting
  UNION ALL SELECT akhir + 1, (akhir + interval '1 year')::date, n + 1 FROM periods WHERE n < 50
), paid AS (
  SELECT m."path", p.mulai, sum(o."total_bv" - coalesce((SELECT sum(r."bv") FROM "order_refunds" r WHERE r."order_id" = o."id"), 0)) AS bv
  FROM "orders" o JOIN "members" m ON m."id" = coalesce(o."new_member_id", o."member_id")
    JOIN periods p ON (o."paid_at" AT TIME ZONE 'Asia/Jakarta')::date BETWEEN p.mulai AND p.akhir
  WHERE o."jenis_order" IN ('reg', 'upg') AND o."paid_at" IS NOT NULL AND o."status_order" NOT IN ('CANCEL', 'EXPIRED')
  GROUP BY 1, 2
), volume AS (
  SELECT left(paid."path", k) AS upline, paid.mulai,
    coalesce(sum(paid.bv) FILTER (WHERE substr(paid."path", k + 1, 1) = '0'), 0) AS kiri,
    coalesce(sum(paid.bv) FILTER (WHERE substr(paid."path", k + 1, 1) = '1'), 0) AS kanan
  FROM paid, generate_series(0, length(paid."path") - 1) AS k
  GROUP BY 1, 2
), pairs AS (
  SELECT b."member_id", p.mulai, sum((b."detail" -> 0 -> 'bonus_pair_details' -> 0 ->> 'jumlah_pair_dibayar')::int) AS pair_bv
  FROM "bonuses" b JOIN periods p ON b."tanggal" BETWEEN p.mulai AND p.akhir
  WHERE b."jenis_bonus" = 'PAIR'
  GROUP BY 1, 2
)
SELECT coalesce(a."id", pairs."member_id"), coalesce(v.mulai, pairs.mulai), coalesce(v.kiri, 0), coalesce(v.kanan, 0), coalesce(pairs.pair_bv, 0)
FROM (volume v JOIN "members" a ON a."path" = v.upline)
  FULL JOIN pairs ON pairs."member_id" = a."id" AND pairs.mulai = v.mulai
ON CONFLICT ("member_id", "periode_mulai") DO UPDATE SET "bv_kiri" = excluded."bv_kiri", "bv_kanan" = excluded."bv_kanan", "pair_bv" = excluded."pair_bv"`);

export const REBUILD_UPGRADE_DATES: SQL = sql.raw(`
UPDATE "members" m SET "tgl_upgrade" = u.first
FROM (SELECT "member_id", min("paid_at") AS first FROM "orders" WHERE "jenis_order" = 'upg' AND "paid_at" IS NOT NULL GROUP BY 1) u
WHERE u."member_id" = m."id" AND m."tgl_upgrade" IS DISTINCT FROM u.first`);

/** Recomputes every counter from the facts (the seed, after writing its history directly). */
export async function rebuildAnnualCounters(db: Db | Tx): Promise<void> {
  await db.execute(sql`delete from member_annual`);
  await db.execute(REBUILD_ANNUAL_COUNTERS);
  await db.execute(REBUILD_UPGRADE_DATES);
}
