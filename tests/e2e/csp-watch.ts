import type { Page } from '@playwright/test';

/**
 * Collects every Content-Security-Policy violation of the page and its frames (Chromium's console
 * report and the securitypolicyviolation event) and every uncaught script error, as readable lines.
 * Call before the page's first navigation.
 */
export async function watchViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy|securitypolicyviolation|Refused to/i.test(message.text())) found.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => found.push(`${page.url()}: script error ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`securitypolicyviolation ${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  return found;
}
