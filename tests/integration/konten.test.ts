// @template year — a new promo over past dates counts the demo year's paid orders

import fs from 'node:fs';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PromoForm } from '../../src/lib/schemas/promo-form';
import { GET as bannerImage } from '../../src/pages/banners/unggah/[name]';
import { getDb, selectRows } from '../../src/server/db/client';
import { auditLog, banners, news, operators as operatorsTable, pages, promoOmsets, promos } from '../../src/server/db/schema';
import { DEMO_OPERATOR_PASSWORD } from '../../src/server/db/seed/operators';
import { DEFAULT_PAGES } from '../../src/server/domain/default-pages';
import { defaultSettings } from '../../src/server/domain/default-settings';
import { addBanner } from '../../src/server/services/banner/add-banner';
import { moveBanner, setBannerActive } from '../../src/server/services/banner/arrange-banner';
import { getBanners } from '../../src/server/services/dashboard/get-banners';
import { dashboardBanners, dashboardNews } from '../../src/server/services/dashboard/shared-content';
import { listNews } from '../../src/server/services/news/list-news';
import { saveNews, setNewsStatus } from '../../src/server/services/news/save-news';
import { signInOperator } from '../../src/server/services/operator/sign-in-operator';
import { getPage } from '../../src/server/services/page/get-page';
import { savePage } from '../../src/server/services/page/save-page';
import { claimPromo } from '../../src/server/services/promo/claim-promo';
import { listPromoOptions } from '../../src/server/services/promo/list-promo-options';
import { recordAllPromoOmsets } from '../../src/server/services/promo/record-promo-omsets';
import { backfillPromoOmsets, createPromo, PROMO_LOCKED, updatePromo } from '../../src/server/services/promo/save-promo';
import { visitConsole } from './console-visit';
import { createContainer } from './container';
import { sessionOf } from './helpers';

const KONTEN = { id: null, nama: 'Kiki Konten (uji)' };
const HOSTILE =
  '<p onclick="steal()">Halo <strong>member</strong></p><script>alert(1)</script><a href="javascript:alert(2)">klik</a><img src="x" onerror="alert(3)"><style>body{}</style>';

async function audits(action: string, object?: string) {
  const db = await getDb();
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), object ? eq(auditLog.object, object) : undefined));
}

function expectClean(html: string) {
  expect(html).not.toMatch(/<script|onclick|onerror|javascript:|<style/i);
}

describe('news (KONTEN)', () => {
  it('sanitises on save: scripts, handlers and javascript: links are gone from the stored HTML; the text stays', async () => {
    const { publicId } = await saveNews(undefined, { title: 'Berita uji sanitasi', content: HOSTILE }, KONTEN);
    const db = await getDb();
    const [row] = await db.select().from(news).where(eq(news.publicId, publicId));
    expectClean(row!.content);
    expect(row!.content).toContain('<strong>member</strong>');
    expect(row!.status).toBe(0);
    expect(await audits('news:create', `news:${publicId}`)).toHaveLength(1);
  });

  it('sanitises on render too: a row written around the service is cleaned when members read it', async () => {
    const db = await getDb();
    await db.insert(news).values({ title: 'Berita uji mentah', content: HOSTILE, status: 1 });
    const item = (await listNews(1, 50)).rows.find((row) => row.title === 'Berita uji mentah');
    expectClean(item!.content);
  });

  it('a draft is not listed for members; published it is (dashboard at once); taken back it is gone again', async () => {
    const { publicId } = await saveNews(undefined, { title: 'Berita uji terbit', content: '<p>Isi</p>' }, KONTEN);
    const titles = async () => (await listNews(1, 50)).rows.map((row) => row.title);
    await dashboardNews();
    expect(await titles()).not.toContain('Berita uji terbit');
    expect(await setNewsStatus(publicId, true, KONTEN)).toBe('Berita "Berita uji terbit" diterbitkan');
    expect(await titles()).toContain('Berita uji terbit');
    expect((await dashboardNews()).rows[0]!.title).toBe('Berita uji terbit');
    await setNewsStatus(publicId, false, KONTEN);
    expect(await titles()).not.toContain('Berita uji terbit');
    expect((await dashboardNews()).rows.map((row) => row.title)).not.toContain('Berita uji terbit');
    const [published] = await audits('news:publish', `news:${publicId}`);
    expect(published).toMatchObject({ operatorNama: KONTEN.nama, before: { status: 0 }, after: { status: 1 } });
    expect(await audits('news:unpublish', `news:${publicId}`)).toHaveLength(1);
  });

  it('bad input is refused in Indonesian and stores nothing', async () => {
    const db = await getDb();
    const [before] = await db.select({ n: count() }).from(news);
    await expect(saveNews(undefined, { title: '  ', content: '<p>x</p>' }, KONTEN)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'Judul wajib diisi',
    });
    await expect(saveNews(undefined, { title: 'Hanya skrip', content: '<script>alert(1)</script>' }, KONTEN)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'Isi berita kosong setelah dibersihkan',
    });
    await expect(setNewsStatus('bukan-uuid', true, KONTEN)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const [after] = await db.select({ n: count() }).from(news);
    expect(after!.n).toBe(before!.n);
  });
});

