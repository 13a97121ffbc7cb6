// The Tablut page's service worker: after a first visit the page works
// without a network (a classroom whose network comes and goes). The build
// (web/site, Finish) writes VERSION, a hash of the site's files, and FILES,
// the files to keep, relative to this file's folder; a new build is a new
// VERSION, so a new cache that replaces the old one.
"use strict";
const VERSION = /*VERSION*/"";
const FILES = /*FILES*/[];

const CACHE = "tablut-" + VERSION;
const scope = self.registration.scope;
const kept = new Set(FILES.map(function (f) { return new URL(f, scope).href; }));

// key is the cache's key for a request's URL: without its query (a link with
// a game in it is still the page), and the folder for its index.html (a
// server may answer index.html with a redirect to the folder, which a
// navigation cannot be answered with).
function key(u) {
  const url = new URL(u);
  url.search = "";
  url.hash = "";
  if (url.href === scope + "index.html") return scope;
  return url.href;
}

self.addEventListener("install", function (event) {
  event.waitUntil((async function () {
    const cache = await caches.open(CACHE);
    await Promise.all(Array.from(kept, async function (url) {
      // The page puts the .wasm it has just downloaded here itself, so
      // that a first visit downloads it once.
      if (await cache.match(url)) return;
      // Revalidated: the HTTP cache may hold a file of an older build.
      const resp = await fetch(url, { cache: "no-cache" });
      if (!resp.ok) throw new Error(url + ": " + resp.status);
      await cache.put(url, resp);
    }));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", function (event) {
  event.waitUntil((async function () {
    for (const name of await caches.keys()) {
      if (name.startsWith("tablut-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// The site's files from the cache, first; anything else from the network,
// as without a worker.
self.addEventListener("fetch", function (event) {
  const req = event.request;
  if (req.method !== "GET") return;
  const k = key(req.url);
  if (!kept.has(k)) return;
  event.respondWith((async function () {
    const hit = await (await caches.open(CACHE)).match(k);
    return hit || fetch(req);
  })());
});
