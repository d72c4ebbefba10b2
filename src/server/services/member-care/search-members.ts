import { sql, type SQL } from 'drizzle-orm';
import { getDb, selectRows } from '../../db/client';
import { memberSearchSchema } from '../../../lib/schemas/member-care';
import { parseWith } from '../../http';
import { requireRole } from '../operator/require-role';
import type { SessionOperator } from '../operator/operator-sessions';

export interface MemberHit {
  id_member: string; username: string; nama: string; phone: string; email: string;
  posisi: string; tgl_join: string; is_suspended: boolean;
}

/** Phone numbers are stored as 628…; members type 08…, +62 8… or 8…. */
export function phoneVariants(digits: string): string[] {
  if (digits.startsWith('62')) return [digits];
  if (digits.startsWith('0')) return [`62${digits.slice(1)}`, digits];
  if (digits.startsWith('8')) return [`62${digits}`, digits];
  return [digits];
}

/**
 * The console's member search (CS): ID Member, username, phone and e-mail match exactly, a name
 * by its beginning. Each form uses its own index (members_id_member_uq, members_username_uq,
 * members_phone_idx, members_email_lower_idx, members_nama_prefix_idx), so a network of a
 * million members answers from the index, not a scan.
 */
export async function searchMembers(operator: SessionOperator, input: { q: string }, limit = 20): Promise<MemberHit[]> {
  requireRole(operator, ['CS']);
  const { q } = parseWith(memberSearchSchema, input);
  const lower = q.toLowerCase();
  const digits = q.replace(/[\s+\-().]/g, '');
  const parts: SQL[] = [];
  if (q.includes('@')) parts.push(sql`select id from members where lower(email) = ${lower}`);
  else if (/^\d{3,20}$/.test(digits)) {
    parts.push(sql`select id from members where id_member = ${digits}`);
    parts.push(sql`select id from members where phone in (${sql.join(phoneVariants(digits).map((p) => sql`${p}`), sql`, `)})`);
  } else {
    parts.push(sql`select id from members where lower(username) = ${lower}`);
    const prefix = `${lower.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(select id from members where (lower(nama) collate "C") like ${prefix} order by (lower(nama) collate "C"), id limit ${limit})`);
  }
  return selectRows<MemberHit>(await getDb(), sql`
    select m.id_member, m.username, m.nama, m.phone, m.email, m.posisi, m.tgl_join::text as tgl_join, m.is_suspended
    from members m where m.id in (${sql.join(parts, sql` union `)})
    order by (lower(m.nama) collate "C"), m.id limit ${limit}`);
}
