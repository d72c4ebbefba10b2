// @template year — the order counts per type of the demo members

import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVOICED_STATUSES } from '../../src/lib/order-status';
import Dashboard from '../../src/pages/index.astro';
import { getDb, selectRows } from '../../src/server/db/client';
import { news } from '../../src/server/db/schema';
import { annualPairingReport } from '../../src/server/services/bonus/annual-pairing';
import { getDashboard } from '../../src/server/services/dashboard/get-dashboard';
import { CONTENT_MS } from '../../src/server/services/dashboard/shared-content';
import { createContainer } from './container';
import { memberId, sessionOf } from './helpers';

async function render(member: Awaited<ReturnType<typeof sessionOf>>): Promise<string> {
  const container = await createContainer();
  const html = await container.renderToString(Dashboard, { locals: { member }, request: new Request('http://portal.test/') });
  return html.replace(/ data-astro-source-(?:file|loc)="[^"]*"/g, '');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('dashboard data read once per request', () => {
  it.each(['demoplatinum', 'demostokis', memberId(6)])('the cards of %s agree with the reports and the database', async (username) => {
    const member = await sessionOf(username);
    const db = await getDb();
    const { members: d } = await getDashboard(member);

    // Annual rank card = the last row (current period) of the annual pairing report.
    const last = (await annualPairingReport(member)).rows.at(-1)!;
    expect(d.annual_rank).toEqual({
      jumlah_bv_kiri: last.jumlah_bv_kiri_each_year,
      jumlah_bv_kanan: last.jumlah_bv_kanan_each_year,
      jumlah_pair_bv: last.jumlah_pair_bv_each_year,
    });

    // Sponsored: every member they sponsored is counted, the 5 newest are listed.
    const sponsored = await selectRows<{ id_member: string }>(
      db,
      sql`
      select id_member from members where sponsor_id = ${member.id} order by tgl_join desc, id desc`,
    );
    expect(d.sponsored.jumlah).toBe(sponsored.length);
    expect(d.sponsored.recently.map((m) => m.id_member)).toEqual(sponsored.slice(0, 5).map((m) => m.id_member));

    // Downline doughnut from the counters; order composition over invoiced orders only.
    const [counters] = await selectRows<{ kiri: number; kanan: number }>(
      db,
      sql`
      select jumlah_child_kiri as kiri, jumlah_child_kanan as kanan from members where id = ${member.id}`,
    );
    expect(d.downline).toEqual({ total_downline_kiri: counters!.kiri, total_downline_kanan: counters!.kanan });
    const byType = await selectRows<{ jenis_order: string; n: number }>(
      db,
      sql`
      select jenis_order, count(*)::int as n from orders where member_id = ${member.id}
        and status_order in (${sql.join(
          INVOICED_STATUSES.map((s) => sql`${s}`),
          sql`, `,
        )}) group by 1`,
    );
    const n = (jenis: string) => byType.find((r) => r.jenis_order === jenis)?.n ?? 0;
    expect(d.orders).toEqual({ totalorderregistrasi: n('reg'), totalorderupgrade: n('upg'), totalrepeatorder: n('ro') });
  });

  it('the page has one heading: a visually hidden "Dashboard" h1', async () => {
    const html = await render(await sessionOf('demobronze'));
    expect(html.match(/<h1\b[^>]*>[\s\S]*?<\/h1>/g)).toEqual(['<h1 class="sr-only">Dashboard</h1>']);
  });

  it('news published by an operator shows on the dashboard once the shared content is older than CONTENT_MS', async () => {
    const member = await sessionOf('demobronze');
    expect(await render(member)).not.toContain('Berita uji dashboard');
    const db = await getDb();
    await db.insert(news).values({ title: 'Berita uji dashboard', content: '<p>Isi berita uji</p>', status: 1 });
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + CONTENT_MS + 1);
    const html = await render(member);
    expect(html).toContain('Berita uji dashboard');
    expect(html).toContain('<p>Isi berita uji</p>');
  });
});
