import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import type { SessionMember } from '../auth/session-member';
import { canClaim, claimableTimes, remainderTowardNext } from '../../../lib/promo-claim';
import { eligibility, findPromo, memberStanding, thresholdOf } from './promo-access';

type Jenis = 'reg' | 'upg' | 'ro';

/** Detail rows shown on the page (the totals come from the whole set, in SQL). */
const MAX_OMSET_ROWS = 500;

interface OmsetRow {
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

/** Dates and times are Asia/Jakarta wall-clock text (the day an order or a claim counts). */

/**
 * GET /member/promo/{id}: a promo with the signed-in member's standing (spec/001 §3 Promo): is_qualified,
 * member_bisa_klaim, total_claimed, total_get_promo, the member's own omset rows and claims. Only the
 * member's rows are read (member_id = the session's member), so nobody sees another member's data.
 */
export async function getPromo(member: SessionMember, publicId: string) {
  const db = await getDb();
  const promo = await findPromo(db, publicId);
  const [me, sums, claims, omsets] = await Promise.all([
    memberStanding(db, member.id),
    selectRows<{ jenis_order: Jenis; poin: number; nominal: number; sisa_poin: number; sisa_nominal: number; n: number }>(db, sql`
      select jenis_order, sum(poin)::float8 as poin, sum(nominal)::float8 as nominal, sum(poin - poin_terpakai)::float8 as sisa_poin,
        sum(nominal - nominal_terpakai)::float8 as sisa_nominal, count(*)::int as n
      from promo_omsets where promo_id = ${promo.id} and member_id = ${member.id} group by 1`),
    selectRows<{ id: number; public_id: string; tgl_claim: string; no: string; poin_claimed: number; nominal_claimed: number }>(db, sql`
      select id::int as id, public_id::text as public_id, (tgl_claim at time zone 'Asia/Jakarta')::text as tgl_claim, no, poin_claimed::float8 as poin_claimed,
        nominal_claimed::float8 as nominal_claimed
      from promo_claims where promo_id = ${promo.id} and member_id = ${member.id} order by tgl_claim, id`),
    selectRows<OmsetRow>(db, sql`
      select po.id::int as id, (po.tanggal at time zone 'Asia/Jakarta')::text as tanggal, po.poin::float8 as poin, po.nominal::float8 as nominal, po.jenis_order,
        -- The claim that used the row (the latest one when claims used it in parts).
        coalesce(po.claim_by, (select max(u.claim_id) from promo_claim_omsets u where u.omset_id = po.id))::int as claim_by,
        o.no_invoice, t.tgl_join::text as tgl_join, t.id_member, t.nama
      from promo_omsets po
      join orders o on o.id = po.order_id
      left join members t on t.id = case when po.jenis_order = 'reg' then coalesce(o.new_member_id, o.member_id) else o.member_id end
      where po.promo_id = ${promo.id} and po.member_id = ${member.id}
      order by po.tanggal, po.id limit ${MAX_OMSET_ROWS}`),
  ]);
  const { basis, threshold } = thresholdOf(promo);
  const { is_qualified, member_bisa_klaim, periode_status } = eligibility(promo, me);
  const amount = (r: { poin: number; nominal: number }) => (basis === 'poin' ? r.poin : r.nominal);
  const sum = (rows: typeof sums) => rows.reduce((s, r) => s + amount(r), 0);
  // What claims have not used yet: rows used in part count with their rest.
  const unclaimed = sums.reduce((s, r) => s + (basis === 'poin' ? r.sisa_poin : r.sisa_nominal), 0);
  const state = { unclaimed, threshold, kelipatan: promo.kelipatan, claimsSoFar: claims.length, memberBisaKlaim: member_bisa_klaim === 1 };
  const perJenis = (j: Jenis) => sum(sums.filter((r) => r.jenis_order === j));
  const claimNo = new Map(claims.map((c) => [c.id, c.no]));

  return {
    public_id: promo.public_id,
    nama: promo.nama,
    deskripsi: promo.deskripsi,
    reward: promo.reward,
    jenis: promo.jenis,
    periode_awal: promo.periode_awal,
    periode_akhir: promo.periode_akhir,
    batas_klaim: promo.batas_klaim,
    periode_status,
    syarat_poin: promo.syarat_poin,
    syarat_nominal: promo.syarat_nominal,
    kelipatan: promo.kelipatan ? 1 : 0,
    min_posisi: promo.min_posisi,
    member_bisa_klaim,
    status: promo.status,
    total_claimed: claims.length,
    /** How many thresholds the unclaimed total makes (before the multiples rule). */
    total_get_promo: threshold > 0 ? Math.floor(unclaimed / threshold) : 0,
    url_banner: promo.url_banner,
    is_qualified,
    progress: {
      basis,
      threshold,
      unclaimed,
      toward_next: unclaimed % threshold,
      remainder: remainderTowardNext(state),
      claimable: claimableTimes(state),
      can_claim: canClaim(state),
    },
    totals: { reg: perJenis('reg'), upg: perJenis('upg'), ro: perJenis('ro'), all: sum(sums), count: sums.reduce((s, r) => s + r.n, 0) },
    omsets: omsets.map((o) => ({
      id: o.id, tanggal: o.tanggal, poin: o.poin, nominal: o.nominal, jenis_order: o.jenis_order, claim_by: o.claim_by,
      order: { no_invoice: o.no_invoice, member_terbentuk: { tgl_join: o.tgl_join, id_member: o.id_member, nama: o.nama } },
      claim_promo: o.claim_by === null ? null : { no: claimNo.get(o.claim_by) ?? null, master_promo: { nama: promo.nama, syarat_poin: promo.syarat_poin } },
    })),
    claims: await claimDetails(member.id, claims),
  };
}

/** Each claim with the omset rows it used (the expandable rows of 'Riwayat Klaim'). */
async function claimDetails(memberId: number, claims: { id: number; public_id: string; tgl_claim: string; no: string; poin_claimed: number; nominal_claimed: number }[]) {
  if (claims.length === 0) return [];
  const db = await getDb();
  const rows = await selectRows<{ claim_by: number; tanggal: string; no_invoice: string | null; jenis_order: Jenis; poin: number; nominal: number }>(db, sql`
    select u.claim_id::int as claim_by, (po.tanggal at time zone 'Asia/Jakarta')::text as tanggal, o.no_invoice, po.jenis_order, u.poin::float8 as poin, u.nominal::float8 as nominal
    from promo_claim_omsets u join promo_omsets po on po.id = u.omset_id join orders o on o.id = po.order_id
    where po.member_id = ${memberId} and u.claim_id in (${sql.join(claims.map((c) => sql`${c.id}`), sql`, `)})
    order by po.tanggal, po.id`);
  return claims.map((c) => ({ ...c, details: rows.filter((r) => r.claim_by === c.id).map(({ claim_by: _, ...r }) => r) }));
}
