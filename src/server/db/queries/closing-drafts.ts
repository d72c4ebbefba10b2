import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { ClosingStatus } from '../../domain/closing-status';
import { sqlArray } from '../bulk-insert';
import { type Db, selectRows, type Tx } from '../client';
import { toCount, toRupiah } from '../money';
import { memberPairing } from '../schema';

/** A day's closing as its approval is checked: locked, with its maker, when it was computed and whether it is the last closed day. */
export async function lockClosedDay(tx: Tx, tanggal: string) {
  const [row] = await selectRows<{ status: ClosingStatus; dibuat_oleh: unknown; closed_at: string; terakhir: boolean }>(
    tx,
    sql`
    select status, dibuat_oleh, closed_at::text as closed_at,
      not exists (select 1 from closed_days l where l.tanggal > c.tanggal) as terakhir
    from closed_days c where c.tanggal = ${tanggal}::date for update`,
  );
  if (!row) return undefined;
  return {
    status: row.status,
    dibuatOleh: row.dibuat_oleh === null ? null : toCount(row.dibuat_oleh),
    closedAt: new Date(row.closed_at),
    terakhir: row.terakhir,
  };
}

/** Records the approval; the day's bonuses become payable in the same transaction. */
export async function markClosingApproved(tx: Tx, tanggal: string, by: { id: number | null; nama: string }): Promise<void> {
  await tx.execute(sql`
    update closed_days set status = 'APPROVED', disetujui_oleh = ${by.id}, disetujui_nama = ${by.nama}, disetujui_at = now()
    where tanggal = ${tanggal}::date and status = 'DRAFT'`);
}

/** The draft closings, oldest first, with their totals, who started them and how old they are (hours at `now`). */
export async function draftClosings(db: Db | Tx, now: Date) {
  const rows = await selectRows<{
    tanggal: string;
    closed_at: string;
    bonus_count: unknown;
    total_bruto: unknown;
    jumlah_order: unknown;
    total_bv: unknown;
    dibuat_oleh: unknown;
    pembuat: string | null;
    umur_jam: unknown;
    terakhir: boolean;
  }>(
    db,
    sql`
    select c.tanggal::text as tanggal, c.closed_at::text as closed_at, c.bonus_count, c.total_bruto, c.jumlah_order, c.total_bv,
      c.dibuat_oleh, o.nama as pembuat, extract(epoch from (${now.toISOString()}::timestamptz - c.closed_at)) / 3600 as umur_jam,
      not exists (select 1 from closed_days l where l.tanggal > c.tanggal) as terakhir
    from closed_days c left join operators o on o.id = c.dibuat_oleh
    where c.status = 'DRAFT' order by c.tanggal`,
  );
  return rows.map((r) => ({
    tanggal: r.tanggal,
    closedAt: new Date(r.closed_at),
    bonusCount: toCount(r.bonus_count),
    totalBruto: toRupiah(r.total_bruto),
    jumlahOrder: toCount(r.jumlah_order),
    totalBv: toCount(r.total_bv),
    dibuatOleh: r.dibuat_oleh === null ? null : toCount(r.dibuat_oleh),
    pembuat: r.pembuat,
    umurJam: Number(r.umur_jam),
    terakhir: r.terakhir,
  }));
}

/** A day's bonuses per type: how many rows and their gross (reversals included, negative). */
export async function bonusTotalsByType(db: Db, tanggal: string) {
  const rows = await selectRows<{ jenis: string; n: unknown; bruto: unknown }>(
    db,
    sql`
    select jenis_bonus as jenis, count(*) as n, coalesce(sum(bonus_bruto), 0) as bruto
    from bonuses where tanggal = ${tanggal}::date group by jenis_bonus order by jenis_bonus`,
  );
  return rows.map((r) => ({ jenis: r.jenis, jumlah: toCount(r.n), bruto: toRupiah(r.bruto) }));
}

