import type { ProfileInput } from '../../../lib/schemas/account';
import { accountMessages } from '../../../lib/schemas/account';
import { inTransaction, type Tx } from '../../db/client';
import { type MemberChanges, regionsExist, updateMember, usernameTaken } from '../../db/queries/account';
import { AppError } from '../../errors';
import type { SessionMember } from '../auth/session-member';
import { isWithin } from '../regions/list-regions';
import { assertOwnPublicId } from './own-member';

export const PROFILE_SAVED = 'Data member berhasil diperbarui';
export const USERNAME_TAKEN = 'Username sudah digunakan member lain';

/** The checks of the Data Member form that need no database: the regions belong together. */
export function checkProfileRegions(input: ProfileInput): void {
  if (!isWithin(input.kota, input.propinsi) || !isWithin(input.kecamatan, input.kota)) {
    throw new AppError('BAD_INPUT', 'Kota/kecamatan tidak sesuai dengan propinsi yang dipilih');
  }
  if (!isWithin(input.kota_domisili, input.propinsi_domisili)) {
    throw new AppError('BAD_INPUT', accountMessages.kotaDomisili, { kota_domisili: accountMessages.kotaDomisili });
  }
}

/** The columns a Data Member form changes: fields left empty are not sent and so not changed (spec/000 §5). */
export function profileChanges(input: ProfileInput): MemberChanges {
  return Object.fromEntries(
    Object.entries({
      username: input.username,
      nama: input.nama,
      nomorIdentitas: input.nomor_identitas,
      tglLahir: input.tgl_lahir,
      jenisKelamin: input.jenis_kelamin,
      agama: input.agama,
      statusKawin: input.status_kawin,
      alamat: input.alamat,
      propinsi: input.propinsi,
      kota: input.kota,
      kecamatan: input.kecamatan,
      negara: input.negara,
      kodePos: input.kode_pos,
      propinsiDomisili: input.propinsi_domisili,
      kotaDomisili: input.kota_domisili,
    }).filter(([, value]) => value !== undefined),
  ) as MemberChanges;
}

/** The Data Member form's checks inside the saving transaction: a free username, known regions. */
export async function checkProfileInTransaction(tx: Tx, memberId: number, input: ProfileInput): Promise<void> {
  if (await usernameTaken(tx, input.username, memberId)) throw new AppError('CONFLICT', USERNAME_TAKEN, { username: USERNAME_TAKEN });
  const known = await regionsExist(tx, { province: input.propinsi_domisili, regency: input.kota_domisili, district: input.kecamatan });
  if (!known) throw new AppError('BAD_INPUT', 'Wilayah yang dipilih tidak dikenal');
}

/** Saves the Data Member form; fields left empty are not sent and so not changed (spec/000 §5). */
export async function updateProfile(member: SessionMember, publicId: string | undefined, input: ProfileInput): Promise<string> {
  assertOwnPublicId(member, publicId);
  checkProfileRegions(input);
  const changes = profileChanges(input);
  await inTransaction(async (tx) => {
    await checkProfileInTransaction(tx, member.id, input);
    await updateMember(tx, member.id, changes);
  });
  return PROFILE_SAVED;
}
