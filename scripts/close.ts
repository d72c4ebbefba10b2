/**
 * The bonus closing: `npm run close -- --date YYYY-MM-DD` (default yesterday, Asia/Jakarta), or
 * `--from YYYY-MM-DD [--to YYYY-MM-DD]` for a range. A closed day is never computed twice.
 * On PGlite, stop the server first (one process per data folder).
 */
import { parseArgs } from 'node:util';
import { closeDb } from '../src/server/db/client';
import { closeDay } from '../src/server/services/bonus/close-day';
import { closeRange } from '../src/server/services/bonus/close-range';

const { values } = parseArgs({ options: { date: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } } });
const jakartaToday = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
const yesterday = new Date(Date.parse(`${jakartaToday}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const isDate = (v: string | undefined) => !v || /^\d{4}-\d{2}-\d{2}$/.test(v);
if (!isDate(values.date) || !isDate(values.from) || !isDate(values.to)) {
  console.error('Tanggal harus berformat YYYY-MM-DD');
  process.exit(2);
}
const started = Date.now();
const print = (r: { tanggal: string; alreadyClosed: boolean; bonusCount: number; totalBruto: number }) =>
  console.log(r.alreadyClosed ? `${r.tanggal}: sudah ditutup, tidak ada perubahan` : `${r.tanggal}: ${r.bonusCount} bonus, bruto Rp ${r.totalBruto.toLocaleString('id-ID')}`);
if (values.from) await closeRange(values.from, values.to ?? yesterday, print);
else print(await closeDay(values.date ?? yesterday));
await closeDb();
console.log(`Selesai dalam ${((Date.now() - started) / 1000).toFixed(1)} s`);
