/**
 * The date range of a report call: the spec's URL-encoded JSON filter ({field: {between: [a, b]}})
 * or plain from/to query parameters.
 */
export function rangeFromFilter(url: URL, field: string): { from: unknown; to: unknown } {
  let between: unknown[] = [];
  try {
    const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as Record<string, { between?: unknown[] }>;
    between = filter[field]?.between ?? [];
  } catch { /* an unreadable filter means none */ }
  return { from: between[0] ?? url.searchParams.get('from') ?? undefined, to: between[1] ?? url.searchParams.get('to') ?? undefined };
}
