import { connection } from '../../db/client';
import { lastRunDurations, orderAndPayoutCounts, pingDatabase, schedulerRunCounts } from '../../db/queries/ops';
import { replicaStatus } from '../../db/replica';
import { gauges, registry } from '../../metrics';

/** Orders and payouts are counted row by row: at most once per this many ms (METRICS_COUNT_TTL_MS). */
const countTtl = () => Number(process.env.METRICS_COUNT_TTL_MS ?? 60_000);
let countedAt = 0;

/**
 * The Prometheus text of GET /metrics: this process's request and runtime figures, and read at
 * the scrape from the database (every process's): scheduler runs and failures per job, the last
 * closing's duration, orders and payouts per status, the database's answer time and the replica.
 * A database that does not answer leaves portal_db_up 0 and still answers the rest.
 */
export async function collectMetrics(): Promise<{ contentType: string; body: string }> {
  try {
    const { db, kind, poolMax } = await connection();
    gauges.dbPoolMax.set({ kind }, poolMax);
    const started = performance.now();
    await pingDatabase(db);
    gauges.dbPing.set((performance.now() - started) / 1000);
    gauges.dbUp.set(1);
    const [runs, durations] = await Promise.all([schedulerRunCounts(db), lastRunDurations(db)]);
    gauges.jobRuns.reset();
    for (const r of runs) gauges.jobRuns.set({ job: r.job, status: r.status }, r.n);
    for (const d of durations) gauges.jobLastDuration.set({ job: d.job }, d.ms / 1000);
    if (Date.now() - countedAt >= countTtl()) {
      const counts = await orderAndPayoutCounts(db);
      gauges.orders.reset();
      gauges.payouts.reset();
      for (const o of counts.orders) gauges.orders.set({ status: o.status }, o.n);
      for (const p of counts.payouts) gauges.payouts.set({ status: p.status }, p.n);
      countedAt = Date.now();
    }
  } catch {
    gauges.dbUp.set(0);
  }
  const readUrl = process.env.DATABASE_READ_URL;
  if (readUrl) {
    const replica = await replicaStatus(readUrl);
    gauges.replicaUp.set(replica.reachable && replica.standby ? 1 : 0);
    if (replica.lagSeconds !== undefined) gauges.replicaLag.set(replica.lagSeconds);
  }
  return { contentType: registry.contentType, body: await registry.metrics() };
}
