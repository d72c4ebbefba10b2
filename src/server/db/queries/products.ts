import { and, asc, desc, eq, gt, inArray, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Product } from '../../../lib/order/product';
import { type Db, preparedOnce, type Tx } from '../client';
import { toCount, toRupiah } from '../money';
import { productPrices, products } from '../schema';

/** 'PAKET' for registration and upgrade, 'PRODUK' for repeat orders (spec/001 §3 Product). */
export type ProductKategori = 'PAKET' | 'PRODUK';

/**
 * One figure of the price in effect on `day` (ADR 0021): the product's version with the latest
 * berlaku_mulai on or before the day, else the product's own column (its price before any version).
 */
function inEffect<T>(column: 'harga' | 'dpp' | 'persenPpn', day: string | Placeholder): SQL<T> {
  // Spelled out with the outer table's name: drizzle leaves a one-table select's columns
  // unqualified, which inside the subquery would name product_prices' own id.
  const name = sql.raw(column === 'persenPpn' ? 'persen_ppn' : column);
  return sql<T>`coalesce((select pp.${name} from product_prices pp
    where pp.product_id = "products"."id" and pp.berlaku_mulai <= ${day}::date
    order by pp.berlaku_mulai desc limit 1), "products".${name})`;
}

/** The price in effect on `day` (a Jakarta calendar day), as the order screens and the order's lines take it. */
const priceOn = (day: string | Placeholder) => ({
  harga: inEffect<number>('harga', day),
  dpp: inEffect<number>('dpp', day),
  persenPpn: inEffect<number>('persenPpn', day),
});

/** The active goods of one category as the order screens list them on `day`: cheapest BV first. */
export async function listActiveProducts(db: Db | Tx, kategori: ProductKategori, limit: number, day: string): Promise<Product[]> {
  // Prepared, one statement per category (the order screens' every view, issue #24).
  const rows = await preparedOnce(db, `active_products_${kategori}`, () => {
    const price = priceOn(sql.placeholder('day'));
    return db
      .select({
        publicId: products.publicId,
        nama: products.nama,
        value: products.value,
        berat: products.berat,
        ...price,
        deskripsi: products.deskripsi,
        gambars: products.gambars,
      })
      .from(products)
      .where(and(eq(products.isActive, true), eq(products.kategori, kategori)))
      .orderBy(asc(products.value), asc(price.harga), asc(products.id))
      .limit(sql.placeholder('limit'))
      .prepare(`active_products_${kategori}`);
  }).execute({ day, limit });
  return rows.map((r) => ({
    public_id: r.publicId,
    nama: r.nama,
    harga: toRupiah(r.harga),
    value: r.value,
    berat: r.berat,
    dpp: toRupiah(r.dpp),
    persen_ppn: toCount(r.persenPpn),
    deskripsi: r.deskripsi,
    gambars: r.gambars as Product['gambars'],
  }));
}

/** The catalogue figures an order line made on `day` is priced with: only active goods of the category. */
export async function findActiveProducts(db: Db | Tx, publicIds: string[], kategori: ProductKategori, day: string) {
  if (publicIds.length === 0) return [];
  const { harga, dpp } = priceOn(day);
  const rows = await db
    .select({
      id: products.id,
      publicId: products.publicId,
      nama: products.nama,
      harga,
      value: products.value,
      berat: products.berat,
      dpp,
    })
    .from(products)
    .where(and(inArray(products.publicId, publicIds), eq(products.isActive, true), eq(products.kategori, kategori)));
  return rows.map((r) => ({ ...r, harga: toRupiah(r.harga), dpp: toRupiah(r.dpp) }));
}

export type ProductRow = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type ProductFields = Pick<NewProduct, 'kode' | 'nama' | 'deskripsi' | 'kategori' | 'value' | 'berat' | 'isActive'>;
export type PriceVersionRow = typeof productPrices.$inferSelect;

