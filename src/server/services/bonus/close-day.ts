import { sql } from 'drizzle-orm';
import { inTransaction, selectRows, type Tx } from '../../db/client';
import { bulkInsert } from '../../db/bulk-insert';
import { ancestorPaths } from '../../domain/network-path';
import type { BonusPlan } from '../../domain/bonus/plan';
import { getPlan } from './get-plan';
import { pairDay } from '../../domain/bonus/pairing';
import { withholdIncrement } from '../../domain/bonus/pph21';
import type { Rank } from '../../../lib/rank';
import { queueAutoWithdrawals } from './payouts';

type BonusType = 'SPONSOR' | 'PASSUP' | 'PAIR' | 'RO' | 'RO-SPONSOR';
const TYPE_ORDER: BonusType[] = ['SPONSOR', 'PASSUP', 'RO', 'RO-SPONSOR', 'PAIR'];

interface Event { jenis_order: 'reg' | 'upg' | 'ro'; total_bv: number; subject_id: number }
interface MemberInfo { id: number; id_member: string; nama: string; posisi: Rank; path: string; sponsor_id: number | null; tgl_join: string; has_npwp: boolean }

export interface CloseResult { tanggal: string; alreadyClosed: boolean; bonusCount: number; totalBruto: number }

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function membersById(tx: Tx, ids: number[]): Promise<Map<number, MemberInfo>> {
  const unique = [...new Set(ids)].filter((id) => id > 0);
  if (unique.length === 0) return new Map();
  const rows = await selectRows<MemberInfo>(tx, sql`
    select id::int as id, id_member, nama, posisi, path, sponsor_id::int as sponsor_id, tgl_join::text as tgl_join,
      (status_npwp = 'VERIFIED' and npwp is not null) as has_npwp
    from members where id in (${sql.join(unique.map((id) => sql`${id}`), sql`, `)})`);
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The closing of one day (COMP_PLAN.md, DESIGN.md §5): from the orders paid that day
 * (Asia/Jakarta) it writes the SPONSOR, PASSUP, RO, RO-SPONSOR and PAIR bonus rows with their
 * withholding, and moves every pairing counter — all in one transaction. A closed day is
 * recorded, so running it again changes nothing.
 */
export async function closeDay(tanggal: string, planOverride?: BonusPlan): Promise<CloseResult> {
  const plan = planOverride ?? (await getPlan());
  return inTransaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7310002)`);
    const [closed] = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from closed_days where tanggal = ${tanggal}::date`);
    if (closed!.n > 0) return { tanggal, alreadyClosed: true, bonusCount: 0, totalBruto: 0 };

    const events = await selectRows<Event>(tx, sql`
      select o.jenis_order, o.total_bv, coalesce(o.new_member_id, o.member_id)::int as subject_id
      from orders o
      where o.paid_at >= (${tanggal}::date)::timestamp at time zone 'Asia/Jakarta'
        and o.paid_at < (${tanggal}::date + 1)::timestamp at time zone 'Asia/Jakarta'
        and o.status_order not in ('PENDING', 'CANCEL', 'EXPIRED') and o.total_bv > 0
      order by o.paid_at, o.id`);

    const people = await membersById(tx, events.map((e) => e.subject_id));
    const sponsors = await membersById(tx, [...people.values()].map((m) => m.sponsor_id ?? 0));
    const grand = await membersById(tx, [...sponsors.values()].map((m) => m.sponsor_id ?? 0));
    const find = (id: number | null | undefined) => (id ? people.get(id) ?? sponsors.get(id) ?? grand.get(id) : undefined);

    const earned = new Map<string, { memberId: number; type: BonusType; bruto: number; detail: unknown[] }>();
    const earn = (memberId: number | null | undefined, type: BonusType, amount: number, detail: unknown) => {
      if (!memberId || amount <= 0) return;
      const key = `${memberId}|${type}`;
      const row = earned.get(key) ?? { memberId, type, bruto: 0, detail: [] };
      row.bruto += amount;
      row.detail.push(detail);
      earned.set(key, row);
    };
    const volume = new Map<string, { left: number; right: number }>();
    const roBuyers = new Set<number>();

    for (const event of events) {
      const subject = people.get(event.subject_id);
      if (!subject) continue;
      const sponsor = find(subject.sponsor_id);
      const recruit = { member: { id_member: subject.id_member, nama: subject.nama, posisi: subject.posisi } };
      if (event.jenis_order === 'ro') {
        roBuyers.add(subject.id);
        earn(sponsor?.id, 'RO', event.total_bv * plan.roPerBv[subject.posisi], { sponsored_member: { posisi: subject.posisi, id_member: subject.id_member, nama: subject.nama }, nominal_ro: event.total_bv * plan.roPerBv[subject.posisi] });
        earn(sponsor?.sponsor_id, 'RO-SPONSOR', event.total_bv * plan.roSponsorPerBv, { sponsored_member: { id_member: subject.id_member, nama: subject.nama } });
        continue;
      }
      earn(sponsor?.id, 'SPONSOR', event.total_bv * plan.sponsorPerBv, { sponsor_detail_rekrutan: recruit, bv: event.total_bv, jenis_order: event.jenis_order });
      earn(sponsor?.sponsor_id, 'PASSUP', event.total_bv * plan.passupPerBv, { passup_detail_rekrutan: recruit, bv: event.total_bv, jenis_order: event.jenis_order });
      // Registration and upgrade BV flows to every upline on the side the member sits in.
      for (const ancestor of ancestorPaths(subject.path)) {
        const v = volume.get(ancestor) ?? { left: 0, right: 0 };
        if (subject.path[ancestor.length] === '0') v.left += event.total_bv;
        else v.right += event.total_bv;
        volume.set(ancestor, v);
      }
    }

    // New members start their pairing clock; repeat orders move it (COMP_PLAN.md).
    await tx.execute(sql`
      insert into member_pairing (member_id, tanggal_expired)
      select m.id, m.tgl_join + ${plan.pairingDaysAtJoin}::int from members m
      where m.id in (${sql.join([0, ...events.map((e) => e.subject_id)].map((id) => sql`${id}`), sql`, `)})
      on conflict (member_id) do nothing`);
    if (roBuyers.size) {
      await tx.execute(sql`
        update member_pairing set tanggal_expired = greatest(tanggal_expired, ${tanggal}::date) + ${plan.pairingDaysPerRo}::int
        where member_id in (${sql.join([...roBuyers].map((id) => sql`${id}`), sql`, `)})`);
    }

    if (volume.size) {
      const uplines = await selectRows<{ id: number; path: string; posisi: Rank; tgl_join: string; sisa_bv_kiri: number | null; sisa_bv_kanan: number | null; tanggal_expired: string | null }>(tx, sql`
        select m.id::int as id, m.path, m.posisi, m.tgl_join::text as tgl_join, p.sisa_bv_kiri, p.sisa_bv_kanan, p.tanggal_expired::text as tanggal_expired
        from members m left join member_pairing p on p.member_id = m.id
        where m.path in (${sql.join([...volume.keys()].map((p) => sql`${p}`), sql`, `)})`);
      const updates: unknown[][] = [];
      for (const u of uplines) {
        const v = volume.get(u.path)!;
        const expiry = u.tanggal_expired ?? addDays(u.tgl_join, plan.pairingDaysAtJoin);
        const result = pairDay({ carriedLeft: u.sisa_bv_kiri ?? 0, carriedRight: u.sisa_bv_kanan ?? 0, newLeft: v.left, newRight: v.right, rank: u.posisi, active: expiry >= tanggal }, plan);
        updates.push([u.id, result.carryLeft, result.carryRight, expiry, result.paidPairs, v.left, v.right]);
        if (result.paidPairs > 0) {
          earn(u.id, 'PAIR', result.bonus, { posisi: u.posisi, jumlah_increment_pair_bv: result.pairs, bonus_pair_details: [{ jumlah_pair_dibayar: result.paidPairs, max_pair_dibayar: plan.dailyPairCap[u.posisi], bonus_per_pair: plan.pairPerBv }] });
        }
      }
      await tx.execute(sql`create temp table if not exists pairing_update (member_id int8, kiri int4, kanan int4, expired date, paid int4, new_l int4, new_r int4) on commit drop`);
      await bulkInsert(tx, 'pairing_update', [
        { name: 'member_id', type: 'int8' }, { name: 'kiri', type: 'int4' }, { name: 'kanan', type: 'int4' }, { name: 'expired', type: 'date' },
        { name: 'paid', type: 'int4' }, { name: 'new_l', type: 'int4' }, { name: 'new_r', type: 'int4' },
      ], updates);
      await tx.execute(sql`
        insert into member_pairing (member_id, sisa_bv_kiri, sisa_bv_kanan, tanggal_expired, jumlah_pair, jumlah_pair_bv, jumlah_bv_kiri, jumlah_bv_kanan)
        select member_id, kiri, kanan, expired, paid, paid, new_l, new_r from pairing_update
        on conflict (member_id) do update set sisa_bv_kiri = excluded.sisa_bv_kiri, sisa_bv_kanan = excluded.sisa_bv_kanan,
          jumlah_pair = member_pairing.jumlah_pair + excluded.jumlah_pair, jumlah_pair_bv = member_pairing.jumlah_pair_bv + excluded.jumlah_pair_bv,
          jumlah_bv_kiri = member_pairing.jumlah_bv_kiri + excluded.jumlah_bv_kiri, jumlah_bv_kanan = member_pairing.jumlah_bv_kanan + excluded.jumlah_bv_kanan`);
    }

    // Withholding: each row takes the tax on the month's gross so far minus what was withheld.
    const rows = [...earned.values()].sort((a, b) => a.memberId - b.memberId || TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type));
    const earners = await membersById(tx, rows.map((r) => r.memberId));
    const monthStart = plan.pphBasis === 'year' ? `${tanggal.slice(0, 4)}-01-01` : `${tanggal.slice(0, 8)}01`;
    const before = rows.length === 0 ? [] : await selectRows<{ member_id: number; gross: string }>(tx, sql`
      select member_id::int as member_id, sum(bonus_bruto)::text as gross from bonuses
      where tanggal >= ${monthStart}::date and tanggal < ${tanggal}::date
        and member_id in (${sql.join([...new Set(rows.map((r) => r.memberId))].map((id) => sql`${id}`), sql`, `)})
      group by member_id`);
    const monthGross = new Map(before.map((b) => [b.member_id, Number(b.gross)]));
    const insert: unknown[][] = [];
    let totalBruto = 0;
    for (const row of rows) {
      const gross = monthGross.get(row.memberId) ?? 0;
      const { pph, net } = withholdIncrement(gross, row.bruto, earners.get(row.memberId)?.has_npwp ?? false);
      monthGross.set(row.memberId, gross + row.bruto);
      totalBruto += row.bruto;
      insert.push([row.memberId, tanggal, row.type, row.bruto, pph, net, JSON.stringify(row.detail)]);
    }
    await bulkInsert(tx, 'bonuses', [
      { name: 'member_id', type: 'int8' }, { name: 'tanggal', type: 'date' }, { name: 'jenis_bonus', type: 'text' },
      { name: 'bonus_bruto', type: 'int8' }, { name: 'pot_pph', type: 'int8' }, { name: 'bonus_dibayar', type: 'int8' }, { name: 'detail', type: 'jsonb' },
    ], insert);
    await queueAutoWithdrawals(tx, plan);
    await tx.execute(sql`insert into closed_days (tanggal, bonus_count, total_bruto) values (${tanggal}::date, ${insert.length}, ${totalBruto})`);
    return { tanggal, alreadyClosed: false, bonusCount: insert.length, totalBruto };
  });
}
