/**
 * A fallback path from a query string, only if it stays on this site (no open redirect): resolved
 * against the site's own origin the way a browser would resolve it (`/\t/evil.example` and
 * `/\\evil.example` are other hosts to a browser), refused when it contains control characters,
 * and returned as path + query of that origin.
 */
export function safeLocalPath(value: string | null | undefined, origin = 'http://portal.invalid'): string | undefined {
  if (!value || !value.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(origin).origin) return undefined;
  return url.pathname + url.search;
}
