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
