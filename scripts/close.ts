/**
 * The bonus closing: `npm run close` closes every finished day not yet closed, in order, up to
 * yesterday (Asia/Jakarta); `-- --date YYYY-MM-DD` one day, `-- --from YYYY-MM-DD [--to YYYY-MM-DD]`
 * a range (each missing day in order). Today and later days are refused, and a day closes only
 * after the day before it. `-- --reconcile [--date D | --from D --to D]` prints the reconciliation
 * per day (paid orders and BV against BV that earned bonuses) and exits 1 on any difference.
 * On PGlite, stop the server first (one process per data folder).
 */
import { parseArgs } from 'node:util';
import { closeDb } from '../src/server/db/client';
import { closeFinishedDays, closeMissingDays } from '../src/server/services/bonus/close-days';
import { reconcileDays } from '../src/server/services/bonus/reconcile-days';
import type { CloseResult } from '../src/server/services/bonus/close-day';
import { jakartaDate } from '../src/lib/jakarta';

const { values } = parseArgs({ options: { date: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, reconcile: { type: 'boolean' } } });
const yesterday = new Date(Date.parse(`${jakartaDate()}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const isDate = (v: string | undefined) => !v || /^\d{4}-\d{2}-\d{2}$/.test(v);
if (!isDate(values.date) || !isDate(values.from) || !isDate(values.to)) {
  console.error('Tanggal harus berformat YYYY-MM-DD');
  process.exit(2);
}
const started = Date.now();
const by = { id: null, nama: 'Sistem (npm run close)' };
const print = (r: CloseResult) =>
  console.log(r.alreadyClosed ? `${r.tanggal}: sudah ditutup, tidak ada perubahan` : `${r.tanggal}: ${r.bonusCount} bonus, bruto Rp ${r.totalBruto.toLocaleString('id-ID')}`);
try {
  if (values.reconcile) {
    const from = values.date ?? values.from ?? yesterday;
    const days = await reconcileDays(from, values.date ?? values.to ?? yesterday);
    for (const d of days) {
      console.log(`${d.tanggal}${d.ditutup ? '' : ' (belum ditutup)'}: ${d.order_dibayar} order dibayar, ${d.bv_dibayar} BV; dihitung ${d.order_dihitung} order, ${d.bv_dihitung} BV; berbonus ${d.bv_berbonus} BV; selisih ${d.selisih}${d.alasan.length ? ` — ${d.alasan.join('; ')}` : ''}`);
    }
    const off = days.filter((d) => d.selisih !== 0);
    console.log(off.length === 0 ? `Rekonsiliasi ${days.length} hari: tanpa selisih` : `Rekonsiliasi: ${off.length} hari dengan selisih`);
    if (off.length) process.exitCode = 1;
  } else if (values.date) (await closeFinishedDays(values.date, values.date, { by })).forEach(print);
  else if (values.from) await closeFinishedDays(values.from, values.to ?? yesterday, { onDay: print, by });
  else {
    const results = await closeMissingDays({ onDay: print, by });
    if (results.length === 0) console.log(`Semua hari sampai ${yesterday} sudah ditutup`);
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await closeDb();
}
console.log(`Selesai dalam ${((Date.now() - started) / 1000).toFixed(1)} s`);
