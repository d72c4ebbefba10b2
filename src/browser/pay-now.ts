/**
 * Pay-now on the order detail (spec/001 §4): the button asks /member/payment for a Snap token
 * (held for later clicks), loads the provider's snap.js (Midtrans or the built-in simulator, both
 * define window.snap.pay) and opens the pop-up. PENDING orders of most methods open it by
 * themselves after 2 s, once per order and browser tab; a pending result stops that for good.
 * After any result, closing the pop-up included (spec/001 §4), the page reloads to show what the
 * server now knows.
 */
import { call } from '../lib/member-fetch';
import { notify } from '../stores/toasts';
import { currentSnap, loadSnapScript, openSnap, type PaymentToken, SNAP_MESSAGES, type Snap } from './snap';

export type { PaymentToken, Snap, SnapCallbacks } from './snap';

export interface PayNowDeps {
  requestToken: (noOrder: string) => Promise<PaymentToken>;
  loadScript: (src: string, clientKey?: string | null) => Promise<void>;
  snap: () => Snap | undefined;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  notify: (message: string) => void;
  schedule: (run: () => void, ms: number) => void;
}

export const AUTO_OPEN_MS = 2000;
export const autoKey = (orderId: string): string => `portal:pay:auto:${orderId}`;
export const stopKey = (orderId: string): string => `portal:pay:stop:${orderId}`;

export function createPayNow(order: { orderId: string; noOrder: string; auto: boolean }, deps: PayNowDeps) {
  let held: PaymentToken | undefined;
  let busy = false;
  const open = async (): Promise<void> => {
    if (busy) return;
    busy = true;
    try {
      held ??= await deps.requestToken(order.noOrder);
      await openSnap(
        held,
        {
          onSuccess: () => deps.reload(),
          onPending: () => {
            deps.storage.setItem(stopKey(order.orderId), '1');
            deps.reload();
          },
          onError: () => deps.reload(),
          onClose: () => {
            busy = false;
            deps.reload();
          },
        },
        deps,
      );
    } catch (error) {
      busy = false;
      deps.notify((error as Error).message || SNAP_MESSAGES.notOpened);
    }
  };
  /** Arms the one automatic opening, unless this order already had it or was left pending. */
  const start = (): boolean => {
    if (!order.auto || deps.storage.getItem(autoKey(order.orderId)) || deps.storage.getItem(stopKey(order.orderId))) return false;
    deps.storage.setItem(autoKey(order.orderId), '1');
    deps.schedule(() => void open(), AUTO_OPEN_MS);
    return true;
  };
  return { open, start };
}

function browserDeps(): PayNowDeps {
  return {
    async requestToken(noOrder) {
      const token = await call<PaymentToken>('POST', '/member/payment', { no_order: noOrder });
      if (!token?.token) throw new Error(SNAP_MESSAGES.notOpened);
      return token;
    },
    loadScript: loadSnapScript,
    snap: currentSnap,
    storage: sessionStorage,
    reload: () => location.reload(),
    notify: (message) => notify(message, 'danger'),
    schedule: (run, ms) => {
      setTimeout(run, ms);
    },
  };
}

if (typeof document !== 'undefined') {
  const button = document.querySelector<HTMLButtonElement>('[data-pay-now]');
  if (button) {
    const payNow = createPayNow(
      { orderId: button.dataset.order!, noOrder: button.dataset.noOrder!, auto: button.dataset.auto === '1' },
      browserDeps(),
    );
    button.addEventListener('click', () => void payNow.open());
    payNow.start();
  }
}
