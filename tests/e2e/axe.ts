import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/**
 * axe-core run in the page itself (issue #22). @axe-core/playwright's `analyze()` cost about four
 * CPU seconds a page on CI's 2 cores, three of them its own machinery (it injects axe into every
 * frame, then opens a second page to merge the frames' results); the same audit run here costs
 * about one. The audited pages hold no frames, so the audit is of the document alone.
 */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 A and AA plus axe's best practices: what every page of the portal is held to. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * WCAG 2.5.3 Label in Name (level A): the accessible name of a control holds its visible text.
 * axe-core 4.13 still marks the rule experimental (a run by tags skips it); 4.14 runs it with the
 * wcag21a tag. The member pages are held to it (`enableRules`); the console still has findings.
 */
export const LABEL_IN_NAME = 'label-content-name-mismatch';

export type Violation = AxeResults['violations'][number];

type Audit = {
  /** The tags to run (default WCAG_TAGS); ignored when `rules` is given. */
  tags?: string[];
  /** Only these rules (e.g. `['color-contrast']`). */
  rules?: string[];
  disableRules?: string[];
  /** Rules run besides the tags' (e.g. LABEL_IN_NAME, experimental in axe-core 4.13). */
  enableRules?: string[];
  /** A CSS selector: only this part of the page. */
  include?: string;
};

/** The page's axe violations as axe reports them (every impact). */
export async function axeViolations(page: Page, audit: Audit = {}): Promise<Violation[]> {
  // Loaded once per document: a second audit of the same page (dark mode after light) reuses it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const options: RunOptions = {
    runOnly: audit.rules ? { type: 'rule', values: audit.rules } : { type: 'tag', values: audit.tags ?? WCAG_TAGS },
    rules: Object.fromEntries([
      ...(audit.enableRules ?? []).map((id) => [id, { enabled: true }]),
      ...(audit.disableRules ?? []).map((id) => [id, { enabled: false }]),
    ]),
    resultTypes: ['violations'],
    iframes: false,
  };
  return page.evaluate(
    async ({ include, options }) => {
      const axe = (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<AxeResults> } }).axe;
      return (await axe.run(include ? { include: [include] } : document, options)).violations;
    },
    { include: audit.include, options },
  );
}
