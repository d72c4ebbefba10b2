import { today } from '../../../lib/calendar';
import { dppFor, priceProblem } from '../../../lib/order/fees';
import { type NewProductForm, NewProductSchema, type ProductForm, ProductFormSchema } from '../../../lib/schemas/produk';
import { inTransaction } from '../../db/client';
import { insertProduct, type ProductFields, productById, productKodeTaken, updateProductFields } from '../../db/queries/products';
import { AppError } from '../../errors';
import { parseWith } from '../../http';
import type { Actor } from '../operator/assert-role';
import { recordAudit } from '../operator/record-audit';
import { assertCatalogueEditor } from './catalogue-roles';
import { PRODUCT_NOT_FOUND } from './get-product-admin';

const KODE_TAKEN = 'Kode produk sudah dipakai produk lain';

const fieldsOf = (data: ReturnType<typeof ProductFormSchema.parse>): ProductFields => ({
  kode: data.kode,
  nama: data.nama,
  deskripsi: data.deskripsi,
  kategori: data.kategori,
  value: data.value,
  berat: data.berat,
  isActive: data.is_active,
});

/** A price as given: a blank dpp is the rate's own; a price whose dpp contradicts it is refused. */
export function checkedPrice(data: { harga: number; dpp?: number; persen_ppn: number }) {
  const price = { harga: data.harga, dpp: data.dpp ?? dppFor(data.harga, data.persen_ppn), persen_ppn: data.persen_ppn };
  const problem = priceProblem(price);
  if (problem) throw new AppError('BAD_INPUT', problem, { dpp: problem });
  return price;
}

/** A new product with its first price (in effect at once), audited (SUPERADMIN). */
export async function createProduct(by: Actor, input: NewProductForm): Promise<{ id: number; message: string }> {
  assertCatalogueEditor(by);
  const data = parseWith(NewProductSchema, input);
  const price = checkedPrice(data);
  return inTransaction(async (tx) => {
    if (await productKodeTaken(tx, data.kode)) throw new AppError('CONFLICT', KODE_TAKEN, { kode: KODE_TAKEN });
    const row = await insertProduct(tx, { ...fieldsOf(data), harga: price.harga, dpp: price.dpp, persenPpn: price.persen_ppn });
    await recordAudit(tx, by, 'produk:create', `produk:${row.kode}`, null, row);
    return { id: row.id, message: `Produk ${row.kode} ditambahkan` };
  });
}

/**
 * A product's data (code, name, description, category, BV, weight, active), audited with its
 * before and after (SUPERADMIN; GUDANG is refused here whatever the page shows). Its price
 * changes only through setProductPrice, from a day on.
 */
export async function updateProduct(by: Actor, id: number, input: ProductForm): Promise<string> {
  assertCatalogueEditor(by);
  const data = parseWith(ProductFormSchema, input);
  const after = fieldsOf(data);
  return inTransaction(async (tx) => {
    const row = await productById(tx, id, today(), true);
    if (!row) throw new AppError('NOT_FOUND', PRODUCT_NOT_FOUND);
    if (after.kode !== row.kode && (await productKodeTaken(tx, after.kode, id)))
      throw new AppError('CONFLICT', KODE_TAKEN, { kode: KODE_TAKEN });
    const before = fieldsOf({ ...row, is_active: row.isActive });
    const changed = (Object.keys(after) as (keyof ProductFields)[]).filter((k) => after[k] !== before[k]);
    if (changed.length === 0) return `Tidak ada perubahan pada ${row.kode}`;
    await updateProductFields(tx, id, after);
    await recordAudit(
      tx,
      by,
      'produk:update',
      `produk:${after.kode}`,
      Object.fromEntries(changed.map((k) => [k, before[k]])),
      Object.fromEntries(changed.map((k) => [k, after[k]])),
    );
    return `Produk ${after.kode} disimpan`;
  });
}
