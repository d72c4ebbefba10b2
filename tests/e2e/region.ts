import { expect, type Locator } from '@playwright/test';

/**
 * Chooses a region in a combobox of the region picker (src/islands/RegionPicker): types the name
 * and clicks its option, or without a name opens the list and takes the first option.
 */
export async function pickRegion(input: Locator, name?: string): Promise<void> {
  const list = input.page().locator(`#${await input.getAttribute('id')}-list`);
  // Retried as a whole: the list is drawn again when the level's options arrive from the server,
  // so an option found before that can be gone by the time it is clicked.
  await expect(async () => {
    if (name) await input.fill(name);
    else await input.click();
    const option = name ? list.getByRole('option', { name, exact: true }) : list.getByRole('option').first();
    const chosen = name ?? (await option.textContent({ timeout: 3_000 })) ?? '';
    await option.click({ timeout: 3_000 });
    await expect(input).toHaveValue(chosen, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
}

/** Waits until the island whose component file contains `name` has hydrated (Astro drops `ssr`). */
export async function hydrated(page: import('@playwright/test').Page, name: string): Promise<void> {
  const island = page.locator(`astro-island[component-url*="${name}"]`).first();
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr', '');
}
