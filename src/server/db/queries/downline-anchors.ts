import { type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows, type Tx } from '../client';
import { toCount } from '../money';
import { inDownline } from './network';

/** A mark of a downline in the report's order, oldest first: the key of the row at position `pos` (0-based). */
export interface DownlineAnchor {
  pos: number;
  tgl_join: string;
  member_id: number;
}

function anchorRows(db: Db | Tx, query: SQL): Promise<DownlineAnchor[]> {
  return selectRows<{ pos: unknown; tgl_join: string; member_id: unknown }>(db, query).then((rows) =>
    rows.map((r) => ({ pos: toCount(r.pos), tgl_join: r.tgl_join, member_id: toCount(r.member_id) })),
  );
}

/** The nearest mark at or before position `pos` of the downline of `rootId`, if one is kept. */
export async function anchorAtOrBefore(db: Db | Tx, rootId: number, pos: number): Promise<DownlineAnchor | undefined> {
  const [row] = await anchorRows(
    db,
    sql`
    select pos, tgl_join::text as tgl_join, member_id from downline_anchors
    where root_id = ${rootId} and pos <= ${pos} order by pos desc limit 1`,
  );
  return row;
}

/**
 * Adds the marks every `spacing` rows after the last one kept, to the end of the downline of the
 * member `rootId` at `path`: one pass over the order's index from the last mark (the whole
 * downline the first time). The caller holds the placement lock, so no member joins or leaves
 * the downline while it counts.
 */
export async function extendAnchors(tx: Tx, rootId: number, path: string, spacing: number): Promise<void> {
  const [last] = await anchorRows(
    tx,
    sql`
    select pos, tgl_join::text as tgl_join, member_id from downline_anchors where root_id = ${rootId} order by pos desc limit 1`,
  );
  const after = last ? sql`and (m.tgl_join, m.id) > (${last.tgl_join}::date, ${last.member_id}::bigint)` : sql``;
  await tx.execute(sql`
    insert into downline_anchors (root_id, pos, tgl_join, member_id)
    select ${rootId}, x.pos, x.tgl_join, x.id from (
      select m.tgl_join, m.id, ${last ? last.pos : -1}::int + row_number() over (order by m.tgl_join, m.id) as pos
      from members m where ${inDownline(sql`m.path`, path)} ${after}
    ) x
    where x.pos > 0 and x.pos % ${spacing}::int = 0
    on conflict do nothing`);
}

/**
 * The member at `path` joins or leaves the downlines of `ancestors` (a registration, a placement
 * correction): every mark of those downlines at or after its key moves by one, so they are
 * forgotten (the marks before it stay exact; the next typed page far enough counts again from
 * the last one left).
 */
export async function forgetAnchorsFrom(tx: Tx, ancestors: string[], path: string): Promise<void> {
  if (ancestors.length === 0) return;
  await tx.execute(sql`
    delete from downline_anchors a using members r, members m
    where r.path in (${sql.join(
      ancestors.map((p) => sql`${p}`),
      sql`, `,
    )}) and a.root_id = r.id and m.path = ${path} and (a.tgl_join, a.member_id) >= (m.tgl_join, m.id)`);
}
