import { desc, eq, sql } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { auditLog, bonuses, members, npwpStatuses, orders, payouts } from '../../db/schema';
import { AppError } from '../../errors';
import { memberCareMessages } from '../../../lib/schemas/member-care';
import { getTree } from '../network/get-tree';
import { requireRole } from '../operator/require-role';
import type { SessionOperator } from '../operator/operator-sessions';
import { memberObject } from './member-object';

const RECENT = 20;

/**
 * A member's file for CS: profile, the tree from that member (the member tree's own service, as
 * if the member were looking), recent orders, bonuses, payouts, the tax-status history and every
 * operator action on the member.
 */
export async function getMemberFile(operator: SessionOperator, idMember: string, levels = 3) {
  requireRole(operator, ['CS']);
  const db = await getDb();
  const wanted = idMember.trim().slice(0, 20);
  const [profile] = await db.select({
    id: members.id, idMember: members.idMember, username: members.username, nama: members.nama, email: members.email,
    phone: members.phone, posisi: members.posisi, stokis: members.stokis, tglJoin: members.tglJoin, isSuspended: members.isSuspended,
    statusKodeetik: members.statusKodeetik, nomorIdentitas: members.nomorIdentitas, alamat: members.alamat, kota: members.kota,
    propinsi: members.propinsi, kodeBank: members.kodeBank, namaRekening: members.namaRekening, noRekening: members.noRekening,
    cabang: members.cabang, statusRekening: members.statusRekening, npwp: members.npwp, namaPemegangPajak: members.namaPemegangPajak,
    statusNpwp: members.statusNpwp, autoWidraw: members.autoWidraw,
  }).from(members).where(eq(members.idMember, wanted)).limit(1);
  if (!profile) throw new AppError('NOT_FOUND', memberCareMessages.notFound);
  const [sponsor] = await selectRows<{ id_member: string; nama: string }>(db, sql`
    select s.id_member, s.nama from members m join members s on s.id = m.sponsor_id where m.id = ${profile.id}`);
  const tree = await getTree({ id: profile.id }, null, levels);
  const [recentOrders, recentBonuses, recentPayouts, taxHistory, actions, [saldo]] = await Promise.all([
    db.select({ noOrder: orders.noOrder, jenisOrder: orders.jenisOrder, statusOrder: orders.statusOrder, tglOrder: orders.tglOrder, totalBv: orders.totalBv, totalBayar: orders.totalBayar })
      .from(orders).where(eq(orders.memberId, profile.id)).orderBy(desc(orders.tglOrder), desc(orders.id)).limit(RECENT),
    db.select({ tanggal: bonuses.tanggal, jenisBonus: bonuses.jenisBonus, bonusBruto: bonuses.bonusBruto, potPph: bonuses.potPph, bonusDibayar: bonuses.bonusDibayar, statusTransfer: bonuses.statusTransfer })
      .from(bonuses).where(eq(bonuses.memberId, profile.id)).orderBy(desc(bonuses.tanggal), desc(bonuses.id)).limit(RECENT),
    db.select({ no: payouts.no, status: payouts.status, nominal: payouts.nominal, createdAt: payouts.createdAt })
      .from(payouts).where(eq(payouts.memberId, profile.id)).orderBy(desc(payouts.createdAt)).limit(RECENT),
    db.select().from(npwpStatuses).where(eq(npwpStatuses.memberId, profile.id)).orderBy(desc(npwpStatuses.berlakuSejak), desc(npwpStatuses.id)),
    db.select().from(auditLog).where(eq(auditLog.object, memberObject(profile.idMember))).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(50),
    selectRows<{ belum_ditarik: string }>(db, sql`
      select coalesce(sum(bonus_dibayar), 0)::text as belum_ditarik from bonuses where member_id = ${profile.id} and payout_id is null and status_transfer = 'PENDING'`),
  ]);
  return {
    profile, sponsor, tree, orders: recentOrders, bonuses: recentBonuses, payouts: recentPayouts, taxHistory, actions,
    bonusBelumDitarik: BigInt(saldo?.belum_ditarik ?? '0'),
  };
}

/** The newest suspension reason, shown beside the warning on the member's file. */
export function lastSuspension(actions: { action: string; after: unknown }[]): string | undefined {
  const row = actions.find((a) => a.action === 'member:suspend');
  return (row?.after as { alasan?: string } | null)?.alasan;
}
