/**
 * The one way a page's server-rendered parts are brought up to date after an island changed the
 * data behind them (a claim, a withdrawal, a return opened in place): GET the page's HTML, the same
 * the server renders without JavaScript, and swap the named elements for their fresh copies.
 * Islands inside a fresh copy hydrate themselves once they are in the document. JSON calls go
 * through call() in src/lib/member-fetch.ts; this is only for HTML the server already renders.
 * Resolves to the fresh document, or throws when the page or an element is missing (callers then
 * load the page in full).
 */
export async function refreshRegions(url: string, ids: readonly string[]): Promise<Document> {
  const response = await fetch(url, { headers: { accept: 'text/html' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const fresh = new DOMParser().parseFromString(await response.text(), 'text/html');
  for (const id of ids) {
    const next = fresh.getElementById(id);
    if (!next) throw new Error(`#${id} missing`);
    const now = document.getElementById(id);
    if (now) now.replaceWith(document.importNode(next, true));
  }
  return fresh;
}
