import { describe, expect, it } from 'vitest';
import type { OperatorRole } from '../../src/server/db/schema';
import type { Actor } from '../../src/server/services/operator/assert-role';
import { ROLE_REFUSED } from '../../src/server/services/operator/assert-role';
import { saveNews, setNewsStatus } from '../../src/server/services/news/save-news';
import { addBanner } from '../../src/server/services/banner/add-banner';
import { moveBanner, setBannerActive } from '../../src/server/services/banner/arrange-banner';

/**
 * Every console service that changes data checks the operator's role itself (STYLE.md habit 3):
 * called directly, without the console's middleware, a signed-in operator of another role is
 * refused before anything is read or written.
 */
const as = (role: OperatorRole): Actor => ({ id: 999_999, nama: `Uji ${role}`, role });
const refused = { code: 'FORBIDDEN', message: ROLE_REFUSED };
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
const UUID = '00000000-0000-4000-8000-000000000000';

describe('KONTEN services refuse other roles', () => {
  it.each<[string, (by: Actor) => Promise<unknown>]>([
    ['saveNews', (by) => saveNews(undefined, { title: 'Berita peran', content: '<p>x</p>' }, by)],
    ['setNewsStatus', (by) => setNewsStatus(UUID, true, by)],
    ['addBanner', (by) => addBanner({ nama: 'Banner peran' }, { bytes: PNG }, by)],
    ['moveBanner', (by) => moveBanner(1, 'up', by)],
    ['setBannerActive', (by) => setBannerActive(1, false, by)],
  ])('%s: GUDANG and CS are refused; an operator without a role too', async (_name, run) => {
    await expect(run(as('GUDANG'))).rejects.toMatchObject(refused);
    await expect(run(as('CS'))).rejects.toMatchObject(refused);
    await expect(run({ id: 999_999, nama: 'Tanpa peran' })).rejects.toMatchObject(refused);
  });
});
