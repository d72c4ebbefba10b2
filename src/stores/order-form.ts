import { persistentAtom } from '@nanostores/persistent';
import { atom } from 'nanostores';
import type { OrderJenis } from '../lib/order/bv';
import type { CourierConfig } from '../lib/order/shipping';
import type { Rank } from '../lib/rank';
import type { PhoneCountryCode } from '../lib/schemas/order-member';

/**
 * The order form of the stepper (spec/001 §3 Order form), kept in localStorage between visits
 * (spec/001 §9), cleared after a successful order, reset when another order type starts (§4).
 */
export type FormJenis = OrderJenis | 'referral';
export type StepName = 'member' | 'item' | 'delivery' | 'payment';

/** The prospective member as typed (spec/001 §3 Prospective member (form)). */
export interface MemberForm {
  noIdentitas: string;
  nama: string;
  email: string;
  phoneCountry: PhoneCountryCode;
  phoneNumber: string;
  username: string;
  posisi: Rank | '';
  sisi: 'L' | 'R' | '';
  idPropinsiDomisili: string;
  idKotaDomisili: string;
  tglLahir: string;
  jenisKelamin: string;
  statusKawin: string;
  agama: string;
  negara: string;
  alamat: string;
  idPropinsi: string;
  idKota: string;
  idKecamatan: string;
  kelurahanId: string;
  kodePos: string;
  kodeEtik: boolean;
}

import { type Product, repriceLines, type SelectedLine } from '../lib/order/product';

/** A selected item line (spec/001 §3). */
export type CartLine = SelectedLine;

export interface Gudang {
  public_id: string;
  nama: string;
  lokasi: string;
  id_alamat: string | null;
}

/** A ship-to: a saved address (public_id) or, on the referral page, one typed in place. */
export interface ShipTo {
  public_id?: string;
  label?: string;
  nama: string;
  phone: string;
  alamat: string;
  provinsi_id: string;
  kota_id: string;
  kecamatan_id: string;
  kelurahan_id: string;
  provinsi?: string;
  kota?: string;
  kecamatan?: string;
  kelurahan?: string;
  kode_pos: string | null;
}

/** Delivery step data (spec/001 §3). */
export interface DeliveryForm {
  type: 'delivery' | 'pickup' | '';
  pickup_store: boolean;
  gudang: Gudang | null;
  address: ShipTo | null;
  kodeKurir: string;
  namaKurir: string;
  kodeLayanan: string;
  namaLayanan: string;
  etd: string;
  ongkir: number;
  myEkspedisi: CourierConfig | null;
  is_asuransi: boolean;
  potonganOngkir: number;
  subsidiOngkir: number | null;
}

export interface PaymentForm {
  method: string;
  agree: boolean;
}

export interface StepData {
  member: MemberForm;
  item: { lines: CartLine[] };
  delivery: DeliveryForm;
  payment: PaymentForm;
}

export interface Step<N extends StepName = StepName> {
  name: N;
  label: string;
  icon: string;
  passed: boolean;
  data: StepData[N];
}

export interface OrderForm {
  jenis: FormJenis | null;
  /** The referral code of the referral page (the sponsor). */
  joinme: string;
  /** Whose form it is (the signed-in member's ID, or the referral code): another member starts over. */
  owner: string;
  activeIndex: number;
  activeStep: StepName;
  steps: Step[];
  minBv: number;
  /** Made once per checkout: a double click or a retry creates one order (the contract's client_ref). */
  clientRef: string;
  /** The empty slot chosen in the network tree ("Daftar di sini"), shown beside the side. */
  placement?: Placement | null;
}

/** An empty slot of the network tree: under which member, on which side of it. */
export interface Placement {
  upline_id_member: string;
  upline_nama: string;
  sisi: 'L' | 'R' /** The sponsor's side that leads there. */;
  leg: 'L' | 'R';
}

