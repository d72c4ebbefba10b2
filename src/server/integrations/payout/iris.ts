import { toRupiah } from '../../db/money';
import {
  type PayoutProvider,
  PayoutProviderError,
  PROVIDER_PAYOUT_STATUSES,
  type ProviderPayout,
  type ProviderPayoutStatus,
} from './types';

/**
 * Iris' bank codes (GET /api/v1/beneficiary_banks) of the portal's banks (domain/banks.ts, Bank
 * Indonesia clearing codes). A bank missing here is refused by the adapter with a clear message
 * rather than sent under a guessed code.
 */
export const IRIS_BANK_CODES: Readonly<Record<string, string>> = {
  '002': 'bri',
  '008': 'mandiri',
  '009': 'bni',
  '011': 'danamon',
  '013': 'permata',
  '014': 'bca',
  '016': 'maybank',
  '019': 'panin',
  '022': 'cimb',
  '028': 'ocbc',
  '200': 'btn',
  '213': 'btpn',
  '426': 'mega',
  '441': 'bukopin',
  '451': 'bsm',
  '111': 'dki',
  '110': 'bjb',
  '113': 'jateng',
  '114': 'jatim',
  '490': 'yudha_bakti',
  '535': 'seabank',
  '542': 'artos',
};

export interface IrisKeys {
  creatorKey: string;
  approverKey: string;
  merchantKey: string;
}

/** Iris' base URL: IRIS_API_URL (a stand-in, a proxy) or Midtrans' own per environment. */
export const irisBaseUrl = (production: boolean, override?: string): string =>
  (override?.trim() || (production ? 'https://app.midtrans.com/iris' : 'https://app.sandbox.midtrans.com/iris')).replace(/\/+$/, '');

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

function irisBank(kode: string): string {
  const bank = IRIS_BANK_CODES[kode];
  if (!bank) throw new PayoutProviderError(`Bank dengan kode ${kode} belum didukung penyedia transfer (Iris)`);
  return bank;
}

/** Iris' status, or an error: the portal never guesses what an unknown status means. */
export function irisStatus(value: unknown): ProviderPayoutStatus {
  const status = text(value).toLowerCase();
  if ((PROVIDER_PAYOUT_STATUSES as readonly string[]).includes(status)) return status as ProviderPayoutStatus;
  throw new PayoutProviderError(`Status payout Iris tidak dikenal: ${JSON.stringify(value)}`);
}

/** A payout of Iris' answers (Get Payout Details, a notification) in the port's shape. */
export function irisPayout(body: Record<string, unknown>): ProviderPayout {
  const referenceNo = text(body.reference_no);
  if (!referenceNo) throw new PayoutProviderError('Jawaban Iris tanpa reference_no');
  return {
    referenceNo,
    status: irisStatus(body.status),
    amount: toRupiah(text(body.amount) || 'x'),
    updatedAt: text(body.updated_at) || text(body.created_at),
    errorCode: text(body.error_code) || undefined,
    errorMessage: text(body.error_message) || undefined,
  };
}

/**
 * Midtrans Payouts (Iris), a few lines of fetch (INTEGRATIONS.md): creator and approver keys over
 * HTTP Basic (key as user, empty password), JSON both ways, X-Idempotency-Key on creation.
 */
export function irisProvider(keys: IrisKeys, baseUrl: string): PayoutProvider {
  async function call(key: string, method: 'GET' | 'POST', path: string, body?: unknown, headers: Record<string, string> = {}) {
    let response: Response;
    try {
      response = await fetch(`${baseUrl}/api/v1${path}`, {
        method,
        headers: { accept: 'application/json', 'content-type': 'application/json', authorization: basic(key), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw new PayoutProviderError(`Iris tidak dapat dihubungi: ${(error as Error).message}`);
    }
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      const errors = Array.isArray(answer.errors)
        ? answer.errors.map(text).join('; ')
        : typeof answer.errors === 'object' && answer.errors
          ? JSON.stringify(answer.errors)
          : text(answer.errors);
      throw new PayoutProviderError(
        `Iris ${method} ${path.split('?')[0]}: ${response.status} ${text(answer.error_message)}${errors ? ` (${errors})` : ''}`.trim(),
        response.status,
      );
    }
    return answer;
  }

  return {
    name: 'iris',
    async create(idempotencyKey, payouts) {
      const answer = await call(
        keys.creatorKey,
        'POST',
        '/payouts',
        {
          payouts: payouts.map((p) => ({
            beneficiary_name: p.name.slice(0, 100),
            beneficiary_account: p.account,
            beneficiary_bank: irisBank(p.bank),
            amount: `${p.amount}.00`,
            notes: p.notes,
          })),
        },
        { 'X-Idempotency-Key': idempotencyKey },
      );
      const created = Array.isArray(answer.payouts) ? (answer.payouts as Record<string, unknown>[]) : [];
      if (created.length !== payouts.length || created.some((c) => !text(c.reference_no))) {
        throw new PayoutProviderError(`Iris menjawab ${created.length} reference untuk ${payouts.length} payout`);
      }
      return created.map((c) => ({ referenceNo: text(c.reference_no), status: irisStatus(c.status) }));
    },
    async approve(referenceNos, otp) {
      await call(keys.approverKey, 'POST', '/payouts/approve', { reference_nos: referenceNos, ...(otp ? { otp } : {}) });
    },
    async reject(referenceNos, reason) {
      await call(keys.approverKey, 'POST', '/payouts/reject', { reference_nos: referenceNos, reject_reason: reason.slice(0, 100) });
    },
    async status(referenceNo) {
      return irisPayout(await call(keys.creatorKey, 'GET', `/payouts/${encodeURIComponent(referenceNo)}`));
    },
    async validateAccount(bank, account) {
      try {
        const answer = await call(
          keys.creatorKey,
          'GET',
          `/account_validation?bank=${encodeURIComponent(irisBank(bank))}&account=${encodeURIComponent(account)}`,
        );
        const name = text(answer.account_name);
        return name ? { valid: true, accountName: name } : { valid: false, message: 'Rekening tidak ditemukan di bank' };
      } catch (error) {
        // 4xx: Iris answered that the account is not valid; anything else is not an answer about it.
        if (
          error instanceof PayoutProviderError &&
          error.httpStatus !== undefined &&
          error.httpStatus >= 400 &&
          error.httpStatus < 500 &&
          error.httpStatus !== 401
        ) {
          return { valid: false, message: `Rekening tidak valid menurut bank: ${error.message}` };
        }
        throw error;
      }
    },
    merchantKey: async () => keys.merchantKey,
  };
}
