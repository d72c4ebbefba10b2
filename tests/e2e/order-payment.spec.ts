import { expect, memberId, test } from './fixtures';
import { bearer, pendingOrder } from './member-orders';

// Generated members 280-282 belong to this file.

test('the payment webhook refuses a forged notification and the payment calls need a session', async ({ request }) => {
  const forged = await request.post('/payment/notification', {
    data: {
      order_id: 'ORD-20261122-0000001',
      status_code: '200',
      gross_amount: '100000.00',
      signature_key: 'x'.repeat(128),
      transaction_status: 'settlement',
    },
  });
  expect(forged.status()).toBe(403);
  expect((await forged.json()).message).toBe('Tanda tangan notifikasi tidak valid');
  expect((await request.post('/member/payment', { data: { no_order: 'ORD-20261122-0000001' } })).status()).toBe(401);
  expect((await request.post('/member/transaction', { data: {} })).status()).toBe(401);
});

test('the simulator pop-up pays an order through window.snap.pay, and another member cannot get its token', async ({ page, request }) => {
  const headers = await bearer(request, memberId(280));
  const { order, token } = await pendingOrder(request, headers);
  expect(token.snap_js).toBe('/pembayaran/snap.js');
  const other = await bearer(request, memberId(281));
  const refused = await request.post('/member/payment', { headers: other, data: { no_order: order.no_order } });
  expect(refused.status()).toBe(404);

  await page.goto('/signin');
  await page.addScriptTag({ url: token.snap_js });
  await page.evaluate((t) => {
    (window as unknown as { snap: { pay: (t: string, o: object) => void } }).snap.pay(t, {
      onSuccess: (r: unknown) => {
        document.body.dataset.snap = `success:${JSON.stringify(r)}`;
      },
      onClose: () => {
        document.body.dataset.snap = 'close';
      },
    });
  }, token.token);
  const frame = page.frameLocator('iframe[title="Simulator Pembayaran"]');
  await expect(frame.getByText(order.no_order)).toBeVisible();
  await frame.getByRole('button', { name: 'Bayar (berhasil)' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-snap', /^success:.*"status_code":"200"/);
  await expect(page.locator('iframe[title="Simulator Pembayaran"]')).toHaveCount(0);

  await page.goto(`/pembayaran/simulator/${token.token}`);
  await expect(page.getByRole('definition').filter({ hasText: 'PAID' })).toBeVisible();
  const again = await request.post('/member/payment', { headers, data: { no_order: order.no_order } });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toBe('Order ini tidak menunggu pembayaran online');
});

test('closing the simulator with Escape calls onClose and leaves the order unpaid', async ({ page, request }) => {
  const headers = await bearer(request, memberId(282));
  const { token } = await pendingOrder(request, headers);
  await page.goto('/signin');
  await page.addScriptTag({ url: token.snap_js });
  await page.evaluate((t) => {
    (window as unknown as { snap: { pay: (t: string, o: object) => void } }).snap.pay(t, {
      onClose: () => {
        document.body.dataset.snap = 'close';
      },
    });
  }, token.token);
  const frame = page.frameLocator('iframe[title="Simulator Pembayaran"]');
  await expect(frame.getByRole('button', { name: 'Tutup' })).toBeVisible();
  // The frame's script listens for Escape once it has run (a module script, loaded at low priority).
  await expect(frame.locator('body')).toHaveAttribute('data-ready', 'true');
  await page.keyboard.press('Escape');
  await expect(page.locator('body')).toHaveAttribute('data-snap', 'close');
  await page.goto(`/pembayaran/simulator/${token.token}`);
  await expect(page.getByRole('definition').filter({ hasText: 'PENDING' })).toBeVisible();
});
