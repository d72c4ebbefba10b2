/**
 * The returns page (/transaksi/retur): a row opens its detail (?detail=, rendered open by the
 * server, as the row's link does without JavaScript), and the create
 * form gets the spec/001 §5 checks live, removable and re-addable lines and the details JSON.
 */
const DETAIL = 'dlg-retur-detail';

function withoutDetail(): string {
  const url = new URL(location.href);
  url.searchParams.delete('detail');
  url.searchParams.delete('create');
  return url.pathname + url.search;
}

document.getElementById('retur-table')?.addEventListener('click', (event) => {
  const target = event.target as HTMLElement;
  const row = target.closest<HTMLTableRowElement>('tr[data-href]');
  if (!row || target.closest('a') || (event as MouseEvent).ctrlKey || (event as MouseEvent).metaKey) return;
  // The server renders the detail open (?detail=): the same page a link without JavaScript loads.
  location.assign(row.dataset.href!);
});

// Closing a detail rendered open by ?detail= returns to the list's address.
document.addEventListener('click', (event) => {
  const close = (event.target as HTMLElement).closest(`#${DETAIL} [data-close]`);
  if (!close) return;
  event.preventDefault();
  (document.getElementById(DETAIL) as HTMLDialogElement).close();
  history.replaceState(null, '', withoutDetail());
});
// Esc closes it too. A close that the modal upgrade of src/browser/dialogs.ts undoes at once
// (close, then showModal) finds the dialog open again and keeps the address.
document.addEventListener(
  'close',
  (event) => {
    const dialog = event.target as HTMLDialogElement;
    if (dialog.id === DETAIL && !dialog.open && new URL(location.href).searchParams.has('detail'))
      history.replaceState(null, '', withoutDetail());
  },
  true,
);

const form = document.getElementById('retur-form') as HTMLFormElement | null;
if (form) {
  // The refusal of the last submit is stale once the member changes anything: listened for here,
  // not in the lazily loaded checks, so a change made while they load still clears it.
  const dropFailure = () => document.getElementById('retur-failure')?.remove();
  form.addEventListener('input', dropFailure);
  form.addEventListener('change', dropFailure);
  let loading: Promise<unknown> | undefined;
  const enhance = () => (loading ??= import('./retur-form').then((m) => m.enhanceReturForm(form)));
  // Open already (?create=1, or a refused post shown again): now; otherwise on the way to opening it.
  if (form.closest('dialog')?.open) enhance();
  else {
    document.getElementById('buat-retur')?.addEventListener('pointerdown', enhance, { once: true });
    document.getElementById('buat-retur')?.addEventListener('click', enhance, { once: true });
    form.addEventListener('focusin', enhance, { once: true });
  }
}

// The waybill form (also inside a detail swapped in later): the spec's two messages before sending.
document.addEventListener('submit', (event) => {
  const resi = event.target as HTMLFormElement;
  if (resi.id !== 'resi-form') return;
  let ok = true;
  for (const el of resi.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-required]')) {
    const error = el.value.trim() ? '' : el.dataset.required!;
    document.getElementById(`${el.id}-error`)!.textContent = error;
    if (error) {
      el.setAttribute('aria-invalid', 'true');
      ok = false;
    } else el.removeAttribute('aria-invalid');
  }
  if (!ok) event.preventDefault();
});
