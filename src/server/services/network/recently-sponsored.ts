import type { Db } from '../../db/client';
import { recentSponsoredMembers } from '../../db/queries/network';

/** Dashboard: the 5 members most recently sponsored by a member, and how many they sponsored in all (one query). */
export async function recentlySponsored(db: Db, memberId: number) {
  const rows = await recentSponsoredMembers(db, memberId);
  return { jumlah: rows[0]?.jumlah ?? 0, recently: rows.map(({ jumlah: _, ...m }) => m) };
}
