import { sql } from 'drizzle-orm';
import { getDb, selectRows, type Db, type Tx } from '../../db/client';
import type { SessionMember } from '../auth/session-member';

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

/** The member's saved addresses, default first (spec/001 §2). */
export async function listAddresses(member: SessionMember): Promise<ShippingAddress[]> {
  const db = await getDb();
  return selectRows<ShippingAddress>(db, sql`${addressSelect} where a.member_id = ${member.id} order by a.is_default desc, a.id`);
}

/** One of the member's own addresses, or undefined (another member's id answers as not found). */
export async function findOwnAddress(db: Db | Tx, member: SessionMember, publicId: string): Promise<ShippingAddress | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(publicId)) return undefined;
  const [row] = await selectRows<ShippingAddress>(db, sql`${addressSelect} where a.member_id = ${member.id} and a.public_id = ${publicId}::uuid`);
  return row;
}
