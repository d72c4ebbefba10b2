/**
 * The one shared layout script (DESIGN.md §9: at most 5 KB gzip). It enhances server-rendered
 * pages: progress bar, notifications, form checks with the server's messages, password
 * show/hide, copy buttons. Every page works without it.
 */

import { onGuessList } from '../lib/password-guess';
import { sessionEndedBy } from '../lib/session-ended';
import { $sessionUser, clearSessionUser, type SessionUser } from '../stores/session-user';
import { $toasts, dismissToast, notify } from '../stores/toasts';

// Progress bar: on while a request (navigation, form post, island fetch) is under way.
const bar = document.getElementById('progress');
let pending = 0;
const progress = (delta: number): void => {
  pending = Math.max(0, pending + delta);
  bar?.classList.toggle('on', pending > 0);
};
const nativeFetch = window.fetch.bind(window);
window.fetch = async (...args: Parameters<typeof fetch>) => {
  progress(1);
  try {
    const response = await nativeFetch(...args);
    sessionEndedBy(String(args[0] instanceof Request ? args[0].url : args[0]), response.status);
    return response;
  } finally {
    progress(-1);
  }
};
// The signed-in member's non-secret fields, kept for the islands (src/stores/session-user.ts).
// Signing out leaves nothing personal in this browser: the saved user and a half-filled order
// form (a prospective member's identity number, phone, address). A 401/403 of a /member call
// does the same and goes to /signin (src/lib/member-fetch.ts).
const user = document.body.dataset.user;
if (user) $sessionUser.set(JSON.parse(user) as SessionUser);
document.querySelector('form[action="/logout"]')?.addEventListener('submit', () => {
  clearSessionUser();
  localStorage.removeItem('portal:order-form');
});
addEventListener('beforeunload', () => progress(1));
addEventListener('pageshow', () => {
  pending = 0;
  progress(0);
});

// Notifications: bottom-right, success by default, close after 3 s or by their button. The
// server's one-time flash is rendered in the page; islands add theirs to $toasts.
const toasts = document.getElementById('toasts');
function arm(box: Element): void {
  const remove = (): void => box.remove();
  box.querySelector('.toast-close')?.addEventListener('click', remove);
  setTimeout(remove, 3000);
}
toasts?.querySelectorAll('.toast').forEach(arm);
const shown = new Map<number, HTMLElement>();
$toasts.subscribe((list) => {
  if (!toasts) return;
  for (const [id, box] of shown) {
    if (!list.some((t) => t.id === id)) {
      box.remove();
      shown.delete(id);
    }
  }
  for (const toast of list) {
    if (shown.has(toast.id)) continue;
    const box = document.createElement('div');
    box.className = `toast toast-${toast.type}`;
    box.setAttribute('role', toast.type === 'danger' ? 'alert' : 'status');
    const text = document.createElement('span');
    text.textContent = toast.message;
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'toast-close';
    close.setAttribute('aria-label', 'Tutup');
    close.textContent = '×';
    close.addEventListener('click', () => dismissToast(toast.id));
    box.append(text, close);
    toasts.append(box);
    shown.set(toast.id, box);
  }
});

// Forms: check required/min length/equal fields on blur and submit with the messages the server
// rendered into data attributes; disable the submit button while the post is under way.
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
function check(field: Field): string {
  const d = field.dataset;
  const value = field.value;
  if (d.required && !value.trim()) return d.required;
  if (d.minlength && value && value.length < Number(d.minlength)) return d.minlengthMsg ?? '';
  if (d.pattern && value && !new RegExp(d.pattern).test(value)) return d.patternMsg ?? '';
  if (d.common && value && onGuessList(value, new Set(d.commonList?.split(' ')))) return d.common;
  if (d.equals) {
    const other = field.form?.elements.namedItem(d.equals) as Field | null;
    if (other && value !== other.value) return d.equalsMsg ?? '';
  }
  return '';
}
function show(field: Field, message: string): void {
  const slot = document.getElementById(`${field.id}-error`);
  if (slot) slot.textContent = message;
  field.setAttribute('aria-invalid', message ? 'true' : 'false');
}
document.querySelectorAll<HTMLFormElement>('form[data-check]').forEach((form) => {
  const fields = Array.from(form.querySelectorAll<Field>('[data-required],[data-minlength],[data-pattern],[data-common],[data-equals]'));
  for (const f of fields) f.addEventListener('blur', () => show(f, check(f)));
  form.addEventListener('submit', (event) => {
    let first: Field | undefined;
    for (const f of fields) {
      const message = check(f);
      show(f, message);
      if (message && !first) first = f;
    }
    if (first) {
      event.preventDefault();
      first.focus();
      return;
    }
    // A disabled submitter drops out of the posted data, so its name/value travels in a hidden field.
    const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.name) {
      const carry = document.createElement('input');
      carry.type = 'hidden';
      carry.name = submitter.name;
      carry.value = submitter.value;
      form.append(carry);
    }
    form.querySelectorAll<HTMLButtonElement>('button[type=submit]').forEach((b) => {
      b.disabled = true;
      b.setAttribute('aria-busy', 'true');
    });
  });
});

// Password show/hide.
document.querySelectorAll<HTMLButtonElement>('[data-toggle-password]').forEach((button) => {
  button.addEventListener('click', () => {
    const input = document.getElementById(button.dataset.togglePassword!) as HTMLInputElement | null;
    if (!input) return;
    const showing = input.type === 'text';
    input.type = showing ? 'password' : 'text';
    button.setAttribute('aria-pressed', String(!showing));
    button.textContent = showing ? 'Tampilkan' : 'Sembunyikan';
  });
});

// Copy buttons (referral link).
document.querySelectorAll<HTMLButtonElement>('[data-copy]').forEach((button) => {
  button.addEventListener('click', async () => {
    const source = document.getElementById(button.dataset.copy!) as HTMLInputElement | null;
    if (!source) return;
    try {
      await navigator.clipboard.writeText(source.value);
    } catch {
      source.select();
      document.execCommand('copy');
    }
    notify('Link referal disalin');
  });
});

// Digits-only inputs (spec/000 §2: typing and pasting, at most 14 characters).
document.querySelectorAll<HTMLInputElement>('input[data-digits]').forEach((input) => {
  input.addEventListener('input', () => {
    const max = Number(input.dataset.digits) || 14;
    const clean = input.value.replace(/\D/g, '').slice(0, max);
    if (clean !== input.value) input.value = clean;
  });
});

// Domicile redirect: scroll to and focus a field 800 ms after the page started (spec/000 §2),
// counted from navigation start so a slow script does not add to it (the island takes over the same clock).
const focusTarget = document.querySelector<HTMLElement>('[data-focus-later]');
if (focusTarget) {
  setTimeout(
    () => {
      if (!focusTarget.isConnected) return;
      focusTarget.scrollIntoView({ block: 'center' });
      focusTarget.focus();
    },
    Math.max(0, 800 - performance.now()),
  );
}
