import { useState } from 'react';
import { refreshRegions } from '../../browser/refresh-regions';
import { notify } from '../../stores/toasts';
import { Modal } from '../AddressBook/Modal';
import { type ApiError, callWithMessage } from '../OrderStepper/api';

/** The promo's cards and tables as the server renders them now (the claim changed them). */
const refreshPromo = () => refreshRegions(location.pathname + location.search.replace(/([?&])konfirmasi=1&?/, '$1'), ['promo-view']);

/**
 * The promo's Claim button and "Konfirmasi" modal (spec/001 §2 Reward promo): POST
 * /member/promo/claim, the 'claim berhasil' notification, then the cards and history are
 * reloaded in place; a refusal stays in the modal. Without JavaScript the link opens the
 * server's confirmation form (?konfirmasi=1).
 */
export default function PromoClaim({ promoId, href, title, text }: { promoId: string; href: string; title: string; text: string }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function claim(): Promise<void> {
    setBusy(true);
    setFailure(null);
    try {
      const { message } = await callWithMessage<{ no: string }>('POST', '/member/promo/claim', { promo_id: promoId });
      setOpen(false);
      notify(message ?? 'claim berhasil');
      await refreshPromo().catch(() => location.reload());
    } catch (error) {
      setFailure((error as ApiError).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a GET link that works without JavaScript (?konfirmasi=1), drawn as a Pico button; the island opens the dialog in place */}
      <a
        role="button"
        href={href}
        id="promo-claim"
        onClick={(e) => {
          e.preventDefault();
          setFailure(null);
          setOpen(true);
        }}
      >
        Claim
      </a>
      <Modal open={open} onClose={() => setOpen(false)} title={title} id="dlg-claim">
        {failure && (
          <div className="alert alert-danger" role="alert">
            {failure}
          </div>
        )}
        <p>{text}</p>
        <footer className="grid">
          <button type="button" className="secondary" onClick={() => setOpen(false)}>
            Tutup
          </button>
          <button type="button" onClick={() => void claim()} disabled={busy} aria-busy={busy || undefined}>
            Claim
          </button>
        </footer>
      </Modal>
    </>
  );
}
