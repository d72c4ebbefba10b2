import { describe, expect, it } from 'vitest';
import { pageItems } from '../../src/lib/pagination';

const render = (current: number, total: number) =>
  pageItems(current, total)
    .map((i) => (i.kind === 'gap' ? '…' : String(i.page)))
    .join(' ');

describe('pageItems: 2 margin pages, 3 around the current one (spec/000 §9)', () => {
  it.each([
    [1, 1, '1', 'a single page'],
    [1, 3, '1 2 3', 'few pages, no gaps'],
    [1, 10, '1 2 3 … 9 10', 'at the start'],
    [5, 10, '1 2 … 4 5 6 … 9 10', 'in the middle'],
    [10, 10, '1 2 … 8 9 10', 'at the end'],
    [4, 10, '1 2 3 4 5 … 9 10', 'run touching the margin has no gap'],
  ])('page %i of %i → %s (%s)', (current, total, expected) => {
    expect(render(current, total)).toBe(expected);
  });

  it('no pages for an empty list', () => {
    expect(pageItems(1, 0)).toEqual([]);
  });
});
