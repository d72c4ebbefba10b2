import { test as base, expect, type Page } from '@playwright/test';

/** Every demo member's password (README). */
export const PASSWORD = 'rahasia123';

/**
 * Members for tests that change data: generated demo members by their ID Member (seed 42),
 * one per test, so parallel tests never share state. The README's demo logins stay untouched
 * except by read-only tests.
 */
export const memberId = (n: number): string => String(1_000_000_000 + n);

/**
 * Signs `username` in as the sign-in form does (the same POST /signin, its session and flash
 * cookies in this page's context) and opens the dashboard, where the form would land. The form
 * itself is tested in sign-in.spec.ts; elsewhere it only cost a page load and typing (issue #22:
 * about 0.3 s of CPU per sign-in, and the browser tests sign in about 190 times).
 */
export async function login(page: Page, username: string, password = PASSWORD, options: { remember?: boolean } = {}): Promise<void> {
  await signIn(page, username, password, options);
  await page.goto('/');
}

/**
 * login() without opening the dashboard: for a test whose next step opens another page (issue
 * #22: 77 dashboards drawn and thrown away, about a quarter of a CPU second each).
 */
export async function signIn(page: Page, username: string, password = PASSWORD, options: { remember?: boolean } = {}): Promise<void> {
  await postSignIn(page, '/signin', { username, password, ...(options.remember ? { remember: 'on' } : {}) });
}

/** Signs a demo operator in to the console (README: every demo operator's password is operator12345), as its form does. */
export async function signInOperator(page: Page, username: string): Promise<void> {
  await postSignIn(page, '/admin/signin', { username, password: 'operator12345' });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Ringkasan' })).toBeVisible();
}

/** The sign-in form's POST from this page's context (its cookies land there); a refusal fails with the page's message. */
async function postSignIn(page: Page, path: string, form: Record<string, string>): Promise<void> {
  // The origin a form post carries: src/middleware.ts refuses cross-site writes. The connection
  // closes with the answer: left idle in the context's pool, a test's next page.request could
  // reuse it just as the server's keep-alive timeout ends it (ECONNRESET).
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const response = await page.request.post(path, { form, maxRedirects: 0, headers: { origin, connection: 'close' } });
  if (response.status() !== 303) {
    const text = (await response.text()).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    throw new Error(`sign-in of ${form.username} at ${path} answered ${response.status()}: ${text.slice(0, 300)}`);
  }
}

export const test = base;
export { expect };