/** Every product (active or not) with its price in effect on `day` and its stock over all warehouses, by code. */
export async function catalogueRows(db: Db | Tx, day: string) {
  const rows = await db
    .select({
      id: products.id,
      kode: products.kode,
      nama: products.nama,
      kategori: products.kategori,
      value: products.value,
      berat: products.berat,
      isActive: products.isActive,
      gambars: products.gambars,
      ...priceOn(day),
      stok: sql<number>`(select coalesce(sum(ws.qty), 0) from warehouse_stock ws where ws.product_id = "products"."id")`,
    })
    .from(products)
    .orderBy(asc(products.kategori), asc(products.kode));
  return rows.map((r) => ({
    ...r,
    harga: toRupiah(r.harga),
    dpp: toRupiah(r.dpp),
    persenPpn: toCount(r.persenPpn),
    stok: toCount(r.stok),
    gambars: r.gambars as { lokasi: string }[],
  }));
}

/** The price versions that start after `day` (scheduled), of one product or all, earliest first. */
export async function scheduledPrices(db: Db | Tx, day: string, productId?: number): Promise<PriceVersionRow[]> {
  const rows = await db
    .select()
    .from(productPrices)
    .where(and(gt(productPrices.berlakuMulai, day), productId === undefined ? undefined : eq(productPrices.productId, productId)))
    .orderBy(asc(productPrices.productId), asc(productPrices.berlakuMulai));
  return rows.map((r) => ({ ...r, harga: toRupiah(r.harga), dpp: toRupiah(r.dpp) }));
}

/** A product's price versions, newest day first. */
export async function priceVersions(db: Db | Tx, productId: number): Promise<PriceVersionRow[]> {
  const rows = await db
    .select()
    .from(productPrices)
    .where(eq(productPrices.productId, productId))
    .orderBy(desc(productPrices.berlakuMulai));
  return rows.map((r) => ({ ...r, harga: toRupiah(r.harga), dpp: toRupiah(r.dpp) }));
}

/** One product with its price in effect on `day`; locked for the rest of the transaction when `lock`. */
export async function productById(db: Db | Tx, id: number, day: string, lock = false) {
  const query = db
    .select({ row: products, ...priceOn(day) })
    .from(products)
    .where(eq(products.id, id));
  const [found] = lock ? await query.for('update', { of: products }) : await query;
  if (!found) return undefined;
  return {
    ...found.row,
    harga: toRupiah(found.row.harga),
    dpp: toRupiah(found.row.dpp),
    gambars: found.row.gambars as { lokasi: string }[],
    price: { harga: toRupiah(found.harga), dpp: toRupiah(found.dpp), persenPpn: toCount(found.persenPpn) },
  };
}

/** Whether another product already has the code. */
export async function productKodeTaken(db: Db | Tx, kode: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.kode, kode), exceptId === undefined ? undefined : ne(products.id, exceptId)));
  return row !== undefined;
}

export async function insertProduct(tx: Db | Tx, values: NewProduct): Promise<ProductRow> {
  const [row] = await tx.insert(products).values(values).returning();
  return row!;
}

export async function updateProductFields(tx: Db | Tx, id: number, fields: ProductFields): Promise<void> {
  await tx.update(products).set(fields).where(eq(products.id, id));
}

export async function setProductImages(tx: Db | Tx, id: number, gambars: { lokasi: string }[]): Promise<void> {
  await tx.update(products).set({ gambars }).where(eq(products.id, id));
}

/** The version starting on `day`, if one exists. */
export async function priceVersionOn(db: Db | Tx, productId: number, day: string): Promise<PriceVersionRow | undefined> {
  const [row] = await db
    .select()
    .from(productPrices)
    .where(and(eq(productPrices.productId, productId), eq(productPrices.berlakuMulai, day)));
  return row && { ...row, harga: toRupiah(row.harga), dpp: toRupiah(row.dpp) };
}

/** Stores the price from `berlakuMulai` on, replacing a version of the same day. */
export async function putPriceVersion(
  tx: Db | Tx,
  version: Pick<PriceVersionRow, 'productId' | 'berlakuMulai' | 'harga' | 'dpp' | 'persenPpn'>,
): Promise<void> {
  await tx
    .insert(productPrices)
    .values(version)
    .onConflictDoUpdate({
      target: [productPrices.productId, productPrices.berlakuMulai],
      set: { harga: version.harga, dpp: version.dpp, persenPpn: version.persenPpn, createdAt: new Date() },
    });
}

export async function deletePriceVersion(tx: Db | Tx, productId: number, day: string): Promise<void> {
  await tx.delete(productPrices).where(and(eq(productPrices.productId, productId), eq(productPrices.berlakuMulai, day)));
}
