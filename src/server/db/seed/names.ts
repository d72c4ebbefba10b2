export const firstNames = [
  'Budi', 'Siti', 'Agus', 'Dewi', 'Eko', 'Sri', 'Joko', 'Rina', 'Andi', 'Wati', 'Hendra', 'Yuni',
  'Rudi', 'Lestari', 'Bambang', 'Ratna', 'Dedi', 'Indah', 'Fajar', 'Putri', 'Slamet', 'Ayu', 'Imam',
  'Nur', 'Arif', 'Maya', 'Taufik', 'Fitri', 'Wahyu', 'Dian', 'Yusuf', 'Kartika', 'Hadi', 'Rahmawati',
  'Irwan', 'Novi', 'Teguh', 'Sari', 'Rizky', 'Anisa', 'Gilang', 'Citra', 'Bayu', 'Mega', 'Dimas',
  'Wulan', 'Aditya', 'Nanda', 'Surya', 'Intan',
] as const;

export const lastNames = [
  'Santoso', 'Wijaya', 'Saputra', 'Hidayat', 'Kusuma', 'Pratama', 'Setiawan', 'Nugroho', 'Lestari',
  'Susanto', 'Gunawan', 'Halim', 'Siregar', 'Nasution', 'Harahap', 'Simanjuntak', 'Wibowo', 'Purnomo',
  'Hakim', 'Ramadhan', 'Suharto', 'Kurniawan', 'Putra', 'Utami', 'Permana', 'Hutapea', 'Sinaga',
  'Manurung', 'Firmansyah', 'Maulana',
] as const;
