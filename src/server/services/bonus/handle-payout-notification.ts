import { AppError } from '../../errors';
import { type ProviderPayout, payoutProvider } from '../../integrations/payout';
import { irisPayout } from '../../integrations/payout/iris';
import { isPayoutSignatureValid } from '../../integrations/payout/signature';
import { applyPayoutAnswer, type PayoutAnswerOutcome } from './apply-payout-answer';

export const PAYOUT_NOTIFICATION_MESSAGES = {
  noProvider: 'Penyedia transfer tidak diatur (PAYOUT_PROVIDER=manual)',
  badSignature: 'Tanda tangan notifikasi payout tidak sah',
  badBody: 'Notifikasi payout tidak dapat dibaca',
} as const;

/**
 * POST /payout/notification: the provider's notification (Iris', or the simulator's in the same
 * shape). The signature (header Iris-Signature: SHA-512 of the raw body + merchant key) is checked
 * on the raw bytes first; a forged or missing one changes nothing (403). The answer itself is
 * applied exactly once (apply-payout-answer.ts).
 */
export async function handlePayoutNotification(
  rawBody: string,
  signature: string | null | undefined,
): Promise<{ outcome: PayoutAnswerOutcome }> {
  const provider = payoutProvider();
  if (!provider) throw new AppError('NOT_FOUND', PAYOUT_NOTIFICATION_MESSAGES.noProvider);
  // No SHA-512 hex at all: refused before any key is read (or, for the simulator, first created).
  if (!/^[0-9a-f]{128}$/i.test(signature?.trim() ?? '')) throw new AppError('FORBIDDEN', PAYOUT_NOTIFICATION_MESSAGES.badSignature);
  if (!isPayoutSignatureValid(rawBody, signature, await provider.merchantKey()))
    throw new AppError('FORBIDDEN', PAYOUT_NOTIFICATION_MESSAGES.badSignature);
  let answer: ProviderPayout;
  try {
    answer = irisPayout(JSON.parse(rawBody) as Record<string, unknown>);
  } catch {
    throw new AppError('BAD_INPUT', PAYOUT_NOTIFICATION_MESSAGES.badBody);
  }
  return { outcome: await applyPayoutAnswer(answer, provider.name, 'notifikasi') };
}
