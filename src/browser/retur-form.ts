/**
 * The create form's live checks (spec/001 §5), removable and re-addable lines and the details JSON.
 * Loaded by retur.ts only when the member opens the form, so the list page ships the layout script only.
 */
import { returMessages as msg } from '../lib/retur-rules';
import './file-pick';

export function enhanceReturForm(form: HTMLFormElement): void {
  const invoice = form.querySelector<HTMLSelectElement>('#retur-invoice')!;
  const deskripsi = form.querySelector<HTMLTextAreaElement>('#retur-deskripsi')!;
  const files = form.querySelector<HTMLInputElement>('#retur-files')!;
  const address = form.querySelector<HTMLSelectElement>('#retur-address')!;
  const details = form.querySelector<HTMLInputElement>('input[name=details]')!;
  const submit = form.querySelector<HTMLButtonElement>('#retur-submit')!;
  const sets = [...form.querySelectorAll<HTMLFieldSetElement>('fieldset[data-order]')];
  const imageMax = Number(form.dataset.imageMax);
  const videoMax = Number(form.dataset.videoMax);
  const fileCount = Number(form.dataset.fileCount);
  const touched = new Set<string>();
  const reason = form.querySelector<HTMLElement>('#retur-submit-reason')!;
  // Errors the server rendered stay until their field is fixed (untouched fields show nothing).
  for (const out of form.querySelectorAll<HTMLElement>('.field-error')) {
    if (!out.textContent?.trim()) continue;
    const id = out.id.replace(/-error$/, '');
    touched.add(
      { 'retur-invoice': 'invoice', 'retur-deskripsi': 'deskripsi', 'retur-files': 'files', 'retur-address': 'address' }[id] ?? id,
    );
  }

  const current = () => sets.find((s) => s.dataset.order === invoice.value);
  const lines = (set?: HTMLFieldSetElement) => [...(set?.querySelectorAll<HTMLTableRowElement>('tr[data-line]') ?? [])];
  const same = () => form.querySelector<HTMLInputElement>('input[name=same_address]:checked')?.value !== 'false';

  const showError = (el: HTMLElement & { id: string }, message: string | null, key: string) => {
    const out = document.getElementById(`${el.id}-error`);
    const visible = message && (touched.has(key) || touched.has('*')) ? message : '';
    if (out) out.textContent = visible;
    if (visible) el.setAttribute('aria-invalid', 'true');
    else el.removeAttribute('aria-invalid');
    return message;
  };

  const fileError = (): string | null => {
    const list = [...(files.files ?? [])];
    if (list.length !== fileCount) return msg.files;
    for (const f of list) {
      if (f.type === 'video/mp4') {
        if (f.size > videoMax) return msg.video;
      } else if (f.type.startsWith('image/')) {
        if (f.size > imageMax) return msg.image;
      } else return msg.fileType;
    }
    return null;
  };

  /**
   * Shows the messages of touched fields and enables submit only when everything holds; while it
   * is off, the line under it names the first thing missing (even in a field not touched yet).
   */
  const check = (): boolean => {
    const set = current();
    let first: string | null = null;
    const show = (el: HTMLElement & { id: string }, message: string | null, key: string) => {
      first ??= message;
      return showError(el, message, key);
    };
    let ok = Boolean(show(invoice, set ? null : msg.invoice, 'invoice') === null);
    const active = lines(set).filter((row) => !row.hidden);
    for (const row of active) {
      const input = row.querySelector<HTMLInputElement>('input[type=number]')!;
      const max = Number(input.dataset.max);
      const value = input.value.trim();
      const qty = Number(value);
      const error = value === '' || !Number.isInteger(qty) || qty < 1 ? msg.qty : qty > max ? msg.max(max) : null;
      if (show(input, error, input.id)) ok = false;
    }
    if (set) set.querySelector<HTMLElement>('[data-empty]')!.hidden = active.length > 0;
    if (set && active.length === 0) {
      first ??= msg.noItems;
      ok = false;
    }
    if (show(deskripsi, deskripsi.value.trim() ? null : msg.deskripsi, 'deskripsi')) ok = false;
    if (show(files, fileError(), 'files')) ok = false;
    address.disabled = same();
    if (show(address, !same() && !address.value ? msg.address : null, 'address')) ok = false;
    submit.disabled = !ok;
    reason.textContent = ok ? '' : `Kirim Retur belum bisa: ${first ?? msg.invoice}`;
    reason.hidden = ok;
    return ok;
  };

  const choose = () => {
    const set = current();
    for (const s of sets) {
      s.hidden = s !== set;
      s.disabled = s !== set;
    }
    const shipTo = set?.dataset.shipTo ?? '';
    const sameRadio = form.querySelector<HTMLInputElement>('input[name=same_address][value=true]')!;
    sameRadio.disabled = Boolean(set) && !shipTo;
    if (sameRadio.disabled && sameRadio.checked) {
      // The order was picked up (no ship-to): only a saved address can take the replacement.
      form.querySelector<HTMLInputElement>('input[name=same_address][value=false]')!.checked = true;
      touched.add('address');
    }
    form.querySelector<HTMLElement>('[data-ship-to-text]')!.textContent = shipTo ? `(${shipTo})` : set ? '(order tanpa alamat kirim)' : '';
    check();
  };

  for (const set of sets) {
    const add = set.querySelector<HTMLSelectElement>('[data-add]')!;
    const addWrap = set.querySelector<HTMLElement>('[data-add-wrap]')!;
    for (const row of lines(set)) {
      const remove = row.querySelector<HTMLButtonElement>('[data-remove]')!;
      remove.hidden = false;
      remove.setAttribute('aria-label', `Hapus ${row.dataset.name}`);
      remove.addEventListener('click', () => {
        row.hidden = true;
        row.querySelector('input')!.disabled = true;
        add.append(new Option(row.dataset.name, row.dataset.line));
        addWrap.hidden = false;
        check();
        add.focus();
      });
    }
    add.addEventListener('change', () => {
      const row = lines(set).find((r) => r.dataset.line === add.value);
      if (!row) return;
      row.hidden = false;
      const input = row.querySelector('input')!;
      input.disabled = false;
      add.querySelector(`option[value="${add.value}"]`)?.remove();
      add.value = '';
      addWrap.hidden = add.options.length <= 1;
      check();
      input.focus();
    });
  }

  // (The refusal of the last submit is dropped by src/browser/retur.ts, before these checks load.)
  form.addEventListener('input', (event) => {
    const el = event.target as HTMLElement;
    touched.add(el === invoice ? 'invoice' : el === deskripsi ? 'deskripsi' : el === files ? 'files' : el === address ? 'address' : el.id);
    if (el === invoice) choose();
    else check();
  });
  form.addEventListener('change', (event) => {
    const el = event.target as HTMLInputElement;
    if (el.name === 'same_address') touched.add('address');
    if (el === files) touched.add('files');
    check();
  });
  form.addEventListener('submit', (event) => {
    touched.add('*');
    if (!check()) {
      event.preventDefault();
      form.querySelector<HTMLElement>('[aria-invalid=true]')?.focus();
      return;
    }
    const chosen = lines(current())
      .filter((row) => !row.hidden)
      .map((row) => ({
        detail_id: row.dataset.line!,
        qty: Number(row.querySelector<HTMLInputElement>('input[type=number]')!.value),
      }));
    details.disabled = false;
    details.value = JSON.stringify(chosen);
    submit.disabled = true;
    submit.setAttribute('aria-busy', 'true');
  });
  choose();
}
