import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { toCount } from '../money';
import { banners } from '../schema';

export type BannerRow = typeof banners.$inferSelect;
export type NewBanner = typeof banners.$inferInsert;

/** A group's banners in carousel order (number, then id). */
export async function listBannerGroup(db: Db | Tx, groupName: string): Promise<BannerRow[]> {
  return db.select().from(banners).where(eq(banners.groupName, groupName)).orderBy(asc(banners.number), asc(banners.id));
}

/** The highest position in a group (0 when empty). */
export async function lastBannerNumber(db: Db | Tx, groupName: string): Promise<number> {
  const [last] = await db
    .select({ n: sql<number>`coalesce(max(${banners.number}), 0)` })
    .from(banners)
    .where(eq(banners.groupName, groupName));
  return toCount(last?.n);
}

export async function insertBanner(tx: Db | Tx, values: NewBanner): Promise<BannerRow> {
  const [row] = await tx.insert(banners).values(values).returning();
  return row!;
}

/** A group's positions in carousel order, rows locked for a renumbering. */
export async function lockBannerGroup(tx: Db | Tx, groupName: string) {
  return tx
    .select({ id: banners.id, nama: banners.nama, number: banners.number })
    .from(banners)
    .where(eq(banners.groupName, groupName))
    .orderBy(asc(banners.number), asc(banners.id))
    .for('update');
}

export async function setBannerNumber(tx: Db | Tx, id: number, number: number): Promise<void> {
  await tx.update(banners).set({ number }).where(eq(banners.id, id));
}

/** One banner, locked. */
export async function lockBanner(tx: Db | Tx, id: number): Promise<BannerRow | undefined> {
  const [row] = await tx.select().from(banners).where(eq(banners.id, id)).for('update');
  return row;
}

export async function setBannerAktif(tx: Db | Tx, id: number, aktif: boolean): Promise<void> {
  await tx.update(banners).set({ aktif }).where(eq(banners.id, id));
}
