import { sql } from 'drizzle-orm';
import { selectRows, type Db, type Tx } from '../../db/client';

/**
 * isBonusAvl (COMP_PLAN.md): true once a bonus of the current month exists for the member. The
 * bonus table arrives with the compensation engine; until it exists no bonus can exist either.
 */
export async function isBonusAvailable(db: Db | Tx, memberId: number): Promise<boolean> {
  const [table] = await selectRows<{ name: string | null }>(db, sql`select to_regclass('bonuses')::text as name`);
  if (!table?.name) return false;
  const [row] = await selectRows<{ n: number }>(db, sql`
    select count(*)::int as n from bonuses
    where member_id = ${memberId}
      and tanggal >= date_trunc('month', (now() at time zone 'Asia/Jakarta'))::date`);
  return (row?.n ?? 0) > 0;
}
