/**
 * The bonus closing command (`npm run close`), shared by the CLI and the server's operator
 * endpoint (the CLI sends it there while a server holds the PGlite folder). Prints through `out`
 * and `err`; returns the exit code.
 */
import { parseArgs } from 'node:util';
import { addDays, jakartaDate } from '../../lib/calendar';
import { rupiahText } from '../../lib/money-format';
import type { CloseResult } from '../services/bonus/close-day';
import { closeFinishedDays, closeMissingDays } from '../services/bonus/close-days';
import { reconcileDays } from '../services/bonus/reconcile-days';
import type { AuditActor } from '../services/operator/record-audit';

export async function closeCommand(
  argv: string[],
  out: (line: string) => void,
  err: (line: string) => void,
  by: AuditActor = { id: null, nama: 'Sistem (npm run close)' },
): Promise<number> {
  let values: { date?: string; from?: string; to?: string; reconcile?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { date: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, reconcile: { type: 'boolean' } },
    }));
  } catch (error) {
    err((error as Error).message);
    return 2;
  }
  const yesterday = addDays(jakartaDate(), -1);
  const isDate = (v: string | undefined) => !v || /^\d{4}-\d{2}-\d{2}$/.test(v);
  if (!isDate(values.date) || !isDate(values.from) || !isDate(values.to)) {
    err('Tanggal harus berformat YYYY-MM-DD');
    return 2;
  }
  const print = (r: CloseResult) =>
    out(
      r.alreadyClosed
        ? `${r.tanggal}: sudah ditutup, tidak ada perubahan`
        : `${r.tanggal}: ${r.bonusCount} bonus, bruto ${rupiahText(r.totalBruto)}`,
    );
  try {
    if (values.reconcile) {
      const days = await reconcileDays(values.date ?? values.from ?? yesterday, values.date ?? values.to ?? yesterday);
      for (const d of days) {
        out(
          `${d.tanggal}${d.ditutup ? '' : ' (belum ditutup)'}: ${d.order_dibayar} order dibayar, ${d.bv_dibayar} BV; dihitung ${d.order_dihitung} order, ${d.bv_dihitung} BV; berbonus ${d.bv_berbonus} BV; selisih ${d.selisih}${d.alasan.length ? ` — ${d.alasan.join('; ')}` : ''}`,
        );
      }
      const off = days.filter((d) => d.selisih !== 0);
      out(off.length === 0 ? `Rekonsiliasi ${days.length} hari: tanpa selisih` : `Rekonsiliasi: ${off.length} hari dengan selisih`);
      return off.length ? 1 : 0;
    }
    if (values.date) (await closeFinishedDays(values.date, values.date, { by })).forEach(print);
    else if (values.from) await closeFinishedDays(values.from, values.to ?? yesterday, { onDay: print, by });
    else if ((await closeMissingDays({ onDay: print, by })).length === 0) out(`Semua hari sampai ${yesterday} sudah ditutup`);
    return 0;
  } catch (error) {
    err((error as Error).message);
    return 1;
  }
}
