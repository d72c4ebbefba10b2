import { memberSearchSchema } from '../../../lib/schemas/member-care';
import { getDb } from '../../db/client';
import { containsPattern } from '../../db/like';
import { type MemberHit, type MemberSearch, searchMemberRows } from '../../db/queries/member-care';
import { parseWith } from '../../http';
import type { SessionOperator } from '../operator/operator-sessions';
import { requireRole } from '../operator/require-role';

export type { MemberHit };

/** Phone numbers are stored as 628…; members type 08…, +62 8… or 8…. */
export function phoneVariants(digits: string): string[] {
  if (digits.startsWith('62')) return [digits];
  if (digits.startsWith('0')) return [`62${digits.slice(1)}`, digits];
  if (digits.startsWith('8')) return [`62${digits}`, digits];
  return [digits];
}

/**
 * The console's member search (CS): ID Member, username, phone and e-mail match exactly, a name
 * by its beginning or (three letters or more) by any part of it. Each form uses its own index (members_id_member_uq, members_username_uq,
 * members_phone_idx, members_email_lower_idx, members_nama_prefix_idx), so a network of a
 * million members answers from the index, not a scan.
 */
export async function searchMembers(operator: SessionOperator, input: { q: string }, limit = 20): Promise<MemberHit[]> {
  requireRole(operator, ['CS']);
  const { q } = parseWith(memberSearchSchema, input);
  const lower = q.toLowerCase();
  const digits = q.replace(/[\s+\-().]/g, '');
  let search: MemberSearch;
  if (q.includes('@')) search = { email: lower };
  else if (/^\d{3,20}$/.test(digits)) search = { digits, phones: phoneVariants(digits) };
  else
    search = {
      username: lower,
      namePrefix: `${lower.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      nameContains: lower.length >= 3 ? containsPattern(lower) : undefined,
    };
  return searchMemberRows(await getDb(), search, limit);
}
