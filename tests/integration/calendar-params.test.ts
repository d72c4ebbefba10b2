// @template year — needs the demo year (paid orders, closed bonuses)

import { createContext } from 'astro/middleware';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onRequest } from '../../src/middleware';
import { getDb } from '../../src/server/db/client';
import { operators } from '../../src/server/db/schema';
import { resolveSession } from '../../src/server/services/auth/sessions';
import { createContainer } from './container';
import { sessionOf } from './helpers';

/**
 * Issue #21: /report/bonus-bulanan?from=2026-13&to=2026-14 answered 500 with an empty body.
 * Every month and date parameter of every report page goes through one parser
 * (src/lib/calendar-params.ts); an impossible month or day gets the page's Indonesian handling.
 */

const PARAMS = ['from', 'to', 'bulan', 'month', 'year', 'tahun', 'masa'];
const IMPOSSIBLE = ['2026-13', '2026-14', '2026-13-01', '2026-02-30', '0000-00'];
const query = (value: string) => PARAMS.map((p) => `${p}=${encodeURIComponent(value)}`).join('&');

const memberPages = import.meta.glob<{ default: never }>(['../../src/pages/{report,bonus,transaksi,stokis}/**/*.astro', '!**/*\\[*']);
const consolePages = import.meta.glob<{ default: never }>([
  '../../src/pages/admin/audit.astro',
  '../../src/pages/admin/keuangan/{closing,pajak}.astro',
]);
const routeOf = (file: string) => file.replace('../../src/pages', '').replace(/(\/index)?\.astro$/, '');

async function render(Page: never, path: string, locals: Record<string, unknown>): Promise<{ status: number; html: string }> {
  const container = await createContainer();
  try {
    const response = await container.renderToResponse(Page, { locals, request: new Request(`http://portal.test${path}`) });
    return { status: response.status, html: await response.text() };
  } catch (error) {
    return { status: 500, html: String(error) };
  }
}

describe('impossible months and days on every report page', () => {
  it('member report pages answer below 500', async () => {
    const member = await resolveSession((await sessionOf('demostokis')).token);
    const failures: string[] = [];
    expect(Object.keys(memberPages).length).toBeGreaterThan(8);
    for (const [file, load] of Object.entries(memberPages)) {
      const Page = (await load()).default;
      for (const value of IMPOSSIBLE) {
        const path = `${routeOf(file)}?${query(value)}`;
        const { status, html } = await render(Page, path, { member });
        if (status >= 500) failures.push(`${status} ${path}: ${html.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('console pages with a month or date answer below 500', async () => {
    const [row] = await (await getDb()).select().from(operators).where(eq(operators.username, 'superadmin'));
    const operator = { id: row!.id, username: 'superadmin', nama: row!.nama, role: 'SUPERADMIN' as const };
    const failures: string[] = [];
    for (const [file, load] of Object.entries(consolePages)) {
      const Page = (await load()).default;
      for (const value of IMPOSSIBLE) {
        const path = `${routeOf(file)}?${query(value)}`;
        const { status, html } = await render(Page, path, { operator });
        if (status >= 500) failures.push(`${status} ${path}: ${html.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('the monthly bonus report shows this month with the range message for month 13', async () => {
    const member = await resolveSession((await sessionOf('demosilver')).token);
    const Page = (await memberPages['../../src/pages/report/bonus-bulanan.astro']!()).default;
    const { status, html } = await render(Page, '/report/bonus-bulanan?from=2026-13&to=2026-14', { member });
    expect(status).toBe(200);
    expect(html).toContain('Rentang tanggal harus diisi lengkap');
    expect(html).not.toContain('Invalid Date');
  });
});

describe('a 500 never goes unlogged', () => {
  afterEach(() => vi.restoreAllMocks());

  it('an error thrown by a page is logged once with its stack and answers an Indonesian page', async () => {
    const logged: unknown[][] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args);
    });
    const me = await sessionOf('demosilver');
    const request = new Request('http://portal.test/report/bonus-bulanan', { headers: { authorization: `Bearer ${me.token}` } });
    const ctx = createContext({ request, clientAddress: '127.0.0.1', defaultLocale: 'id' });
    const boom = new Error('halaman uji gagal');
    const response = (await onRequest(ctx as never, async () => {
      throw boom;
    })) as Response;
    expect(response.status).toBe(500);
    expect(await response.text()).toContain('Terjadi kesalahan');
    const withStack = logged.filter((args) =>
      args.some(
        (a) => (a instanceof Error && a.stack?.includes('halaman uji gagal')) || (typeof a === 'string' && a.includes(boom.stack!)),
      ),
    );
    expect(withStack).toHaveLength(1);
  });
});
