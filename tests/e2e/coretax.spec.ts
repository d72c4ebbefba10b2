import fs from 'node:fs';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';

test('KEUANGAN’s tax month end: the last finished month downloads as Coretax XML, one Bp21 per member; a bad NPWP in Data pemotong is refused next to its field', async ({
  page,
}) => {
  await page.goto('/admin/signin');
  await page.getByLabel('Username operator').fill('keuangan');
  await page.getByLabel('Password').fill('operator12345');
  await page.getByRole('button', { name: 'MASUK' }).click();
  await page.getByRole('link', { name: 'Pajak' }).click();
  await expect(page.getByRole('heading', { name: 'Pajak (BP21)' })).toBeVisible();

  const members = new Set(await page.locator('tbody tr td:nth-child(3)').allInnerTexts()).size;
  expect(members).toBeGreaterThan(0);
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Unduh XML Coretax/ }).click()]);
  expect(file.suggestedFilename()).toMatch(/^bp21-coretax-\d{4}-\d{2}\.xml$/);
  const xml = fs.readFileSync((await file.path())!, 'utf8');
  expect(xml).toMatch(
    /^<\?xml version="1\.0" encoding="UTF-8" standalone="yes"\?>\n<Bp21Bulk xmlns:xsi="http:\/\/www\.w3\.org\/2001\/XMLSchema-instance">\n\t<TIN>\d{16}<\/TIN>/,
  );
  expect(xml.match(/<Bp21>/g)).toHaveLength(members);

  const npwp = page.locator('#pemotong-npwp');
  await npwp.fill('12345');
  await page.getByRole('button', { name: 'Simpan data pemotong' }).click();
  await expect(page.locator('#pemotong').getByRole('alert')).toHaveText('NPWP pemotong harus 16 digit angka');
  await expect(npwp).toHaveAttribute('aria-invalid', 'true');
  await expect(npwp).toHaveValue('12345');
  await expect(page.locator('#pemotong-id_tku')).not.toHaveAttribute('aria-invalid', 'true');

  const violations = await axeViolations(page);
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
