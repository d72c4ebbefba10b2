import { beforeAll, describe, expect, it } from 'vitest';
import BonusHarianPage from '../../src/pages/report/bonus-harian.astro';
import OmsetPage from '../../src/pages/report/omset.astro';
import { resolveSession } from '../../src/server/services/auth/sessions';
import { createContainer } from './container';
import { sessionOf } from './helpers';
import { callRoute, discoverEndpoints, type EndpointMethod, messageProblem } from './route-harness';

/**
 * Issue #13: query strings an outside tester sent to every GET endpoint. `filter=null`,
 * `sort=null`, a NUL, year 0000, month 13 and 30 February gave 500s; each must be a 4xx with an
 * Indonesian message, or a normal answer that ignores what it cannot use.
 */

const HOSTILE: Record<string, string>[] = [
  { filter: 'null' },
  { sort: 'null' },
  { filter: '[1,2]' },
  { filter: '7' },
  { filter: '{"status":null,"created_at":{"between":null}}' },
  { q: 'a\u0000b' },
  { search: '\u0000' },
  { page: 'null' },
  { status: 'null' },
  { from: '0000-01-01', to: '0000-12-31' },
  { from: '2026-13-01', to: '2026-13-31' },
  { from: '2026-02-30', to: '2026-02-30' },
  {
    filter: JSON.stringify({ created_at: { between: ['0000-01-01', '0000-12-31'] }, tgl_order: { between: ['0000-01-01', '0000-12-31'] } }),
  },
];

const YEAR_ZERO = { from: '0000-01-01', to: '0000-12-31' };
/** Report endpoints that read a from/to range (they answered 500 to year 0000). */
const RANGED = [
  '/member/bonus',
  '/member/bonus/payout',
  '/member/reports/bonus-bulanan',
  '/member/reports/bonus-harian',
  '/member/reports/omset',
  '/member/reports/redemption-statement',
  '/member/transaction',
  '/member/transaction/retur',
];

let me: Awaited<ReturnType<typeof sessionOf>>;
let gets: EndpointMethod[];

beforeAll(async () => {
  me = await sessionOf('demoplatinum');
  gets = (await discoverEndpoints()).filter((e) => e.method === 'GET');
});

describe('hostile query strings', () => {
  it('no GET endpoint answers 5xx or throws', async () => {
    const failures: string[] = [];
    for (const e of gets) {
      const params = Object.fromEntries([...e.route.matchAll(/\[(\w+)\]/g)].map((m) => [m[1]!, me.publicId]));
      for (const query of HOSTILE) {
        const result = await callRoute(e.route, 'GET', { params, query, bearer: me.token });
        if (result.status >= 500) failures.push(`${result.status} ${e.key} ${JSON.stringify(query)}`);
        else if (result.status >= 400 && result.json && messageProblem(result.json.message))
          failures.push(`${e.key} ${JSON.stringify(query)}: ${messageProblem(result.json.message)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('year 0000 is a 400 with the range message on every report that takes a range', async () => {
    for (const route of RANGED) {
      const result = await callRoute(route, 'GET', { query: YEAR_ZERO, bearer: me.token });
      expect(result.status, route).toBe(400);
      expect(result.json?.message, route).toBe('Rentang tanggal harus diisi lengkap');
    }
  });
});

describe('report pages with impossible dates', () => {
  it('year 0000, month 13 and 30 February show the default range with the Indonesian message, not a 500', async () => {
    const container = await createContainer();
    const member = await resolveSession(me.token);
    for (const [Page, path] of [
      [BonusHarianPage, '/report/bonus-harian'],
      [OmsetPage, '/report/omset'],
    ] as const) {
      for (const [from, to] of [
        ['0000-01-01', '0000-12-31'],
        ['2026-13-01', '2026-13-31'],
        ['2026-02-30', '2026-03-01'],
      ]) {
        const request = new Request(`http://portal.test${path}?from=${from}&to=${to}`);
        const response = await container.renderToResponse(Page, { locals: { member }, request });
        expect(response.status, `${path} ${from}`).toBeLessThan(500);
        expect(await response.text(), `${path} ${from}`).toContain('Rentang tanggal harus diisi lengkap');
      }
    }
  });
});
