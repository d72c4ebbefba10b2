// Portal Member's service worker: hand-written, no library (docs/decisions/0020-offline.md).
// - Shell (offline page, its stylesheet and layout script, manifest, icons): precached per version;
//   /_astro files (content-hashed) are served from the cache once seen.
// - Pages: always from the network. A page the server marks with x-offline-key (a signed-in
//   member's dashboard, bonus reports, tree, order list: src/server/offline.ts) is kept in a cache
//   of that session alone; without a network the kept copy is shown with its "Offline: data per"
//   line, anything else gets the offline page.
// - Forms (POST) go to the network; without one the offline page says so.
// - Erased: at logout and a session that ended (the server answers a page with x-offline-key:
//   forget), on any 401/403, past the session's end (x-offline-until), when another session's page
//   is kept, and when a new version takes over. Never kept: /admin, /member (API), non-GET answers.
const VERSION = 'dev'; // the build writes its own (scripts/service-worker.mjs): each deploy is a new worker
const SHELL = `shell-${VERSION}`;
const PRIVATE = 'private-';
const OFFLINE = '/offline';
const STATIC = [
  OFFLINE,
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/maskable-512.png',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      await cache.addAll(STATIC.map((url) => new Request(url, { cache: 'reload' })));
      const page = await (await cache.match(OFFLINE)).text();
      await cache.addAll([...new Set([...page.matchAll(/(?:href|src)="(\/_astro\/[^"]+)"/g)].map((m) => m[1]))]);
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Kept pages name the old version's scripts and styles: they go with it.
      for (const name of await caches.keys()) if (name !== SHELL) await caches.delete(name);
      // Pages are asked for while the worker starts, not after (a second visit starts sooner).
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
  else if (event.data === 'forget') event.waitUntil(forget());
});

async function forget() {
  for (const name of await caches.keys()) if (name.startsWith(PRIVATE)) await caches.delete(name);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  const path = url.pathname;
  if (url.origin !== location.origin) return;
  const ours = !path.startsWith('/admin') && !path.startsWith('/member/') && path !== '/sw.js';
  // Every GET navigation is answered here, even one never kept: the navigation preload already
  // asked the server, and a second request would repeat it.
  if (request.mode === 'navigate' && request.method === 'GET' && !ours) {
    event.respondWith(Promise.resolve(event.preloadResponse).then((preloaded) => preloaded ?? fetch(request)));
    return;
  }
  if (!ours) return;
  if (request.method !== 'GET') {
    if (request.mode === 'navigate') event.respondWith(send(request, path));
    return;
  }
  if (request.mode === 'navigate') event.respondWith(page(event));
  else if (path.startsWith('/_astro/') || STATIC.includes(path)) event.respondWith(shellFile(request));
});

// A form sent (never kept): logout forgets the kept pages first, even without a network; a form
// sent without a network gets the offline page, which says so ("Tidak ada koneksi internet").
async function send(request, path) {
  if (path === '/logout') await forget();
  return fetch(request).catch(() => shellFile(OFFLINE));
}

async function shellFile(request) {
  const cache = await caches.open(SHELL);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && new URL(response.url).pathname.startsWith('/_astro/')) await cache.put(request, response.clone());
  return response;
}

async function page(event) {
  const { request } = event;
  let response;
  try {
    response = (await event.preloadResponse) ?? (await fetch(request));
  } catch {
    return (await lastSeen(request.url)) ?? (await caches.match(OFFLINE)) ?? Response.error();
  }
  const key = response.headers.get('x-offline-key');
  if (response.status === 401 || response.status === 403 || key === 'forget') await forget();
  else if (key && response.status === 200) event.waitUntil(keep(key, request.url, response.clone()));
  return response;
}

async function keep(key, url, response) {
  const name = PRIVATE + key;
  // One session's pages at a time: a new sign-in on this phone drops the previous member's.
  for (const other of await caches.keys()) if (other.startsWith(PRIVATE) && other !== name) await caches.delete(other);
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  await (await caches.open(name)).put(url, new Response(await response.blob(), { status: 200, headers }));
}

async function lastSeen(url) {
  const name = (await caches.keys()).find((n) => n.startsWith(PRIVATE));
  if (!name) return undefined;
  const cache = await caches.open(name);
  // The very address only: a report with other filters than the kept one is not shown as if it were.
  const kept = await cache.match(url);
  if (!kept) return undefined;
  if (!(Number(kept.headers.get('x-offline-until')) > Date.now())) {
    await forget();
    return undefined;
  }
  const html = (await kept.text()).replace('<p class="offline-line" hidden>', '<p class="offline-line">');
  return new Response(html, { headers: kept.headers });
}
