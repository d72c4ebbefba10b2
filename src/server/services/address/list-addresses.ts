import { type Db, getDb, type Tx } from '../../db/client';
import { memberAddress, memberAddresses, type ShippingAddress } from '../../db/queries/address';
import type { SessionMember } from '../auth/session-member';

export type { ShippingAddress };

/** The member's saved addresses, default first (spec/001 §2). */
export async function listAddresses(member: SessionMember): Promise<ShippingAddress[]> {
  return memberAddresses(await getDb(), member.id);
}

/** One of the member's own addresses, or undefined (another member's id answers as not found). */
export async function findOwnAddress(db: Db | Tx, member: SessionMember, publicId: string): Promise<ShippingAddress | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(publicId)) return undefined;
  return memberAddress(db, member.id, publicId);
}
