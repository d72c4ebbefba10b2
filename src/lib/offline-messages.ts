/** The texts of the offline app (issue #23), shared by the offline page and the layout script. */
export const OFFLINE_TITLE = 'Tidak ada koneksi internet';
export const OFFLINE_TEXT = 'Halaman ini belum tersimpan di perangkat ini, dan formulir tidak dapat dikirim tanpa koneksi. Sambungkan ke internet, lalu coba lagi.';
/** A form sent without a network: nothing was sent, the form keeps what was typed. */
export const OFFLINE_SUBMIT = 'Tidak ada koneksi internet: data belum dikirim. Coba lagi setelah tersambung.';
