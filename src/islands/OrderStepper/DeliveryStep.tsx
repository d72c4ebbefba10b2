import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { rupiah } from '../../lib/money-format';
import {
  type CourierConfig,
  insuranceRule,
  type ShippingService,
  SUGGESTED_LABEL,
  type Subsidy,
  shippingSubsidy,
  suggestService,
} from '../../lib/order/shipping';
import { $addresses } from '../../stores/addresses';
import {
  $orderForm,
  changeDelivery,
  completeStep,
  emptyCourier,
  type Gudang,
  goToStep,
  type ShipTo,
  stepData,
  updateStep,
} from '../../stores/order-form';
import { loadAddresses } from '../AddressBook/address-book';
import { type AddressFields, AddressFieldsForm, AddressPicker, addressErrors, emptyFields } from './AddressPicker';
import { type ApiError, call } from './api';
import { useStepper } from './context';
import { ItemTable } from './ItemTable';
import { cartTotals, deliveryReady } from './order-body';
import '../../styles/pico/forms.scss';
import '../../styles/pico/checkbox.scss';

export const deliveryMessages = {
  noGudang: 'Paket/Item yang Anda pilih tidak tersedia, Pilih jenis pengiriman lain.',
  noAddress: 'Anda belum mengatur alamat',
  notChosen: 'Belum ada alamat pengiriman dipilih',
} as const;

interface Quote {
  couriers: ShippingService[];
  ekspedisi: CourierConfig[];
  subsidi: Subsidy | null;
}

const shipToFields = (a: ShipTo | null): AddressFields =>
  a
    ? {
        ...emptyFields(),
        nama: a.nama,
        phone: a.phone,
        alamat: a.alamat,
        provinsi_id: a.provinsi_id,
        kota_id: a.kota_id,
        kecamatan_id: a.kecamatan_id,
        kelurahan_id: a.kelurahan_id,
        kode_pos: a.kode_pos ?? '',
      }
    : emptyFields();

