import { describe, expect, it } from 'vitest';
import type { PromoForm } from '../../src/lib/schemas/promo-form';
import type { OperatorRole } from '../../src/server/db/schema';
import { addBanner } from '../../src/server/services/banner/add-banner';
import { moveBanner, setBannerActive } from '../../src/server/services/banner/arrange-banner';
import { saveNews, setNewsStatus } from '../../src/server/services/news/save-news';
import type { Actor } from '../../src/server/services/operator/assert-role';
import { ROLE_REFUSED } from '../../src/server/services/operator/assert-role';
import { operateOrders } from '../../src/server/services/operator/operate-orders';
import { backfillPromoOmsets, createPromo, updatePromo } from '../../src/server/services/promo/save-promo';
import { settleReturn } from '../../src/server/services/retur/operate-return';
import { adjustStock } from '../../src/server/services/stock/adjust-stock';

/**
 * Every console service that changes data checks the operator's role itself (STYLE.md habit 3):
 * called directly, without the console's middleware, a signed-in operator of another role is
 * refused before anything is read or written.
 */
const as = (role: OperatorRole): Actor => ({ id: 999_999, nama: `Uji ${role}`, role });
const refused = { code: 'FORBIDDEN', message: ROLE_REFUSED };
const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
);
const UUID = '00000000-0000-4000-8000-000000000000';
const PROMO: PromoForm = {
  nama: 'Promo peran',
  deskripsi: 'x',
  reward: 'x',
  jenis: 'REWARD',
  periode_awal: '2026-01-01',
  periode_akhir: '2026-01-31',
  batas_klaim: '2026-02-28',
  syarat_jenis: 'poin',
  syarat: '10',
  kelipatan: false,
  min_posisi: 'BRONZE',
  status: '1',
  url_banner: '',
};

describe('KONTEN services refuse other roles', () => {
  it.each<[string, (by: Actor) => Promise<unknown>]>([
    ['saveNews', (by) => saveNews(undefined, { title: 'Berita peran', content: '<p>x</p>' }, by)],
    ['setNewsStatus', (by) => setNewsStatus(UUID, true, by)],
    ['addBanner', (by) => addBanner({ nama: 'Banner peran' }, { bytes: PNG }, by)],
    ['moveBanner', (by) => moveBanner(1, 'up', by)],
    ['setBannerActive', (by) => setBannerActive(1, false, by)],
    ['createPromo', (by) => createPromo(PROMO, by)],
    ['updatePromo', (by) => updatePromo(UUID, PROMO, by)],
    ['backfillPromoOmsets', (by) => backfillPromoOmsets(UUID, by)],
  ])('%s: GUDANG and CS are refused; an operator without a role too', async (_name, run) => {
    await expect(run(as('GUDANG'))).rejects.toMatchObject(refused);
    await expect(run(as('CS'))).rejects.toMatchObject(refused);
    await expect(run({ id: 999_999, nama: 'Tanpa peran' })).rejects.toMatchObject(refused);
  });
});

describe('GUDANG services refuse other roles', () => {
  it('settleReturn: KONTEN and CS are refused before the return is read', async () => {
    await expect(settleReturn('RTR-TIDAK-ADA', 'approve', { by: as('KONTEN') })).rejects.toMatchObject(refused);
    await expect(settleReturn('RTR-TIDAK-ADA', 'approve', { by: as('CS') })).rejects.toMatchObject(refused);
    // GUDANG gets as far as the lookup.
    await expect(settleReturn('RTR-TIDAK-ADA', 'approve', { by: as('GUDANG') })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  }, 120_000);

  it.each<[string, (by: Actor) => Promise<unknown>]>([
    ['adjustStock', (by) => adjustStock(by, { warehouse_id: 1, product_id: 1, perubahan: 1, alasan: 'Uji peran' } as never)],
    ['operateOrders', (by) => operateOrders(by, { action: 'pack', orders: [{ noOrder: 'ORD-TIDAK-ADA' }] })],
  ])('%s: KEUANGAN, KONTEN and CS are refused; an operator without a role too', async (_name, run) => {
    for (const role of ['KEUANGAN', 'KONTEN', 'CS'] as const) await expect(run(as(role))).rejects.toMatchObject(refused);
    await expect(run({ id: 999_999, nama: 'Tanpa peran' })).rejects.toMatchObject(refused);
  });
});
