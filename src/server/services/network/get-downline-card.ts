import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import type { Rank } from '../../../lib/rank';
import type { SessionMember } from '../auth/session-member';

/** Dashboard: left/right downline (the doughnut) and the recently sponsored members. */
export async function getDownlineCard(member: SessionMember) {
  const db = await getDb();
  const [[counts], recently, [sponsored]] = await Promise.all([
    selectRows<{ kiri: number; kanan: number }>(db, sql`select jumlah_child_kiri as kiri, jumlah_child_kanan as kanan from members where id = ${member.id}`),
    selectRows<{ nama: string; posisi: Rank; id_member: string; tgl_join: string }>(db, sql`
      select nama, posisi, id_member, tgl_join::text as tgl_join from members where sponsor_id = ${member.id}
      order by tgl_join desc, id desc limit 5`),
    selectRows<{ n: number }>(db, sql`select count(*)::int as n from members where sponsor_id = ${member.id}`),
  ]);
  return {
    downline: { total_downline_kiri: counts?.kiri ?? 0, total_downline_kanan: counts?.kanan ?? 0 },
    sponsored: { jumlah: sponsored?.n ?? 0, recently },
  };
}
