import { paymentFee } from '../../../lib/order/fees';
import { getSetting } from '../settings';

export interface PaymentMethodDto {
  name: string;
  label: string;
  icon: string;
  fix_charge: number;
  float_charge: number;
  ppn: number;
}

/** A method as GET /member/payment-method answers it: with totalBiaya, its fee on the given total. */
export type PaymentMethodWithFee = PaymentMethodDto & { totalBiaya: number };

export async function listPaymentMethodsWithFee(baseTotal: number): Promise<PaymentMethodWithFee[]> {
  return (await listPaymentMethods()).map((m) => ({ ...m, totalBiaya: paymentFee(m, baseTotal) }));
}

/** GET /member/payment-method: the methods an operator offers (not switched off), with their fees. */
export async function listPaymentMethods(): Promise<PaymentMethodDto[]> {
  const off = new Set(await getSetting('payment_methods_off'));
  return (await getSetting('payment_methods')).filter((m) => !off.has(m.name));
}

export async function findPaymentMethod(name: string): Promise<PaymentMethodDto | undefined> {
  return (await listPaymentMethods()).find((m) => m.name === name);
}
