import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '../../src/server/db/client';
import { auditLog } from '../../src/server/db/schema';
import { defaultSettings } from '../../src/server/domain/default-settings';
import { BRAND_SAVED, BRAND_UNCHANGED, saveBrand } from '../../src/server/services/page/save-brand';
import { getSetting } from '../../src/server/services/settings';

const KONTEN = { id: null, nama: 'Kiki Konten (uji)' };

async function audits(object: string) {
  const db = await getDb();
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'setting:update'), eq(auditLog.object, object)));
}

describe('the portal identity (KONTEN, issue #23)', () => {
  it('starts from the defaults: the company name and no logo', async () => {
    expect(await getSetting('company_name')).toBe(defaultSettings.company_name);
    expect(await getSetting('company_logo')).toBe('');
  });

  it('saves a new name and logo, each change with its audit row; saving the same again changes nothing', async () => {
    expect(await saveBrand({ company_name: '  PT Sehat Bersama  ', company_logo: '/favicon.svg' }, KONTEN)).toBe(BRAND_SAVED);
    expect(await getSetting('company_name')).toBe('PT Sehat Bersama');
    expect(await getSetting('company_logo')).toBe('/favicon.svg');
    const [name] = await audits('setting:company_name');
    expect(name?.before).toBe(defaultSettings.company_name);
    expect(name?.after).toBe('PT Sehat Bersama');
    expect(await audits('setting:company_logo')).toHaveLength(1);
    expect(await saveBrand({ company_name: 'PT Sehat Bersama', company_logo: '/favicon.svg' }, KONTEN)).toBe(BRAND_UNCHANGED);
    expect(await audits('setting:company_name')).toHaveLength(1);
  });

  it.each([
    [{ company_name: 'PT Aman', company_logo: 'https://contoh.test/logo.png' }, 'company_logo', 'a picture from elsewhere'],
    [{ company_name: 'PT Aman', company_logo: '/../../etc/passwd.png' }, 'company_logo', 'a path climbing out'],
    [{ company_name: 'PT Aman', company_logo: '/logo.exe' }, 'company_logo', 'not a picture'],
    [{ company_name: ' ', company_logo: '' }, 'company_name', 'no name'],
  ])('refuses %o (%s: %s) with an Indonesian message and changes nothing', async (form, fieldName, _why) => {
    const before = [await getSetting('company_name'), await getSetting('company_logo')];
    await expect(saveBrand(form, KONTEN)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      fields: { [fieldName]: expect.stringMatching(/Logo|Nama perusahaan/) },
    });
    expect([await getSetting('company_name'), await getSetting('company_logo')]).toEqual(before);
  });

  it('other roles may not change it', async () => {
    await expect(saveBrand({ company_name: 'PT Lain', company_logo: '' }, { id: 1, nama: 'CS', role: 'CS' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await getSetting('company_name')).not.toBe('PT Lain');
  });
});
