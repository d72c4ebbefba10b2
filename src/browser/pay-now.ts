/**
 * Pay-now on the order detail (spec/001 §4): the button asks /member/payment for a Snap token
 * (held for later clicks), loads the provider's snap.js (Midtrans or the built-in simulator, both
 * define window.snap.pay) and opens the pop-up. PENDING orders of most methods open it by
 * themselves after 2 s, once per order and browser tab; a pending result stops that for good.
 * After any result, closing the pop-up included (spec/001 §4), the page reloads to show what the
 * server now knows.
 */
export interface SnapCallbacks {
  onSuccess: (result?: unknown) => void;
  onPending: (result?: unknown) => void;
  onError: (result?: unknown) => void;
  onClose: () => void;
}
export interface Snap { pay: (token: string, callbacks: SnapCallbacks) => void }
export interface PaymentToken { token: string; snap_js: string; client_key?: string | null }

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
      if (!deps.snap()) await deps.loadScript(held.snap_js, held.client_key);
      const snap = deps.snap();
      if (!snap) throw new Error('Halaman pembayaran tidak dapat dibuka');
      snap.pay(held.token, {
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
      });
    } catch (error) {
      busy = false;
      deps.notify((error as Error).message || 'Pembayaran tidak dapat dibuka');
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
  const w = window as unknown as { snap?: Snap };
  return {
    async requestToken(noOrder) {
      const response = await fetch('/member/payment', {
        method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ no_order: noOrder }),
      });
      const body = (await response.json().catch(() => ({}))) as { success?: boolean; message?: string; result?: PaymentToken };
      if (!response.ok || !body.result?.token) throw new Error(body.message || 'Pembayaran tidak dapat dibuka');
      return body.result;
    },
    loadScript: (src, clientKey) => new Promise((resolve, reject) => {
      const script = document.createElement('script');
      script.src = src;
      if (clientKey) script.dataset.clientKey = clientKey;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error('Halaman pembayaran tidak dapat dimuat'));
      document.head.append(script);
    }),
    snap: () => w.snap,
    storage: sessionStorage,
    reload: () => location.reload(),
    notify: (message) => dispatchEvent(new CustomEvent('portal:notify', { detail: { message, type: 'danger' } })),
    schedule: (run, ms) => { setTimeout(run, ms); },
  };
}

if (typeof document !== 'undefined') {
  const button = document.querySelector<HTMLButtonElement>('[data-pay-now]');
  if (button) {
    const payNow = createPayNow({ orderId: button.dataset.order!, noOrder: button.dataset.noOrder!, auto: button.dataset.auto === '1' }, browserDeps());
    button.addEventListener('click', () => void payNow.open());
    payNow.start();
  }
}
