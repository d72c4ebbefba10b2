import { eq, sql } from 'drizzle-orm';
import { type Db, selectRows, type Tx } from '../client';
import { villages } from '../schema';

/** Whether a village code exists: the destination of a shipping quote. */
export async function villageExists(db: Db | Tx, code: string): Promise<boolean> {
  const [row] = await db.select({ code: villages.code }).from(villages).where(eq(villages.code, code));
  return row !== undefined;
}

/** Whether a prospective member's regency exists and, when given, the district too. */
export async function registrationRegionsKnown(db: Db | Tx, regency: string, district: string | undefined): Promise<boolean> {
  const [row] = await selectRows<{ ok: boolean }>(
    db,
    sql`select
    exists (select 1 from regencies where code = ${regency}) and
    (${district || null}::text is null or exists (select 1 from districts where code = ${district || null})) as ok`,
  );
  return row?.ok === true;
}
