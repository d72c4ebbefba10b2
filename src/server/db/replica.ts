import type { Sql } from 'postgres';

let client: Sql | undefined;

/** What the read replica (DATABASE_READ_URL) says about itself: reachable, a standby, how far behind. */
export interface ReplicaStatus {
  reachable: boolean;
  standby?: boolean;
  /** Seconds of replay behind the primary (0 when everything received is replayed). */
  lagSeconds?: number;
  error?: string;
}

/** Asks the replica at DATABASE_READ_URL (one small connection of its own, kept between probes). */
export async function replicaStatus(url: string): Promise<ReplicaStatus> {
  try {
    if (!client) {
      const { default: postgres } = await import('postgres');
      client = postgres(url, { max: 1, connect_timeout: 2, idle_timeout: 60, onnotice: () => {} });
    }
    const [row] = await client<{ standby: boolean; lag: string | null }[]>`
      select pg_is_in_recovery() as standby,
        case when not pg_is_in_recovery() or pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
          else extract(epoch from now() - pg_last_xact_replay_timestamp()) end::text as lag`;
    return { reachable: true, standby: row!.standby, lagSeconds: Number(row!.lag ?? 0) };
  } catch (error) {
    return { reachable: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The replay lag the replica may have and still serve reads (READ_REPLICA_MAX_LAG_SECONDS, default 30). */
export const maxReplicaLag = (): number => Number(process.env.READ_REPLICA_MAX_LAG_SECONDS || 30);

/** How long one look at the replica's state is trusted (READ_REPLICA_CHECK_MS, default 1000). */
const checkEveryMs = (): number => Number(process.env.READ_REPLICA_CHECK_MS || 1000);

let checked: { at: number; usable: boolean } | undefined;
let checking: Promise<boolean> | undefined;

/**
 * Whether reads may go to the replica now (ADR 0019): it answers, as a standby, with replay lag
 * within the bound. Asked at most once per READ_REPLICA_CHECK_MS; concurrent callers share one look.
 */
export async function replicaUsable(url: string): Promise<boolean> {
  if (checked && Date.now() - checked.at < checkEveryMs()) return checked.usable;
  checking ??= replicaStatus(url)
    .then((s) => {
      const usable = s.reachable && s.standby === true && (s.lagSeconds ?? Infinity) <= maxReplicaLag();
      checked = { at: Date.now(), usable };
      return usable;
    })
    .finally(() => {
      checking = undefined;
    });
  return checking;
}

/** A read on the replica failed: keep reads off it until the next look. */
export function replicaFailed(): void {
  checked = { at: Date.now(), usable: false };
}

/**
 * How long after a member's own change their reads stay on the primary (seconds): the lag bound
 * plus one look's age plus a second — a replica used for reads has replayed every commit older
 * than that (ADR 0019).
 */
export const readYourWritesSeconds = (): number => Math.ceil(maxReplicaLag() + checkEveryMs() / 1000 + 1);

const lastWrite = new Map<number, number>();

/** Notes that this member changed something at `at` (ms): their reads stay on the primary for a while. */
export function noteMemberWrite(memberId: number, at = Date.now()): void {
  if (!(at > (lastWrite.get(memberId) ?? 0))) return;
  lastWrite.set(memberId, at);
  if (lastWrite.size > 10_000) {
    const old = Date.now() - readYourWritesSeconds() * 1000;
    for (const [id, t] of lastWrite) if (t < old) lastWrite.delete(id);
  }
}

/** Whether this member changed something within the read-your-writes window. */
export function wroteRecently(memberId: number): boolean {
  const at = lastWrite.get(memberId);
  return at !== undefined && Date.now() - at < readYourWritesSeconds() * 1000;
}

/** Forgets every member's mark, as a fresh web process starts (tests of the cookie's hand-over). */
export function forgetMemberWrites(): void {
  lastWrite.clear();
}
