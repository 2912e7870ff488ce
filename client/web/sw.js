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
//
// It also shows the notifications the server pushes of the player's correspondence games (their
// turn, an invitation taken, a game ended, a deadline near: server/src/push/notice.rs), in the
// player's language, unless a page of the site is in sight (the page tells the player itself);
// a tap on one opens its game, in a window of the site already open, else in a new one.
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
const PAGE_ROUTE = /^\/(?:index\.html|(?:join|watch|replay|link|game|puzzle|tournament)\/[^/]+)?$/;
// The icon a notification shows: the build's 192-pixel icon.
const ICON = FILES.find((path) => /^\/icon-192-[0-9a-f]{16}\.png$/.test(path));
// The most of a notification's text kept (the server's are short).
const TEXT_MAX = 300;

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

// A notification pushed by the server: JSON {"title", "body", "game", "tag", "url"}, and
// what it is about ("event", "game_kind", "opponent", "outcome", "on_time", "hours_left",
// "minutes" before a tournament's start), which
// the words the page kept (the player's language) put in their own words. Shown unless a
// window of the site is in sight (focused and visible): that page tells the player itself. A
// notification with the tag of one shown before replaces it, and is heard again.
self.addEventListener("push", (event) => {
    event.waitUntil((async () => {
        const news = readPush(event.data);
        const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
        if (windows.some((w) => w.visibilityState === "visible" && w.focused)) {
            return;
        }
        let said = null;
        try {
            said = worded(news, await readWords());
        } catch (e) {
            said = null;
        }
        said = said || news;
        const options = { body: said.body, data: { url: news.url }, renotify: Boolean(news.tag) };
        if (news.tag) {
            options.tag = news.tag;
        }
        if (ICON) {
            options.icon = ICON;
        }
        await self.registration.showNotification(said.title, options);
    })());
});

// What a push says, kept to text of a sane length and an address of this site (a link
// elsewhere, or none, opens the lobby).
function readPush(data) {
    let news = {};
    try {
        news = (data && data.json()) || {};
    } catch (e) {
        news = { body: data ? data.text() : "" };
    }
    const text = (value) => (typeof value === "string" ? value.slice(0, TEXT_MAX) : "");
    // A path of this site: "/game/45", or "/tournament/7?code=K7QM-2XPD", never "//elsewhere".
    const url = typeof news.url === "string" &&
        /^\/(?!\/)[A-Za-z0-9\/-]*(\?code=[A-Za-z0-9-]+)?$/.test(news.url) ? news.url : "/";
    return {
        title: text(news.title) || "Chaupal",
        body: text(news.body),
        tag: text(news.tag),
        url: url,
        event: text(news.event),
        game_kind: text(news.game_kind),
        opponent: text(news.opponent),
        outcome: text(news.outcome),
        on_time: news.on_time === true,
        hours_left: Number.isInteger(news.hours_left) ? news.hours_left : null,
        minutes: Number.isInteger(news.minutes) ? news.minutes : null,
    };
}

// The words the page kept for notifications (client/src/push_words.rs), or null: the site's
// IndexedDB, database "chaupal", store "words", key "push" (as client/web/chaupal.js keeps
// them).
function readWords() {
    return new Promise((resolve) => {
        try {
            const open = indexedDB.open("chaupal", 1);
            open.onupgradeneeded = () => open.result.createObjectStore("words");
            open.onerror = () => resolve(null);
            open.onsuccess = () => {
                const db = open.result;
                try {
                    const get = db.transaction("words", "readonly").objectStore("words").get("push");
                    get.onsuccess = () => {
                        db.close();
                        resolve(get.result || null);
                    };
                    get.onerror = () => {
                        db.close();
                        resolve(null);
                    };
                } catch (e) {
                    db.close();
                    resolve(null);
                }
            };
        } catch (e) {
            resolve(null);
        }
    });
}

// The notification's title and body in the page's `words`, or null when they do not say it
// (no words kept, an event or a game they do not know).
function worded(news, words) {
    const game = words && words.games ? words.games[news.game_kind] : null;
    // Every notice names a game; those of a game, an opponent too.
    if (typeof game !== "string" || (!news.opponent && news.event !== "tournament_soon")) {
        return null;
    }
    const places = { game, opponent: news.opponent, round: String(news.round) };
    const fill = (template) => (typeof template === "string"
        ? template.replace(/\{(game|opponent|round)\}/g, (_, place) => places[place])
        : null);
    const table = {
        turn: () => [fill((words.turn || {}).title), fill((words.turn || {}).body)],
        accepted: () => [fill((words.accepted || {}).title), fill((words.accepted || {}).body)],
        ended: () => {
            const ended = words.ended || {};
            return [fill(ended[news.outcome]), news.on_time ? ended.on_time : ended.body];
        },
        reminder: () => {
            const reminder = words.reminder || {};
            return [fill(reminder.title), (reminder.body || {})[String(news.hours_left)]];
        },
        tournament_soon: () => {
            const soon = words.tournament_soon || {};
            return [fill((soon.title || {})[String(news.minutes)]), soon.body];
        },
        round_game: () => [fill((words.round_game || {}).title), fill((words.round_game || {}).body)],
    };
    const said = Object.prototype.hasOwnProperty.call(table, news.event) ? table[news.event] : null;
    const [title, body] = said ? said() : [null, null];
    return typeof title === "string" && typeof body === "string" ? { title, body } : null;
}

// A tap on a notification: it goes, and its game opens in a window of the site already open
// (brought to the front), else in a new window.
self.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const data = event.notification.data || {};
    let url = new URL(typeof data.url === "string" ? data.url : "/", self.location.origin);
    if (url.origin !== self.location.origin) {
        url = new URL("/", self.location.origin);
    }
    url = url.href;
    event.waitUntil((async () => {
        const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
        const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
        if (open) {
            let window = open;
            try {
                window = await open.focus();
            } catch (e) {
                // Brought to the front only by a tap's own event: the window still goes.
            }
            try {
                if (new URL(window.url).href !== url) {
                    await window.navigate(url);
                }
                return;
            } catch (e) {
                // A window this worker does not control cannot be sent elsewhere: a new one.
            }
        }
        await self.clients.openWindow(url);
    })());
});
