import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client';
import { bulkInsert } from '../../db/bulk-insert';
import { ancestorPaths } from '../../domain/network-path';
import type { BonusPlan } from '../../domain/bonus/plan';
import { taxOnGross } from '../../domain/bonus/pph21';
import type { Rank } from '../../../lib/rank';
import { npwpInEffect } from '../tax/npwp-status';

interface OpenRefund {
  id: number;
  jenis: string;
  bv: number;
  no_order: string;
  jenis_order: 'reg' | 'upg' | 'ro';
  subject_id: number;
  posisi_pembeli: Rank | null;
  counted: string;
  path: string;
  sponsor_id: number | null;
  grand_id: number | null;
}

/**
 * The reversals of the day (COMP_PLAN.md, Refunds): every refund or chargeback whose BV was
 * decided by the day's end (recorded, or a provider's partial refund assigned by KEUANGAN; one
 * still waiting takes nothing yet) on an order some closing already counted takes back what the
 * order caused — one negative row per bonus it reverses (same jenis_bonus, `reverses_id` pointing at it, never more
 * than what is left of it), withholding given back with it, and the order's BV removed from
 * every upline's volume: from carried BV where it is still carried, the rest owed back by the
 * next new volume on that side (hutang_bv_*). Inside the closing's transaction.
 */
export async function reverseRefunds(tx: Tx, tanggal: string, plan: BonusPlan): Promise<{ count: number; bruto: number }> {
  const refunds = await selectRows<OpenRefund>(tx, sql`
    select r.id::int as id, r.jenis, r.bv, o.no_order, o.jenis_order, coalesce(o.new_member_id, o.member_id)::int as subject_id,
      o.posisi_pembeli, o.tanggal_bonus::text as counted, m.path, m.sponsor_id::int as sponsor_id, s.sponsor_id::int as grand_id
    from order_refunds r join orders o on o.id = r.order_id
      join members m on m.id = coalesce(o.new_member_id, o.member_id) left join members s on s.id = m.sponsor_id
    where r.tanggal_bonus is null and r.ditetapkan_at < (${tanggal}::date + 1)::timestamp at time zone 'Asia/Jakarta'
      and o.tanggal_bonus is not null and o.tanggal_bonus <= ${tanggal}::date
    order by r.id
    for update of r`);
  if (refunds.length === 0) return { count: 0, bruto: 0 };
  await tx.execute(sql`update order_refunds set tanggal_bonus = ${tanggal}::date where id in (${sql.join(refunds.map((r) => sql`${r.id}`), sql`, `)})`);

  // What each refund takes back, keyed by the bonus row it reverses (earner, counted day, type).
  const takeBack = new Map<string, { memberId: number; day: string; type: string; amount: number; detail: unknown[] }>();
  const take = (memberId: number | null, day: string, type: string, amount: number, detail: unknown) => {
    if (!memberId || amount <= 0) return;
    const key = `${memberId}|${day}|${type}`;
    const row = takeBack.get(key) ?? { memberId, day, type, amount: 0, detail: [] };
    row.amount += amount;
    row.detail.push(detail);
    takeBack.set(key, row);
  };
  for (const r of refunds) {
    if (r.bv <= 0) continue;
    const detail = { no_order: r.no_order, bv_refund: r.bv, jenis_refund: r.jenis };
    if (r.jenis_order === 'ro') {
      take(r.sponsor_id, r.counted, 'RO', r.bv * plan.roPerBv[r.posisi_pembeli ?? 'BRONZE'], detail);
      take(r.grand_id, r.counted, 'RO-SPONSOR', r.bv * plan.roSponsorPerBv, detail);
      continue;
    }
    take(r.sponsor_id, r.counted, 'SPONSOR', r.bv * plan.sponsorPerBv, detail);
    take(r.grand_id, r.counted, 'PASSUP', r.bv * plan.passupPerBv, detail);
    await removeVolume(tx, r.path, r.bv);
  }
  if (takeBack.size === 0) return { count: 0, bruto: 0 };

  const originals = await selectRows<{ id: number; member_id: number; tanggal: string; jenis_bonus: string; bruto: number; pph: number; reversed_bruto: number; reversed_pph: number; has_npwp: boolean }>(tx, sql`
    select b.id::int as id, b.member_id::int as member_id, b.tanggal::text as tanggal, b.jenis_bonus, b.bonus_bruto::float8 as bruto, b.pot_pph::float8 as pph,
      coalesce((select sum(x.bonus_bruto) from bonuses x where x.reverses_id = b.id), 0)::float8 as reversed_bruto,
      coalesce((select sum(x.pot_pph) from bonuses x where x.reverses_id = b.id), 0)::float8 as reversed_pph,
      ${npwpInEffect(sql`b.member_id`, sql`b.tanggal`)} as has_npwp
    from bonuses b
    where b.reverses_id is null and (b.member_id, b.tanggal, b.jenis_bonus) in (${sql.join([...takeBack.values()].map((t) => sql`(${t.memberId}::int8, ${t.day}::date, ${t.type})`), sql`, `)})
    for update of b`);
  const rows: unknown[][] = [];
  let bruto = 0;
  for (const o of originals) {
    const t = takeBack.get(`${o.member_id}|${o.tanggal}|${o.jenis_bonus}`)!;
    const left = o.bruto + o.reversed_bruto;
    const amount = Math.min(t.amount, left);
    if (amount <= 0) continue;
    const withheld = o.pph + o.reversed_pph;
    // Per payment the rest of the row is taxed as its own payment; otherwise the tax goes back pro rata.
    const pphAfter = plan.pphBasis === 'payment' ? Math.min(withheld, taxOnGross(left - amount, o.has_npwp)) : Math.round((withheld * (left - amount)) / left);
    const pphBack = pphAfter - withheld;
    rows.push([o.member_id, tanggal, o.jenis_bonus, -amount, pphBack, -amount - pphBack, JSON.stringify(t.detail), o.id]);
    bruto -= amount;
  }
  await bulkInsert(tx, 'bonuses', [
    { name: 'member_id', type: 'int8' }, { name: 'tanggal', type: 'date' }, { name: 'jenis_bonus', type: 'text' }, { name: 'bonus_bruto', type: 'int8' },
    { name: 'pot_pph', type: 'int8' }, { name: 'bonus_dibayar', type: 'int8' }, { name: 'detail', type: 'jsonb' }, { name: 'reverses_id', type: 'int8' },
  ], rows);
  return { count: rows.length, bruto };
}

