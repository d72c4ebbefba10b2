import { type AddressInput, addressMessages } from '../../../lib/schemas/address';
import { inTransaction, type Tx } from '../../db/client';
import {
  countAddresses,
  deleteAddressRow,
  insertAddress,
  lockMemberForAddresses,
  oldestAddressId,
  setDefaultAddress,
  updateAddress,
} from '../../db/queries/address';
import { villagePostalCode } from '../../db/queries/regions';
import { AppError } from '../../errors';
import type { SessionMember } from '../auth/session-member';
import { postalCodeOf } from '../regions/postal-codes';
import { findOwnAddress } from './list-addresses';

export const ADDRESS_SAVED = 'Alamat berhasil disimpan';
export const ADDRESS_NOT_FOUND = 'Alamat tidak ditemukan';
const MAX_ADDRESSES = 20;

async function checkVillage(tx: Tx, input: AddressInput): Promise<string | null> {
  const village = await villagePostalCode(tx, input.kelurahan_id);
  if (!village) throw new AppError('BAD_INPUT', addressMessages.kelurahan, { kelurahan_id: addressMessages.kelurahan });
  // A village with a known postal code takes it; only one without may carry a typed one.
  return village.postalCode ?? postalCodeOf(input.kelurahan_id) ?? input.kode_pos ?? null;
}

/** The first address, or one marked default, becomes the only default (a partial unique index holds it). */
const makeDefault = setDefaultAddress;

/** Adds an address (no public_id) or updates one of the member's own (spec/001 §4, Address form). */
export async function saveAddress(
  member: SessionMember,
  publicId: string | undefined,
  input: AddressInput,
): Promise<{ message: string; public_id: string }> {
  return inTransaction(async (tx) => {
    // One address write per member at a time: the 20-address count and the single default
    // (a unique index) hold when a client sends 40 at once (PostgreSQL runs them in parallel).
    await lockMemberForAddresses(tx, member.id);
    const kodePos = await checkVillage(tx, input);
    const values = {
      label: input.label,
      nama: input.nama,
      phone: input.phone,
      alamat: input.alamat,
      kelurahanId: input.kelurahan_id,
      kodePos,
    };
    let id: number;
    let savedPublicId: string;
    if (publicId !== undefined) {
      const existing = await findOwnAddress(tx, member, publicId);
      if (!existing) throw new AppError('NOT_FOUND', ADDRESS_NOT_FOUND);
      const row = await updateAddress(tx, member.id, publicId, values);
      id = row.id;
      savedPublicId = row.publicId;
    } else {
      const n = await countAddresses(tx, member.id);
      if (n >= MAX_ADDRESSES) throw new AppError('BAD_INPUT', `Maksimal ${MAX_ADDRESSES} alamat tersimpan`);
      const row = await insertAddress(tx, member.id, values);
      id = row.id;
      savedPublicId = row.publicId;
      if (n === 0) await makeDefault(tx, member.id, id);
    }
    if (input.is_default) await makeDefault(tx, member.id, id);
    return { message: ADDRESS_SAVED, public_id: savedPublicId };
  });
}

export const ADDRESS_DELETED = 'Alamat berhasil dihapus';

/** Deletes one of the member's addresses; when it was the default, the oldest remaining one takes over. */
export async function deleteAddress(member: SessionMember, publicId: string): Promise<string> {
  return inTransaction(async (tx) => {
    const existing = await findOwnAddress(tx, member, publicId);
    if (!existing) throw new AppError('NOT_FOUND', ADDRESS_NOT_FOUND);
    await deleteAddressRow(tx, member.id, publicId);
    if (existing.is_default) {
      const next = await oldestAddressId(tx, member.id);
      if (next !== undefined) await makeDefault(tx, member.id, next);
    }
    return ADDRESS_DELETED;
  });
}
