// The site's service worker: every file of the build is cached on the first visit, then
// served from the cache first, so the app opens with no network. A new build has a new
// VERSION: it is cached whole, then the old cache is deleted.
const VERSION = "{{VERSION}}";
const CACHE = "companion-" + VERSION;
const FILES = {{FILES}};

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("companion-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  const key = request.mode === "navigate" ? new URL("./", self.registration.scope).href : request;
  event.respondWith(
    caches.open(CACHE)
      .then((cache) => cache.match(key, { ignoreSearch: true }))
      .then((hit) => hit || fetch(request))
  );
});