// A 1×1 PNG: the type is read from these bytes, not from a name.
const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'),
);

describe('banners (KONTEN)', () => {
  const names = async () => (await getBanners('banner-member')).banner_items.map((item) => item.nama);

  it('an uploaded image is added last, served publicly with its sniffed type; the carousel follows the order and the on/off switch', async () => {
    const seeded = await names();
    const { id } = await addBanner({ nama: 'Banner uji', link: '/reward-promo/ongoing', description: '' }, { bytes: PNG }, KONTEN);
    expect(await names()).toEqual([...seeded, 'Banner uji']);
    const db = await getDb();
    const [row] = await db.select().from(banners).where(eq(banners.id, id));
    expect(row!.url).toMatch(/^\/banners\/unggah\/\d{8}-[0-9a-f]{32}\.png$/);
    const served = await bannerImage({ params: { name: row!.url.split('/').pop() } } as never);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect((await bannerImage({ params: { name: '..%2F..%2Fsecret.png' } } as never)).status).toBe(404);

    expect(await moveBanner(id, 'up', KONTEN)).toBe(`Banner "Banner uji" dipindah ke posisi ${seeded.length}`);
    expect(await names()).toEqual([...seeded.slice(0, -1), 'Banner uji', seeded.at(-1)]);
    expect((await dashboardBanners()).banner_items.map((item) => item.nama)).toEqual(await names());
    // Numbers are 1..n after a move, so two banners never tie.
    const numbers = (
      await db.select({ number: banners.number }).from(banners).where(eq(banners.groupName, 'banner-member')).orderBy(asc(banners.number))
    ).map((r) => r.number);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    await moveBanner(id, 'down', KONTEN);
    expect(await moveBanner(id, 'down', KONTEN)).toBe('Banner "Banner uji" sudah di posisi terakhir');
    expect(await names()).toEqual([...seeded, 'Banner uji']);

    await setBannerActive(id, false, KONTEN);
    expect(await names()).toEqual(seeded);
    await setBannerActive(id, true, KONTEN);
    expect(await names()).toContain('Banner uji');
    expect(await audits('banner:move', `banner:${id}`)).toHaveLength(2);
    expect((await audits('banner:off', `banner:${id}`))[0]).toMatchObject({ before: { aktif: true }, after: { aktif: false } });
  });

  it('refuses what is not an image, an image over 1 MB and a missing file; nothing is stored', async () => {
    const db = await getDb();
    const [before] = await db.select({ n: count() }).from(banners);
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expect(addBanner({ nama: 'SVG' }, { bytes: svg }, KONTEN)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'Banner harus gambar JPG, PNG, WebP atau GIF',
    });
    const big = new Uint8Array(1_000_001);
    big.set(PNG);
    await expect(addBanner({ nama: 'Besar' }, { bytes: big }, KONTEN)).rejects.toMatchObject({
      message: 'Gambar banner paling besar 1 MB',
    });
    await expect(addBanner({ nama: 'Kosong' }, undefined, KONTEN)).rejects.toMatchObject({ message: 'Pilih gambar banner' });
    await expect(addBanner({ nama: '' }, { bytes: PNG }, KONTEN)).rejects.toMatchObject({ message: 'Nama banner wajib diisi' });
    await expect(addBanner({ nama: 'Tautan', link: 'javascript:alert(1)' }, { bytes: PNG }, KONTEN)).rejects.toMatchObject({
      message: 'Tautan harus diawali / atau http(s)://',
    });
    const [after] = await db.select({ n: count() }).from(banners);
    expect(after!.n).toBe(before!.n);
  });
});

