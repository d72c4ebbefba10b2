import { and, count, eq, sql } from 'drizzle-orm';
import { type Db, selectPreparedOnce, selectRows, type Tx } from '../client';
import { toCount } from '../money';
import { shippingAddresses } from '../schema';

export interface ShippingAddress {
  public_id: string;
  label: string;
  nama: string;
  phone: string;
  alamat: string;
  kelurahan_id: string;
  kelurahan: string;
  kecamatan_id: string;
  kecamatan: string;
  kota_id: string;
  kota: string;
  provinsi_id: string;
  provinsi: string;
  kode_pos: string | null;
  is_default: boolean;
}

const addressSelect = sql`
  select a.public_id::text as public_id, a.label, a.nama, a.phone, a.alamat, a.kelurahan_id, v.name as kelurahan,
    d.code as kecamatan_id, d.name as kecamatan, r.code as kota_id, r.name as kota, p.code as provinsi_id, p.name as provinsi,
    a.kode_pos, a.is_default
  from shipping_addresses a
  join villages v on v.code = a.kelurahan_id
  join districts d on d.code = v.district_code
  join regencies r on r.code = d.regency_code
  join provinces p on p.code = r.province_code`;

/** A member's saved addresses with their region names, default first. */
export async function memberAddresses(db: Db | Tx, memberId: number): Promise<ShippingAddress[]> {
  // Prepared (the address book, returns and order pages, issue #24).
  return selectPreparedOnce<ShippingAddress>(
    db,
    'member_addresses',
    () => sql`${addressSelect} where a.member_id = ${sql.placeholder('memberId')} order by a.is_default desc, a.id`,
    { memberId },
  );
}

/** One address of the member by its public id (a uuid), or undefined. */
export async function memberAddress(db: Db | Tx, memberId: number, publicId: string): Promise<ShippingAddress | undefined> {
  const [row] = await selectRows<ShippingAddress>(
    db,
    sql`${addressSelect} where a.member_id = ${memberId} and a.public_id = ${publicId}::uuid`,
  );
  return row;
}

/** Locks the member's row: one address write per member at a time. */
export async function lockMemberForAddresses(tx: Tx, memberId: number): Promise<void> {
  await tx.execute(sql`select id from members where id = ${memberId} for update`);
}

export async function countAddresses(db: Db | Tx, memberId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(shippingAddresses).where(eq(shippingAddresses.memberId, memberId));
  return toCount(row?.n);
}

export interface AddressValues {
  label: string;
  nama: string;
  phone: string;
  alamat: string;
  kelurahanId: string;
  kodePos: string | null;
}

export async function insertAddress(db: Db | Tx, memberId: number, values: AddressValues): Promise<{ id: number; publicId: string }> {
  const [row] = await db
    .insert(shippingAddresses)
    .values({ ...values, memberId })
    .returning({ id: shippingAddresses.id, publicId: shippingAddresses.publicId });
  return row!;
}

export async function updateAddress(
  db: Db | Tx,
  memberId: number,
  publicId: string,
  values: AddressValues,
): Promise<{ id: number; publicId: string }> {
  const [row] = await db
    .update(shippingAddresses)
    .set(values)
    .where(and(eq(shippingAddresses.memberId, memberId), eq(shippingAddresses.publicId, publicId)))
    .returning({ id: shippingAddresses.id, publicId: shippingAddresses.publicId });
  return row!;
}

export async function deleteAddressRow(db: Db | Tx, memberId: number, publicId: string): Promise<void> {
  await db.delete(shippingAddresses).where(and(eq(shippingAddresses.memberId, memberId), eq(shippingAddresses.publicId, publicId)));
}

/** The member's oldest address, or undefined when none is left. */
export async function oldestAddressId(db: Db | Tx, memberId: number): Promise<number | undefined> {
  const [next] = await db
    .select({ id: shippingAddresses.id })
    .from(shippingAddresses)
    .where(eq(shippingAddresses.memberId, memberId))
    .orderBy(shippingAddresses.id)
    .limit(1);
  return next?.id;
}

/** Makes the address the member's only default (a partial unique index holds it). */
export async function setDefaultAddress(tx: Db | Tx, memberId: number, id: number): Promise<void> {
  await tx
    .update(shippingAddresses)
    .set({ isDefault: false })
    .where(and(eq(shippingAddresses.memberId, memberId), eq(shippingAddresses.isDefault, true)));
  await tx.update(shippingAddresses).set({ isDefault: true }).where(eq(shippingAddresses.id, id));
}
