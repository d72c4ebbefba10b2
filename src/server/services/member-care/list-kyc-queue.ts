import { getDb } from '../../db/client';
import { type KycItem, kycQueueCount, kycQueuePage } from '../../db/queries/kyc';
import { bankName } from '../../domain/banks';
import type { SessionOperator } from '../operator/operator-sessions';
import { requireRole } from '../operator/require-role';

export const KYC_PAGE_SIZE = 50;

export type KycRow = KycItem & { bank: string | null };

/** The KYC queue (CS): pending bank accounts, NPWPs and NIKs in one list, a page at a time; `idMember` narrows it to one member. */
export async function listKycQueue(operator: SessionOperator, page: number, idMember?: string) {
  requireRole(operator, ['CS']);
  const db = await getDb();
  const wanted = idMember?.trim().slice(0, 20) || undefined;
  const total = await kycQueueCount(db, wanted);
  const pages = Math.max(1, Math.ceil(total / KYC_PAGE_SIZE));
  const current = Math.min(pages, Math.max(1, Math.trunc(page) || 1));
  const items = await kycQueuePage(db, KYC_PAGE_SIZE, (current - 1) * KYC_PAGE_SIZE, wanted);
  return {
    items: items.map((item): KycRow => ({ ...item, bank: bankName(item.kode_bank) })),
    total,
    page: current,
    pages,
    idMember: wanted,
  };
}
