import { randomUUID } from 'node:crypto';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Rank } from '../../../lib/rank';
import { type Db, selectPreparedOnce, selectRows, type Tx } from '../client';
import { toCount, toRupiah } from '../money';
import { promoClaims, promoOmsets, promos } from '../schema';
import { invoiced } from './order-status';

type Jenis = 'reg' | 'upg' | 'ro';

/**
 * Points are numeric(12,2) (1 point = 4 BV, two decimals): postgres.js and PGlite answer them as
 * text; a finite number or a loud error, like toRupiah for rupiah.
 */
export function toPoin(value: unknown): number {
  if (value === null || value === undefined) return 0;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new RangeError(`Nilai poin tidak valid: ${String(value)}`);
  return n;
}
const toPoinOrNull = (value: unknown) => (value === null || value === undefined ? null : toPoin(value));
const toRupiahOrNull = (value: unknown) => (value === null || value === undefined ? null : toRupiah(value));

/** A promo as members see it, with today's date (Asia/Jakarta) from the same statement. */
export interface PromoRow {
  id: number;
  public_id: string;
  nama: string;
  deskripsi: string;
  reward: string;
  jenis: 'REWARD' | 'TRIP';
  periode_awal: string;
  periode_akhir: string;
  batas_klaim: string;
  syarat_poin: number | null;
  syarat_nominal: number | null;
  kelipatan: boolean;
  min_posisi: Rank;
  status: number;
  url_banner: string | null;
  today: string;
}

/** Today in Asia/Jakarta as a date, in SQL. */
const TODAY = sql`(now() at time zone 'Asia/Jakarta')::date`;

const PROMO_COLUMNS = sql`p.id::int as id, p.public_id::text as public_id, p.nama, p.deskripsi, p.reward, p.jenis,
  p.periode_awal::text as periode_awal, p.periode_akhir::text as periode_akhir, p.batas_klaim::text as batas_klaim,
  p.syarat_poin, p.syarat_nominal, p.kelipatan, p.min_posisi, p.status, p.url_banner, ${TODAY}::text as today`;

/** Members see published promos that have started (a future promo is not there yet). */
const VISIBLE = sql`p.status = 1 and p.periode_awal <= ${TODAY}`;

type RawPromo = Omit<PromoRow, 'syarat_poin' | 'syarat_nominal'> & { syarat_poin: unknown; syarat_nominal: unknown };
const promoRow = (r: RawPromo): PromoRow => ({
  ...r,
  syarat_poin: toPoinOrNull(r.syarat_poin),
  syarat_nominal: toRupiahOrNull(r.syarat_nominal),
});

/** A promo members can see, by public_id (a uuid). */
export async function findVisiblePromo(db: Db | Tx, publicId: string): Promise<PromoRow | undefined> {
  const [row] = await selectRows<RawPromo>(
    db,
    sql`select ${PROMO_COLUMNS} from promos p where p.public_id = ${publicId}::uuid and ${VISIBLE}`,
  );
  return row && promoRow(row);
}

/** The member's current rank and suspension. */
export async function memberPromoStanding(db: Db | Tx, memberId: number): Promise<{ posisi: Rank; is_suspended: boolean } | undefined> {
  const [row] = await selectRows<{ posisi: Rank; is_suspended: boolean }>(
    db,
    sql`select posisi, is_suspended from members where id = ${memberId}`,
  );
  return row;
}

/**
 * The visible promos still open for claims (claim deadline not passed), each with the member's
 * unclaimed points and rupiah and how many claims the member made.
 */
export async function claimablePromosOf(
  db: Db | Tx,
  memberId: number,
): Promise<(PromoRow & { poin: number; nominal: number; claims: number })[]> {
  const rows = await selectPreparedOnce<RawPromo & { poin: unknown; nominal: unknown; claims: unknown }>(
    db,
    'claimable_promos',
    () => sql`
    select ${PROMO_COLUMNS}, coalesce(o.poin, 0) as poin, coalesce(o.nominal, 0) as nominal, coalesce(c.n, 0) as claims
    from promos p
    left join lateral (select sum(poin - poin_terpakai) as poin, sum(nominal - nominal_terpakai) as nominal from promo_omsets
      where promo_id = p.id and member_id = ${sql.placeholder('memberId')} and claim_by is null) o on true
    left join lateral (select count(*) as n from promo_claims where promo_id = p.id and member_id = ${sql.placeholder('memberId')}) c on true
    where ${VISIBLE} and p.batas_klaim >= ${TODAY}
    order by p.periode_akhir desc, p.id`,
    { memberId },
  );
  return rows.map((r) => ({ ...promoRow(r), poin: toPoin(r.poin), nominal: toRupiah(r.nominal), claims: toCount(r.claims) }));
}

