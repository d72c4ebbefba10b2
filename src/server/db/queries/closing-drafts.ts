import { sql } from 'drizzle-orm';
import { selectRows, type Db, type Tx } from '../client';
import { toCount, toRupiah } from '../money';
import type { ClosingStatus } from '../../domain/closing-status';

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
  }>(
    db,
    sql`
    select c.tanggal::text as tanggal, c.closed_at::text as closed_at, c.bonus_count, c.total_bruto, c.jumlah_order, c.total_bv,
      c.dibuat_oleh, o.nama as pembuat, extract(epoch from (${now.toISOString()}::timestamptz - c.closed_at)) / 3600 as umur_jam
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
