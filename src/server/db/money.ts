/**
 * Rupiah in JavaScript are `number`s holding whole rupiah, checked to be safe integers (ADR 0012).
 * PostgreSQL keeps them in `bigint`; postgres.js answers int8/numeric as strings, PGlite as numbers
 * or bigints: every value read from a money column or a money aggregate passes through here, in
 * the data layer, so no caller ever casts.
 */
export function toRupiah(value: unknown): number {
  if (value === null || value === undefined) return 0;
  const n = typeof value === 'number' ? value : Number(typeof value === 'bigint' ? value : String(value));
  if (!Number.isSafeInteger(n)) throw new RangeError(`Nilai rupiah tidak valid: ${String(value)}`);
  return n;
}

/** Counts and BV sums: integers that postgres.js may answer as strings. */
export const toCount = toRupiah;
