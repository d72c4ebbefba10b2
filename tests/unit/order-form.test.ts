import { beforeEach, describe, expect, it } from 'vitest';
import { repriceLines } from '../../src/lib/order/product';
import {
  $orderForm,
  canOpen,
  changeDelivery,
  clearOrderForm,
  completeStep,
  goToStep,
  isPassed,
  repriceCart,
  setCart,
  setMemberField,
  startOrder,
  stepData,
  stepNames,
  updateStep,
} from '../../src/stores/order-form';

const line = { public_id: 'p1', nama: 'Paket Duo', harga: 700_000, value: 2, berat: 1500, dpp: 630_631, persen_ppn: 12, qty: 1 };
const gudang = { public_id: 'g1', nama: 'Gudang Surabaya', lokasi: 'Surabaya', id_alamat: '35.78.01.1001' };
const courier = { kodeKurir: 'jne', namaKurir: 'JNE', kodeLayanan: 'REG', namaLayanan: 'Reguler', ongkir: 9000 };

beforeEach(() => clearOrderForm());

describe('order form store (spec/001 §3, §4)', () => {
  it.each([
    ['registrasi', ['member', 'item', 'delivery', 'payment']],
    ['referral', ['member', 'item', 'delivery', 'payment']],
    ['upgrade', ['item', 'delivery', 'payment']],
    ['repeat-order', ['item', 'delivery', 'payment']],
  ] as const)('%s has the steps %j', (jenis, names) => {
    expect(stepNames(jenis)).toEqual(names);
    startOrder(jenis);
    expect($orderForm.get().steps.map((s) => s.name)).toEqual(names);
  });

  it('keeps the form for the same order type and starts over, minBv 0, for another', () => {
    startOrder('repeat-order');
    const ref = $orderForm.get().clientRef;
    setCart([line]);
    startOrder('repeat-order');
    expect(stepData($orderForm.get(), 'item').lines).toHaveLength(1);
    expect($orderForm.get().clientRef).toBe(ref);
    startOrder('upgrade');
    expect(stepData($orderForm.get(), 'item').lines).toHaveLength(0);
    expect($orderForm.get().minBv).toBe(0);
    expect($orderForm.get().clientRef).not.toBe(ref);
  });

  it('starts over for another member on the same browser', () => {
    startOrder('repeat-order', '', '1000000002');
    setCart([line]);
    startOrder('repeat-order', '', '1000000002');
    expect(stepData($orderForm.get(), 'item').lines).toHaveLength(1);
    startOrder('repeat-order', '', '1000000003');
    expect(stepData($orderForm.get(), 'item').lines).toHaveLength(0);
  });

  it('moves backward freely and forward only over passed steps', () => {
    startOrder('registrasi');
    expect(canOpen($orderForm.get(), 1)).toBe(false);
    goToStep(2);
    expect($orderForm.get().activeIndex).toBe(0);
    completeStep('member');
    expect($orderForm.get().activeStep).toBe('item');
    expect(canOpen($orderForm.get(), 2)).toBe(false);
    goToStep(0);
    expect($orderForm.get().activeStep).toBe('member');
    goToStep(1);
    expect($orderForm.get().activeStep).toBe('item');
  });

  it('a changed warehouse, address or type clears courier and service and takes back the passed flag', () => {
    startOrder('repeat-order');
    setCart([line]);
    completeStep('item');
    changeDelivery({ type: 'delivery' });
    changeDelivery({ gudang });
    updateStep('delivery', courier);
    completeStep('delivery');
    expect(isPassed($orderForm.get(), 'delivery')).toBe(true);
    changeDelivery({ gudang: { ...gudang, public_id: 'g2' } });
    const d = stepData($orderForm.get(), 'delivery');
    expect([d.kodeKurir, d.kodeLayanan, d.ongkir]).toEqual(['', '', 0]);
    expect(isPassed($orderForm.get(), 'delivery')).toBe(false);
    updateStep('delivery', courier);
    changeDelivery({ type: 'pickup' });
    expect(stepData($orderForm.get(), 'delivery')).toMatchObject({ gudang: null, kodeKurir: '', pickup_store: true });
  });

  it('a changed cart takes back the warehouse; a changed tier empties the cart', () => {
    startOrder('registrasi');
    setMemberField('posisi', 'SILVER');
    completeStep('member');
    setCart([line]);
    completeStep('item');
    changeDelivery({ type: 'pickup' });
    changeDelivery({ gudang });
    setCart([{ ...line, qty: 0 }]);
    expect(stepData($orderForm.get(), 'item').lines).toEqual([]);
    expect(stepData($orderForm.get(), 'delivery').gudang).toBeNull();
    expect(isPassed($orderForm.get(), 'item')).toBe(false);
    setCart([line]);
    setMemberField('posisi', 'BRONZE');
    expect(stepData($orderForm.get(), 'item').lines).toEqual([]);
    expect(isPassed($orderForm.get(), 'member')).toBe(false);
  });

  it('is cleared after an order', () => {
    startOrder('upgrade');
    setCart([line]);
    clearOrderForm();
    expect($orderForm.get().jenis).toBeNull();
    expect(stepData($orderForm.get(), 'item').lines).toEqual([]);
  });
});

describe("a saved cart at today's prices (ADR 0021)", () => {
  const today = { ...line, deskripsi: '', gambars: [] };
  it('keeps the lines themselves when the catalogue is unchanged, and takes the new figures when a price changed', () => {
    const lines = [line, { ...line, public_id: 'gone', nama: 'Tidak dijual lagi' }];
    expect(repriceLines(lines, [today])).toBe(lines);
    const repriced = repriceLines(lines, [{ ...today, harga: 777_000, dpp: 700_000 }]);
    expect(repriced).toEqual([{ ...line, harga: 777_000, dpp: 700_000 }, lines[1]]);
  });

  it('repriceCart updates the stored cart and takes back the warehouse chosen for the old total', () => {
    startOrder('repeat-order');
    setCart([{ ...line, qty: 2 }]);
    changeDelivery({ gudang });
    repriceCart([{ ...today, harga: 777_000 }]);
    expect(stepData($orderForm.get(), 'item').lines).toEqual([{ ...line, qty: 2, harga: 777_000 }]);
    expect(stepData($orderForm.get(), 'delivery').gudang).toBeNull();
  });
});
