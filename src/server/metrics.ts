import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus registry (GET /metrics, docs/operations.md "Metrics"): the process's
 * own figures (CPU, memory, event loop), requests and latency per route, plus the gauges that
 * services/ops/collect-metrics.ts reads from the database at scrape time.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'portal_' });

const httpRequests = new Counter({
  name: 'portal_http_requests_total',
  help: 'Requests answered, per route pattern, method and status',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [registry],
});
const httpDuration = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'Time to the response (headers), per route pattern and method',
  labelNames: ['route', 'method'] as const,
  registers: [registry],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

/**
 * Report reads (ADR 0019) per connection that served them: `replica`, `primary` (no replica, lag,
 * loss, or the member's own recent change) or `primary_retry` (the replica failed mid-read).
 */
export const reportReads = new Counter({
  name: 'portal_report_reads_total',
  help: 'Report reads per connection that served them (replica, primary, primary_retry)',
  labelNames: ['served_by'] as const,
  registers: [registry],
});

/**
 * Records one answered request. `route` is the route's pattern (/report/[id], never the URL
 * itself: the number of series stays bounded); unknown paths count as "(404)".
 */
export function observeRequest(route: string | undefined, method: string, status: number, seconds: number): void {
  const label = route || '(404)';
  httpRequests.inc({ route: label, method, status: String(status) });
  httpDuration.observe({ route: label, method }, seconds);
}

export const gauges = {
  dbUp: new Gauge({ name: 'portal_db_up', help: '1 when the database answered the scrape, 0 otherwise', registers: [registry] }),
  dbPing: new Gauge({ name: 'portal_db_ping_seconds', help: 'Round trip of select 1 at the scrape', registers: [registry] }),
  dbPoolMax: new Gauge({
    name: 'portal_db_pool_max',
    help: 'Connections this process may open (DATABASE_POOL; PGlite 1)',
    labelNames: ['kind'] as const,
    registers: [registry],
  }),
  jobRuns: new Gauge({
    name: 'portal_job_runs',
    help: 'Scheduler runs recorded (every process), per job and end status (BERHASIL, GAGAL, BERJALAN)',
    labelNames: ['job', 'status'] as const,
    registers: [registry],
  }),
  jobLastDuration: new Gauge({
    name: 'portal_job_last_duration_seconds',
    help: 'Duration of the last successful run per job (job="closing": the closing)',
    labelNames: ['job'] as const,
    registers: [registry],
  }),
  orders: new Gauge({
    name: 'portal_orders',
    help: 'Orders per status (counted at most once a minute)',
    labelNames: ['status'] as const,
    registers: [registry],
  }),
  payouts: new Gauge({
    name: 'portal_payouts',
    help: 'Payouts per status (counted at most once a minute)',
    labelNames: ['status'] as const,
    registers: [registry],
  }),
  replicaUp: new Gauge({ name: 'portal_replica_up', help: '1 when DATABASE_READ_URL answers as a standby', registers: [registry] }),
  replicaLag: new Gauge({ name: 'portal_replica_lag_seconds', help: 'Replay lag of the read replica', registers: [registry] }),
};
