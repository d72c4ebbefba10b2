import { canClaim, claimableTimes, remainderTowardNext } from '../../../lib/promo-claim';
import { getDb } from '../../db/client';
import { claimedOmsetParts, memberOmsetRows, memberOmsetSums, memberPromoClaims, type PromoClaimRow } from '../../db/queries/promos';
import type { SessionMember } from '../auth/session-member';
import { eligibility, findPromo, memberStanding, thresholdOf } from './promo-access';

/** Detail rows shown on the page (the totals come from the whole set, in SQL). */
const MAX_OMSET_ROWS = 500;

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
    memberOmsetSums(db, promo.id, member.id),
    memberPromoClaims(db, promo.id, member.id),
    memberOmsetRows(db, promo.id, member.id, MAX_OMSET_ROWS),
  ]);
  const { basis, threshold } = thresholdOf(promo);
  const { is_qualified, member_bisa_klaim, periode_status } = eligibility(promo, me);
  const amount = (r: { poin: number; nominal: number }) => (basis === 'poin' ? r.poin : r.nominal);
  const sum = (rows: typeof sums) => rows.reduce((s, r) => s + amount(r), 0);
  // What claims have not used yet: rows used in part count with their rest.
  const unclaimed = sums.reduce((s, r) => s + (basis === 'poin' ? r.sisa_poin : r.sisa_nominal), 0);
  const state = { unclaimed, threshold, kelipatan: promo.kelipatan, claimsSoFar: claims.length, memberBisaKlaim: member_bisa_klaim === 1 };
  const perJenis = (j: 'reg' | 'upg' | 'ro') => sum(sums.filter((r) => r.jenis_order === j));
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
      id: o.id,
      tanggal: o.tanggal,
      poin: o.poin,
      nominal: o.nominal,
      jenis_order: o.jenis_order,
      claim_by: o.claim_by,
      order: { no_invoice: o.no_invoice, member_terbentuk: { tgl_join: o.tgl_join, id_member: o.id_member, nama: o.nama } },
      claim_promo:
        o.claim_by === null
          ? null
          : { no: claimNo.get(o.claim_by) ?? null, master_promo: { nama: promo.nama, syarat_poin: promo.syarat_poin } },
    })),
    claims: await claimDetails(member.id, claims),
  };
}

/** Each claim with the omset rows it used (the expandable rows of 'Riwayat Klaim'). */
async function claimDetails(memberId: number, claims: PromoClaimRow[]) {
  if (claims.length === 0) return [];
  const rows = await claimedOmsetParts(
    await getDb(),
    memberId,
    claims.map((c) => c.id),
  );
  return claims.map((c) => ({ ...c, details: rows.filter((r) => r.claim_by === c.id).map(({ claim_by: _, ...r }) => r) }));
}
