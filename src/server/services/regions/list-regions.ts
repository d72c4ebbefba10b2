import { getDb, onDbClose } from '../../db/client';
import { allProvinces, districtsOf, regenciesOf, villagesOf } from '../../db/queries/regions';
import { postalCodeOf } from './postal-codes';

export interface RegionOption {
  id: string;
  name: string;
  zip_code?: string | null;
}

/**
 * The lists asked for, kept per process: the region tables are reference data that ship with a
 * release (migrations load them) and never change while it runs, and the profile, address and
 * return forms and the cascade's calls read the same few lists on every view (issue #24). Bounded:
 * past REGION_LISTS_KEPT lists (villages per district are the many) the cache starts over.
 * Forgotten when the database closes (a test file's own copy, a restore).
 */
const kept = new Map<string, Promise<readonly RegionOption[]>>();
const REGION_LISTS_KEPT = 5_000;
onDbClose(() => kept.clear());

function keptList(key: string, load: () => Promise<RegionOption[]>): Promise<readonly RegionOption[]> {
  let list = kept.get(key);
  if (!list) {
    if (kept.size >= REGION_LISTS_KEPT) kept.clear();
    list = load();
    kept.set(key, list);
    // A failed read is not kept: the next view asks the database again.
    list.catch(() => kept.delete(key));
  }
  return list;
}

/** The region cascade (DESIGN.md §3: idn-area-data codes): province → city → district → village. */
export function listProvinces(): Promise<readonly RegionOption[]> {
  return keptList('provinsi', async () => allProvinces(await getDb()));
}

export function listCities(provinceId: string): Promise<readonly RegionOption[]> {
  return keptList(`kota:${provinceId}`, async () => regenciesOf(await getDb(), provinceId));
}

export function listDistricts(cityId: string): Promise<readonly RegionOption[]> {
  return keptList(`kecamatan:${cityId}`, async () => districtsOf(await getDb(), cityId));
}

export function listVillages(districtId: string): Promise<readonly RegionOption[]> {
  return keptList(`kelurahan:${districtId}`, async () => {
    const rows = await villagesOf(await getDb(), districtId);
    return rows.map((v) => ({ ...v, zip_code: v.zip_code ?? postalCodeOf(v.id) }));
  });
}

/** Whether child belongs to parent in the Kemendagri code scheme ('35.78' under '35'). */
export const isWithin = (child: string | undefined, parent: string | undefined): boolean =>
  !child || !parent || child.startsWith(`${parent}.`);
