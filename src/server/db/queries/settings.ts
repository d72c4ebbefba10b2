import { sql } from 'drizzle-orm';
import { type Db, selectRows, type Tx } from '../client';

// Raw SQL on purpose: the builder's jsonb would JSON.parse a string value a second time on
// postgres.js (a setting "123" would come back as the number 123); the driver's value is final.

/** Every operator setting row, as the driver decodes its jsonb value. */
export async function allSettings(db: Db | Tx): Promise<{ key: string; value: unknown }[]> {
  return selectRows<{ key: string; value: unknown }>(db, sql`select key, value from settings`);
}

/** A setting's value, written first with `initial` when the key has no row yet (never overwritten). */
export async function settingOrInsert(db: Db | Tx, key: string, initial: string): Promise<unknown> {
  await db.execute(sql`insert into settings (key, value) values (${key}, ${JSON.stringify(initial)}::jsonb)
    on conflict (key) do nothing`);
  const [row] = await selectRows<{ value: unknown }>(db, sql`select value from settings where key = ${key}`);
  return row?.value;
}
