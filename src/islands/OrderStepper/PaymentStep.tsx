import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { openSnap, type PaymentToken } from '../../browser/snap';
import { rupiah } from '../../lib/money-format';
import { feeBase, type PaymentMethodFee, paymentFee, taxBlock } from '../../lib/order/fees';
import { phonePayload } from '../../lib/schemas/order-member-rules';
import { $createdOrder, $orderForm, clearOrderForm, goToStep, stepData, updateStep } from '../../stores/order-form';
import { notify } from '../../stores/toasts';
import { type ApiError, call, callWithMessage } from './api';
import { useStepper } from './context';
import { ItemTable } from './ItemTable';
import { paymentAmounts, ruleJenis, transactionBody } from './order-body';
import '../../styles/pico/forms.scss';
import '../../styles/pico/checkbox.scss';

export interface PaymentMethod extends PaymentMethodFee {
  label: string;
  icon: string;
}

export const PAYMENT_REQUIRED = 'Pilih pembayaran!';

interface ReferralOrderStatus {
  no_order: string;
  status_order: string;
  payment_label: string;
  can_pay: boolean;
}

export function PaymentStep() {
  const { api, sponsor, referral, joinme } = useStepper();
  const form = useStore($orderForm);
  const jenis = ruleJenis(form);
  const lines = stepData(form, 'item').lines;
  const d = stepData(form, 'delivery');
  const m = stepData(form, 'member');
  const pay = stepData(form, 'payment');
  const [methods, setMethods] = useState<PaymentMethod[]>([]);
  const [usePpn, setUsePpn] = useState(false);
  const [popover, setPopover] = useState(false);
  const [posting, setPosting] = useState(false);

  useEffect(() => {
    call<PaymentMethod[]>('GET', api.paymentMethod)
      .then(setMethods)
      .catch((e: unknown) => notify((e as ApiError).message, 'danger'));
    call<{ use_ppn?: string }>('GET', api.settings)
      .then((s) => setUsePpn(s?.use_ppn === 'true'))
      .catch(() => setUsePpn(false));
  }, [api.paymentMethod, api.settings]);

  const method = methods.find((x) => x.name === pay.method);
  const amounts = paymentAmounts(form, method);
  const baseForFee = feeBase(amounts);
  const tax = taxBlock(lines);

  async function bayar() {
    if (!pay.method || !method) {
      notify(PAYMENT_REQUIRED, 'danger');
      return;
    }
    if (posting) return;
    setPosting(true);
    try {
      const { result, message } = await callWithMessage<{ public_id: string; no_order: string }>(
        'POST',
        api.transaction,
        transactionBody($orderForm.get(), joinme),
      );
      if (referral) {
        $createdOrder.set(result);
        clearOrderForm();
        if (message) notify(message);
      } else {
        clearOrderForm();
        location.replace(`/transaksi/order-transaksi/detail/${result.public_id}`);
      }
    } catch (error) {
      notify((error as ApiError).message, 'danger');
      setPosting(false);
    }
  }

  return (
    <section aria-labelledby="step-payment-title">
      <h2 id="step-payment-title" className="step-title">
        Pembayaran
      </h2>
      <div className="summary-grid">
        <article>
          <h3 className="step-subtitle">{jenis === 'registrasi' ? 'Sponsor' : 'Pemesan'}</h3>
          <p>
            {sponsor.id_member} · {sponsor.nama}
          </p>
        </article>
        {jenis === 'registrasi' && (
          <article data-testid="calon-member">
            <h3 className="step-subtitle">Calon Member</h3>
            <p>
              {m.nama} ({m.username})<br />
              {m.email} · {phonePayload(m.phoneNumber)}
              <br />
              {m.posisi} · Sisi {m.sisi === 'L' ? 'Kiri' : 'Kanan'}
            </p>
          </article>
        )}
        <article>
          <h3 className="step-subtitle">Pengiriman</h3>
          {d.type === 'pickup' ? (
            <p>
              Ambil di {d.gudang?.nama} ({d.gudang?.lokasi})
            </p>
          ) : (
            <p>
              {d.address?.nama} · {d.address?.phone}
              <br />
              {d.address?.alamat} {d.address?.kode_pos ?? ''}
              <br />
              {d.namaKurir} {d.kodeLayanan} ({d.etd} hari) dari {d.gudang?.nama}
            </p>
          )}
        </article>
      </div>
      <ItemTable lines={lines} />

      <div className="pay-method">
        <button type="button" className="outline" aria-expanded={popover} aria-controls="pay-popover" onClick={() => setPopover(!popover)}>
          {method ? `Metode: ${method.label}` : 'Pilih Metode Pembayaran'}
        </button>
        {popover && (
          <div
            id="pay-popover"
            className="popover"
            role="listbox"
            aria-label="Metode pembayaran"
            onKeyDown={(e) => {
              if (e.key === 'Escape') setPopover(false);
            }}
          >
            {methods.map((x) => (
              <button
                key={x.name}
                type="button"
                role="option"
                aria-selected={x.name === pay.method}
                className="pay-option"
                onClick={() => {
                  updateStep('payment', { method: x.name });
                  setPopover(false);
                }}
              >
                {x.icon && <img src={x.icon} alt="" width="32" height="20" />} <span>{x.label}</span>
                <small className="muted">Biaya {rupiah(paymentFee(x, baseForFee))}</small>
              </button>
            ))}
          </div>
        )}
      </div>

      <table className="cost-summary">
        <tbody>
          <tr>
            <th scope="row">Total Harga Item</th>
            <td>{rupiah(amounts.itemsTotal)}</td>
          </tr>
          {d.type === 'delivery' && (
            <tr>
              <th scope="row">Ongkos Kirim</th>
              <td>{rupiah(amounts.ongkir)}</td>
            </tr>
          )}
          {amounts.insured && (
            <tr>
              <th scope="row">Asuransi</th>
              <td>{rupiah(amounts.asuransi)}</td>
            </tr>
          )}
          {amounts.diskon > 0 && (
            <tr>
              <th scope="row">Potongan Ongkir</th>
              <td>- {rupiah(amounts.diskon)}</td>
            </tr>
          )}
          <tr>
            <th scope="row">Biaya Jasa Aplikasi</th>
            <td>{rupiah(amounts.fee)}</td>
          </tr>
          <tr className="total">
            <th scope="row">Total Pembayaran</th>
            <td data-testid="total-bayar">{rupiah(amounts.total)}</td>
          </tr>
        </tbody>
      </table>
      {usePpn && (
        <table className="cost-summary tax-block" data-testid="ppn">
          <tbody>
            <tr>
              <th scope="row">DPP</th>
              <td>{rupiah(tax.total_dpp)}</td>
            </tr>
            <tr>
              <th scope="row">PPN</th>
              <td>{rupiah(tax.total_ppn)}</td>
            </tr>
          </tbody>
        </table>
      )}
      <label>
        <input type="checkbox" id="p-setuju" checked={pay.agree} onChange={(e) => updateStep('payment', { agree: e.target.checked })} />{' '}
        Saya menyetujui{' '}
        <a href="/info/syarat-pembayaran" target="_blank" rel="noopener noreferrer">
          syarat dan ketentuan
        </a>{' '}
        yang berlaku
      </label>
      <div className="step-actions">
        <button type="button" className="secondary" onClick={() => goToStep(form.activeIndex - 1)}>
          Prev
        </button>
        <button type="button" disabled={!pay.agree || posting} aria-busy={posting || undefined} onClick={() => void bayar()}>
          BAYAR
        </button>
      </div>
    </section>
  );
}

