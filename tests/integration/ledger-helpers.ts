import { sql } from 'drizzle-orm';
import type { Rank } from '../../src/lib/rank';
import { getDb, inTransaction, selectRows } from '../../src/server/db/client';
import { countAnnualBv } from '../../src/server/services/bonus/annual-counters';
import { addMemberToNetwork } from '../../src/server/services/network/place-member';
import { lockOrder, markOrderPaid } from '../../src/server/services/order/mark-order-paid';

/** A Jakarta calendar day `offset` days from today: "2026-11-23". */
export const jakartaDay = (offset = 0): string => new Date(Date.now() + 7 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
/** A moment on a Jakarta day: at('2026-11-22', '23:59') is 16:59 UTC. */
export const at = (day: string, time: string): Date => new Date(`${day}T${time}:00+07:00`);
/** A noon of a Jakarta day, as the clock the closing services take. */
export const noonOf = (day: string): Date => at(day, '12:00');

let serial = 0;

export async function memberIdOf(username: string): Promise<number> {
  const [row] = await selectRows<{ id: number }>(await getDb(), sql`select id::int as id from members where username = ${username}`);
  return row!.id;
}

/** A new member placed under `sponsorId` with a PAID registration order (bought by the sponsor) at `paidAt`. */
export async function registerPaid(sponsorId: number, sisi: 'L' | 'R', posisi: Rank, paidAt: Date): Promise<{ id: number; path: string }> {
  const n = ++serial;
  const bv = { BRONZE: 1, SILVER: 2, PLATINUM: 4 }[posisi];
  return inTransaction(async (tx) => {
    const m = await addMemberToNetwork(tx, {
      sponsorId,
      sisi,
      username: `ujiledger${n}${Date.now() % 100000}`,
      nama: `Uji Ledger ${n}`,
      email: `l${n}@contoh.id`,
      phone: '628',
      posisi,
      passwordHash: 'x',
      tglJoin: new Date(paidAt.getTime() + 7 * 3_600_000).toISOString().slice(0, 10),
    });
    await tx.execute(sql`insert into orders (no_order, no_invoice, member_id, jenis_order, status_order, tgl_order, tgl_invoice, paid_at, posisi, posisi_pembeli, sisi, new_member_id, total_bv, total_harga, total_bayar)
      values (${`ORD-LEDGER-R${n}-${m.id}`}, ${`INV-LEDGER-R${n}-${m.id}`}, ${sponsorId}, 'reg', 'PAID', ${paidAt.toISOString()}, ${paidAt.toISOString()}, ${paidAt.toISOString()},
        ${posisi}, ${posisi}, ${sisi}, ${m.id}, ${bv}, ${bv * 350_000}, ${bv * 350_000})`);
    // The payment's counters, as markOrderPaid keeps them.
    const [order] = await selectRows<{ id: number }>(tx, sql`select id::int as id from orders where new_member_id = ${m.id}`);
    await countAnnualBv(tx, order!.id);
    return { id: m.id, path: m.path };
  });
}

/** A PENDING order (repeat order or upgrade) of `memberId`, as checkout leaves it. */
export async function pendingOrder(
  memberId: number,
  jenis: 'ro' | 'upg',
  totalBv: number,
  posisi?: Rank,
): Promise<{ id: number; no_order: string; total_bayar: number }> {
  const n = ++serial;
  const db = await getDb();
  const total = 100_000 + totalBv * 150_000;
  const [row] = await selectRows<{ id: number; no_order: string }>(
    db,
    sql`
    insert into orders (no_order, member_id, jenis_order, status_order, posisi, total_bv, total_harga, total_bayar)
    values (${`ORD-LEDGER-${jenis.toUpperCase()}${n}-${memberId}-${Date.now() % 100000}`}, ${memberId}, ${jenis}, 'PENDING', ${posisi ?? null}, ${totalBv}, ${total}, ${total})
    returning id::int as id, no_order`,
  );
  return { ...row!, total_bayar: total };
}

/** The payment's effects through the same function the webhook uses, at `paidAt`. */
export async function payAt(orderId: number, paidAt: Date): Promise<void> {
  await inTransaction(async (tx) => {
    const order = await lockOrder(tx, { id: orderId });
    await markOrderPaid(tx, order!, paidAt, { payment_type: 'bank_transfer' });
  });
}

export async function bonusesOf(memberId: number, tanggal: string) {
  return selectRows<{ jenis_bonus: string; bonus_bruto: number; pot_pph: number; detail: Record<string, unknown>[] }>(
    await getDb(),
    sql`
    select jenis_bonus, bonus_bruto::int as bonus_bruto, pot_pph::int as pot_pph, detail from bonuses
    where member_id = ${memberId} and tanggal = ${tanggal}::date order by jenis_bonus`,
  );
}
