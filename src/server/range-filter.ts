import { defaultRange, type RangeDefault } from '../lib/report-range';

/**
 * The date range of a report call: the spec's URL-encoded JSON filter ({field: {between: [a, b]}})
 * or plain from/to query parameters; a call with neither end gets the spec's default range when
 * one is given (spec/000 §9 constants), like the report page.
 */
export function rangeFromFilter(url: URL, field: string, fallback?: RangeDefault): { from: unknown; to: unknown } {
  let between: unknown[] = [];
  try {
    const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as Record<string, { between?: unknown[] }>;
    between = filter[field]?.between ?? [];
  } catch {
    /* an unreadable filter means none */
  }
  const from = between[0] ?? url.searchParams.get('from') ?? undefined;
  const to = between[1] ?? url.searchParams.get('to') ?? undefined;
  if (from === undefined && to === undefined && fallback) return defaultRange(fallback);
  return { from, to };
}

/**
 * A URL-encoded JSON query parameter (the spec's `filter` and `sort`) as an object: anything else
 * (unreadable, `null`, a number, an array) reads as no filter. The shape inside is still checked
 * by the endpoint's zod schema.
 */
export function jsonParam<T extends object>(url: URL, name: string): Partial<T> {
  try {
    const value: unknown = JSON.parse(url.searchParams.get(name) ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Partial<T>) : {};
  } catch {
    return {};
  }
}
