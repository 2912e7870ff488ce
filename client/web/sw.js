// Chaupal's service worker, served at /sw.js (scope /). It keeps one build of the browser client
// in a cache named for that build: the page, the hashed wasm and JS, the icons, the manifest and
// the offline page. A second visit then starts without downloading the client, and a visit
// without a network still opens it (the client then plays on this device only).
//
// scripts/web-site.py writes it into the site from this template, filling in the build's id and
// its files; docs/WEB.md ("Installing it, and offline") has the rules:
//
//   hashed files (NAME-<16 hex>.EXT)  the cache first; on a miss the network, kept when it answers
//   the build's other files           the cache first (they change only with the build)
//   the page (/, /join/CODE, ...)     the network first, so a new server's page (which names its
//                                     own hashed files) is used at once; kept as the page. With
//                                     no network (or a 5xx): the kept page when every hashed file
//                                     of the client it names is kept too, else the offline page
//   anything else                     not touched: the websocket, /health, other methods
//
// A new build's worker installs beside the old one, takes over at once (an old page already has
// its wasm and JS running and asks for nothing more), and then deletes the other builds' caches.
"use strict";

const BUILD = "{{BUILD}}";
const CACHE = "chaupal-" + BUILD;
// The build's files other than the page, space-separated paths.
const FILES = "{{FILES}}".split(" ").filter((path) => path.startsWith("/"));
// The page is kept under "/" whatever route it was loaded by.
const PAGE = "/";
const OFFLINE = "/offline.html";
// A name that carries its content's hash: the file never changes.
const HASHED = /^\/[a-z0-9-]+-[0-9a-f]{16}\.[a-z0-9]+$/;
// The client's own hashed files, as the page names them.
const CLIENT_FILES = /\/chaupal-[0-9a-f]{16}\.(?:wasm|js)\b/g;
// The routes the server answers with the page (server/src/web/mod.rs, CLIENT_ROUTES).
const PAGE_ROUTE = /^\/(?:index\.html|(?:join|watch|replay|link|game)\/[^/]+)?$/;

self.addEventListener("install", (event) => {
    event.waitUntil((async () => {
        const cache = await caches.open(CACHE);
        // Hashed files may come from the browser's HTTP cache (they are the same for good); the
        // page and the unhashed files are asked of the server.
        await cache.addAll([PAGE, ...FILES].map((path) =>
            new Request(path, { cache: HASHED.test(path) ? "default" : "no-cache" })));
        await self.skipWaiting();
    })());
});

self.addEventListener("activate", (event) => {
    event.waitUntil((async () => {
        if (self.registration.navigationPreload) {
            await self.registration.navigationPreload.enable();
        }
        const names = await caches.keys();
        await Promise.all(names
            .filter((name) => name.startsWith("chaupal-") && name !== CACHE)
            .map((name) => caches.delete(name)));
        await self.clients.claim();
    })());
});

self.addEventListener("fetch", (event) => {
    const request = event.request;
    if (request.method !== "GET") {
        return;
    }
    const url = new URL(request.url);
    if (url.origin !== self.location.origin) {
        return;
    }
    if (request.mode === "navigate") {
        if (PAGE_ROUTE.test(url.pathname)) {
            event.respondWith(page(event));
        } else if (event.preloadResponse) {
            // Left to the browser; waiting for the preload keeps it from being cut short.
            event.waitUntil(event.preloadResponse.catch(() => {}));
        }
        return;
    }
    if (HASHED.test(url.pathname) || FILES.includes(url.pathname)) {
        event.respondWith(cacheFirst(event, url.pathname));
    }
});

// The page from the network (kept for later), else the kept one, else the offline page.
async function page(event) {
    let response = null;
    try {
        response = (await event.preloadResponse) || (await fetch(event.request));
    } catch (e) {
        response = null;
    }
    const isPage = response && response.ok &&
        (response.headers.get("content-type") || "").startsWith("text/html");
    if (isPage) {
        event.waitUntil(keep(PAGE, response.clone()));
        return response;
    }
    // No network, or a server that cannot serve the page now (5xx): the kept client.
    if (!response || response.status >= 500) {
        const kept = await keptClient();
        if (kept) {
            return kept;
        }
    }
    if (response) {
        return response;
    }
    const offline = await caches.match(OFFLINE, { ignoreVary: true });
    return offline || new Response(
        "<!DOCTYPE html><meta charset=utf-8><title>Chaupal</title>" +
        "<p>Chaupal needs a connection to start. Try again when you are online.</p>",
        { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// The kept page, when every hashed file of the client it names is kept too; else null.
async function keptClient() {
    const kept = await find(PAGE);
    if (!kept) {
        return null;
    }
    const names = (await kept.clone().text()).match(CLIENT_FILES) || [];
    if (!names.some((n) => n.endsWith(".wasm")) || !names.some((n) => n.endsWith(".js"))) {
        return null;
    }
    for (const name of names) {
        if (!(await find(name))) {
            return null;
        }
    }
    return kept;
}

// A file of a build: the kept copy, else the network's (kept when it is a whole answer).
async function cacheFirst(event, path) {
    const kept = await find(path);
    if (kept) {
        return kept;
    }
    const response = await fetch(event.request);
    if (response.status === 200 && response.type === "basic") {
        event.waitUntil(keep(path, response.clone()));
    }
    return response;
}

// What this build's cache holds under `path`, if anything. Never opens (so never makes) the
// cache: a newer build's worker may have deleted it.
function find(path) {
    return caches.match(path, { cacheName: CACHE, ignoreVary: true });
}

// Keeps `response` under `path` in this build's cache, unless that cache is gone (deleted by a
// newer build's worker: opening it would make it again, empty and never deleted).
async function keep(path, response) {
    try {
        if (await caches.has(CACHE)) {
            await (await caches.open(CACHE)).put(path, response);
        }
    } catch (e) {
        // Not kept: the next visit asks the network again.
    }
}
