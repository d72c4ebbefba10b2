const rupiahFormat = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

/** Rupiah without decimals: 1500000 → "Rp 1.500.000", joined by a no-break space so the amount never wraps. Kept apart from the date formatters so islands ship no date library. */
export function rupiah(amount: number | bigint | string | null | undefined): string {
  const value = typeof amount === 'string' ? Number(amount) : (amount ?? 0);
  return `Rp\u00a0${rupiahFormat.format(value as number)}`;
}

export function number(value: number | null | undefined): string {
  return rupiahFormat.format(value ?? 0);
}

/** Rupiah in plain text with an ordinary space (messages, audit notes, PDFs, the CLI): 1500000 → "Rp 1.500.000". */
export function rupiahText(amount: number | null | undefined): string {
  return `Rp ${rupiahFormat.format(amount ?? 0)}`;
}
