import { sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';

export interface PromoAdminRow {
  public_id: string; nama: string; jenis: 'REWARD' | 'TRIP'; periode_awal: string; periode_akhir: string; batas_klaim: string;
  status: number; omsets: number; claims: number;
}

/** Every promo for the console, newest period first, with how many omset rows and claims it has. */
export async function listPromosAdmin(limit = 200): Promise<PromoAdminRow[]> {
  const db = await getDb();
  return selectRows<PromoAdminRow>(db, sql`
    select p.public_id::text as public_id, p.nama, p.jenis, p.periode_awal::text as periode_awal, p.periode_akhir::text as periode_akhir,
      p.batas_klaim::text as batas_klaim, p.status,
      (select count(*)::int from promo_omsets o where o.promo_id = p.id) as omsets,
      (select count(*)::int from promo_claims c where c.promo_id = p.id) as claims
    from promos p order by p.periode_awal desc, p.id desc limit ${limit}`);
}
