import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The postal code of a village from src/server/data/kodepos-desa.csv (GPL-3.0, see the README
 * there): by the village's code, else by its district when every listed village of that district
 * shares one code; null for a village without one (the member types the 5 digits).
 */
let loaded: { byVillage: Map<string, string>; byDistrict: Map<string, string | null> } | undefined;

function csvFile(): string {
  const candidates = [
    path.resolve(process.cwd(), 'src/server/data/kodepos-desa.csv'),
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../data/kodepos-desa.csv'),
  ];
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found) throw new Error(`Berkas kode pos tidak ditemukan (dicari: ${candidates.join(', ')})`);
  return found;
}

function load(): NonNullable<typeof loaded> {
  if (loaded) return loaded;
  const byVillage = new Map<string, string>();
  const byDistrict = new Map<string, string | null>();
  for (const line of fs.readFileSync(csvFile(), 'utf8').split('\n').slice(1)) {
    const [desa, kodePos] = line.trim().split(',');
    if (!desa || !kodePos || !/^\d{5}$/.test(kodePos)) continue;
    byVillage.set(desa, kodePos);
    const district = desa.slice(0, desa.lastIndexOf('.'));
    const seen = byDistrict.get(district);
    byDistrict.set(district, seen === undefined || seen === kodePos ? kodePos : null);
  }
  loaded = { byVillage, byDistrict };
  return loaded;
}

export function postalCodeOf(villageCode: string): string | null {
  const { byVillage, byDistrict } = load();
  return byVillage.get(villageCode) ?? byDistrict.get(villageCode.slice(0, villageCode.lastIndexOf('.'))) ?? null;
}
