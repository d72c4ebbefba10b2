import { sql } from 'drizzle-orm';
import type { OpenRefund, ReversibleBonus, TakeBack } from '../../domain/bonus/refund-reversal';
import { ancestorPaths } from '../../domain/network-path';
import { selectRows, type Tx } from '../client';
import { toCount, toRupiah } from '../money';
import { npwpInEffect } from './npwp-in-effect';

const nullableId = (v: unknown) => (v === null || v === undefined ? null : toCount(v));

/**
 * Every refund or chargeback whose BV was decided by the day's end (recorded, or a provider's
 * partial refund assigned by KEUANGAN) on an order some closing already counted, locked and marked
 * taken by this day's closing.
 */
export async function takeOpenRefunds(tx: Tx, tanggal: string): Promise<OpenRefund[]> {
  const rows = await selectRows<OpenRefund>(
    tx,
    sql`
    select r.id::int as id, r.jenis, r.bv, o.no_order, o.jenis_order,
      o.posisi_pembeli, o.tanggal_bonus::text as counted, m.path, m.sponsor_id::int as sponsor_id, s.sponsor_id::int as grand_id
    from order_refunds r join orders o on o.id = r.order_id
      join members m on m.id = coalesce(o.new_member_id, o.member_id) left join members s on s.id = m.sponsor_id
    where r.tanggal_bonus is null and r.ditetapkan_at < (${tanggal}::date + 1)::timestamp at time zone 'Asia/Jakarta'
      and o.tanggal_bonus is not null and o.tanggal_bonus <= ${tanggal}::date
    order by r.id
    for update of r`,
  );
  const refunds = rows.map((r) => ({
    ...r,
    id: toCount(r.id),
    bv: toCount(r.bv),
    sponsor_id: nullableId(r.sponsor_id),
    grand_id: nullableId(r.grand_id),
  }));
  if (refunds.length) {
    await tx.execute(
      sql`update order_refunds set tanggal_bonus = ${tanggal}::date where id in (${sql.join(
        refunds.map((r) => sql`${r.id}`),
        sql`, `,
      )})`,
    );
  }
  return refunds;
}

/** Takes a refunded order's BV out of every upline's volume on its side: carried BV first, the rest owed. */
export async function removeVolume(tx: Tx, path: string, bv: number): Promise<void> {
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
    where m.id = p.member_id and m.path in (${sql.join(
      ancestors.map((a) => sql`${a}`),
      sql`, `,
    )})`);
}

/** The original bonus rows the take-backs point at (locked), with what earlier reversals took and the tax status of their date. */
export async function reversibleBonuses(tx: Tx, takeBack: readonly TakeBack[]): Promise<ReversibleBonus[]> {
  if (takeBack.length === 0) return [];
  const rows = await selectRows<Record<keyof ReversibleBonus, unknown>>(
    tx,
    sql`
    select b.id, b.member_id, b.tanggal::text as tanggal, b.jenis_bonus, b.bonus_bruto as bruto, b.pot_pph as pph,
      coalesce((select sum(x.bonus_bruto) from bonuses x where x.reverses_id = b.id), 0) as reversed_bruto,
      coalesce((select sum(x.pot_pph) from bonuses x where x.reverses_id = b.id), 0) as reversed_pph,
      ${npwpInEffect(sql`b.member_id`, sql`b.tanggal`)} as has_npwp
    from bonuses b
    where b.reverses_id is null and (b.member_id, b.tanggal, b.jenis_bonus) in (${sql.join(
      takeBack.map((t) => sql`(${t.memberId}::int8, ${t.day}::date, ${t.type})`),
      sql`, `,
    )})
    for update of b`,
  );
  return rows.map((r) => ({
    id: toCount(r.id),
    member_id: toCount(r.member_id),
    tanggal: String(r.tanggal),
    jenis_bonus: String(r.jenis_bonus),
    bruto: toRupiah(r.bruto),
    pph: toRupiah(r.pph),
    reversed_bruto: toRupiah(r.reversed_bruto),
    reversed_pph: toRupiah(r.reversed_pph),
    has_npwp: Boolean(r.has_npwp),
  }));
}
