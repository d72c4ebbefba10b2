import type { AstroGlobal } from 'astro';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/errors';
import { EXPORT_FAILED, exportOrBack } from '../../src/server/export-download';

/** The parts of Astro's page global the export link uses; the cookie jar records what is set. */
function page(url: string) {
  const request = new Request(url);
  const set: Record<string, string> = {};
  const cookies = {
    set: (name: string, value: string) => {
      set[name] = value;
    },
  };
  const Astro = {
    url: new URL(url),
    request,
    cookies,
    redirect: (path: string, status = 302) => new Response(null, { status, headers: { location: path } }),
  } as unknown as AstroGlobal;
  return { Astro, set };
}

describe('a CSV or PDF export that cannot be made (spec/000 §8)', () => {
  it('goes back to the report, keeping its filters, with "Gagal export file"', async () => {
    const { Astro, set } = page('http://portal.test/report/downline-report?posisi=SILVER&export=csv');
    const response = await exportOrBack(Astro, 'export', async () => {
      throw new AppError('NOT_FOUND', 'Data tidak ditemukan');
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/report/downline-report?posisi=SILVER');
    expect(JSON.parse(set.pm_flash!)).toEqual({ message: EXPORT_FAILED, type: 'danger' });
    expect(EXPORT_FAILED).toBe('Gagal export file');
  });

  it('hands over the file when it can be made, with no notification', async () => {
    const { Astro, set } = page('http://portal.test/report/downline-report?export=csv');
    const response = await exportOrBack(
      Astro,
      'export',
      async () => new Response('No,Nama\r\n', { headers: { 'content-type': 'text/csv' } }),
    );
    expect(await response.text()).toBe('No,Nama\r\n');
    expect(set).toEqual({});
  });
});