export const emptyMember = (): MemberForm => ({
  noIdentitas: '',
  nama: '',
  email: '',
  phoneCountry: '62',
  phoneNumber: '',
  username: '',
  posisi: '',
  sisi: '',
  idPropinsiDomisili: '',
  idKotaDomisili: '',
  tglLahir: '',
  jenisKelamin: '',
  statusKawin: '',
  agama: '',
  negara: 'Indonesia',
  alamat: '',
  idPropinsi: '',
  idKota: '',
  idKecamatan: '',
  kelurahanId: '',
  kodePos: '',
  kodeEtik: false,
});

export const emptyCourier = {
  kodeKurir: '',
  namaKurir: '',
  kodeLayanan: '',
  namaLayanan: '',
  etd: '',
  ongkir: 0,
  myEkspedisi: null,
  is_asuransi: false,
  potonganOngkir: 0,
  subsidiOngkir: null,
} satisfies Partial<DeliveryForm>;

export const emptyDelivery = (): DeliveryForm => ({ type: '', pickup_store: false, gudang: null, address: null, ...emptyCourier });

const STEP_META: Record<StepName, { label: string; icon: string }> = {
  member: { label: 'Member', icon: 'person' },
  item: { label: 'Item', icon: 'box' },
  delivery: { label: 'Pengiriman', icon: 'truck' },
  payment: { label: 'Pembayaran', icon: 'card' },
};

const initialData = (): StepData => ({
  member: emptyMember(),
  item: { lines: [] },
  delivery: emptyDelivery(),
  payment: { method: '', agree: false },
});

/** The steps of an order type (spec/001 §2): registration starts with the member. */
export function stepNames(jenis: FormJenis | null): StepName[] {
  return jenis === 'registrasi' || jenis === 'referral' ? ['member', 'item', 'delivery', 'payment'] : ['item', 'delivery', 'payment'];
}

const newRef = (): string => globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;

export function freshForm(jenis: FormJenis | null, joinme = '', owner = ''): OrderForm {
  const data = initialData();
  const names = stepNames(jenis);
  return {
    jenis,
    joinme,
    owner,
    activeIndex: 0,
    activeStep: names[0]!,
    minBv: 0,
    clientRef: newRef(),
    steps: names.map((name) => ({ name, ...STEP_META[name], passed: false, data: data[name] })) as Step[],
  };
}

export const $orderForm = persistentAtom<OrderForm>('portal:order-form', freshForm(null), {
  encode: JSON.stringify,
  decode: (text) => {
    try {
      const value = JSON.parse(text) as OrderForm;
      return Array.isArray(value?.steps) ? value : freshForm(null);
    } catch {
      return freshForm(null);
    }
  },
});

/**
 * Opens the stepper for an order type: the saved form goes on if it is the same type of the same
 * member (or referral code), else it starts over, so one browser never shows a form to another member.
 */
export function startOrder(jenis: FormJenis, joinme = '', owner = joinme): void {
  const form = $orderForm.get();
  if (form.jenis !== jenis || form.joinme !== joinme || form.owner !== owner) $orderForm.set(freshForm(jenis, joinme, owner));
}

export function stepData<N extends StepName>(form: OrderForm, name: N): StepData[N] {
  const step = form.steps.find((s) => s.name === name);
  return (step?.data ?? initialData()[name]) as StepData[N];
}

export const isPassed = (form: OrderForm, name: StepName): boolean => Boolean(form.steps.find((s) => s.name === name)?.passed);

/** Whether the indicator of step `index` may be opened: backward always, forward only over passed steps. */
export function canOpen(form: OrderForm, index: number): boolean {
  if (index < 0 || index >= form.steps.length) return false;
  return form.steps.slice(0, index).every((s) => s.passed);
}

export function goToStep(index: number): void {
  const form = $orderForm.get();
  if (!canOpen(form, index)) return;
  $orderForm.set({ ...form, activeIndex: index, activeStep: form.steps[index]!.name });
}

