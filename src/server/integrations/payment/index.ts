import { isProduction } from '../../mode';
import { midtransGateway } from './midtrans';
import { simulatorGateway } from './simulator';
import type { PaymentGateway } from './types';

/** Midtrans when MIDTRANS_SERVER_KEY and MIDTRANS_CLIENT_KEY are set, else the simulator (never in production). */
export function paymentGateway(): PaymentGateway {
  const serverKey = process.env.MIDTRANS_SERVER_KEY;
  const clientKey = process.env.MIDTRANS_CLIENT_KEY;
  if (serverKey && clientKey)
    return midtransGateway(serverKey, clientKey, process.env.MIDTRANS_PRODUCTION === '1', process.env.MIDTRANS_API_URL);
  if (isProduction())
    throw new Error(
      'PORTAL_ENV=production tanpa MIDTRANS_SERVER_KEY dan MIDTRANS_CLIENT_KEY: simulator pembayaran tidak dipakai di produksi',
    );
  return simulatorGateway;
}

export type { PaymentGateway, PaymentNotification, TokenRequest, TransactionStatus } from './types';

/** The origin of snap.js when it is not our own (Midtrans), for the pages' Content-Security-Policy. */
export function paymentScriptOrigin(): string | undefined {
  const { src } = paymentGateway().snapJs();
  return /^https?:\/\//.test(src) ? new URL(src).origin : undefined;
}
