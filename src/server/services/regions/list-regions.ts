import { asc, eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { districts, provinces, regencies, villages } from '../../db/schema';
import { postalCodeOf } from './postal-codes';

export interface RegionOption {
  id: string;
  name: string;
  zip_code?: string | null;
}

/** The region cascade (DESIGN.md §3: idn-area-data codes): province → city → district → village. */
export async function listProvinces(): Promise<RegionOption[]> {
  const db = await getDb();
  return db.select({ id: provinces.code, name: provinces.name }).from(provinces).orderBy(asc(provinces.name));
}

export async function listCities(provinceId: string): Promise<RegionOption[]> {
  const db = await getDb();
  return db.select({ id: regencies.code, name: regencies.name }).from(regencies)
    .where(eq(regencies.provinceCode, provinceId)).orderBy(asc(regencies.name));
}

export async function listDistricts(cityId: string): Promise<RegionOption[]> {
  const db = await getDb();
  return db.select({ id: districts.code, name: districts.name }).from(districts)
    .where(eq(districts.regencyCode, cityId)).orderBy(asc(districts.name));
}

export async function listVillages(districtId: string): Promise<RegionOption[]> {
  const db = await getDb();
  const rows = await db.select({ id: villages.code, name: villages.name, zip_code: villages.postalCode }).from(villages)
    .where(eq(villages.districtCode, districtId)).orderBy(asc(villages.name));
  return rows.map((v) => ({ ...v, zip_code: v.zip_code ?? postalCodeOf(v.id) }));
}

/** Whether child belongs to parent in the Kemendagri code scheme ('35.78' under '35'). */
export const isWithin = (child: string | undefined, parent: string | undefined): boolean =>
  !child || !parent || child.startsWith(`${parent}.`);
