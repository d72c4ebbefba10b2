import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { rupiah } from '../../lib/money-format';
import { bvCap, canAddBv, checkItemStep, PLATINUM_UPGRADE_HINT_BV, upgradeTarget } from '../../lib/order/bv';
import { RANK_BV, type Rank } from '../../lib/rank';
import { $orderForm, type CartLine, completeStep, goToStep, setCart, stepData } from '../../stores/order-form';
import { type Product, useStepper } from './context';
import { cartTotals, ruleJenis } from './order-body';
import '../../styles/pico/group.scss';

export function ItemStep() {
  const { products, posisi, minBv } = useStepper();
  const form = useStore($orderForm);
  const jenis = ruleJenis(form);
  const lines = stepData(form, 'item').lines;
  const tier = jenis === 'registrasi' ? stepData(form, 'member').posisi || null : null;
  const ctx = { tier: tier as Rank | null, currentPosisi: posisi, minBv };
  const cap = bvCap(jenis, ctx);
  const totals = cartTotals(lines);
  const [error, setError] = useState<string | null>(null);
  // Cards are shown only when their BV fits the cap (spec/001 §2).
  const visible = products.filter((p) => cap === null || p.value <= cap);
  const qtyOf = (id: string) => lines.find((l) => l.public_id === id)?.qty ?? 0;

  function change(p: Product, delta: number) {
    const qty = Math.max(0, qtyOf(p.public_id) + delta);
    const line: CartLine = {
      public_id: p.public_id,
      nama: p.nama,
      harga: p.harga,
      value: p.value,
      berat: p.berat,
      dpp: p.dpp,
      persen_ppn: p.persen_ppn,
      qty,
    };
    const exists = lines.some((l) => l.public_id === p.public_id);
    setCart(exists ? lines.map((l) => (l.public_id === p.public_id ? line : l)) : [...lines, line]);
    setError(null);
  }

  function next() {
    const message = checkItemStep(jenis, ctx, totals.bv, lines.length);
    setError(message);
    if (!message) completeStep('item');
  }

  const target = jenis === 'upgrade' ? upgradeTarget(posisi, totals.bv) : null;
  const first = form.activeIndex === 0;

  return (
    <section aria-labelledby="step-item-title">
      <h2 id="step-item-title" className="step-title">
        Pilih Item
      </h2>
      {jenis === 'upgrade' && (
        <div className="alert alert-warning" data-testid="upgrade-hint">
          {posisi === 'SILVER' ? (
            <>
              Upgrade ke PLATINUM membutuhkan {PLATINUM_UPGRADE_HINT_BV} BV (PLATINUM {RANK_BV.PLATINUM} BV − SILVER {RANK_BV.SILVER} BV).
            </>
          ) : (
            <>
              Upgrade dari {posisi}: {RANK_BV.SILVER - RANK_BV[posisi]} BV menjadi SILVER, {RANK_BV.PLATINUM - RANK_BV[posisi]} BV menjadi
              PLATINUM. Dari SILVER ke PLATINUM dibutuhkan {PLATINUM_UPGRADE_HINT_BV} BV (PLATINUM {RANK_BV.PLATINUM} BV − SILVER{' '}
              {RANK_BV.SILVER} BV).
            </>
          )}
        </div>
      )}
      <p className="cap-line">
        {cap === null ? (
          'Tanpa batas BV'
        ) : (
          <>
            Batas BV: <strong data-testid="bv-cap">{cap}</strong>
          </>
        )}
        {' · '}Total BV: <strong data-testid="bv-total">{totals.bv}</strong>
        {' · '}Total: <strong>{rupiah(totals.harga)}</strong>
        {target && (
          <>
            {' '}
            · Peringkat setelah upgrade: <strong>{target}</strong>
          </>
        )}
      </p>
      {jenis === 'registrasi' && !tier && <p className="alert alert-warning">Pilih tipe member pada langkah Member terlebih dahulu.</p>}
      {visible.length === 0 && tier !== null && <p className="muted">No data</p>}
      <div className="product-grid">
        {visible.map((p) => {
          const qty = qtyOf(p.public_id);
          return (
            <article key={p.public_id} className="product-card" data-product={p.nama}>
              {p.gambars[0]?.lokasi && <img src={p.gambars[0].lokasi} alt="" width="160" height="120" loading="lazy" />}
              <h3>{p.nama}</h3>
              <p className="muted">{p.deskripsi}</p>
              <p>
                <strong>{rupiah(p.harga)}</strong> · {p.value} BV
              </p>
              {/* biome-ignore lint/a11y/useSemanticElements: a row of controls named as one group; a fieldset would bring Pico's fieldset margins and min-inline-size into the row */}
              <div className="qty" role="group" aria-label={`Jumlah ${p.nama}`}>
                <button
                  type="button"
                  className="outline"
                  aria-label={`Kurangi ${p.nama}`}
                  disabled={qty === 0}
                  onClick={() => change(p, -1)}
                >
                  −
                </button>
                <output aria-live="polite" aria-label={`Jumlah ${p.nama}`}>
                  {qty}
                </output>
                <button
                  type="button"
                  className="outline"
                  aria-label={`Tambah ${p.nama}`}
                  disabled={!canAddBv(cap, totals.bv, p.value)}
                  onClick={() => change(p, 1)}
                >
                  +
                </button>
              </div>
            </article>
          );
        })}
      </div>
      {error && (
        <p className="alert alert-danger" role="alert">
          {error}
        </p>
      )}
      <div className="step-actions">
        {first ? (
          <span />
        ) : (
          <button type="button" className="secondary" onClick={() => goToStep(form.activeIndex - 1)}>
            Prev
          </button>
        )}
        <button type="button" onClick={next}>
          Next
        </button>
      </div>
    </section>
  );
}
