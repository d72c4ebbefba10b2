import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Product } from '../../../lib/order/product';
import type { Db, Tx } from '../client';
import { toRupiah } from '../money';
import { products } from '../schema';

/** 'PAKET' for registration and upgrade, 'PRODUK' for repeat orders (spec/001 §3 Product). */
export type ProductKategori = 'PAKET' | 'PRODUK';

/** The active goods of one category as the order screens list them: cheapest BV first. */
export async function listActiveProducts(db: Db | Tx, kategori: ProductKategori, limit: number): Promise<Product[]> {
  const rows = await db
    .select({
      publicId: products.publicId,
      nama: products.nama,
      harga: products.harga,
      value: products.value,
      berat: products.berat,
      dpp: products.dpp,
      persenPpn: products.persenPpn,
      deskripsi: products.deskripsi,
      gambars: products.gambars,
    })
    .from(products)
    .where(and(eq(products.isActive, true), eq(products.kategori, kategori)))
    .orderBy(asc(products.value), asc(products.harga), asc(products.id))
    .limit(limit);
  return rows.map((r) => ({
    public_id: r.publicId,
    nama: r.nama,
    harga: toRupiah(r.harga),
    value: r.value,
    berat: r.berat,
    dpp: toRupiah(r.dpp),
    persen_ppn: r.persenPpn,
    deskripsi: r.deskripsi,
    gambars: r.gambars as Product['gambars'],
  }));
}

/** The catalogue figures an order line is priced with: only active goods of the category. */
export async function findActiveProducts(db: Db | Tx, publicIds: string[], kategori: ProductKategori) {
  if (publicIds.length === 0) return [];
  const rows = await db
    .select({
      id: products.id,
      publicId: products.publicId,
      nama: products.nama,
      harga: products.harga,
      value: products.value,
      berat: products.berat,
      dpp: products.dpp,
    })
    .from(products)
    .where(and(inArray(products.publicId, publicIds), eq(products.isActive, true), eq(products.kategori, kategori)));
  return rows.map((r) => ({ ...r, harga: toRupiah(r.harga), dpp: toRupiah(r.dpp) }));
}
