import { and, asc, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import { members, promoClaims, promos } from '../schema';

export interface ClaimToDeliver {
  publicId: string;
  no: string;
  tglClaim: Date;
  deliveredAt: Date | null;
  deliveredBy: string | null;
  promoPublicId: string;
  promoNama: string;
  reward: string;
  idMember: string;
  nama: string;
  phone: string;
}

/**
 * Claims of reward promos for the warehouse to hand over: per promo (`promoPublicId`), waiting
 * (`delivered` false, oldest first) or delivered (newest first), at most `limit`.
 */
export async function claimsToDeliver(
  db: Db | Tx,
  query: { promoPublicId?: string; delivered: boolean },
  limit: number,
): Promise<ClaimToDeliver[]> {
  const where: SQL[] = [query.delivered ? isNotNull(promoClaims.deliveredAt) : isNull(promoClaims.deliveredAt)];
  if (query.promoPublicId) where.push(eq(promos.publicId, query.promoPublicId));
  return db
    .select({
      publicId: promoClaims.publicId,
      no: promoClaims.no,
      tglClaim: promoClaims.tglClaim,
      deliveredAt: promoClaims.deliveredAt,
      deliveredBy: promoClaims.deliveredBy,
      promoPublicId: promos.publicId,
      promoNama: promos.nama,
      reward: promos.reward,
      idMember: members.idMember,
      nama: members.nama,
      phone: members.phone,
    })
    .from(promoClaims)
    .innerJoin(promos, eq(promos.id, promoClaims.promoId))
    .innerJoin(members, eq(members.id, promoClaims.memberId))
    .where(and(...where))
    .orderBy(query.delivered ? desc(promoClaims.deliveredAt) : asc(promoClaims.tglClaim), asc(promoClaims.id))
    .limit(limit);
}

/** The promos that have claims, for the page's choice of promo. */
export async function promosWithClaims(db: Db | Tx): Promise<{ publicId: string; nama: string }[]> {
  return db
    .selectDistinct({ publicId: promos.publicId, nama: promos.nama })
    .from(promos)
    .innerJoin(promoClaims, eq(promoClaims.promoId, promos.id))
    .orderBy(promos.nama);
}

/** One claim locked for the hand-over, with its member's id and the promo's name. */
export async function lockClaim(tx: Tx, publicId: string) {
  const [row] = await tx
    .select({
      id: promoClaims.id,
      no: promoClaims.no,
      deliveredAt: promoClaims.deliveredAt,
      idMember: members.idMember,
      promoNama: promos.nama,
    })
    .from(promoClaims)
    .innerJoin(promos, eq(promos.id, promoClaims.promoId))
    .innerJoin(members, eq(members.id, promoClaims.memberId))
    .where(eq(promoClaims.publicId, publicId))
    .for('update', { of: promoClaims })
    .limit(1);
  return row;
}

export async function setClaimDelivered(tx: Tx, id: number, by: string): Promise<Date> {
  const [row] = await tx
    .update(promoClaims)
    .set({ deliveredAt: new Date(), deliveredBy: by })
    .where(eq(promoClaims.id, id))
    .returning({ at: promoClaims.deliveredAt });
  return row!.at!;
}
