import { canClaim, dashboardState } from '../../../lib/promo-claim';
import { getDb } from '../../db/client';
import { claimablePromosOf } from '../../db/queries/promos';
import type { SessionMember } from '../auth/session-member';
import { eligibility, memberStanding, thresholdOf } from './promo-access';

/**
 * GET /member/dashboard/banner-promo: the promos still open for claims (started, claim deadline
 * not passed) with the member's standing, for the dashboard's promo banners (REWARD) and Trip
 * card (TRIP). One query: the member's unclaimed sums and claim counts per promo. The dashboard
 * page passes the member's standing it has already read.
 */
export async function listDashboardPromos(member: SessionMember, standing?: Awaited<ReturnType<typeof memberStanding>>) {
  const db = await getDb();
  const [me, rows] = await Promise.all([standing ?? memberStanding(db, member.id), claimablePromosOf(db, member.id)]);
  const promos = rows.map((p) => {
    const { basis, threshold } = thresholdOf(p);
    const unclaimed = basis === 'poin' ? p.poin : p.nominal;
    const { is_qualified, member_bisa_klaim, periode_status } = eligibility(p, me);
    const total_get_promo = Math.floor(unclaimed / threshold);
    const state = { unclaimed, threshold, kelipatan: p.kelipatan, claimsSoFar: p.claims, memberBisaKlaim: member_bisa_klaim === 1 };
    return {
      public_id: p.public_id,
      nama: p.nama,
      reward: p.reward,
      jenis: p.jenis,
      url_banner: p.url_banner,
      periode_status,
      periode_awal: p.periode_awal,
      periode_akhir: p.periode_akhir,
      kelipatan: p.kelipatan ? 1 : 0,
      is_qualified,
      member_bisa_klaim,
      total_claimed: p.claims,
      total_get_promo,
      syarat_poin: p.syarat_poin,
      syarat_nominal: p.syarat_nominal,
      state: dashboardState({ totalGetPromo: total_get_promo, totalClaimed: p.claims, kelipatan: p.kelipatan }),
      can_claim: canClaim(state),
    };
  });
  const trips = promos.filter((p) => p.jenis === 'TRIP');
  // Trip card (spec/001 §2): its claim is active only if some trip promo has total_get_promo > 0 and member_bisa_klaim.
  const tripClaim = trips.find((p) => p.total_get_promo > 0 && p.member_bisa_klaim === 1 && p.can_claim) ?? null;
  // A promo whose period has ended is offered only while the member still has a claim to make in it.
  const offered = (p: (typeof promos)[number]) => p.periode_status === 'active' || p.can_claim;
  return { rewards: promos.filter((p) => p.jenis === 'REWARD' && offered(p)), trips, trip_claim: tripClaim ? tripClaim.public_id : null };
}
