// The page-weight budgets of DESIGN.md §9, shared by `npm run bench:pages` and the budget test
// (tests/e2e/budgets.spec.ts, run by `npm test` and CI).
import zlib from 'node:zlib';

const KB = 1024;
export const budgets = { html: 40 * KB, jsList: 5 * KB, jsHeavy: 100 * KB, p95: 100 };

/** The pages allowed up to 100 KB of JavaScript (DESIGN.md §9: stepper and tree); all others 5 KB. */
export const heavy = (route) =>
  route === '/report/tree' ||
  route === '/daftar' ||
  route.startsWith('/transaksi/order-transaksi/') ||
  route === '/account/profile' ||
  route === '/' ||
  route === '/bonus/withdraw' ||
  route === '/account/address' ||
  route.startsWith('/reward-promo/') ||
  // The region picker island (issue #16).
  route === '/transaksi/cek-ongkir' ||
  // The console overview's charts (uPlot through the member dashboard's chart island, issue #26).
  route === '/admin';

export const jsBudgetOf = (route) => (heavy(route) ? budgets.jsHeavy : budgets.jsList);

export const gzipSize = (buffer) => zlib.gzipSync(buffer).length;

export const fmtKb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
