import { sql, type SQL } from 'drizzle-orm';

/**
 * Whether the member (`memberId`, an SQL expression) had a verified NPWP or NIK in effect on
 * `tanggal` (dated history). The same fragment as src/server/services/tax/npwp-status.ts, in the
 * data layer so the closing's queries need not reach into a service.
 */
export function npwpInEffect(memberId: SQL, tanggal: SQL): SQL<boolean> {
  return sql<boolean>`coalesce((select s.punya_npwp from npwp_statuses s where s.member_id = ${memberId} and s.berlaku_sejak <= ${tanggal}
    order by s.berlaku_sejak desc, s.id desc limit 1), false)`;
}
