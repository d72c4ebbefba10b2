import { getDb } from '../../db/client';
import { allProvinces, districtsOf, regenciesOf, villagesOf } from '../../db/queries/regions';
import { postalCodeOf } from './postal-codes';

export interface RegionOption {
  id: string;
  name: string;
  zip_code?: string | null;
}

/** The region cascade (DESIGN.md §3: idn-area-data codes): province → city → district → village. */
export async function listProvinces(): Promise<RegionOption[]> {
  return allProvinces(await getDb());
}

export async function listCities(provinceId: string): Promise<RegionOption[]> {
  return regenciesOf(await getDb(), provinceId);
}

export async function listDistricts(cityId: string): Promise<RegionOption[]> {
  return districtsOf(await getDb(), cityId);
}

export async function listVillages(districtId: string): Promise<RegionOption[]> {
  const rows = await villagesOf(await getDb(), districtId);
  return rows.map((v) => ({ ...v, zip_code: v.zip_code ?? postalCodeOf(v.id) }));
}

/** Whether child belongs to parent in the Kemendagri code scheme ('35.78' under '35'). */
export const isWithin = (child: string | undefined, parent: string | undefined): boolean =>
  !child || !parent || child.startsWith(`${parent}.`);
