/**
 * The payout (disbursement) port (INTEGRATIONS.md "Payouts by API"). Two adapters: Midtrans
 * Payouts (Iris) and the built-in simulator; PAYOUT_PROVIDER=manual uses neither (bank CSV files).
 * Both answer with Iris' shapes and sign their notifications the same way (SHA-512 hex of the raw
 * body + the merchant key, header Iris-Signature), so nothing else changes between them.
 */

/** Iris' payout statuses (a payout's life at the provider). */
export const PROVIDER_PAYOUT_STATUSES = ['queued', 'approved', 'processed', 'completed', 'failed', 'rejected'] as const;
export type ProviderPayoutStatus = (typeof PROVIDER_PAYOUT_STATUSES)[number];

/** One transfer to create. `bank` is the portal's bank code (Bank Indonesia clearing code, domain/banks.ts). */
export interface PayoutInstruction {
  bank: string;
  account: string;
  name: string;
  /** Integer rupiah. */
  amount: number;
  /** The portal's payout number (WD-…), the transfer's notes. */
  notes: string;
}

/** A payout as the provider reports it (Get Payout Details, or a notification). */
export interface ProviderPayout {
  referenceNo: string;
  status: ProviderPayoutStatus;
  /** Integer rupiah. */
  amount: number;
  /** ISO time of the provider's last change (orders notifications: an older one never wins). */
  updatedAt: string;
  errorCode?: string;
  errorMessage?: string;
}

export type AccountValidation = { valid: true; accountName: string } | { valid: false; message: string };

export interface PayoutProvider {
  readonly name: 'simulator' | 'iris';
  /**
   * Creates the transfers (creator key), one reference per instruction in the same order. The same
   * idempotency key with the same list answers the same references without paying twice (Iris
   * keeps keys 24 hours), so a request whose answer was lost is simply sent again.
   */
  create(idempotencyKey: string, payouts: PayoutInstruction[]): Promise<{ referenceNo: string; status: ProviderPayoutStatus }[]>;
  /** Approves created transfers (approver key): the money leaves only now. */
  approve(referenceNos: string[], otp?: string): Promise<void>;
  /** Rejects created transfers not yet approved (approver key). */
  reject(referenceNos: string[], reason: string): Promise<void>;
  /** A transfer's current state (Get Payout Details). */
  status(referenceNo: string): Promise<ProviderPayout>;
  /** Account validation: is the account open at that bank, under which name. `nameOnFile` is used only by the simulator. */
  validateAccount(bank: string, account: string, nameOnFile: string): Promise<AccountValidation>;
  /** The key notifications are signed with. */
  merchantKey(): Promise<string>;
}

/** The provider's error the portal shows as the reason of a failed transfer. */
export class PayoutProviderError extends Error {
  constructor(
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'PayoutProviderError';
  }
}
