/** The texts of the offline app (issue #23), shared by the offline page and the layout script. */
export const OFFLINE_TITLE = 'Tidak ada koneksi internet';
export const OFFLINE_TEXT =
  'Halaman ini belum tersimpan di perangkat ini, dan formulir tidak dapat dikirim tanpa koneksi. Sambungkan ke internet, lalu coba lagi.';
/** A call to the server that got no answer (no network, server unreachable). */
export const CONNECTION_LOST = 'Tidak dapat terhubung ke server, periksa koneksi Anda.';
