import { useState } from 'react';
import { refreshRegions } from '../../browser/refresh-regions';
import { rupiah } from '../../lib/money-format';
import { notify } from '../../stores/toasts';
import { Modal } from '../AddressBook/Modal';
import { type ApiError, callWithMessage } from '../OrderStepper/api';
import '../../styles/pico/forms.scss';
import '../../styles/pico/checkbox.scss';

export interface UnpaidBonus {
  public_id: string;
  label: string;
  amount: number;
}

/** The payout summary and list as the server renders them now. */
const refreshPayouts = () => refreshRegions(location.href, ['payout-summary', 'payout-list']);

/**
 * "Create Withdraw" (spec: Withdraw page): every unpaid bonus starts selected; the total and count
 * follow the ticks, Semua/Tidak ada select all or none, a refusal of POST /member/bonus/payout is
 * shown in the dialog, and after success the payout list is refreshed. Without JavaScript the
 * link opens the server's form (?create=1).
 */
export default function WithdrawDialog({ bonuses }: { bonuses: UnpaidBonus[] }) {
  const [open, setOpen] = useState(false);
  const [left, setLeft] = useState(bonuses);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(bonuses.map((b) => b.public_id)));
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const picked = left.filter((b) => chosen.has(b.public_id));
  const total = picked.reduce((sum, b) => sum + b.amount, 0);

  function toggle(id: string, on: boolean): void {
    setChosen((all) => {
      const next = new Set(all);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
    setFailure(null);
  }

  async function submit(): Promise<void> {
    setBusy(true);
    setFailure(null);
    try {
      const { message } = await callWithMessage<{ public_id: string }>('POST', '/member/bonus/payout', {
        bonus_ids: picked.map((b) => b.public_id),
      });
      const rest = left.filter((b) => !chosen.has(b.public_id));
      setLeft(rest);
      setChosen(new Set(rest.map((b) => b.public_id)));
      setOpen(false);
      notify(message ?? 'Permintaan withdraw berhasil dibuat');
      await refreshPayouts().catch((error: unknown) => console.error(error));
    } catch (error) {
      const e = error as ApiError;
      setFailure(e.errors ? (Object.values(e.errors)[0] ?? e.message) : e.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <p className="no-print">
        {/* biome-ignore lint/a11y/useSemanticElements: a GET link that works without JavaScript (?create=1), drawn as a Pico button; the island opens the dialog in place */}
        <a
          href="?create=1"
          role="button"
          onClick={(e) => {
            e.preventDefault();
            setFailure(null);
            setOpen(true);
          }}
        >
          Create Withdraw
        </a>
      </p>
      <Modal open={open} onClose={() => setOpen(false)} title="Create Withdraw" id="dlg-withdraw">
        {failure && (
          <div className="alert alert-danger" role="alert">
            {failure}
          </div>
        )}
        {left.length === 0 ? (
          <p className="muted">Tidak ada bonus</p>
        ) : (
          <>
            <p style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
              <button
                type="button"
                className="outline secondary"
                style={{ width: 'auto', marginBottom: 0 }}
                onClick={() => {
                  setChosen(new Set(left.map((b) => b.public_id)));
                  setFailure(null);
                }}
              >
                Pilih semua
              </button>
              <button
                type="button"
                className="outline secondary"
                style={{ width: 'auto', marginBottom: 0 }}
                onClick={() => setChosen(new Set())}
              >
                Kosongkan pilihan
              </button>
            </p>
            <div className="scroll-300">
              {left.map((b) => (
                <label key={b.public_id}>
                  <input
                    type="checkbox"
                    name="bonus_ids"
                    value={b.public_id}
                    checked={chosen.has(b.public_id)}
                    onChange={(e) => toggle(b.public_id, e.target.checked)}
                  />{' '}
                  {b.label} · {rupiah(b.amount)}
                </label>
              ))}
            </div>
            <p aria-live="polite" data-testid="withdraw-total">
              {picked.length} bonus dipilih · Total dipilih: <strong>{rupiah(total)}</strong> (sebelum biaya admin)
            </p>
          </>
        )}
        <footer className="grid">
          <button type="button" className="secondary" onClick={() => setOpen(false)}>
            Tutup
          </button>
          {left.length > 0 && (
            <button type="button" onClick={() => void submit()} disabled={busy} aria-busy={busy || undefined}>
              Withdraw
            </button>
          )}
        </footer>
      </Modal>
    </>
  );
}
