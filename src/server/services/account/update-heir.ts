import type { HeirInput } from '../../../lib/schemas/account';
import { getDb } from '../../db/client';
import { type MemberChanges, updateMember } from '../../db/queries/account';
import type { SessionMember } from '../auth/session-member';
import { assertOwnPublicId } from './own-member';

export const HEIR_SAVED = 'Informasi pewaris berhasil diperbarui';

/** The heir's columns: every field is optional and an empty one clears it. */
export function heirChanges(input: HeirInput): MemberChanges {
  return {
    noNikPassporPenerima: input.no_nik_passpor_penerima ?? null,
    namaLengkapPewaris: input.nama_lengkap_pewaris ?? null,
    noMobilePewaris: input.no_mobile_pewaris ?? null,
    hubunganPewaris: input.hubungan_pewaris ?? null,
  };
}

/** Saves the heir; every field is optional and an empty one clears it. */
export async function updateHeir(member: SessionMember, publicId: string | undefined, input: HeirInput): Promise<string> {
  assertOwnPublicId(member, publicId);
  await updateMember(await getDb(), member.id, heirChanges(input));
  return HEIR_SAVED;
}