export type PeriodeStatus = 'active' | 'deactive';

/** The visible promos by name; `periodeStatus` keeps the running (active) or the finished (deactive) ones. */
export async function promoOptions(db: Db | Tx, periodeStatus?: PeriodeStatus) {
  const filter =
    periodeStatus === 'active'
      ? sql`and p.periode_akhir >= ${TODAY}`
      : periodeStatus === 'deactive'
        ? sql`and p.periode_akhir < ${TODAY}`
        : sql``;
  return selectRows<{ public_id: string; nama: string; jenis: 'REWARD' | 'TRIP'; periode_status: PeriodeStatus }>(
    db,
    sql`
    select p.public_id::text as public_id, p.nama, p.jenis,
      case when p.periode_akhir >= ${TODAY} then 'active' else 'deactive' end as periode_status
    from promos p where ${VISIBLE} ${filter} order by p.nama, p.id`,
  );
}

export interface PromoAdminRow {
  public_id: string;
  nama: string;
  jenis: 'REWARD' | 'TRIP';
  periode_awal: string;
  periode_akhir: string;
  batas_klaim: string;
  status: number;
  omsets: number;
  claims: number;
}

/** Every promo for the console, newest period first, with how many omset rows and claims it has. */
export async function listPromosWithCounts(db: Db | Tx, limit: number): Promise<PromoAdminRow[]> {
  const rows = await selectRows<Omit<PromoAdminRow, 'omsets' | 'claims'> & { omsets: unknown; claims: unknown }>(
    db,
    sql`
    select p.public_id::text as public_id, p.nama, p.jenis, p.periode_awal::text as periode_awal, p.periode_akhir::text as periode_akhir,
      p.batas_klaim::text as batas_klaim, p.status,
      (select count(*) from promo_omsets o where o.promo_id = p.id) as omsets,
      (select count(*) from promo_claims c where c.promo_id = p.id) as claims
    from promos p order by p.periode_awal desc, p.id desc limit ${limit}`,
  );
  return rows.map((r) => ({ ...r, omsets: toCount(r.omsets), claims: toCount(r.claims) }));
}

/** The member's omset totals of a promo per order kind: all, and what claims have not used yet. */
export async function memberOmsetSums(db: Db | Tx, promoId: number, memberId: number) {
  const rows = await selectRows<{
    jenis_order: Jenis;
    poin: unknown;
    nominal: unknown;
    sisa_poin: unknown;
    sisa_nominal: unknown;
    n: unknown;
  }>(
    db,
    sql`
    select jenis_order, sum(poin) as poin, sum(nominal) as nominal, sum(poin - poin_terpakai) as sisa_poin,
      sum(nominal - nominal_terpakai) as sisa_nominal, count(*) as n
    from promo_omsets where promo_id = ${promoId} and member_id = ${memberId} group by 1`,
  );
  return rows.map((r) => ({
    jenis_order: r.jenis_order,
    poin: toPoin(r.poin),
    nominal: toRupiah(r.nominal),
    sisa_poin: toPoin(r.sisa_poin),
    sisa_nominal: toRupiah(r.sisa_nominal),
    n: toCount(r.n),
  }));
}

export interface PromoClaimRow {
  id: number;
  public_id: string;
  tgl_claim: string;
  no: string;
  poin_claimed: number;
  nominal_claimed: number;
  delivered_at: string | null;
}

/** The member's claims of a promo, oldest first; tgl_claim as Asia/Jakarta wall-clock text. */
export async function memberPromoClaims(db: Db | Tx, promoId: number, memberId: number): Promise<PromoClaimRow[]> {
  const rows = await selectRows<
    Omit<PromoClaimRow, 'poin_claimed' | 'nominal_claimed'> & { poin_claimed: unknown; nominal_claimed: unknown }
  >(
    db,
    sql`
    select id::int as id, public_id::text as public_id, (tgl_claim at time zone 'Asia/Jakarta')::text as tgl_claim, no, poin_claimed, nominal_claimed,
      (delivered_at at time zone 'Asia/Jakarta')::text as delivered_at
    from promo_claims where promo_id = ${promoId} and member_id = ${memberId} order by tgl_claim, id`,
  );
  return rows.map((r) => ({ ...r, poin_claimed: toPoin(r.poin_claimed), nominal_claimed: toRupiah(r.nominal_claimed) }));
}

export interface MemberOmsetRow {
  id: number;
  tanggal: string;
  poin: number;
  nominal: number;
  jenis_order: Jenis;
  claim_by: number | null;
  no_invoice: string | null;
  tgl_join: string | null;
  id_member: string | null;
  nama: string | null;
}

