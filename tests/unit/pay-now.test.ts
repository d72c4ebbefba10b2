import { describe, expect, it } from 'vitest';
import { AUTO_OPEN_MS, autoKey, createPayNow, type PayNowDeps, type SnapCallbacks, stopKey } from '../../src/browser/pay-now';

/** Records what the script does with the page: the token calls, scripts loaded, pop-ups, reloads. */
function fakePage(options: { failToken?: string } = {}) {
  const store = new Map<string, string>();
  const log = { tokens: 0, scripts: [] as string[], pays: [] as string[], reloads: 0, notices: [] as string[], timers: [] as number[] };
  let callbacks: SnapCallbacks | undefined;
  let loaded = false;
  const scheduled: (() => void)[] = [];
  const deps: PayNowDeps = {
    requestToken: async () => {
      log.tokens++;
      if (options.failToken) throw new Error(options.failToken);
      return { token: `tok-${log.tokens}`, snap_js: '/pembayaran/snap.js' };
    },
    loadScript: async (src) => {
      log.scripts.push(src);
      loaded = true;
    },
    snap: () =>
      loaded
        ? {
            pay: (token, cb) => {
              log.pays.push(token);
              callbacks = cb;
            },
          }
        : undefined,
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => {
        store.set(k, v);
      },
    },
    reload: () => {
      log.reloads++;
    },
    notify: (m) => {
      log.notices.push(m);
    },
    schedule: (run, ms) => {
      log.timers.push(ms);
      scheduled.push(run);
    },
  };
  const flush = async () => {
    for (const run of scheduled.splice(0)) run();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { deps, log, store, flush, result: () => callbacks! };
}

const order = { orderId: 'o-1', noOrder: 'ORD-1', auto: true };

describe('pay-now script (spec/001 §4)', () => {
  it('opens the pop-up automatically after 2 s, once per order', async () => {
    const page = fakePage();
    expect(createPayNow(order, page.deps).start()).toBe(true);
    expect(page.log.timers).toEqual([AUTO_OPEN_MS]);
    await page.flush();
    expect(page.log).toMatchObject({ tokens: 1, scripts: ['/pembayaran/snap.js'], pays: ['tok-1'] });
    expect(page.store.get(autoKey('o-1'))).toBe('1');
    // The page is opened again (reload, back): no second automatic pop-up.
    const again = fakePage();
    again.store.set(autoKey('o-1'), '1');
    expect(createPayNow(order, again.deps).start()).toBe(false);
    expect(again.log.timers).toEqual([]);
  });

  it('never auto-opens for methods without it, but the button still pays', async () => {
    const page = fakePage();
    const payNow = createPayNow({ ...order, auto: false }, page.deps);
    expect(payNow.start()).toBe(false);
    await payNow.open();
    expect(page.log.pays).toEqual(['tok-1']);
  });

  it('a pending result stops auto-open for good and reloads; success and error reload', async () => {
    const page = fakePage();
    const payNow = createPayNow(order, page.deps);
    await payNow.open();
    page.result().onPending();
    expect(page.store.get(stopKey('o-1'))).toBe('1');
    expect(page.log.reloads).toBe(1);
    const later = fakePage();
    later.store.set(stopKey('o-1'), '1');
    expect(createPayNow(order, later.deps).start()).toBe(false);
    const other = fakePage();
    const p2 = createPayNow(order, other.deps);
    await p2.open();
    other.result().onSuccess();
    await p2.open();
    other.result().onError();
    expect(other.log.reloads).toBe(2);
    expect(other.store.has(stopKey('o-1'))).toBe(false);
  });

  it('closing the pop-up reloads the order (spec/001 §4); a double click opens it once', async () => {
    const page = fakePage();
    const payNow = createPayNow(order, page.deps);
    await payNow.open();
    await payNow.open(); // a double click while the pop-up is open does nothing
    expect(page.log.pays).toEqual(['tok-1']);
    page.result().onClose();
    expect(page.log).toMatchObject({ tokens: 1, pays: ['tok-1'], reloads: 1, scripts: ['/pembayaran/snap.js'] });
  });

  it('shows the server’s message when no token can be had, and can try again', async () => {
    const page = fakePage({ failToken: 'Order sudah dibayar' });
    const payNow = createPayNow(order, page.deps);
    await payNow.open();
    await payNow.open();
    expect(page.log.notices).toEqual(['Order sudah dibayar', 'Order sudah dibayar']);
    expect(page.log.pays).toEqual([]);
  });
});
