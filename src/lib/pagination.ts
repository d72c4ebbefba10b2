export type PageItem = { kind: 'page'; page: number } | { kind: 'gap' };

/**
 * The page links of spec/000 §9: 2 margin pages at each end and 3 around the current one,
 * with gaps between runs.
 */
export function pageItems(current: number, totalPages: number, margin = 2, around = 3): PageItem[] {
  if (totalPages <= 1) return totalPages === 1 ? [{ kind: 'page', page: 1 }] : [];
  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(margin, totalPages); p++) shown.add(p);
  for (let p = Math.max(1, totalPages - margin + 1); p <= totalPages; p++) shown.add(p);
  const half = Math.floor(around / 2);
  let start = Math.max(1, current - half);
  const end = Math.min(totalPages, start + around - 1);
  start = Math.max(1, end - around + 1);
  for (let p = start; p <= end; p++) shown.add(p);
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  pages.forEach((page, i) => {
    if (i > 0 && page - pages[i - 1]! > 1) items.push({ kind: 'gap' });
    items.push({ kind: 'page', page });
  });
  return items;
}
