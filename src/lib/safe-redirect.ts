/**
 * A fallback path from a query string, only if it stays on this site (no open redirect): resolved
 * against the site's own origin the way a browser would resolve it (`/\t/evil.example` and
 * `/\\evil.example` are other hosts to a browser), refused when it contains control characters,
 * and returned as path + query of that origin.
 */
export function safeLocalPath(value: string | null | undefined, origin = 'http://portal.invalid'): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (!value?.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(origin).origin) return undefined;
  return url.pathname + url.search;
}

/**
 * The one safe-link rule for links an operator or a query string puts on a page (banner links,
 * promo banner URLs, redirects): a path that stays on this site (safeLocalPath: no `//host`, no
 * backslash, no control characters) or an absolute address of one of `schemes` with a host,
 * written plainly (`scheme://host…`, no whitespace, no backslash, no user:password@). Returns the
 * link as given, or undefined when it is refused.
 */
export function safeLink(value: string | null | undefined, schemes: readonly string[] = ['http:', 'https:']): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (!value || /[\s\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  if (value.startsWith('/')) return safeLocalPath(value) === undefined ? undefined : value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (!schemes.includes(url.protocol) || !url.hostname || url.username || url.password) return undefined;
  // `https:evil.example` and `https:/evil.example` parse, but browsers and readers disagree on them.
  return value.toLowerCase().startsWith(`${url.protocol}//`) ? value : undefined;
}
