/**
 * The member's own words for the columns an operator may change, shown in the member's
 * "Riwayat perubahan data" and in the notice mail (the profile form's labels, spec/000 §3).
 */
export const MEMBER_FIELD_LABELS: Record<string, string> = {
  username: 'Username',
  nama: 'Nama Lengkap',
  nomorIdentitas: 'No Identitas (NIK)',
  tglLahir: 'Tanggal Lahir',
  jenisKelamin: 'Jenis Kelamin',
  agama: 'Agama',
  statusKawin: 'Status Perkawinan',
  alamat: 'Alamat',
  propinsi: 'Propinsi',
  kota: 'Kota/Kabupaten',
  kecamatan: 'Kecamatan',
  negara: 'Negara',
  kodePos: 'Kode Pos',
  propinsiDomisili: 'Propinsi Domisili',
  kotaDomisili: 'Kota/Kabupaten Domisili',
  kodeBank: 'Bank',
  namaRekening: 'Nama Pemilik Rekening',
  noRekening: 'No Rekening',
  cabang: 'Bank Cabang',
  statusRekening: 'Status Rekening',
  noNikPassporPenerima: 'No Identitas Pewaris',
  namaLengkapPewaris: 'Nama Pewaris',
  noMobilePewaris: 'No HP Pewaris',
  hubunganPewaris: 'Hubungan Pewaris',
  email: 'Email',
  phone: 'No WhatsApp',
  sponsorId: 'Sponsor',
  upline: 'Upline',
  sisi: 'Sisi',
  // The snake_case keys of the verification and KYC audit rows.
  status_rekening: 'Status Rekening',
  kode_bank: 'Bank',
  no_rekening: 'No Rekening',
  nama_rekening: 'Nama Pemilik Rekening',
  status_npwp: 'Status NPWP',
  jenis: 'Jenis',
  nomor: 'Nomor',
};

export const fieldLabel = (key: string): string => MEMBER_FIELD_LABELS[key] ?? key;
