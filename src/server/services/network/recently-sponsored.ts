import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client';
import type { Rank } from '../../../lib/rank';

/** Dashboard: the 5 members most recently sponsored by a member, and how many they sponsored in all (one query). */
export async function recentlySponsored(db: Db, memberId: number) {
  const rows = await selectRows<{ nama: string; posisi: Rank; id_member: string; tgl_join: string; jumlah: number }>(db, sql`
    select nama, posisi, id_member, tgl_join::text as tgl_join, (count(*) over ())::int as jumlah from members where sponsor_id = ${memberId}
    order by tgl_join desc, id desc limit 5`);
  return { jumlah: rows[0]?.jumlah ?? 0, recently: rows.map(({ jumlah: _, ...m }) => m) };
}
