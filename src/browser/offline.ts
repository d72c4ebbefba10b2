/**
 * The page's side of the installable, offline-readable portal (public/sw.js,
 * docs/decisions/0017-offline.md), part of the layout script: registers the service worker after
 * the page has loaded, offers a waiting new version ("Versi baru tersedia") and keeps forms from
 * being sent without a network.
 */
import { notify } from '../stores/toasts';
import { OFFLINE_SUBMIT } from '../lib/offline-messages';

const workers = navigator.serviceWorker;

/** Erases the pages kept for offline reading (logout; the session ended). The worker does it too when the server says so. */
export function forgetOffline(): void {
  workers?.controller?.postMessage('forget');
}

if (workers) {
  let updating = false;
  const prompt = document.getElementById('update-prompt');
  // Only a worker that replaces one already in control is an update (the first install is not).
  const offer = (worker: ServiceWorker | null): void => {
    if (!worker || !workers.controller || !prompt) return;
    prompt.hidden = false;
    prompt.querySelector('button')!.onclick = () => {
      updating = true;
      worker.postMessage('skip-waiting');
    };
  };
  // The new worker took over: reload once, so the page and its scripts are of one version.
  workers.addEventListener('controllerchange', () => {
    if (updating) location.reload();
  });
  addEventListener('load', () => {
    workers.register('/sw.js').then((registration) => {
      offer(registration.waiting);
      registration.addEventListener('updatefound', () => {
        const worker = registration.installing;
        worker?.addEventListener('statechange', () => {
          if (worker.state === 'installed') offer(worker);
        });
      });
    }, () => { /* no worker (private mode, blocked): the portal works as before */ });
  });
}

// A form sent without a network: say so and keep what was typed (capturing, before the form's own checks).
document.addEventListener('submit', (event) => {
  if (navigator.onLine) return;
  event.preventDefault();
  event.stopPropagation();
  // Logout cannot reach the server, but this phone forgets the member's kept pages all the same.
  if ((event.target as HTMLFormElement).getAttribute('action') === '/logout') forgetOffline();
  notify(OFFLINE_SUBMIT, 'danger');
}, true);