describe('public pages (KONTEN)', () => {
  it('every page has real default text; the footer links to them, not to placeholders', async () => {
    for (const [slug, page] of Object.entries(DEFAULT_PAGES)) {
      const shown = await getPage(slug);
      expect(shown).toMatchObject({ judul: page.judul, isDefault: true });
      expect(shown.konten.replace(/<[^>]*>/g, '').length).toBeGreaterThan(300);
    }
    expect(JSON.stringify(defaultSettings.footer_links)).not.toContain('example.com');
    await expect(getPage('rahasia')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('an edit is sanitised, shown to everyone and audited with the text before and after; bad input changes nothing', async () => {
    expect(await savePage('faq', { judul: 'FAQ', konten: `<h2>Pertanyaan baru?</h2>${HOSTILE}` }, KONTEN)).toBe('Halaman "FAQ" disimpan');
    const shown = await getPage('faq');
    expect(shown.konten).toContain('<h2>Pertanyaan baru?</h2>');
    expectClean(shown.konten);
    const db = await getDb();
    const [stored] = await db.select().from(pages).where(eq(pages.slug, 'faq'));
    expectClean(stored!.konten);
    expect(stored!.updatedBy).toBe(KONTEN.nama);
    const [audit] = await audits('page:update', 'page:faq');
    expect(audit!.before).toMatchObject({ judul: 'FAQ', bawaan: true });
    expect(audit!.after).toMatchObject({ judul: 'FAQ', konten: stored!.konten });
    await expect(savePage('faq', { judul: '', konten: '<p>x</p>' }, KONTEN)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: 'Judul wajib diisi',
    });
    await expect(savePage('lain', { judul: 'X', konten: '<p>x</p>' }, KONTEN)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await getPage('faq')).konten).toBe(shown.konten);
  });

  it("migration 0010 replaces stored example.com footer links with the portal pages and leaves an operator's own links alone", async () => {
    const db = await getDb();
    const statement = fs
      .readFileSync('drizzle/0010_konten-pages.sql', 'utf8')
      .split('--> statement-breakpoint')
      .find((part) => part.includes('UPDATE "settings"'))!;
    await db.execute(
      sql`update settings set value = ${JSON.stringify([{ label: 'FAQ', url: 'https://example.com/faq' }])}::jsonb where key = 'footer_links'`,
    );
    await db.execute(sql.raw(statement));
    const [row] = await selectRows<{ value: { url: string }[] }>(db, sql`select value from settings where key = 'footer_links'`);
    expect(row!.value.map((link) => link.url)).toEqual(defaultSettings.footer_links.map((link) => link.url));
    await db.execute(
      sql`update settings set value = ${JSON.stringify([{ label: 'Toko', url: 'https://toko.test/' }])}::jsonb where key = 'footer_links'`,
    );
    await db.execute(sql.raw(statement));
    const [kept] = await selectRows<{ value: { url: string }[] }>(db, sql`select value from settings where key = 'footer_links'`);
    expect(kept!.value).toEqual([{ label: 'Toko', url: 'https://toko.test/' }]);
  });
});

const jakartaDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Asia/Jakarta' });

const promoInput = (over: Partial<PromoForm> = {}): PromoForm => ({
  nama: 'Promo Uji Konsol',
  deskripsi: 'Dibuat dari konsol',
  reward: 'Voucher belanja',
  jenis: 'REWARD',
  periode_awal: jakartaDay(-400),
  periode_akhir: jakartaDay(10),
  batas_klaim: jakartaDay(20),
  syarat_jenis: 'poin',
  syarat: '5',
  kelipatan: false,
  min_posisi: 'BRONZE',
  status: '1',
  url_banner: '',
  ...over,
});

describe('promos (KONTEN)', () => {
  it('a new promo over past dates gets the omsets of orders already paid, shows to members, and can be claimed', async () => {
    const { publicId, omsets } = await createPromo(promoInput(), KONTEN);
    expect(omsets).toBeGreaterThan(0);
    const db = await getDb();
    const [promo] = await db.select().from(promos).where(eq(promos.publicId, publicId));
    const [stored] = await db.select({ n: count() }).from(promoOmsets).where(eq(promoOmsets.promoId, promo!.id));
    expect(stored!.n).toBe(omsets);
    expect(await recordAllPromoOmsets(db, promo!.id)).toBe(0);
    expect(await backfillPromoOmsets(publicId, KONTEN)).toBe(0);
    expect((await audits('promo:create', `promo:${publicId}`))[0]!.after).toMatchObject({ nama: 'Promo Uji Konsol', omsets });

    const member = await sessionOf('demoplatinum');
    expect((await listPromoOptions(member, 'active')).map((p) => p.public_id)).toContain(publicId);
    const [earner] = await selectRows<{ username: string }>(
      db,
      sql`
      select m.username from promo_omsets po join members m on m.id = po.member_id
      where po.promo_id = ${promo!.id} and m.password_hash is not null and not m.is_suspended group by m.username having sum(po.poin) >= 5 order by m.username limit 1`,
    );
    const claim = await claimPromo(await sessionOf(earner!.username), publicId);
    expect(claim.message).toBe('claim berhasil');
    await expect(updatePromo(publicId, promoInput({ syarat: '10' }), KONTEN)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: PROMO_LOCKED,
    });
    // What does not touch the claims may still change.
    await updatePromo(publicId, promoInput({ reward: 'Voucher belanja Rp 500.000', status: '0' }), KONTEN);
    expect((await listPromoOptions(member, 'active')).map((p) => p.public_id)).not.toContain(publicId);
  });

  it('a new period before any claim rebuilds the omsets from the paid orders in it', async () => {
    const { publicId, omsets } = await createPromo(
      promoInput({ nama: 'Promo Uji Periode', syarat_jenis: 'nominal', syarat: '1000000', kelipatan: true }),
      KONTEN,
    );
    const { omsets: narrowed } = await updatePromo(
      publicId,
      promoInput({ nama: 'Promo Uji Periode', periode_awal: jakartaDay(-30), syarat_jenis: 'nominal', syarat: '1000000', kelipatan: true }),
      KONTEN,
    );
    expect(narrowed).toBeLessThan(omsets);
    const db = await getDb();
    const [outside] = await selectRows<{ n: number }>(
      db,
      sql`
      select count(*)::int as n from promo_omsets po join promos p on p.id = po.promo_id
      where p.public_id = ${publicId}::uuid and (po.tanggal at time zone 'Asia/Jakarta')::date < p.periode_awal`,
    );
    expect(outside!.n).toBe(0);
  });

  it.each<[Partial<PromoForm>, string, string]>([
    [{ nama: '' }, 'Nama promo wajib diisi', 'no name'],
    [{ periode_akhir: jakartaDay(-500) }, 'Periode akhir tidak boleh sebelum periode awal', 'period reversed'],
    [{ batas_klaim: jakartaDay(0) }, 'Batas klaim tidak boleh sebelum periode akhir', 'claim deadline before the end'],
    [{ syarat: '0' }, 'Syarat harus angka lebih dari 0', 'zero threshold'],
    [{ syarat: 'lima' }, 'Syarat harus angka lebih dari 0', 'not a number'],
    [{ syarat_jenis: 'nominal', syarat: '1000.5' }, 'Syarat nominal dalam rupiah bulat', 'rupiah with cents'],
    [{ periode_awal: '2025-02-30' }, 'Periode awal bukan tanggal yang valid', 'no such day'],
    [{ jenis: 'DISKON' as never }, 'Jenis promo harus REWARD atau TRIP', 'unknown kind'],
    [{ url_banner: 'javascript:alert(1)' }, 'URL banner harus diawali / atau https://', 'script address'],
  ])('refuses %o with "%s" (%s) and stores nothing', async (over, message, _reason) => {
    const db = await getDb();
    const [before] = await db.select({ n: count() }).from(promos);
    await expect(createPromo(promoInput(over), KONTEN)).rejects.toMatchObject({ code: 'BAD_INPUT', message });
    const [after] = await db.select({ n: count() }).from(promos);
    expect(after!.n).toBe(before!.n);
  });
});

