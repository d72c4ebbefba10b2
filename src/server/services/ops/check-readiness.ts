import fs from 'node:fs';
import path from 'node:path';
import { connection, migrationsFolder } from '../../db/client';
import { lastAppliedMigration, pingDatabase } from '../../db/queries/ops';
import { maxReplicaLag, type ReplicaStatus, replicaStatus } from '../../db/replica';

/** The replica lag /readyz accepts is the one reads accept (READ_REPLICA_MAX_LAG_SECONDS, default 30). */
export { maxReplicaLag };

export interface Readiness {
  ready: boolean;
  database: { reachable: boolean; kind?: string; error?: string };
  migrations: { applied: boolean; expected?: number; latest?: number };
  replica?: ReplicaStatus & { maxLagSeconds: number; ok: boolean };
}

/** The newest migration this build carries (the journal's last `when`). */
function expectedMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/**
 * GET /readyz (for a proxy or an orchestrator): the database answers, every migration of this
 * build is applied, and when DATABASE_READ_URL is set the replica answers as a standby with a
 * lag under the bound. Nothing here changes data.
 */
export async function checkReadiness(): Promise<Readiness> {
  const out: Readiness = { ready: false, database: { reachable: false }, migrations: { applied: false } };
  try {
    const { db, kind } = await connection();
    await pingDatabase(db);
    out.database = { reachable: true, kind };
    const latest = await lastAppliedMigration(db);
    const expected = expectedMigration();
    out.migrations = { applied: latest >= expected, expected, latest };
  } catch (error) {
    out.database = { reachable: false, error: error instanceof Error ? error.message : String(error) };
  }
  const readUrl = process.env.DATABASE_READ_URL;
  if (readUrl) {
    const status = await replicaStatus(readUrl);
    const ok = status.reachable && status.standby === true && (status.lagSeconds ?? Infinity) <= maxReplicaLag();
    out.replica = { ...status, maxLagSeconds: maxReplicaLag(), ok };
  }
  out.ready = out.database.reachable && out.migrations.applied && (out.replica?.ok ?? true);
  return out;
}
