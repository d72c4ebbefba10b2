import { createContext, useContext } from 'react';
import type { Product } from '../../lib/order/product';
import type { Rank } from '../../lib/rank';
import type { FormJenis } from '../../stores/order-form';
import type { Endpoints } from './api';

export type { Product } from '../../lib/order/product';

export interface Sponsor {
  id_member: string;
  nama: string;
}

/** What the page knows before the island starts (server-rendered props). */
export interface StepperProps {
  jenis: FormJenis;
  /** The signed-in member's rank (the referral page: the sponsor's, unused). */
  posisi: Rank;
  sponsor: Sponsor;
  products: Product[];
  /** Minimum BV per tier for registration (the product list's setting). */
  minBv: Partial<Record<Rank, number>>;
  /** The referral code on the referral page. */
  joinme?: string;
}

export interface StepperContext extends StepperProps {
  api: Endpoints;
  referral: boolean;
}

export const Ctx = createContext<StepperContext | null>(null);

export function useStepper(): StepperContext {
  const value = useContext(Ctx);
  if (!value) throw new Error('OrderStepper context missing');
  return value;
}
