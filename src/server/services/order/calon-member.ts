import { sql } from 'drizzle-orm';
import { selectRows, type Tx } from '../../db/client';
import { AppError } from '../../errors';
import { MemberStepSchema, type MemberStep } from '../../../lib/schemas/order-member';
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
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`calon-username:${calon.username.toLowerCase()}`})),
    pg_advisory_xact_lock(hashtext(${`calon-email:${calon.email.trim().toLowerCase()}`}))`);
  const [taken] = await selectRows<{ n: number }>(tx, sql`
    select (select count(*) from members where lower(username) = lower(${calon.username}))
      + (select count(*) from orders where status_order = 'PENDING' and jenis_order = 'reg'
         and lower(calon_member->>'username') = lower(${calon.username}))::int as n`);
  if (taken!.n > 0) throw new AppError('CONFLICT', USERNAME_TAKEN, { username: USERNAME_TAKEN });
  const [emailUsed] = await selectRows<{ n: number }>(tx, sql`
    select ((select count(*) from members where lower(email) = lower(${calon.email.trim()}))
      + (select count(*) from orders where status_order = 'PENDING' and jenis_order = 'reg'
         and lower(calon_member->>'email') = lower(${calon.email.trim()})))::int as n`);
  if (emailUsed!.n > 0) throw new AppError('CONFLICT', EMAIL_TAKEN, { email: EMAIL_TAKEN });
  const nests = (child: string | undefined, parent: string | undefined) => !child || !parent || child.startsWith(`${parent}.`);
  if (!nests(calon.id_kota_domisili, calon.id_propinsi_domisili) || !nests(calon.id_kota, calon.id_propinsi)
    || !nests(calon.id_kecamatan, calon.id_kota) || !nests(calon.kelurahan_id, calon.id_kecamatan)) {
    throw new AppError('BAD_INPUT', 'Wilayah yang dipilih tidak sesuai');
  }
  const [known] = await selectRows<{ ok: boolean }>(tx, sql`select
    exists (select 1 from regencies where code = ${calon.id_kota_domisili}) and
    (${calon.id_kecamatan || null}::text is null or exists (select 1 from districts where code = ${calon.id_kecamatan || null})) as ok`);
  if (!known!.ok) throw new AppError('BAD_INPUT', 'Wilayah yang dipilih tidak dikenal');
  return calon;
}
