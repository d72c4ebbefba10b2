import sanitizeHtml from 'sanitize-html';

/**
 * Operator HTML (news, public pages) reduced to text formatting and safe links (DESIGN.md §4):
 * scripts, styles, event handlers and javascript: addresses are dropped. Run on save and on render.
 */
export function sanitizeNews(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h2', 'h3', 'h4', 'blockquote', 'img', 'span'],
    allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
  });
}
