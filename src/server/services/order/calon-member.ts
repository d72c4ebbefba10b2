import { type MemberStep, MemberStepSchema } from '../../../lib/schemas/order-member';
import type { Tx } from '../../db/client';
import { registrationRegionsKnown } from '../../db/queries/order-regions';
import { countEmailHolders, countUsernameHolders, lockRegistrationIdentity } from '../../db/queries/registrations';
import { AppError } from '../../errors';
import { parseWith } from '../../http';

/** The prospective member as the order stores it: the member step's own normalized payload. */
export type CalonMember = MemberStep;

export const USERNAME_TAKEN = 'Username sudah digunakan, pilih username lain';
export const EMAIL_TAKEN = 'Email sudah terdaftar, gunakan email lain';

/** Checks the member payload with the member step's schema: the same messages as the island. */
export const parseCalonMember = (payload: unknown): CalonMember => parseWith(MemberStepSchema, payload ?? {});

/**
 * What only the server knows about a prospective member: the username and the e-mail are free
 * (case-insensitive, also among unpaid registrations) and the regions exist and nest.
 */
export async function checkCalonMember(tx: Tx, calon: CalonMember): Promise<CalonMember> {
  // Parallel registrations of one username or e-mail wait for each other here (until commit), so
  // the checks below see the other's order: neither can be shared.
  const email = calon.email.trim();
  await lockRegistrationIdentity(tx, calon.username, email);
  if ((await countUsernameHolders(tx, calon.username)) > 0) throw new AppError('CONFLICT', USERNAME_TAKEN, { username: USERNAME_TAKEN });
  if ((await countEmailHolders(tx, email)) > 0) throw new AppError('CONFLICT', EMAIL_TAKEN, { email: EMAIL_TAKEN });
  const nests = (child: string | undefined, parent: string | undefined) => !child || !parent || child.startsWith(`${parent}.`);
  if (
    !nests(calon.id_kota_domisili, calon.id_propinsi_domisili) ||
    !nests(calon.id_kota, calon.id_propinsi) ||
    !nests(calon.id_kecamatan, calon.id_kota) ||
    !nests(calon.kelurahan_id, calon.id_kecamatan)
  ) {
    throw new AppError('BAD_INPUT', 'Wilayah yang dipilih tidak sesuai');
  }
  if (!(await registrationRegionsKnown(tx, calon.id_kota_domisili, calon.id_kecamatan)))
    throw new AppError('BAD_INPUT', 'Wilayah yang dipilih tidak dikenal');
  return calon;
}
