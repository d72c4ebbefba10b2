import { test as base, expect, type Page } from '@playwright/test';

/** Every demo member's password (README). */
export const PASSWORD = 'rahasia123';

/**
 * Members for tests that change data: generated demo members by their ID Member (seed 42),
 * one per test, so parallel tests never share state. The README's demo logins stay untouched
 * except by read-only tests.
 */
export const memberId = (n: number): string => String(1_000_000_000 + n);

export async function login(page: Page, username: string, password = PASSWORD, options: { remember?: boolean } = {}): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('ID Member atau Username').fill(username);
  await page.locator('#password').fill(password);
  if (options.remember) await page.getByLabel('Remember Me').check();
  await page.getByRole('button', { name: 'SIGN IN' }).click();
  await page.waitForURL((url) => url.pathname !== '/signin');
}

/** Signs a demo operator in to the console (README: every demo operator's password is operator12345). */
export async function signInOperator(page: Page, username: string): Promise<void> {
  await page.goto('/admin/signin');
  await page.getByLabel('Username operator').fill(username);
  await page.getByLabel('Password').fill('operator12345');
  await page.getByRole('button', { name: 'MASUK' }).click();
  await expect(page.getByRole('heading', { name: 'Ringkasan' })).toBeVisible();
}

export const test = base;
export { expect };
