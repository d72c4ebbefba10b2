/** A fallback path from a query string, only if it stays on this site (no open redirect). */
export function safeLocalPath(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}