/** The members who earned most on the day (gross), at most `limit`. */
export async function topEarnersOfDay(db: Db, tanggal: string, limit: number) {
  const rows = await selectRows<{ id_member: string; nama: string; bruto: unknown }>(
    db,
    sql`
    select m.id_member, m.nama, sum(b.bonus_bruto) as bruto
    from bonuses b join members m on m.id = b.member_id
    where b.tanggal = ${tanggal}::date group by m.id, m.id_member, m.nama
    order by sum(b.bonus_bruto) desc, m.id_member limit ${limit}`,
  );
  return rows.map((r) => ({ idMember: r.id_member, nama: r.nama, bruto: toRupiah(r.bruto) }));
}

/** The closed day before `tanggal` with its gross (the comparison of a draft with the day before). */
export async function previousClosedDay(db: Db, tanggal: string) {
  const [row] = await selectRows<{ tanggal: string; total_bruto: unknown; bonus_count: unknown }>(
    db,
    sql`
    select tanggal::text as tanggal, total_bruto, bonus_count from closed_days
    where tanggal < ${tanggal}::date order by tanggal desc limit 1`,
  );
  return row ? { tanggal: row.tanggal, totalBruto: toRupiah(row.total_bruto), bonusCount: toCount(row.bonus_count) } : undefined;
}

/** Opens a draft closing's undo: nothing kept yet (the pairing counters are kept member by member as the closing touches them). */
export async function openClosingUndo(tx: Tx, tanggal: string): Promise<void> {
  await tx.execute(sql`delete from closing_undo_pairing where tanggal = ${tanggal}::date`);
  await tx.execute(sql`
    insert into closing_undo (tanggal, pairing) values (${tanggal}::date, null)
    on conflict (tanggal) do update set pairing = null, annual = null`);
}

/**
 * Keeps the pairing counters of these members as they are now, before the draft closing changes
 * them: one step of the undo (the rows that exist, the members without one). A member kept by an
 * earlier step is restored from that one. Each row is looked up by its key (the lateral `limit 1`):
 * a hash join would read the whole table.
 */
export async function keepPairingUndo(tx: Tx, tanggal: string, memberIds: readonly number[]): Promise<void> {
  if (memberIds.length === 0) return;
  await keepStep(tx, tanggal, sql`unnest(${sqlArray([...new Set(memberIds)], 'int8')}) as v(id)`);
}

/** keepPairingUndo for the members at these network paths. */
export async function keepPairingUndoAt(tx: Tx, tanggal: string, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  await keepStep(tx, tanggal, sql`(select id from members where path = any(${sqlArray([...new Set(paths)], 'text')})) as v`);
}

