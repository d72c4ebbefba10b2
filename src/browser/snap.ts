/**
 * The one Snap launcher (Midtrans or the built-in simulator; both define window.snap.pay): loads
 * the provider's snap.js once, then opens the pop-up for a token from POST /member/payment (or the
 * referral page's public twin). Used by the order detail's pay-now script and the order stepper.
 */
export interface SnapCallbacks {
  onSuccess: (result?: unknown) => void;
  onPending: (result?: unknown) => void;
  onError: (result?: unknown) => void;
  onClose: () => void;
}
export interface Snap {
  pay: (token: string, callbacks: SnapCallbacks) => void;
}
export interface PaymentToken {
  token: string;
  snap_js: string;
  client_key?: string | null;
}

export const SNAP_MESSAGES = {
  notLoaded: 'Halaman pembayaran tidak dapat dimuat',
  notOpened: 'Halaman pembayaran tidak dapat dibuka',
} as const;

/** The provider's window.snap, once its script ran. */
export const currentSnap = (): Snap | undefined => (window as unknown as { snap?: Snap }).snap;

/** Adds the provider's snap.js (with its client key) to the page. */
export function loadSnapScript(src: string, clientKey?: string | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    if (clientKey) script.dataset.clientKey = clientKey;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(SNAP_MESSAGES.notLoaded));
    document.head.append(script);
  });
}

/** Opens the payment pop-up for `token`, loading snap.js first when the page has none yet. */
export async function openSnap(
  token: PaymentToken,
  callbacks: SnapCallbacks,
  deps: { snap: () => Snap | undefined; loadScript: (src: string, clientKey?: string | null) => Promise<void> } = {
    snap: currentSnap,
    loadScript: loadSnapScript,
  },
): Promise<void> {
  if (!deps.snap()) await deps.loadScript(token.snap_js, token.client_key);
  const snap = deps.snap();
  if (!snap) throw new Error(SNAP_MESSAGES.notOpened);
  snap.pay(token.token, callbacks);
}
