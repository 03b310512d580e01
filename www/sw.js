// The playground's service worker: the page works offline once loaded, and a new build takes
// over only as a whole. scripts/service-worker.mjs (Trunk's post_build hook) writes dist/sw.js as
// this file after two lines naming the build and its files:
//   const BUILD = '<hash of every file's name and content>';
//   const FILES = ['index.html', 'playground-web-….wasm', …];
// - install: fetches every file of the build, bypassing the HTTP cache, into the cache named
//   after the build; Cache.addAll stores all of them or none, and a failed install leaves the
//   running build as it was (the new build's cache is deleted again).
// - The new build then waits: pages keep the build they were loaded from (every file from its
//   own cache, never a mix) until the page asks it to take over (the notice's Reload button
//   posts 'activate') or every tab of the old build has closed.
// - activate: deletes the caches of other builds.
// - fetch: the build's own files from its cache first (a navigation gets index.html), anything
//   else from the network.
const CACHE = `cronjob-playground-${BUILD}`;
const scope = new URL(self.registration.scope);
const urlOf = (file) => new URL(file, scope).href;

self.addEventListener('install', (event) => {
  const fill = caches.open(CACHE).then((cache) => cache.addAll(FILES.map((f) => new Request(urlOf(f), { cache: 'reload' }))));
  // A failed install leaves no cache behind; the next attempt starts afresh.
  event.waitUntil(fill.catch((error) => caches.delete(CACHE).then(() => Promise.reject(error))));
});

self.addEventListener('message', (event) => {
  if (event.data === 'activate') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((names) =>
    Promise.all(names.filter((n) => n.startsWith('cronjob-playground-') && n !== CACHE).map((n) => caches.delete(n)))));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== scope.origin) return;
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const cached = await cache.match(request.mode === 'navigate' ? urlOf('index.html') : request, { ignoreSearch: true });
    return cached || fetch(request);
  }));
});
