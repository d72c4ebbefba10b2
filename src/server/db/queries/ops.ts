import { sql } from 'drizzle-orm';
import { type Db, selectRows, type Tx } from '../client';
import { toCount } from '../money';

/** The database answers a trivial query (readiness). */
export async function pingDatabase(db: Db | Tx): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The creation time (epoch ms, the journal's `when`) of the newest migration applied, or 0. */
export async function lastAppliedMigration(db: Db | Tx): Promise<number> {
  const [row] = await selectRows<{ at: unknown }>(db, sql`select coalesce(max(created_at), 0) as at from drizzle.__drizzle_migrations`);
  return toCount(row?.at);
}

/** Scheduler runs per job and end status (every process's runs: the table is shared). */
export async function schedulerRunCounts(db: Db | Tx): Promise<{ job: string; status: string; n: number }[]> {
  const rows = await selectRows<{ job: string; status: string; n: unknown }>(
    db,
    sql`
    select job, status, count(*) as n from scheduler_runs group by job, status`,
  );
  return rows.map((r) => ({ ...r, n: toCount(r.n) }));
}

/** How long the last finished run of each job took, in milliseconds. */
export async function lastRunDurations(db: Db | Tx): Promise<{ job: string; ms: number }[]> {
  const rows = await selectRows<{ job: string; ms: unknown }>(
    db,
    sql`
    select distinct on (job) job, floor(extract(epoch from finished_at - started_at) * 1000) as ms
    from scheduler_runs where finished_at is not null and status = 'BERHASIL' order by job, started_at desc`,
  );
  return rows.map((r) => ({ job: r.job, ms: toCount(r.ms) }));
}

/** Orders and payouts per status (counted row by row: the metrics cache it). */
export async function orderAndPayoutCounts(
  db: Db | Tx,
): Promise<{ orders: { status: string; n: number }[]; payouts: { status: string; n: number }[] }> {
  const [orders, payouts] = await Promise.all([
    selectRows<{ status: string; n: unknown }>(db, sql`select status_order as status, count(*) as n from orders group by status_order`),
    selectRows<{ status: string; n: unknown }>(db, sql`select status, count(*) as n from payouts group by status`),
  ]);
  const counted = (rows: { status: string; n: unknown }[]) => rows.map((r) => ({ status: r.status, n: toCount(r.n) }));
  return { orders: counted(orders), payouts: counted(payouts) };
}
