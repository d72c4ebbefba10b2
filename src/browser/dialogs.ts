/**
 * Edit modals of the account pages. Each "Ubah" link points at ?edit=NAME, which renders its
 * <dialog> open without JavaScript; with it the dialog opens in place and closes with its buttons.
 */
document.querySelectorAll<HTMLAnchorElement>('a[data-dialog]').forEach((link) => {
  link.addEventListener('click', (event) => {
    const dialog = document.getElementById(link.dataset.dialog!) as HTMLDialogElement | null;
    if (!dialog) return;
    event.preventDefault();
    dialog.showModal();
    dialog.querySelector<HTMLElement>('input:not([type=hidden]):not([readonly]),select,textarea')?.focus();
  });
});
document.querySelectorAll<HTMLElement>('dialog [data-close]').forEach((button) => {
  button.addEventListener('click', (event) => {
    const dialog = button.closest('dialog');
    if (!dialog) return;
    event.preventDefault();
    dialog.close();
    // A dialog rendered open by ?edit= leaves the query behind once closed.
    if (new URL(location.href).searchParams.has('edit')) history.replaceState(null, '', location.pathname + location.hash);
  });
});
// A dialog rendered open by the server (?edit=…, or a form with errors) becomes a real modal.
document.querySelectorAll<HTMLDialogElement>('dialog[open][data-modal]').forEach((dialog) => {
  dialog.close();
  dialog.showModal();
});
