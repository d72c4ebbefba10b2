import { type SQL, sql } from 'drizzle-orm';

/**
 * Whether the member (`memberId`, an SQL expression) had a verified NPWP or NIK in effect on
 * `tanggal` (dated history). One home: the closing and the
 * tax queries (queries/tax.ts re-exports it) use this fragment.
 */
export function npwpInEffect(memberId: SQL, tanggal: SQL): SQL<boolean> {
  return sql<boolean>`coalesce((select s.punya_npwp from npwp_statuses s where s.member_id = ${memberId} and s.berlaku_sejak <= ${tanggal}
    order by s.berlaku_sejak desc, s.id desc limit 1), false)`;
}
