/**
 * The page's side of the installable, offline-readable portal (public/sw.js,
 * docs/decisions/0020-offline.md), part of the layout script and kept tiny (DESIGN.md §9):
 * registers the service worker once the page has loaded and offers a waiting new version
 * ("Versi baru tersedia", rendered hidden by Toasts.astro). Forms sent without a network and
 * logout are the worker's: it answers with the offline page and forgets the kept pages.
 */
const workers = navigator.serviceWorker;
if (workers) {
  const prompt = document.getElementById('update-prompt');
  let updating = false;
  // Only a worker that would replace one already in control is an update (the first install is not).
  const offer = (worker: ServiceWorker | null): void => {
    if (!worker || !workers.controller || !prompt) return;
    prompt.hidden = false;
    prompt.onclick = () => {
      updating = true;
      worker.postMessage('skip-waiting');
    };
  };
  // The new worker took over: reload once, so the page and its scripts are of one version.
  workers.oncontrollerchange = () => updating && location.reload();
  addEventListener('load', () =>
    workers.register('/sw.js').then(
      (registration) => {
        // A browser that blocks workers may resolve without one.
        if (!registration) return;
        offer(registration.waiting);
        registration.onupdatefound = () => {
          const worker = registration.installing;
          if (worker) worker.onstatechange = () => worker.state === 'installed' && offer(worker);
        };
      },
      () => {
        /* no worker (private mode, blocked): the portal works as before */
      },
    ),
  );
}
