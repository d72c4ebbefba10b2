import { describe, expect, it } from 'vitest';
import { safeLink, safeLocalPath } from '../../src/lib/safe-redirect';
import { BannerFormSchema } from '../../src/lib/schemas/konten';
import { PromoFormSchema } from '../../src/lib/schemas/promo-form';

/**
 * Issue #21: a banner link `/\evil.example` passed the banner check, and a browser reads it as
 * the host evil.example. One safe-link rule (src/lib/safe-redirect.ts) for banner links, promo
 * banner URLs and the profile's fallback redirect.
 */
const HOSTILE = [
  ['/\\evil.example', 'a backslash: browsers read /\\ as //'],
  ['//evil.example', 'protocol-relative: another host'],
  ['/\t/evil.example', 'a tab is dropped by browsers, leaving //'],
  ['\\\\evil.example', 'two backslashes'],
  ['/%5Cevil.example', 'stays a path on this site'],
  ['javascript:alert(1)', 'a script'],
  ['https:/\\evil.example', 'a backslash after the scheme'],
  ['https://evil.example\\@portal.test', 'a backslash in an address'],
  ['http://', 'no host'],
  [' //evil.example', 'leading space then protocol-relative'],
] as const;

describe.each(HOSTILE)('link %j', (link, reason) => {
  it(`the banner and promo forms refuse it unless it stays on this site (${reason})`, () => {
    const local = safeLocalPath(link.trim());
    const banner = BannerFormSchema.safeParse({ nama: 'Banner uji', link });
    if (local === undefined) {
      expect(banner.success, link).toBe(false);
      expect(banner.error?.issues[0]?.message).toBe('Tautan harus diawali / atau http(s)://');
    } else {
      expect(new URL(local, 'http://portal.test').origin).toBe('http://portal.test');
    }
  });
});

describe('safeLink', () => {
  it.each([
    ['/reward-promo/ongoing', true, 'a path of the portal'],
    ['/news/informasi?page=2', true, 'with a query'],
    ['https://contoh.co.id/promo', true, 'an https address'],
    ['http://contoh.co.id/promo', true, 'an http address'],
    ['/\\evil.example', false, 'backslash'],
    ['//evil.example', false, 'protocol-relative'],
    ['/\t/evil.example', false, 'tab'],
    ['https://evil.example/a b', false, 'whitespace'],
    ['ftp://contoh.co.id', false, 'another scheme'],
  ] as const)('%j → %s (%s)', (link, ok, _why) => {
    expect(safeLink(link) !== undefined).toBe(ok);
  });

  it('the promo banner URL takes https only, with the same rule', () => {
    const base = {
      nama: 'Promo uji',
      jenis: 'REWARD',
      periode_awal: '2026-01-01',
      periode_akhir: '2026-01-31',
      batas_klaim: '2026-02-28',
      syarat_jenis: 'poin',
      syarat: '10',
      min_posisi: 'BRONZE',
    };
    const urlIssue = (url_banner: string) =>
      PromoFormSchema.safeParse({ ...base, url_banner }).error?.issues.find((i) => i.path[0] === 'url_banner')?.message;
    expect(urlIssue('/\\evil.example')).toBe('URL banner harus diawali / atau https://');
    expect(urlIssue('//evil.example')).toBe('URL banner harus diawali / atau https://');
    expect(urlIssue('http://contoh.co.id/a.png')).toBe('URL banner harus diawali / atau https://');
    expect(urlIssue('https://contoh.co.id/a.png')).toBeUndefined();
    expect(urlIssue('/banners/promo.png')).toBeUndefined();
  });
});
