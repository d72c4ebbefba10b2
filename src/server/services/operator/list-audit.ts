import { parseDate } from '../../../lib/calendar-params';
import { getDb } from '../../db/client';
import { type AuditQuery, searchAudit } from '../../db/queries/audit';
import type { SessionOperator } from './operator-sessions';
import { requireRole } from './require-role';

export interface AuditFilter {
  operator?: string;
  action?: string;
  object?: string;
  from?: string;
  to?: string;
}

/** The filter of the page's query string (the table and its CSV link read the same). */
export function auditFilterOf(query: URLSearchParams): AuditFilter {
  const text = (name: string) => query.get(name)?.trim().slice(0, 100) || undefined;
  return { operator: text('operator'), action: text('action'), object: text('object'), from: text('from'), to: text('to') };
}

/** Rows per page of the console's audit trail. */
export const AUDIT_PAGE_SIZE = 100;

/** The filter as the query reads it: days through the one parser (an impossible day such as 2026-13-01 is no filter), texts as escaped ilike patterns. */
export function auditQueryOf(filter: AuditFilter): AuditQuery {
  const from = parseDate(filter.from);
  const to = parseDate(filter.to);
  return {
    operatorLike: filter.operator ? `%${escapeLike(filter.operator)}%` : undefined,
    action: filter.action || undefined,
    objectLike: filter.object ? `%${escapeLike(filter.object)}%` : undefined,
    from: from ? new Date(`${from}T00:00:00+07:00`) : undefined,
    before: to ? new Date(new Date(`${to}T00:00:00+07:00`).getTime() + 86_400_000) : undefined,
  };
}

/** The newest audit rows matching the console's filter (operator name, action, object, day range). */
export async function listAudit(filter: AuditFilter, limit = AUDIT_PAGE_SIZE) {
  return searchAudit(await getDb(), auditQueryOf(filter), limit);
}

/** One page (from 1) of the audit trail for the console (SUPERADMIN), with whether a next page exists. */
export async function browseAudit(operator: SessionOperator, filter: AuditFilter, page: number) {
  requireRole(operator, []);
  const current = Number.isSafeInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1;
  const rows = await searchAudit(await getDb(), auditQueryOf(filter), AUDIT_PAGE_SIZE + 1, (current - 1) * AUDIT_PAGE_SIZE);
  return { rows: rows.slice(0, AUDIT_PAGE_SIZE), page: current, hasNext: rows.length > AUDIT_PAGE_SIZE };
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
