import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { ProposalStatus } from '../../domain/setting-proposal-status';
import type { Db, Tx } from '../client';
import { toCount } from '../money';
import { settingProposals } from '../schema';

type Executor = Db | Tx;
type Values = Record<string, unknown>;

const columns = {
  id: settingProposals.id,
  grup: settingProposals.grup,
  sebelum: settingProposals.sebelum,
  nilai: settingProposals.nilai,
  berlakuMulai: settingProposals.berlakuMulai,
  status: settingProposals.status,
  pengusulId: settingProposals.pengusulId,
  pengusulNama: settingProposals.pengusulNama,
  pemeriksaNama: settingProposals.pemeriksaNama,
  createdAt: sql<string>`${settingProposals.createdAt}::text`,
  diterapkanAt: sql<string | null>`${settingProposals.diterapkanAt}::text`,
};
type Row = { id: unknown; pengusulId: unknown; sebelum: unknown; nilai: unknown };
const shape = <R extends Row>(r: R) => ({
  ...r,
  id: toCount(r.id),
  pengusulId: r.pengusulId === null ? null : toCount(r.pengusulId),
  sebelum: r.sebelum as Values,
  nilai: r.nilai as Values,
});

/** Serialises proposals and their application (one open proposal per group) until the transaction ends. */
export async function lockSettingProposals(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(7310026)`);
}

/** The group's proposal still open: waiting for a decision, or approved and not yet written to settings. */
export async function openProposalOf(db: Executor, grup: string) {
  const [row] = await db
    .select({ id: settingProposals.id })
    .from(settingProposals)
    .where(
      and(
        eq(settingProposals.grup, grup),
        sql`(${settingProposals.status} = 'diajukan' or (${settingProposals.status} = 'disetujui' and ${settingProposals.diterapkanAt} is null))`,
      ),
    );
  return row ? toCount(row.id) : undefined;
}

export async function insertProposal(
  tx: Tx,
  p: { grup: string; sebelum: Values; nilai: Values; berlakuMulai: string | null; by: { id: number | null; nama: string } },
): Promise<number> {
  const [row] = await tx
    .insert(settingProposals)
    .values({
      grup: p.grup,
      sebelum: p.sebelum,
      nilai: p.nilai,
      berlakuMulai: p.berlakuMulai,
      pengusulId: p.by.id,
      pengusulNama: p.by.nama,
    })
    .returning({ id: settingProposals.id });
  return toCount(row!.id);
}

export async function lockProposal(tx: Tx, id: number) {
  const [row] = await tx.select(columns).from(settingProposals).where(eq(settingProposals.id, id)).for('update');
  return row ? shape(row) : undefined;
}

/** Writes a decision. Only services/operator/decide-setting-proposal.ts calls this, after the table allowed it. */
export async function writeProposalDecision(
  tx: Tx,
  id: number,
  d: { status: ProposalStatus; by: { id: number | null; nama: string }; berlakuMulai: string | null },
): Promise<void> {
  await tx
    .update(settingProposals)
    .set({ status: d.status, pemeriksaId: d.by.id, pemeriksaNama: d.by.nama, berlakuMulai: d.berlakuMulai, diputuskanAt: sql`now()` })
    .where(eq(settingProposals.id, id));
}

export async function markProposalApplied(tx: Tx, id: number): Promise<void> {
  await tx.update(settingProposals).set({ diterapkanAt: sql`now()` }).where(eq(settingProposals.id, id));
}

/** Approved proposals whose day has come and that are not yet written to settings, oldest day first. */
export async function dueProposals(tx: Tx, today: string) {
  const rows = await tx
    .select(columns)
    .from(settingProposals)
    .where(and(eq(settingProposals.status, 'disetujui'), isNull(settingProposals.diterapkanAt), lte(settingProposals.berlakuMulai, today)))
    .orderBy(asc(settingProposals.berlakuMulai), asc(settingProposals.id))
    .for('update');
  return rows.map(shape);
}

/**
 * The approved versions of the groups, by effective day then id: what "the value in effect on day
 * D" is read from (the latest at or before D, else the earliest after D's `sebelum`).
 */
export async function approvedVersions(db: Executor, grup: string) {
  const rows = await db
    .select({ berlakuMulai: settingProposals.berlakuMulai, sebelum: settingProposals.sebelum, nilai: settingProposals.nilai })
    .from(settingProposals)
    .where(and(eq(settingProposals.grup, grup), eq(settingProposals.status, 'disetujui')))
    .orderBy(asc(settingProposals.berlakuMulai), asc(settingProposals.id));
  return rows.map((r) => ({ berlakuMulai: r.berlakuMulai!, sebelum: r.sebelum as Values, nilai: r.nilai as Values }));
}

/** The proposals to show: every open one, then the latest decided, newest first. */
export async function recentProposals(
  db: Executor,
  statuses: readonly ProposalStatus[] = ['diajukan', 'disetujui', 'ditolak'],
  limit = 20,
) {
  const rows = await db
    .select(columns)
    .from(settingProposals)
    .where(inArray(settingProposals.status, [...statuses]))
    .orderBy(sql`${settingProposals.status} = 'diajukan' desc`, desc(settingProposals.id))
    .limit(limit);
  return rows.map(shape);
}
