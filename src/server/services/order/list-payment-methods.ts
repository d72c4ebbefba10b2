import { getSetting } from '../settings';

export interface PaymentMethodDto {
  name: string;
  label: string;
  icon: string;
  fix_charge: number;
  float_charge: number;
  ppn: number;
}

/** GET /member/payment-method: the methods an operator offers, with their fees. */
export async function listPaymentMethods(): Promise<PaymentMethodDto[]> {
  return [...(await getSetting('payment_methods'))];
}

export async function findPaymentMethod(name: string): Promise<PaymentMethodDto | undefined> {
  return (await listPaymentMethods()).find((m) => m.name === name);
}