/** The member's omset rows of a promo (oldest first, at most `limit`), each with its order and the member it came from. */
export async function memberOmsetRows(db: Db | Tx, promoId: number, memberId: number, limit: number): Promise<MemberOmsetRow[]> {
  const rows = await selectRows<Omit<MemberOmsetRow, 'poin' | 'nominal'> & { poin: unknown; nominal: unknown }>(
    db,
    sql`
    select po.id::int as id, (po.tanggal at time zone 'Asia/Jakarta')::text as tanggal, po.poin, po.nominal, po.jenis_order,
      -- The claim that used the row (the latest one when claims used it in parts).
      coalesce(po.claim_by, (select max(u.claim_id) from promo_claim_omsets u where u.omset_id = po.id))::int as claim_by,
      o.no_invoice, t.tgl_join::text as tgl_join, t.id_member, t.nama
    from promo_omsets po
    join orders o on o.id = po.order_id
    left join members t on t.id = case when po.jenis_order = 'reg' then coalesce(o.new_member_id, o.member_id) else o.member_id end
    where po.promo_id = ${promoId} and po.member_id = ${memberId}
    order by po.tanggal, po.id limit ${limit}`,
  );
  return rows.map((r) => ({ ...r, poin: toPoin(r.poin), nominal: toRupiah(r.nominal) }));
}

/** The omset rows (in part) each of the given claims used, oldest first. */
export async function claimedOmsetParts(db: Db | Tx, memberId: number, claimIds: number[]) {
  if (claimIds.length === 0) return [];
  const rows = await selectRows<{
    claim_by: number;
    tanggal: string;
    no_invoice: string | null;
    jenis_order: Jenis;
    poin: unknown;
    nominal: unknown;
  }>(
    db,
    sql`
    select u.claim_id::int as claim_by, (po.tanggal at time zone 'Asia/Jakarta')::text as tanggal, o.no_invoice, po.jenis_order, u.poin, u.nominal
    from promo_claim_omsets u join promo_omsets po on po.id = u.omset_id join orders o on o.id = po.order_id
    where po.member_id = ${memberId} and u.claim_id in (${sql.join(
      claimIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by po.tanggal, po.id`,
  );
  return rows.map((r) => ({ ...r, poin: toPoin(r.poin), nominal: toRupiah(r.nominal) }));
}

/** The member's unclaimed omset rows of a promo with what is left of each, oldest first, locked. */
export async function lockUnclaimedOmsets(
  tx: Db | Tx,
  promoId: number,
  memberId: number,
): Promise<{ id: number; poin: number; nominal: number }[]> {
  const rows = await selectRows<{ id: number; poin: unknown; nominal: unknown }>(
    tx,
    sql`
    select id::int as id, poin - poin_terpakai as poin, nominal - nominal_terpakai as nominal from promo_omsets
    where promo_id = ${promoId} and member_id = ${memberId} and claim_by is null
    order by tanggal, id for update`,
  );
  return rows.map((r) => ({ id: r.id, poin: toPoin(r.poin), nominal: toRupiah(r.nominal) }));
}

/** How many claims of a promo the member made. */
export async function countMemberClaims(db: Db | Tx, promoId: number, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(promoClaims)
    .where(and(eq(promoClaims.promoId, promoId), eq(promoClaims.memberId, memberId)));
  return toCount(row?.n);
}

/** How many claims a promo has (any member). */
export async function countPromoClaims(db: Db | Tx, promoId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(promoClaims).where(eq(promoClaims.promoId, promoId));
  return toCount(row?.n);
}

/** A new claim, numbered CLM-YYYYMMDD-0000123 from its id and its day (Asia/Jakarta). */
export async function insertPromoClaim(tx: Db | Tx, claim: { promoId: number; memberId: number; poin: number; nominal: number }) {
  const [row] = await tx
    .insert(promoClaims)
    .values({
      promoId: claim.promoId,
      memberId: claim.memberId,
      no: randomUUID(),
      poinClaimed: claim.poin,
      nominalClaimed: claim.nominal,
    })
    .returning({ id: promoClaims.id, publicId: promoClaims.publicId });
  const [numbered] = await selectRows<{ no: string }>(
    tx,
    sql`
    update promo_claims set no = 'CLM-' || to_char(tgl_claim at time zone 'Asia/Jakarta', 'YYYYMMDD') || '-' || lpad(id::text, 7, '0')
    where id = ${row!.id} returning no`,
  );
  return { id: row!.id, public_id: row!.publicId, no: numbered!.no };
}

/**
 * Takes a part of an unclaimed omset row for a claim (marked claimed when `whole`) and records
 * the part; false when the row was claimed meanwhile (the conditional update found nothing).
 */
