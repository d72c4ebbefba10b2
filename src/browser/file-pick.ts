// The chosen files' names beside a "Pilih file" button (src/components/FilePick.astro).
document.addEventListener('change', (event) => {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || input.type !== 'file') return;
  const names = input.closest('.file-pick')?.querySelector('[data-file-names]');
  if (names) names.textContent = input.files?.length ? [...input.files].map((f) => f.name).join(', ') : 'Belum ada file dipilih';
});