/** Takes a refunded order's BV out of every upline's volume on its side: carried BV first, the rest owed. */
async function removeVolume(tx: Tx, path: string, bv: number): Promise<void> {
  const ancestors = ancestorPaths(path);
  if (ancestors.length === 0) return;
  const side = sql`substr(${path}, length(m.path) + 1, 1)`;
  await tx.execute(sql`
    update member_pairing p set
      hutang_bv_kiri = p.hutang_bv_kiri + case when ${side} = '0' then greatest(${bv}::int - p.sisa_bv_kiri, 0) else 0 end,
      hutang_bv_kanan = p.hutang_bv_kanan + case when ${side} = '1' then greatest(${bv}::int - p.sisa_bv_kanan, 0) else 0 end,
      sisa_bv_kiri = case when ${side} = '0' then greatest(p.sisa_bv_kiri - ${bv}::int, 0) else p.sisa_bv_kiri end,
      sisa_bv_kanan = case when ${side} = '1' then greatest(p.sisa_bv_kanan - ${bv}::int, 0) else p.sisa_bv_kanan end,
      jumlah_bv_kiri = p.jumlah_bv_kiri - case when ${side} = '0' then ${bv}::int else 0 end,
      jumlah_bv_kanan = p.jumlah_bv_kanan - case when ${side} = '1' then ${bv}::int else 0 end
    from members m
    where m.id = p.member_id and m.path in (${sql.join(ancestors.map((a) => sql`${a}`), sql`, `)})`);
}