describe('console pages by role', () => {
  const tokens = new Map<string, string>();
  async function visit(path: string, username?: string) {
    if (username && !tokens.has(username))
      tokens.set(username, (await signInOperator({ username, password: DEMO_OPERATOR_PASSWORD }, { address: `konten-${username}` })).token);
    return visitConsole(path, username ? tokens.get(username) : undefined);
  }
  const CONTENT_PAGES = [
    '/admin/news',
    '/admin/news/baru',
    '/admin/banners',
    '/admin/promos',
    '/admin/promos/baru',
    '/admin/halaman',
    '/admin/halaman/faq',
  ];

  it('KONTEN and SUPERADMIN open the content pages; GUDANG, KEUANGAN and CS are refused with 403; KONTEN not the orders', async () => {
    for (const path of CONTENT_PAGES) {
      expect((await visit(path, 'konten')).reached).toBe(true);
      expect((await visit(path, 'superadmin')).reached).toBe(true);
      for (const other of ['gudang', 'keuangan', 'cs']) expect(await visit(path, other)).toEqual({ reached: false, status: 403 });
    }
    expect(await visit('/admin/orders', 'konten')).toEqual({ reached: false, status: 403 });
  });

  it('the public pages open without any session', async () => {
    for (const slug of Object.keys(DEFAULT_PAGES)) expect((await visit(`/info/${slug}`)).reached).toBe(true);
  });
});

