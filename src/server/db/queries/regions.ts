import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { districts, provinces, regencies, villages } from '../schema';

export async function allProvinces(db: Db | Tx) {
  return db.select({ id: provinces.code, name: provinces.name }).from(provinces).orderBy(asc(provinces.name));
}

export async function regenciesOf(db: Db | Tx, provinceCode: string) {
  return db
    .select({ id: regencies.code, name: regencies.name })
    .from(regencies)
    .where(eq(regencies.provinceCode, provinceCode))
    .orderBy(asc(regencies.name));
}

export async function districtsOf(db: Db | Tx, regencyCode: string) {
  return db
    .select({ id: districts.code, name: districts.name })
    .from(districts)
    .where(eq(districts.regencyCode, regencyCode))
    .orderBy(asc(districts.name));
}

export async function villagesOf(db: Db | Tx, districtCode: string) {
  return db
    .select({ id: villages.code, name: villages.name, zip_code: villages.postalCode })
    .from(villages)
    .where(eq(villages.districtCode, districtCode))
    .orderBy(asc(villages.name));
}

/** A village's own postal code (null when it has none); undefined for an unknown village. */
export async function villagePostalCode(db: Db | Tx, villageCode: string): Promise<{ postalCode: string | null } | undefined> {
  const [village] = await db.select({ postalCode: villages.postalCode }).from(villages).where(eq(villages.code, villageCode));
  return village;
}

/** The district and city names of a village (what a shipping provider searches by). */
export async function villagePlaceNames(db: Db | Tx, villageCode: string): Promise<{ district: string; city: string } | undefined> {
  const [row] = await db
    .select({ district: districts.name, city: regencies.name })
    .from(villages)
    .innerJoin(districts, eq(districts.code, villages.districtCode))
    .innerJoin(regencies, eq(regencies.code, districts.regencyCode))
    .where(eq(villages.code, villageCode));
  return row;
}
