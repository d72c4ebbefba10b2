import { atom } from 'nanostores';

/** A notification at the bottom right (spec/000 §2): success by default, closes after 3 s or by its button. */
export interface Toast {
  id: number;
  message: string;
  type: 'success' | 'danger' | 'warning' | 'info';
}

export const $toasts = atom<Toast[]>([]);

let next = 1;

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

/** Shows a notification; the layout script draws every toast of this store. */
export function notify(message: string, type: Toast['type'] = 'success'): void {
  const id = next++;
  $toasts.set([...$toasts.get(), { id, message, type }]);
  setTimeout(() => dismissToast(id), 3000);
}
