import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../../src/server/db/client';

/** What the closings leave behind, in a form two databases can be compared by (no ids, no times). */
export async function closingSummary(db: Db) {
  return {
    days: await selectRows(
      db,
      sql`select tanggal::text as tanggal, bonus_count, total_bruto::text as total_bruto from closed_days order by tanggal`,
    ),
    bonuses: await selectRows(
      db,
      sql`select tanggal::text as tanggal, count(*)::int as n, sum(bonus_bruto)::text as bruto, sum(pot_pph)::text as pph,
      sum(bonus_dibayar)::text as dibayar, md5(string_agg(member_id || jenis_bonus || bonus_bruto, ',' order by member_id, jenis_bonus)) as digest
      from bonuses group by tanggal order by tanggal`,
    ),
    pairing: await selectRows(
      db,
      sql`select count(*)::int as n, md5(string_agg(concat_ws('|', member_id, sisa_bv_kiri, sisa_bv_kanan, tanggal_expired,
      jumlah_pair, jumlah_pair_bv, jumlah_bv_kiri, jumlah_bv_kanan), ',' order by member_id)) as digest from member_pairing`,
    ),
    payouts: await selectRows(
      db,
      sql`select status, count(*)::int as n, sum(total_bonus)::text as total from payouts group by status order by status`,
    ),
  };
}
