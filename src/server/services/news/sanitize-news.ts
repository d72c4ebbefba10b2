import sanitizeHtml from 'sanitize-html';

/**
 * Operator HTML (news, public pages) reduced to text formatting and safe links (DESIGN.md §4):
 * scripts, styles, event handlers and javascript: addresses are dropped. Run on save and on render.
 */
export function sanitizeNews(html: string): string {
  let clean = sanitized.get(html);
  if (clean === undefined) {
    clean = sanitize(html);
    // The same text gives the same result: kept by the text itself, forgotten all at once when full.
    if (sanitized.size >= SANITIZED_KEPT) sanitized.clear();
    sanitized.set(html, clean);
  }
  return clean;
}

/** Sanitised texts kept per process (news and public pages are read far more often than written; issue #24). */
const SANITIZED_KEPT = 200;
const sanitized = new Map<string, string>();

function sanitize(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'h4', 'blockquote', 'img', 'span'],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}
