import type { OmsetQuery } from '../../../lib/schemas/omset';
import { onReadDb } from '../../db/client';
import { personalInvoices, sponsoredTurnover, turnoverByKind } from '../../db/queries/network';
import type { SessionMember } from '../auth/session-member';

/**
 * The turnover report (spec/000 §2): default (the member's registrations, upgrades and repeat
 * orders), pribadi (their invoices) and sponsorgrup (members they sponsored, with their turnover).
 * Only invoiced orders count.
 */
export function getOmset(member: SessionMember, q: OmsetQuery) {
  return onReadDb(member.id, async (db) => {
    if (q.jenisOmset === 'pribadi') {
      return { jenisOmset: q.jenisOmset, rows: await personalInvoices(db, member.id, q) };
    }
    if (q.jenisOmset === 'sponsorgrup') {
      return { jenisOmset: q.jenisOmset, rows: await sponsoredTurnover(db, member.id, q) };
    }
    const { registrasi, upgrade, ro } = await turnoverByKind(db, member.id, q);
    return { jenisOmset: q.jenisOmset, rows: [{ nama: member.nama, registrasi, upgrade, ro, total: registrasi + upgrade + ro }] };
  });
}