export async function takeOmsetPart(
  tx: Db | Tx,
  claimId: number,
  part: { id: number; poin: number; nominal: number; whole: boolean },
): Promise<boolean> {
  const [marked] = await selectRows<{ id: number }>(
    tx,
    sql`
    update promo_omsets set poin_terpakai = poin_terpakai + ${part.poin}, nominal_terpakai = nominal_terpakai + ${part.nominal},
      claim_by = case when ${part.whole} then ${claimId}::int8 else null end
    where id = ${part.id} and claim_by is null returning id::int as id`,
  );
  if (!marked) return false;
  await tx.execute(
    sql`insert into promo_claim_omsets (claim_id, omset_id, poin, nominal) values (${claimId}, ${part.id}, ${part.poin}, ${part.nominal})`,
  );
  return true;
}

/**
 * The one rule of promo omsets, as the rows it gives (promo_id, member_id, order_id, tanggal,
 * poin, nominal, jenis_order) for the paid orders matched by `orderFilter` (alias o):
 * - who earns: for a registration the sponsor of the new member (the buyer, who registered them);
 *   for an upgrade or repeat order the buyer's sponsor. A member without a sponsor earns nobody.
 * - which promos: every promo whose period covers the day the order was paid (Asia/Jakarta).
 * - amounts: poin = the order's BV / 4 (the lists show poin × 4), nominal = the goods total.
 */
function omsetRows(orderFilter: SQL, promoFilter: SQL = sql`true`): SQL {
  return sql`
    select p.id as promo_id, e.earner as member_id, o.id as order_id, o.paid_at as tanggal,
      round(o.total_bv::numeric / 4, 2) as poin, o.total_harga as nominal, o.jenis_order
    from orders o
    join members buyer on buyer.id = o.member_id
    left join members nm on nm.id = o.new_member_id
    cross join lateral (select case when o.jenis_order = 'reg' then coalesce(nm.sponsor_id, o.member_id) else buyer.sponsor_id end as earner) e
    join promos p on (o.paid_at at time zone 'Asia/Jakarta')::date between p.periode_awal and p.periode_akhir
    where o.paid_at is not null and ${invoiced(sql`o.status_order`)}
      and o.total_harga > 0 -- a return's free replacement earns nothing
      and e.earner is not null and (${orderFilter}) and (${promoFilter})`;
}

async function insertOmsets(db: Db | Tx, rows: SQL): Promise<number> {
  const inserted = await selectRows<{ id: number }>(
    db,
    sql`
    insert into promo_omsets (promo_id, member_id, order_id, tanggal, poin, nominal, jenis_order)
    ${rows}
    on conflict (promo_id, order_id) do nothing
    returning id::int as id`,
  );
  return inserted.length;
}

/** Inserts the promo omsets of one paid order (idempotent: an order counts once per promo); how many rows. */
export async function insertOrderPromoOmsets(tx: Db | Tx, orderId: number): Promise<number> {
  return insertOmsets(tx, omsetRows(sql`o.id = ${orderId}`));
}

/** Inserts the omsets of every paid order the promos (or the one promo) do not have yet; how many rows. */
export async function insertAllPromoOmsets(db: Db | Tx, promoId?: number): Promise<number> {
  return insertOmsets(db, omsetRows(sql`true`, promoId === undefined ? sql`true` : sql`p.id = ${promoId}`));
}

export type PromoTableRow = typeof promos.$inferSelect;
export type PromoValues = Omit<typeof promos.$inferInsert, 'id' | 'publicId'>;

/** A promo by public_id, any status (the console). */
export async function findPromoByPublicId(db: Db | Tx, publicId: string): Promise<PromoTableRow | undefined> {
  const [row] = await db.select().from(promos).where(eq(promos.publicId, publicId)).limit(1);
  return row;
}

export async function lockPromo(tx: Db | Tx, id: number): Promise<PromoTableRow | undefined> {
  const [row] = await tx.select().from(promos).where(eq(promos.id, id)).for('update');
  return row;
}

export async function insertPromo(tx: Db | Tx, values: PromoValues): Promise<PromoTableRow> {
  const [row] = await tx.insert(promos).values(values).returning();
  return row!;
}

export async function updatePromoRow(tx: Db | Tx, id: number, values: PromoValues): Promise<PromoTableRow> {
  const [row] = await tx.update(promos).set(values).where(eq(promos.id, id)).returning();
  return row!;
}

export async function deletePromoOmsets(tx: Db | Tx, promoId: number): Promise<void> {
  await tx.delete(promoOmsets).where(eq(promoOmsets.promoId, promoId));
}
