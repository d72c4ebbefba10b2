/**
 * The order queue's "select all on this page" and its count (console /admin/orders). Without
 * JavaScript the row checkboxes work alone; the header box and the count appear only here.
 */
const all = document.querySelector<HTMLInputElement>('[data-select-all]');
const count = document.querySelector<HTMLElement>('[data-selected-count]');
const rows = [...document.querySelectorAll<HTMLInputElement>('[data-row-check]')];

function update(): void {
  const chosen = rows.filter((row) => row.checked).length;
  if (count) count.textContent = `${chosen} dipilih dari ${rows.length} di halaman ini`;
  if (all) {
    all.checked = rows.length > 0 && chosen === rows.length;
    all.indeterminate = chosen > 0 && chosen < rows.length;
  }
}

if (all && count && rows.length > 0) {
  all.hidden = false;
  count.hidden = false;
  document.querySelector('[data-select-label]')?.remove();
  all.addEventListener('change', () => {
    for (const row of rows) row.checked = all.checked;
    update();
  });
  for (const row of rows) row.addEventListener('change', update);
  update();
}
