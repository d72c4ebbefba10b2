import type { HeirInput } from '../../../lib/schemas/account';
import { getDb } from '../../db/client';
import { updateMember } from '../../db/queries/account';
import type { SessionMember } from '../auth/session-member';
import { assertOwnPublicId } from './own-member';

export const HEIR_SAVED = 'Informasi pewaris berhasil diperbarui';

/** Saves the heir; every field is optional and an empty one clears it. */
export async function updateHeir(member: SessionMember, publicId: string | undefined, input: HeirInput): Promise<string> {
  assertOwnPublicId(member, publicId);
  const db = await getDb();
  await updateMember(db, member.id, {
    noNikPassporPenerima: input.no_nik_passpor_penerima ?? null,
    namaLengkapPewaris: input.nama_lengkap_pewaris ?? null,
    noMobilePewaris: input.no_mobile_pewaris ?? null,
    hubunganPewaris: input.hubungan_pewaris ?? null,
  });
  return HEIR_SAVED;
}