/** `members`: a from-clause naming the members `v` (their id `v.id`). */
async function keepStep(tx: Tx, tanggal: string, members: SQL): Promise<void> {
  const kept = sql.join(
    PAIRING_COLUMNS.map((c) => sql`coalesce(array_agg(p.${sql.raw(c)}) filter (where p.member_id is not null), '{}')`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into closing_undo_pairing (tanggal, step, ${sql.raw(PAIRING_COLUMNS.join(', '))}, absent)
    select ${tanggal}::date, coalesce((select max(step) from closing_undo_pairing where tanggal = ${tanggal}::date), 0) + 1,
      ${kept}, coalesce(array_agg(v.id) filter (where p.member_id is null), '{}')
    from ${members}
      left join lateral (select p.* from member_pairing p where p.member_id = v.id limit 1) p on true`);
}

/**
 * member_pairing's columns, as closing_undo_pairing keeps them (one array each): read from the
 * schema, so a column added to the counters is kept by the undo too (or the closing fails loudly
 * until the undo table has it), never silently reset by a discard.
 */
const PAIRING_COLUMNS = Object.values(getTableColumns(memberPairing)).map((c) => c.name);

/** Notes the pair-BV a draft closing added to the annual counters of the period starting `periodeMulai`. */
export async function saveAnnualUndo(tx: Tx, tanggal: string, periodeMulai: string, pairs: readonly [number, number][]): Promise<void> {
  await tx.execute(
    sql`update closing_undo set annual = ${JSON.stringify({ periodeMulai, pairs })}::jsonb where tanggal = ${tanggal}::date`,
  );
}

/** An approved day's undo is no longer needed. */
export async function dropClosingUndo(tx: Tx, tanggal: string): Promise<void> {
  await tx.execute(sql`delete from closing_undo_pairing where tanggal = ${tanggal}::date`);
  await tx.execute(sql`delete from closing_undo where tanggal = ${tanggal}::date`);
}

/** Whether a draft closing has its undo (days closed before drafts existed have none). */
export async function hasClosingUndo(tx: Tx, tanggal: string): Promise<boolean> {
  const [row] = await selectRows<{ n: unknown }>(tx, sql`select count(*) as n from closing_undo where tanggal = ${tanggal}::date`);
  return toCount(row?.n) > 0;
}

/** Bukti potong written at or after the draft's closing (a recomputation would leave them stale). */
export async function slipsSinceClosing(tx: Tx, tanggal: string): Promise<number> {
  const [row] = await selectRows<{ n: unknown }>(
    tx,
    sql`select count(*) as n from bukti_potong where created_at >= (select closed_at from closed_days where tanggal = ${tanggal}::date)`,
  );
  return toCount(row?.n);
}

/**
 * Takes a draft closing back, in the caller's transaction: its bonus rows (reversals included)
 * deleted, its orders and refunds uncounted, the pairing counters it touched restored as they were and the
 * pair-BV it added to the annual counters subtracted, and the day no longer closed.
 */
export async function discardDraftClosing(tx: Tx, tanggal: string): Promise<{ bonuses: number }> {
  const deleted = await selectRows<{ id: unknown }>(tx, sql`delete from bonuses where tanggal = ${tanggal}::date returning id`);
  await tx.execute(sql`update orders set tanggal_bonus = null where tanggal_bonus = ${tanggal}::date`);
  await tx.execute(sql`update order_refunds set tanggal_bonus = null where tanggal_bonus = ${tanggal}::date`);
  await restorePairing(tx, tanggal);
  await tx.execute(sql`
    update member_annual a set pair_bv = a.pair_bv - (v ->> 1)::int8
    from closing_undo u cross join lateral jsonb_array_elements(u.annual -> 'pairs') v
    where u.tanggal = ${tanggal}::date and a.periode_mulai = (u.annual ->> 'periodeMulai')::date and a.member_id = (v ->> 0)::int8`);
  await dropClosingUndo(tx, tanggal);
  await tx.execute(sql`delete from closed_days where tanggal = ${tanggal}::date and status = 'DRAFT'`);
  return { bonuses: deleted.length };
}

/**
 * Puts back the pairing counters a draft changed: each member it touched gets their row as the
 * first step that kept them saw it (removed when they had none). A draft made before migration
 * 0027 kept the whole table instead.
 */
async function restorePairing(tx: Tx, tanggal: string): Promise<void> {
  const [whole] = await selectRows<{ n: unknown }>(
    tx,
    sql`select count(*) as n from closing_undo where tanggal = ${tanggal}::date and pairing is not null`,
  );
  if (toCount(whole?.n) > 0) {
    await tx.execute(sql`delete from member_pairing`);
    await tx.execute(sql`
      insert into member_pairing
      select r.* from closing_undo u cross join lateral jsonb_populate_recordset(null::member_pairing, u.pairing) r
      where u.tanggal = ${tanggal}::date`);
    return;
  }
  const columns = sql.raw(PAIRING_COLUMNS.join(', '));
  const arrays = sql.raw(PAIRING_COLUMNS.map((c) => `u.${c}`).join(', '));
  const nulls = sql.raw(
    PAIRING_COLUMNS.slice(1)
      .map(() => 'null')
      .join(', '),
  );
  const kept = sql`
    select u.step, true as had, ${sql.raw(PAIRING_COLUMNS.map((c) => `k.${c}`).join(', '))}
    from closing_undo_pairing u cross join lateral unnest(${arrays}) as k(${columns}) where u.tanggal = ${tanggal}::date
    union all
    select step, false, a, ${nulls} from closing_undo_pairing u cross join lateral unnest(u.absent) a where u.tanggal = ${tanggal}::date`;
  await tx.execute(sql`delete from member_pairing p using (${kept}) k where p.member_id = k.member_id`);
  await tx.execute(sql`
    insert into member_pairing (${columns})
    select ${columns} from (select distinct on (member_id) * from (${kept}) k order by member_id, step) earliest
    where earliest.had`);
}
