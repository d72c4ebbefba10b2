import type { Page } from '@playwright/test';

/**
 * The checks every member page gets at each width (tests/e2e/member-pages.spec.ts), each returning
 * what it found wrong as readable lines.
 */

/**
 * Tap targets of at least 44×44 px (DESIGN.md §9, issue #23) at a phone's 360×800: every visible
 * link, button, input, select, textarea and summary is measured.
 *
 * What counts as the target:
 * - a checkbox or radio, or an input drawn under its label (the menu toggle, the file input), is
 *   tapped through its label: the target is the input and its labels together;
 * - WCAG 2.5.8's inline exception: a link inside a sentence (displayed inline, with text of its
 *   block around it) is sized by the line-height of that text and is not counted.
 * Elements of the screen-reader only (.sr-only) and ones placed off screen until focused (the skip
 * link) are not on the screen to be tapped.
 */
const MIN = 44;

/** The targets on screen smaller than 44×44 px, described for the failure message. */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const found: string[] = [];
    const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary';
    const union = (rects: DOMRect[]) => {
      const r = rects.filter((x) => x.width > 0 && x.height > 0);
      if (r.length === 0) return null;
      const left = Math.min(...r.map((x) => x.left));
      const top = Math.min(...r.map((x) => x.top));
      const right = Math.max(...r.map((x) => x.right));
      const bottom = Math.max(...r.map((x) => x.bottom));
      return { left, top, width: right - left, height: bottom - top };
    };
    const inlineInSentence = (el: Element) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
      const own = (el.textContent ?? '').trim().length;
      return !!block && (block.textContent ?? '').replace(/\s+/g, ' ').trim().length > own + 2;
    };
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.closest('.sr-only, [hidden], [inert]')) continue;
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      const input = el instanceof HTMLInputElement ? el : null;
      const drawnByLabel = input && (['checkbox', 'radio'].includes(input.type) || getComputedStyle(input).opacity === '0');
      const box = drawnByLabel
        ? union([
            input.getBoundingClientRect(),
            ...[...(input.labels ?? [])].filter((l) => l.checkVisibility()).map((l) => l.getBoundingClientRect()),
          ])
        : el.getBoundingClientRect();
      if (!box) continue;
      if (box.left + box.width <= 0 || box.left >= window.innerWidth) continue; // off screen until focused (skip link)
      if (box.width >= min - 0.5 && box.height >= min - 0.5) continue;
      if (inlineInSentence(el)) continue;
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.getAttribute('name') ?? el.id ?? '')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 40);
      found.push(
        `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''}> "${name}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
    }
    return found;
  }, MIN);
}

/**
 * The page never scrolls sideways as a whole, and the key columns of its data table (the money,
 * the status: `keys`, exact header text) are on screen without scrolling the table; date fields
 * are whole and wide enough; amounts never wrap; no placeholder links.
 */
export async function layoutProblems(page: Page, path: string, keys: string[]): Promise<string[]> {
  const problems: string[] = [];
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  if (scrollWidth > innerWidth) problems.push(`${path}: page is ${scrollWidth - innerWidth}px too wide`);
  for (const key of keys) {
    // A table in card rows shows the value under its label; otherwise the column's header is on screen.
    const card = page.locator(`main table td[data-label="${key}"]`).first();
    const header = page
      .locator('main table th')
      .filter({ hasText: new RegExp(`^\\s*${key}\\s*[▲▼]?\\s*$`) })
      .first();
    const box = (await card.isVisible()) ? await card.boundingBox() : await header.boundingBox();
    if (!box) {
      problems.push(`${path}: column ${key} not shown`);
      continue;
    }
    if (box.x < 0 || box.x + box.width > innerWidth + 1)
      problems.push(`${path}: column ${key} off screen (${Math.round(box.x)}–${Math.round(box.x + box.width)})`);
  }
  // Filter bars: every date field is whole on screen and wide enough for its date (a filter folded
  // behind its "Filter" disclosure on a phone is opened first, as the member would).
  for (const fold of await page.locator('main details:not([open])').all()) {
    const summary = fold.locator(':scope > summary');
    if ((await fold.locator('input[type="date"], input[type="month"]').count()) && (await summary.isVisible())) await summary.click();
  }
  for (const input of await page.locator('main input[type="date"], main input[type="month"]').all()) {
    const box = await input.boundingBox();
    const name = await input.getAttribute('name');
    if (!box) continue;
    if (box.x < 0 || box.x + box.width > innerWidth + 1) problems.push(`${path}: date field ${name} off screen`);
    if (box.width < 120) problems.push(`${path}: date field ${name} clipped (${Math.round(box.width)}px)`);
  }
  // Amounts never wrap: every "Rp …" on the page sits on one line.
  const broken = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.querySelector('main') ?? document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent?.checkVisibility() || parent.closest('.sr-only, .print-only, .print-only-table')) continue;
      for (const match of node.textContent!.matchAll(/Rp\s*-?[\d.]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        if (new Set(rects.map((r) => Math.round(r.top))).size > 1) found.push(match[0]);
      }
    }
    return found;
  });
  if (broken.length) problems.push(`${path}: amounts broken over two lines: ${broken.slice(0, 3).join(', ')}`);
  // No placeholder links anywhere.
  const placeholders = await page.locator('a[href*="example.com"]').count();
  if (placeholders) problems.push(`${path}: ${placeholders} placeholder link(s) to example.com`);
  return problems;
}
