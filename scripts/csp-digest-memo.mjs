// Build step (astro.config.mjs, a Vite plugin): Astro hashes the page's inline styles and scripts
// for its Content-Security-Policy header on every request (createResult → generateCspDigest,
// crypto.subtle over ~100 KB of inlined CSS on the dashboard: 7% of its server CPU, issue #24).
// Those strings are the build's own, the same on every request, so each digest is computed once
// and kept. The policy is the same text as before; only the repeated hashing goes.
const ENCRYPTION_MODULE = /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/;
const DIGEST = 'async function generateCspDigest(data, algorithm) {';
/** Distinct strings kept (the build's inline styles and scripts are far fewer); beyond it, hashed each time. */
const MAX_KEPT = 2000;

export function cspDigestMemo() {
  return {
    name: 'portal:csp-digest-memo',
    transform(code, id) {
      if (!ENCRYPTION_MODULE.test(id)) return null;
      // Astro changed its code: fail the build rather than silently hash on every request again.
      if (!code.includes(DIGEST)) this.error(`csp-digest-memo: "${DIGEST}" not found in ${id}`);
      const memo = `const keptCspDigests = new Map();
function generateCspDigest(data, algorithm) {
  let kept = keptCspDigests.get(algorithm);
  if (!kept) keptCspDigests.set(algorithm, (kept = new Map()));
  let digest = kept.get(data);
  if (digest === undefined) {
    digest = computeCspDigest(data, algorithm);
    if (kept.size < ${MAX_KEPT}) {
      kept.set(data, digest);
      digest.catch(() => kept.delete(data));
    }
  }
  return digest;
}
async function computeCspDigest(data, algorithm) {`;
      return { code: code.replace(DIGEST, memo), map: null };
    },
  };
}

// Astro's build writes every page's inline-style hashes into the manifest's style lists with their
// repeats (430 entries for 26 distinct hashes here), and every request copies those lists and walks
// them to write the same header (renderCspContent: 11–20% of a small page's server CPU, issue #24).
// The lists are deduplicated once per process, first occurrences in their order, so the header is
// the same text; each request still gets its own copy (Astro adds a page's hashes to it).
const FETCH_STATE_MODULE = /[\\/]astro[\\/]dist[\\/]core[\\/]fetch[\\/]fetch-state\.js$/;
const HASH_LISTS = [
  '[...manifest.csp.scriptHashes]',
  '[...manifest.csp.styleHashes]',
  '[...manifest.csp.scriptDirective.hashes]',
  '[...manifest.csp.styleDirective.hashes]',
];

export function cspHashListsOnce() {
  return {
    name: 'portal:csp-hash-lists-once',
    transform(code, id) {
      if (!FETCH_STATE_MODULE.test(id)) return null;
      let out = code;
      for (const list of HASH_LISTS) {
        // Astro changed its code: fail the build rather than silently walk the repeats again.
        if (!out.includes(list)) this.error(`csp-hash-lists-once: "${list}" not found in ${id}`);
        out = out.split(list).join(`distinctCspHashes(${list.slice(4, -1)})`);
      }
      return {
        code: `${out}
const distinctCspHashLists = new WeakMap();
function distinctCspHashes(list) {
  let distinct = distinctCspHashLists.get(list);
  if (!distinct) distinctCspHashLists.set(list, (distinct = [...new Set(list)]));
  return [...distinct];
}
`,
        map: null,
      };
    },
  };
}