/** The referral page after BAYAR: the order number and the payment pop-up (the form is cleared). */
export function OrderCreated({ order }: { order: { public_id: string; no_order: string } }) {
  const { api } = useStepper();
  const [status, setStatus] = useState<ReferralOrderStatus | null>(null);

  /** After the pop-up (any result, or closed): what the server now knows about the order (spec/001 §4). */
  const reload = useCallback(async () => {
    try {
      setStatus(await call<ReferralOrderStatus>('GET', `${api.payment}?public_id=${encodeURIComponent(order.public_id)}`));
    } catch (error) {
      notify((error as ApiError).message, 'danger');
    }
  }, [api.payment, order.public_id]);
  // A page opened again after paying shows the order as paid, not another pay button.
  useEffect(() => {
    void reload();
  }, [reload]);

  async function payNow() {
    try {
      // The referral order's id is its capability (POST /daftar/api/payment { public_id }).
      const token = await call<PaymentToken>('POST', api.payment, { no_order: order.no_order, public_id: order.public_id });
      const done = () => {
        notify('Terima kasih, status pembayaran akan dikirim ke email Anda.');
        void reload();
      };
      await openSnap(token, {
        onSuccess: done,
        onPending: done,
        onError: () => {
          notify('Pembayaran gagal', 'danger');
          void reload();
        },
        onClose: () => void reload(),
      });
    } catch (error) {
      notify((error as Error).message || 'Pembayaran gagal', 'danger');
    }
  }

  return (
    <section aria-labelledby="step-done-title">
      <h2 id="step-done-title" className="step-title">
        Pesanan berhasil dibuat
      </h2>
      <p>
        No. Order <strong data-testid="no-order">{order.no_order}</strong>.{' '}
        {status && !status.can_pay ? null : 'Selesaikan pembayaran agar pendaftaran diproses.'}
      </p>
      {status && (
        <p>
          Status pembayaran: <strong data-testid="payment-label">{status.payment_label}</strong>
        </p>
      )}
      {(!status || status.can_pay) && (
        <button type="button" onClick={() => void payNow()}>
          Bayar Sekarang
        </button>
      )}
    </section>
  );
}
