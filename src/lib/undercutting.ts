import { rupiah } from './money-format';

/**
 * The undercutting warning (spec/001 §9: it names account suspension, 12 years prison and a fine),
 * shown with the code of ethics and in the registration step. One text for the page and the island.
 * The spec leaves the fine's amount out; this figure is the business's to confirm.
 */
export const UNDERCUTTING_FINE = 12_000_000_000;

export const UNDERCUTTING_WARNING =
  'Peringatan: dilarang menjual produk di bawah harga resmi (banting harga). Pelanggaran dikenai sanksi ' +
  `penangguhan (suspend) akun, ancaman pidana penjara hingga 12 tahun, dan denda hingga ${rupiah(UNDERCUTTING_FINE)}.`;
