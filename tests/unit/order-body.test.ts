import { beforeEach, describe, expect, it } from 'vitest';
import { deliveryReady, paymentAmounts, transactionBody } from '../../src/islands/OrderStepper/order-body';
import { CreateOrderSchema, ReferralOrderSchema } from '../../src/lib/schemas/order';
import { MemberStepSchema } from '../../src/lib/schemas/order-member';
import {
  $orderForm,
  changeDelivery,
  clearOrderForm,
  completeStep,
  emptyDelivery,
  type MemberForm,
  setCart,
  startOrder,
  updateStep,
} from '../../src/stores/order-form';

const pid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const duo = { public_id: pid(1), nama: 'Paket Duo', harga: 700_000, value: 2, berat: 1500, dpp: 630_631, persen_ppn: 12, qty: 1 };
const gudang = { public_id: pid(2), nama: 'Gudang Surabaya', lokasi: 'Surabaya', id_alamat: '35.78.01.1001' };
const address = {
  public_id: pid(3),
  nama: 'Penerima',
  phone: '081234567890',
  alamat: 'Jl. 1',
  provinsi_id: '35',
  kota_id: '35.78',
  kecamatan_id: '35.78.01',
  kelurahan_id: '35.78.01.1001',
  kode_pos: '60241',
};
const jne = { kode: 'jne', nama: 'JNE', asuransi_fix: 5000, asuransi_persen: 0.2, wajib_asuransi: false };
const member: Partial<MemberForm> = {
  noIdentitas: '3578010101900001',
  nama: 'Calon Member',
  email: 'calon@example.com',
  phoneCountry: '62',
  phoneNumber: '62 812 345 678 90',
  username: 'calonmember',
  posisi: 'SILVER',
  sisi: 'L',
  idPropinsiDomisili: '35',
  idKotaDomisili: '35.78',
  tglLahir: '1990-05-17',
  jenisKelamin: 'LAKI-LAKI',
  statusKawin: 'KAWIN',
  agama: 'ISLAM',
  alamat: 'Jl. Darmo 1',
  idPropinsi: '35',
  idKota: '35.78',
  idKecamatan: '35.78.01',
  kelurahanId: '35.78.01.1001',
  kodePos: '60241',
  kodeEtik: true,
};
const bca = { name: 'bca_va', fix_charge: 4000, float_charge: 0, ppn: 11 };

beforeEach(() => clearOrderForm());

function deliveredOrder(jenis: 'registrasi' | 'repeat-order' | 'referral') {
  startOrder(jenis, jenis === 'referral' ? 'DEMOPLATINUM' : '');
  if (jenis !== 'repeat-order') completeStep('member', member);
  setCart([duo]);
  completeStep('item');
  changeDelivery({ type: 'delivery' });
  changeDelivery({ gudang, address });
  updateStep('delivery', {
    kodeKurir: 'jne',
    namaKurir: 'JNE',
    kodeLayanan: 'REG',
    ongkir: 12_000,
    myEkspedisi: jne,
    is_asuransi: true,
    potonganOngkir: 12_000,
    subsidiOngkir: 1,
  });
  updateStep('payment', { method: 'bca_va' });
}

describe('the create call the stepper sends (the order contract)', () => {
  it('a delivered registration: saved address, courier|service, insurance, subsidy and the member object', () => {
    deliveredOrder('registrasi');
    const body = transactionBody($orderForm.get());
    expect(body).toMatchObject({
      pickup_store: false,
      id_gudang: pid(2),
      id_kirim: pid(3),
      biaya_kirim: 12_000,
      ekspedisi: 'jne|REG',
      subsidi_ongkir_id: 1,
      is_asuransi: true,
      details: [{ id: pid(1), qty: 1 }],
      payment_method: 'bca_va',
      join_member: true,
      upgrade_member: false,
      is_ro: false,
    });
    expect(body.client_ref).toBe($orderForm.get().clientRef);
    expect(CreateOrderSchema.safeParse(body).success).toBe(true);
    // The member object passes the member step's own schema, phone without spaces.
    expect(MemberStepSchema.parse(body.member).phone).toBe('6281234567890');
  });

  it('a pickup repeat order: no address, courier or member', () => {
    startOrder('repeat-order');
    setCart([duo]);
    completeStep('item');
    changeDelivery({ type: 'pickup' });
    changeDelivery({ gudang });
    updateStep('payment', { method: 'bca_va' });
    const body = transactionBody($orderForm.get());
    expect(body).toMatchObject({ pickup_store: true, id_kirim: null, ekspedisi: null, biaya_kirim: 0, is_asuransi: false, is_ro: true });
    expect(body.member).toBeUndefined();
    expect(CreateOrderSchema.safeParse(body).success).toBe(true);
  });

  it('the referral page adds joinme and the typed ship-to', () => {
    deliveredOrder('referral');
    updateStep('delivery', { address: { ...address, public_id: undefined } });
    const body = transactionBody($orderForm.get());
    expect(body).toMatchObject({
      joinme: 'DEMOPLATINUM',
      id_kirim: null,
      join_member: true,
      kirim: { nama: 'Penerima', kelurahan_id: '35.78.01.1001' },
    });
    expect(ReferralOrderSchema.safeParse(body).success).toBe(true);
  });
});

describe('payment amounts (spec/001 §9)', () => {
  it('items + shipping + insurance + fee − subsidy', () => {
    deliveredOrder('repeat-order');
    const amounts = paymentAmounts($orderForm.get(), bca);
    // insurance 700,000 × 0.2% + 5,000 = 6,400; fee 4,000 × 1.11 = 4,440; subsidy takes the whole 12,000.
    expect(amounts).toMatchObject({ itemsTotal: 700_000, ongkir: 12_000, asuransi: 6_400, diskon: 12_000, fee: 4_440, total: 710_840 });
  });

  it('pickup pays no shipping, insurance or subsidy', () => {
    deliveredOrder('repeat-order');
    changeDelivery({ type: 'pickup' });
    expect(paymentAmounts($orderForm.get(), undefined)).toMatchObject({ ongkir: 0, asuransi: 0, diskon: 0, fee: 0, total: 700_000 });
  });
});

describe('delivery Next (spec/001 §5)', () => {
  it.each([
    [{}, false, 'nothing chosen'],
    [{ type: 'pickup' }, false, 'no warehouse'],
    [{ type: 'pickup', gudang }, true, 'pickup needs only the warehouse'],
    [{ type: 'delivery', gudang }, false, 'delivery without address'],
    [{ type: 'delivery', gudang, address }, false, 'no courier'],
    [{ type: 'delivery', gudang, address, kodeKurir: 'jne' }, false, 'no service'],
    [{ type: 'delivery', gudang, address, kodeKurir: 'jne', kodeLayanan: 'REG' }, true, 'all there'],
  ] as const)('%o → %s (%s)', (patch, ready, _why) => {
    expect(deliveryReady({ ...emptyDelivery(), ...patch })).toBe(ready);
  });
});