describe('console forms fed bad input (as KONTEN)', () => {
  const FORMS: [string, string, Record<string, string>][] = [
    ['admin/news.astro', '/admin/news', {}],
    ['admin/news/[id].astro', '/admin/news/baru', { id: 'baru' }],
    ['admin/banners.astro', '/admin/banners', {}],
    ['admin/halaman/[slug].astro', '/admin/halaman/faq', { slug: 'faq' }],
    ['admin/promos/[id].astro', '/admin/promos/baru', { id: 'baru' }],
  ];
  const BODIES: [string, string][] = [
    ['', 'application/x-www-form-urlencoded'],
    ['title=&content=&judul=&konten=&nama=&action=add&id=abc&public_id=x', 'application/x-www-form-urlencoded'],
    ['{"title":"x"}', 'text/plain'],
    ['--x\r\nContent-Disposition: form-data; name="nama"\r\n\r\nX', 'multipart/form-data'],
    [`title=${'x'.repeat(300)}&content=a%00b&periode_awal=2025-13-01&syarat=-1`, 'application/x-www-form-urlencoded'],
  ];

  it.each(FORMS)('%s answers 4xx in Indonesian and changes nothing', async (file, path, params) => {
    const pages = import.meta.glob<{ default: never }>('../../src/pages/admin/**/*.astro');
    const Page = (await pages[`../../src/pages/${file}`]!()).default;
    const container = await createContainer();
    const [operator] = await (await getDb()).select().from(operatorsTable).where(eq(operatorsTable.username, 'konten'));
    const locals = { operator: { id: operator!.id, username: 'konten', nama: operator!.nama, role: 'KONTEN' as const } };
    const db = await getDb();
    const counts = async () =>
      selectRows(
        db,
        sql`select (select count(*)::int from news) as news, (select count(*)::int from promos) as promos,
      (select count(*)::int from pages) as pages, (select count(*)::int from banners) as banners, (select count(*)::int from audit_log) as audits,
      (select max(updated_at) from news) as news_at`,
      );
    const before = await counts();
    for (const [body, contentType] of BODIES) {
      const request = new Request(`http://portal.test${path}`, {
        method: 'POST',
        body,
        headers: { 'content-type': contentType, origin: 'http://portal.test' },
      });
      const response = await container.renderToResponse(Page, { locals, params, request });
      expect(response.status, `${contentType} ${body.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect((await response.text()).replace(/ data-astro-source-(?:file|loc)="[^"]*"/g, '')).toMatch(
        /class="alert alert-danger" role="alert">[^<]*[a-z]/,
      );
    }
    expect(await counts()).toEqual(before);
  });
});