function mapStep<N extends StepName>(form: OrderForm, name: N, change: (step: Step<N>) => Step<N>): Step[] {
  return form.steps.map((s) => (s.name === name ? change(s as Step<N>) : s)) as Step[];
}

/**
 * Changes a step's data. `unpass` takes back its passed flag: 'self' for that step only (Next
 * must be pressed again), 'after' also for every step after it.
 */
export function updateStep<N extends StepName>(name: N, patch: Partial<StepData[N]>, unpass: 'none' | 'self' | 'after' = 'none'): void {
  const form = $orderForm.get();
  let steps = mapStep(form, name, (s) => ({ ...s, data: { ...s.data, ...patch }, passed: unpass === 'none' ? s.passed : false }));
  if (unpass === 'after') {
    const at = steps.findIndex((s) => s.name === name);
    steps = steps.map((s, i) => (i > at ? { ...s, passed: false } : s));
  }
  $orderForm.set({ ...form, steps });
}

/** Next on a step: its data is stored, it becomes passed and the following step opens (spec/001 §4). */
export function completeStep<N extends StepName>(name: N, data?: Partial<StepData[N]>): void {
  const form = $orderForm.get();
  const steps = mapStep(form, name, (s) => ({ ...s, data: { ...s.data, ...data }, passed: true }));
  const index = Math.min(steps.findIndex((s) => s.name === name) + 1, steps.length - 1);
  $orderForm.set({ ...form, steps, activeIndex: index, activeStep: steps[index]!.name });
}

/** A member field; any change asks for Next again. The tier limits the cart: changing it empties the cart. */
export function setMemberField<K extends keyof MemberForm>(key: K, value: MemberForm[K]): void {
  const form = $orderForm.get();
  const member = stepData(form, 'member');
  if (member[key] === value) return;
  updateStep('member', { [key]: value } as Partial<MemberForm>, 'self');
  if (key === 'posisi') {
    updateStep('item', { lines: [] }, 'after');
    updateStep('delivery', { gudang: null, ...emptyCourier }, 'after');
  }
}

/** A change of the cart takes back the delivery choices that depend on it (warehouse, courier). */
export function setCart(lines: CartLine[]): void {
  updateStep('item', { lines: lines.filter((l) => l.qty > 0) }, 'after');
  if (stepData($orderForm.get(), 'delivery').gudang) updateStep('delivery', { gudang: null, ...emptyCourier }, 'after');
}

/** The saved cart at today's catalogue prices (src/lib/order/product.ts); a changed cart takes back the delivery choices too. */
export function repriceCart(products: readonly Product[]): void {
  const lines = stepData($orderForm.get(), 'item').lines;
  const repriced = repriceLines(lines, products);
  if (repriced !== lines) setCart(repriced);
}

/**
 * Changing the delivery type, warehouse or address clears the chosen courier and service and
 * takes back the delivery step's passed flag (spec/001 §4).
 */
export function changeDelivery(patch: Partial<Pick<DeliveryForm, 'type' | 'gudang' | 'address'>>): void {
  const extra: Partial<DeliveryForm> = { ...emptyCourier };
  if (patch.type !== undefined) {
    extra.pickup_store = patch.type === 'pickup';
    extra.gudang = null;
  }
  updateStep('delivery', { ...extra, ...patch }, 'after');
}

/** After a successful order the form is cleared (spec/001 §4). */
export function clearOrderForm(): void {
  $orderForm.set(freshForm(null));
}

/** The order just created on the referral page (its form is already cleared): shown with a pay button. */
export const $createdOrder = atom<{ public_id: string; no_order: string } | null>(null);

/**
 * "Daftar di sini" on an empty slot of the network tree: the registration form of `owner` opens
 * with the slot and the sponsor's side that leads to it already chosen.
 */
export function registerAt(owner: string, placement: Placement): void {
  startOrder('registrasi', '', owner);
  setMemberField('sisi', placement.leg);
  $orderForm.set({ ...$orderForm.get(), placement });
}
