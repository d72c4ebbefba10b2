/**
 * The returns page (/transaksi/retur): a row opens its detail modal in place (the ?detail= page
 * fetched and its dialog swapped in; without JavaScript the link loads the page), and the create
 * form gets the spec/001 §5 checks live, removable and re-addable lines and the details JSON.
 */

const DETAIL = 'dlg-retur-detail';

function withoutDetail(): string {
  const url = new URL(location.href);
  url.searchParams.delete('detail');
  url.searchParams.delete('create');
  return url.pathname + url.search;
}

async function openDetail(href: string): Promise<void> {
  try {
    const response = await fetch(href, { headers: { accept: 'text/html' } });
    const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
    const fresh = doc.getElementById(DETAIL);
    if (!fresh) throw new Error('no dialog');
    fresh.removeAttribute('open');
    const old = document.getElementById(DETAIL) as HTMLDialogElement | null;
    old?.close();
    if (old) old.replaceWith(fresh);
    else document.getElementById('main')!.append(fresh);
    history.pushState(null, '', href);
    (fresh as HTMLDialogElement).showModal();
  } catch {
    location.href = href;
  }
}

document.getElementById('retur-table')?.addEventListener('click', (event) => {
  const target = event.target as HTMLElement;
  const row = target.closest<HTMLTableRowElement>('tr[data-href]');
  if (!row || (event as MouseEvent).ctrlKey || (event as MouseEvent).metaKey) return;
  event.preventDefault();
  void openDetail(row.dataset.href!);
});

// Closing a detail opened in place (or rendered open by ?detail=) returns to the list's address.
document.addEventListener('click', (event) => {
  const close = (event.target as HTMLElement).closest(`#${DETAIL} [data-close]`);
  if (!close) return;
  event.preventDefault();
  (document.getElementById(DETAIL) as HTMLDialogElement).close();
  history.replaceState(null, '', withoutDetail());
});
// Back after opening a detail in place closes it again.
window.addEventListener('popstate', () => {
  const open = document.getElementById(DETAIL) as HTMLDialogElement | null;
  if (open?.open && !new URL(location.href).searchParams.has('detail')) open.close();
});
document.addEventListener('close', (event) => {
  if ((event.target as HTMLElement).id === DETAIL && new URL(location.href).searchParams.has('detail')) history.replaceState(null, '', withoutDetail());
}, true);

const form = document.getElementById('retur-form') as HTMLFormElement | null;
if (form) {
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