export function DeliveryStep() {
  const { api, referral } = useStepper();
  const form = useStore($orderForm);
  const d = stepData(form, 'delivery');
  const lines = stepData(form, 'item').lines;
  const totals = cartTotals(lines);
  // The cart as the warehouse request sends it, kept as text: the warehouses reload when its content changes.
  const cartBody = JSON.stringify(lines.map((l) => ({ id: l.public_id, qty: l.qty })));

  const [warehouses, setWarehouses] = useState<Gudang[] | null>(null);
  const addresses = useStore($addresses);
  const [picking, setPicking] = useState(false);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [shipTo, setShipTo] = useState<AddressFields>(() => shipToFields(d.address));
  const [shipToErrors, setShipToErrors] = useState<Record<string, string>>({});

  // The referral page delivers online only (spec/001 §6): no pickup choice.
  useEffect(() => {
    if (referral && d.type !== 'delivery') changeDelivery({ type: 'delivery' });
  }, [referral, d.type]);

  useEffect(() => {
    let live = true;
    setWarehouses(null);
    const carts = JSON.parse(cartBody) as { id: string; qty: number }[];
    if (!d.type || carts.length === 0) return;
    call<Gudang[]>('POST', api.gudang, {
      carts,
      is_online_pickup: d.type === 'delivery',
      is_offline_pickup: d.type === 'pickup',
    })
      .then((rows) => {
        if (live) setWarehouses(rows);
      })
      .catch(() => {
        if (live) setWarehouses([]);
      });
    return () => {
      live = false;
    };
  }, [api.gudang, d.type, cartBody]);

  // The shared address book ($addresses): loaded once, then kept by the address modal's saves.
  useEffect(() => {
    if (!referral && $addresses.get() === null) loadAddresses().catch(() => $addresses.set([]));
  }, [referral]);

  const gudangId = d.gudang?.public_id ?? '';
  const kelurahanId = d.address?.kelurahan_id ?? '';
  const origin = d.gudang?.id_alamat ?? '';
  useEffect(() => {
    let live = true;
    setQuote(null);
    setQuoteError(null);
    if (d.type !== 'delivery' || !gudangId || !kelurahanId) return;
    call<Quote>('POST', api.shippingCost, {
      originType: 'subdistrict',
      origin,
      kelurahan_id: kelurahanId,
      weight: Math.max(1, totals.berat),
      gudang_id: gudangId,
      bv: totals.bv,
    })
      .then((q) => {
        if (live) setQuote(q);
      })
      .catch((error: unknown) => {
        if (live) setQuoteError((error as ApiError).message);
      });
    return () => {
      live = false;
    };
  }, [api.shippingCost, d.type, gudangId, origin, kelurahanId, totals.berat, totals.bv]);

  const courierCodes = quote ? [...new Map(quote.couriers.map((c) => [c.code, c.name])).entries()] : [];
  const services = quote?.couriers.filter((c) => c.code === d.kodeKurir) ?? [];
  const suggested = quote ? suggestService(quote.couriers) : undefined;
  const configOf = (code: string) => quote?.ekspedisi.find((e) => e.kode === code) ?? null;
  const subsidyOf = (s: ShippingService) => shippingSubsidy(quote?.subsidi, { bv: totals.bv, dpp: totals.dpp, cost: s.cost });
  const rule = insuranceRule(d.myEkspedisi ?? undefined);

  function chooseCourier(code: string) {
    const config = configOf(code);
    updateStep(
      'delivery',
      {
        ...emptyCourier,
        kodeKurir: code,
        namaKurir: courierCodes.find(([c]) => c === code)?.[1] ?? '',
        myEkspedisi: config,
        is_asuransi: insuranceRule(config ?? undefined).forced,
      },
      'self',
    );
  }

  function chooseService(s: ShippingService) {
    const config = configOf(s.code);
    const potongan = subsidyOf(s);
    updateStep(
      'delivery',
      {
        kodeKurir: s.code,
        namaKurir: s.name,
        kodeLayanan: s.service,
        namaLayanan: s.description || s.service,
        etd: s.etd,
        ongkir: s.cost,
        myEkspedisi: config,
        potonganOngkir: potongan,
        subsidiOngkir: potongan > 0 ? (quote?.subsidi?.id ?? null) : null,
        is_asuransi:
          insuranceRule(config ?? undefined).forced ||
          (d.kodeKurir === s.code && d.is_asuransi && insuranceRule(config ?? undefined).offered),
      },
      'self',
    );
  }

  // The suggested service (spec/001 §9) is pre-selected when the quote arrives and nothing is chosen yet.
  // Only a new quote runs it: the current choice is read through a ref, so choosing another courier
  // (which clears the service) does not bring the suggestion back.
  const latest = useRef({ kodeLayanan: d.kodeLayanan, chooseService });
  latest.current = { kodeLayanan: d.kodeLayanan, chooseService };
  useEffect(() => {
    const suggestion = quote ? suggestService(quote.couriers) : undefined;
    if (suggestion && !latest.current.kodeLayanan) latest.current.chooseService(suggestion);
  }, [quote]);

  function applyShipTo() {
    const found = addressErrors(shipTo, false);
    setShipToErrors(found);
    if (Object.keys(found).length > 0) return;
    changeDelivery({
      address: {
        nama: shipTo.nama.trim(),
        phone: shipTo.phone,
        alamat: shipTo.alamat.trim(),
        provinsi_id: shipTo.provinsi_id,
        kota_id: shipTo.kota_id,
        kecamatan_id: shipTo.kecamatan_id,
        kelurahan_id: shipTo.kelurahan_id,
        kode_pos: shipTo.kode_pos || null,
      },
    });
  }

  const noGudang = Boolean(d.type) && warehouses !== null && warehouses.length === 0;

  return (
    <section aria-labelledby="step-delivery-title">
      <h2 id="step-delivery-title" className="step-title">
        Pengiriman
      </h2>
      <fieldset>
        <legend>Jenis Pengiriman</legend>
        <label>
          <input
            type="radio"
            name="jenis-kirim"
            value="delivery"
            checked={d.type === 'delivery'}
            onChange={() => changeDelivery({ type: 'delivery' })}
          />{' '}
          Dikirim (kurir)
        </label>
        {!referral && (
          <label>
            <input
              type="radio"
              name="jenis-kirim"
              value="pickup"
              checked={d.type === 'pickup'}
              onChange={() => changeDelivery({ type: 'pickup' })}
            />{' '}
            Ambil di tempat (pickup store)
          </label>
        )}
      </fieldset>

      {d.type && (
        <div>
          <label htmlFor="d-gudang">Gudang</label>
          <select
            id="d-gudang"
            value={d.gudang?.public_id ?? ''}
            disabled={!warehouses || warehouses.length === 0}
            onChange={(e) => changeDelivery({ gudang: warehouses?.find((w) => w.public_id === e.target.value) ?? null })}
          >
            <option value="">{warehouses === null ? 'Memuat…' : '-'}</option>
            {warehouses?.map((w) => (
              <option key={w.public_id} value={w.public_id}>
                {w.nama}
              </option>
            ))}
          </select>
          {d.gudang && <small className="muted">{d.gudang.lokasi}</small>}
          {noGudang && (
            <p className="alert alert-warning" role="alert">
              {deliveryMessages.noGudang}
            </p>
          )}
          {d.type === 'pickup' && <p className="muted">Pesanan pickup diambil di gudang paling lambat 14 hari setelah tanggal invoice.</p>}
        </div>
      )}

      {d.type === 'delivery' && !referral && (
        <div className="ship-to">
          <h3 className="step-subtitle">Alamat Pengiriman</h3>
          {addresses !== null && addresses.length === 0 && <p className="alert alert-warning">{deliveryMessages.noAddress}</p>}
          {d.address ? (
            <p data-testid="alamat-terpilih">
              <strong>{d.address.label}</strong> · {d.address.nama} · {d.address.phone}
              <br />
              <span className="muted">
                {d.address.alamat}, {d.address.kelurahan}, Kec. {d.address.kecamatan}, {d.address.kota}, {d.address.provinsi}{' '}
                {d.address.kode_pos ?? ''}
              </span>
            </p>
          ) : (
            addresses !== null && addresses.length > 0 && <p className="alert alert-warning">{deliveryMessages.notChosen}</p>
          )}
          <button type="button" className="outline" onClick={() => setPicking(true)}>
            {d.address ? 'Ubah Alamat' : 'Pilih Alamat'}
          </button>
          <AddressPicker
            open={picking}
            onClose={() => setPicking(false)}
            onPick={(a) => {
              setPicking(false);
              if (a.public_id !== d.address?.public_id) changeDelivery({ address: a });
            }}
          />
        </div>
      )}

      {d.type === 'delivery' && referral && (
        <div className="ship-to">
          <h3 className="step-subtitle">Alamat Pengiriman</h3>
          <AddressFieldsForm value={shipTo} onChange={setShipTo} errors={shipToErrors} withLabel={false} prefix="k" api={api} />
          {!d.address && <p className="alert alert-warning">{deliveryMessages.notChosen}</p>}
          <button type="button" className="outline" onClick={applyShipTo}>
            Gunakan Alamat Ini
          </button>
          {d.address && (
            <p className="muted" data-testid="alamat-terpilih">
              Dikirim ke: {d.address.nama}, {d.address.alamat} {d.address.kode_pos ?? ''}
            </p>
          )}
        </div>
      )}

      {d.type === 'delivery' && d.gudang && d.address && (
        <div className="courier">
          <h3 className="step-subtitle">Kurir</h3>
          {!quote && !quoteError && <p aria-busy="true">Menghitung ongkos kirim…</p>}
          {quoteError && (
            <p className="alert alert-danger" role="alert">
              {quoteError}
            </p>
          )}
          {quote && (
            <>
              {suggested && (
                <p className="muted" data-testid="kurir-disarankan">
                  <span className="badge badge-success">{SUGGESTED_LABEL}</span> {suggested.name} {suggested.service} · {suggested.etd} hari
                  · {rupiah(suggested.cost)}
                </p>
              )}
              <label htmlFor="d-kurir">Ekspedisi</label>
              <select id="d-kurir" value={d.kodeKurir} onChange={(e) => chooseCourier(e.target.value)}>
                <option value="">-</option>
                {courierCodes.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
              {d.kodeKurir && (
                <fieldset>
                  <legend>Layanan</legend>
                  {services.map((s) => {
                    const potongan = subsidyOf(s);
                    return (
                      <label key={s.service} className="service-option">
                        <input
                          type="radio"
                          name="layanan"
                          value={s.service}
                          checked={d.kodeLayanan === s.service}
                          onChange={() => chooseService(s)}
                        />{' '}
                        <strong>{s.service}</strong> {s.description && `(${s.description})`} · {s.etd} hari · {rupiah(s.cost)}
                        {potongan > 0 && <> · potongan {rupiah(potongan)}</>}
                        {suggested && suggested.code === s.code && suggested.service === s.service && (
                          <span className="badge badge-success">{SUGGESTED_LABEL}</span>
                        )}
                      </label>
                    );
                  })}
                </fieldset>
              )}
              {d.myEkspedisi &&
                (rule.offered ? (
                  <label>
                    <input
                      type="checkbox"
                      // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox drawn as a switch: its checked state is the native one (ARIA in HTML: no aria-checked on input type=checkbox)
                      role="switch"
                      id="d-asuransi"
                      checked={rule.forced || d.is_asuransi}
                      disabled={rule.forced}
                      onChange={(e) => updateStep('delivery', { is_asuransi: e.target.checked })}
                    />{' '}
                    Asuransi pengiriman{rule.forced && ' (wajib)'}
                  </label>
                ) : (
                  <p className="muted" data-testid="asuransi-info">
                    {rule.message}
                  </p>
                ))}
            </>
          )}
        </div>
      )}

      <ItemTable lines={lines} />
      {d.kodeLayanan && (
        <p className="muted">
          Ongkos kirim {rupiah(d.ongkir)}
          {d.potonganOngkir > 0 && <> · potongan {rupiah(d.potonganOngkir)}</>}
        </p>
      )}
      <div className="step-actions">
        <button type="button" className="secondary" onClick={() => goToStep(form.activeIndex - 1)}>
          Prev
        </button>
        <button type="button" disabled={!deliveryReady(d) || noGudang} onClick={() => completeStep('delivery')}>
          Next
        </button>
      </div>
    </section>
  );
}
