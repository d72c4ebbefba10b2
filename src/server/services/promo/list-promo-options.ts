import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import type { SessionMember } from '../auth/session-member';
import { TODAY, VISIBLE } from './promo-access';

export type PeriodeStatus = 'active' | 'deactive';

/**
 * GET /member/promo/opt: the promos of the 'Pilih Reward' select, by name; periode_status
 * active (running: /reward-promo/ongoing) or deactive (finished: /reward-promo/completed).
 */
export async function listPromoOptions(_member: SessionMember, periodeStatus?: PeriodeStatus) {
  const db = await getDb();
  const filter = periodeStatus === 'active' ? sql`and p.periode_akhir >= ${TODAY}` : periodeStatus === 'deactive' ? sql`and p.periode_akhir < ${TODAY}` : sql``;
  return selectRows<{ public_id: string; nama: string; jenis: 'REWARD' | 'TRIP'; periode_status: PeriodeStatus }>(db, sql`
    select p.public_id::text as public_id, p.nama, p.jenis,
      case when p.periode_akhir >= ${TODAY} then 'active' else 'deactive' end as periode_status
    from promos p where ${VISIBLE} ${filter} order by p.nama, p.id`);
}
