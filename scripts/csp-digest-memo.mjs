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
