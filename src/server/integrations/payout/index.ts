import { isProduction, type PayoutProviderSetting, payoutProblem, payoutProviderSetting } from '../../mode';
import { irisBaseUrl, irisProvider } from './iris';
import { simulatorPayoutProvider } from './simulator';
import type { PayoutProvider } from './types';

/** Which way payouts leave (PAYOUT_PROVIDER; mode.ts holds the rule and its production checks). */
export const payoutProviderName = (): PayoutProviderSetting => payoutProviderSetting();

/**
 * The configured disbursement provider, or undefined with PAYOUT_PROVIDER=manual (bank CSV files
 * only). Settings that cannot work throw the same sentence the start refuses with.
 */
export function payoutProvider(): PayoutProvider | undefined {
  const problem = payoutProblem();
  if (problem) throw new Error(problem);
  const name = payoutProviderSetting();
  if (name === 'manual') return undefined;
  if (name === 'simulator') return simulatorPayoutProvider;
  const env = process.env;
  return irisProvider(
    { creatorKey: env.IRIS_CREATOR_KEY!.trim(), approverKey: env.IRIS_APPROVER_KEY!.trim(), merchantKey: env.IRIS_MERCHANT_KEY!.trim() },
    irisBaseUrl(isProduction(), env.IRIS_API_URL),
  );
}

/** The console's name of a provider. */
export const PAYOUT_PROVIDER_LABELS: Record<PayoutProviderSetting, string> = {
  manual: 'File CSV bank',
  simulator: 'Simulator transfer',
  iris: 'Midtrans Payouts (Iris)',
};

export type { AccountValidation, PayoutInstruction, PayoutProvider, ProviderPayout, ProviderPayoutStatus } from './types';
export { PayoutProviderError } from './types';
