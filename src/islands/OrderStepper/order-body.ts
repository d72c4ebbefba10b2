import { jenisFlags, type OrderJenis } from '../../lib/order/bv';
import { feeBase, insuranceCost, orderTotals, type PaymentMethodFee, paymentFee } from '../../lib/order/fees';
import { effectiveInsurance } from '../../lib/order/shipping';
import { phonePayload } from '../../lib/schemas/order-member-rules';
import { type CartLine, type DeliveryForm, type MemberForm, type OrderForm, stepData } from '../../stores/order-form';

/** The stepper's pure readings of the order form: totals, readiness and the create call's body. */

/** The order type the BV rules see: the referral page registers a member. */
export const ruleJenis = (form: OrderForm): OrderJenis => (form.jenis === 'referral' || !form.jenis ? 'registrasi' : form.jenis);

/** Totals of the cart: BV, price, weight (grams) and tax base. */
export const cartTotals = (lines: CartLine[]) => ({
  bv: lines.reduce((s, l) => s + l.qty * l.value, 0),
  harga: lines.reduce((s, l) => s + l.qty * l.harga, 0),
  berat: lines.reduce((s, l) => s + l.qty * l.berat, 0),
  dpp: lines.reduce((s, l) => s + l.qty * l.dpp, 0),
});

/** The create call's `member` object of the form (spec/001 §7): snake_case, phone without spaces. */
export function memberPayload(m: MemberForm) {
  return {
    nomor_identitas: m.noIdentitas,
    nama: m.nama,
    email: m.email.trim(),
    phone: phonePayload(m.phoneNumber),
    username: m.username,
    posisi: m.posisi,
    sisi: m.sisi,
    id_propinsi_domisili: m.idPropinsiDomisili,
    id_kota_domisili: m.idKotaDomisili,
    tgl_lahir: m.tglLahir,
    jenis_kelamin: m.jenisKelamin,
    status_kawin: m.statusKawin,
    agama: m.agama,
    negara: m.negara || 'Indonesia',
    alamat: m.alamat,
    id_propinsi: m.idPropinsi,
    id_kota: m.idKota,
    id_kecamatan: m.idKecamatan,
    kelurahan_id: m.kelurahanId,
    kode_pos: m.kodePos,
  };
}

/** Whether the delivery step may go on (spec/001 §5): warehouse and type; for delivery also address, courier and service. */
export function deliveryReady(d: DeliveryForm): boolean {
  if (!d.type || !d.gudang) return false;
  if (d.type === 'pickup') return true;
  return Boolean(d.address && d.kodeKurir && d.kodeLayanan);
}

/** The amounts of the payment step (spec/001 §9), the same formulas the server applies. */
export function paymentAmounts(form: OrderForm, method: PaymentMethodFee | undefined) {
  const lines = stepData(form, 'item').lines;
  const d = stepData(form, 'delivery');
  const itemsTotal = cartTotals(lines).harga;
  const delivery = d.type === 'delivery';
  const insured = delivery && effectiveInsurance(d.myEkspedisi ?? undefined, d.is_asuransi);
  const base = {
    itemsTotal,
    ongkir: delivery ? d.ongkir : 0,
    asuransi: insured && d.myEkspedisi ? insuranceCost(itemsTotal, d.myEkspedisi) : 0,
    diskon: delivery ? Math.min(d.potonganOngkir, d.ongkir) : 0,
  };
  return { ...orderTotals({ ...base, fee: method ? paymentFee(method, feeBase(base)) : 0 }), insured };
}

/** The create call's body (the order contract): the server recomputes every amount. */
export function transactionBody(form: OrderForm, joinme?: string) {
  const d = stepData(form, 'delivery');
  const jenis = ruleJenis(form);
  const body: Record<string, unknown> = {
    client_ref: form.clientRef,
    pickup_store: d.type === 'pickup',
    id_gudang: d.gudang?.public_id,
    id_kirim: d.type === 'delivery' && d.address?.public_id ? d.address.public_id : null,
    biaya_kirim: d.type === 'delivery' ? d.ongkir : 0,
    ekspedisi: d.type === 'delivery' ? `${d.kodeKurir}|${d.kodeLayanan}` : null,
    subsidi_ongkir_id: d.type === 'delivery' ? d.subsidiOngkir : null,
    is_asuransi: d.type === 'delivery' && effectiveInsurance(d.myEkspedisi ?? undefined, d.is_asuransi),
    details: stepData(form, 'item').lines.map((l) => ({ id: l.public_id, qty: l.qty })),
    payment_method: stepData(form, 'payment').method,
    ...jenisFlags(jenis),
  };
  if (jenis === 'registrasi') body.member = memberPayload(stepData(form, 'member'));
  if (form.jenis === 'referral' && d.address) {
    body.joinme = joinme ?? form.joinme;
    body.kirim = {
      nama: d.address.nama,
      phone: d.address.phone,
      alamat: d.address.alamat,
      kelurahan_id: d.address.kelurahan_id,
      kode_pos: d.address.kode_pos ?? undefined,
    };
  }
  return body;
}
