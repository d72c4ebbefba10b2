import { and, eq, ne, sql } from 'drizzle-orm';
import { inTransaction } from '../../db/client';
import { members } from '../../db/schema';
import { AppError } from '../../errors';
import type { ProfileInput } from '../../../lib/schemas/account';
import { accountMessages } from '../../../lib/schemas/account';
import type { SessionMember } from '../auth/session-member';
import { isWithin } from '../regions/list-regions';
import { assertOwnPublicId } from './own-member';

export const PROFILE_SAVED = 'Data member berhasil diperbarui';
export const USERNAME_TAKEN = 'Username sudah digunakan member lain';

/** Saves the Data Member form; fields left empty are not sent and so not changed (spec/000 §5). */
export async function updateProfile(member: SessionMember, publicId: string | undefined, input: ProfileInput): Promise<string> {
  assertOwnPublicId(member, publicId);
  if (!isWithin(input.kota, input.propinsi) || !isWithin(input.kecamatan, input.kota)) {
    throw new AppError('BAD_INPUT', 'Kota/kecamatan tidak sesuai dengan propinsi yang dipilih');
  }
  if (!isWithin(input.kota_domisili, input.propinsi_domisili)) {
    throw new AppError('BAD_INPUT', accountMessages.kotaDomisili, { kota_domisili: accountMessages.kotaDomisili });
  }
  const changes = Object.fromEntries(Object.entries({
    username: input.username, nama: input.nama, nomorIdentitas: input.nomor_identitas, tglLahir: input.tgl_lahir,
    jenisKelamin: input.jenis_kelamin, agama: input.agama, statusKawin: input.status_kawin, alamat: input.alamat,
    propinsi: input.propinsi, kota: input.kota, kecamatan: input.kecamatan, negara: input.negara, kodePos: input.kode_pos,
    propinsiDomisili: input.propinsi_domisili, kotaDomisili: input.kota_domisili,
  }).filter(([, value]) => value !== undefined));
  await inTransaction(async (tx) => {
    const [taken] = await tx.select({ id: members.id }).from(members)
      .where(and(eq(sql`lower(${members.username})`, input.username.toLowerCase()), ne(members.id, member.id))).limit(1);
    if (taken) throw new AppError('CONFLICT', USERNAME_TAKEN, { username: USERNAME_TAKEN });
    const regionCheck = await tx.execute(sql`select
      (${input.propinsi_domisili ?? null}::text is null or exists (select 1 from provinces where code = ${input.propinsi_domisili ?? null})) and
      (${input.kota_domisili ?? null}::text is null or exists (select 1 from regencies where code = ${input.kota_domisili ?? null})) and
      (${input.kecamatan ?? null}::text is null or exists (select 1 from districts where code = ${input.kecamatan ?? null})) as ok`);
    const ok = (Array.isArray(regionCheck) ? regionCheck[0] : (regionCheck as { rows: { ok: boolean }[] }).rows[0]) as { ok: boolean };
    if (!ok.ok) throw new AppError('BAD_INPUT', 'Wilayah yang dipilih tidak dikenal');
    await tx.update(members).set(changes).where(eq(members.id, member.id));
  });
  return PROFILE_SAVED;
}
