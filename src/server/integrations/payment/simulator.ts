import { randomBytes } from 'node:crypto';
import { getDb } from '../../db/client';
import { settingOrInsert } from '../../db/queries/settings';
import type { PaymentGateway } from './types';

let key: Promise<string> | undefined;

/**
 * The simulator's server key: random per installation, kept in the settings table, so nobody
 * outside can sign a notification that the webhook would accept.
 */
function simulatorKey(): Promise<string> {
  key ??= (async () => {
    return (await settingOrInsert(await getDb(), 'payment_simulator_key', randomBytes(32).toString('hex'))) as string;
  })().catch((error) => {
    key = undefined;
    throw error;
  });
  return key;
}

/**
 * The built-in payment simulator (DESIGN.md §6): a token, a pop-up page of its own
 * (/pembayaran/simulator/{token}) with success / pending / error / close, and a signed
 * notification to the same webhook handler Midtrans' would reach.
 */
export const simulatorGateway: PaymentGateway = {
  name: 'simulator',
  async createToken() {
    const token = `SIM-${randomBytes(24).toString('base64url')}`;
    return { token, redirect_url: `/pembayaran/simulator/${token}` };
  },
  snapJs: () => ({ src: '/pembayaran/snap.js', clientKey: null }),
  serverKey: simulatorKey,
};

export function forgetSimulatorKey(): void {
  key = undefined;
}
