// The service worker's browser test: the real browser client, served by a real chaupal-server,
// in headless Chromium (Debian's) driven with Playwright, in a browser profile kept on disk so
// that a second run is the same browser coming back. tests/tests/browser.rs runs it twice:
//
//   --phase install   first visit: the worker registers, activates and keeps the build (the page,
//                     the hashed wasm and JS, icons, manifest, offline page); the lobby connects.
//                     The manifest's icons are there at their sizes. Second visit: the wasm and
//                     the JS come from the worker's cache (neither the page nor the worker asks
//                     the network for them). Offline: a reload still starts the client from the
//                     cache (not connected). Offline with the cached wasm gone: the offline page
//                     says so. Online again: the client loads and the worker keeps the wasm again.
//   --phase upgrade   after the server was restarted at the same address on a new build: the
//                     page runs the new JS at once, the new worker takes over and the old build's
//                     cache is deleted; a reload then takes the new JS from the new cache.
//
//   node tests/browser/offline.mjs --phase install --base http://127.0.0.1:7878 \
//       --site target/web --profile /tmp/profile --artifacts /tmp/shots
//
// `--site` is the directory the server serves (its assets.json names the build and its files).
// Every console error (pages and the worker), uncaught exception, failed request and answer of
// 400 or more fails the run, except, while the browser is offline, the requests that fail
// because it is (net::ERR_INTERNET_DISCONNECTED) and the websocket's failing to connect. On
// success it prints one line of JSON and exits 0; on failure it says why on stderr and exits 1.

import { chromium } from "playwright-core";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

function option(name, fallback) {
    const i = process.argv.indexOf(name);
    return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const base = option("--base", "http://127.0.0.1:7878").replace(/\/$/, "");
const siteDir = option("--site", "target/web");
const profile = option("--profile", null);
const phase = option("--phase", "install");
const artifacts = option("--artifacts", "target/browser-artifacts/offline");
const chromiumPath = option("--chromium", process.env.CHROMIUM || "/usr/bin/chromium");
const marker = option("--marker", null);
if (!profile) {
    throw new Error("--profile DIR is needed: the browser's profile, kept between the phases");
}
if (phase === "install") {
    // Only this run's screenshots.
    rmSync(artifacts, { recursive: true, force: true });
}
mkdirSync(artifacts, { recursive: true });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The build the server serves, as scripts/web-site.py listed it.
const assets = JSON.parse(readFileSync(join(siteDir, "assets.json"), "utf8"));
const byType = (type) => assets.files.find((f) => f.content_type.startsWith(type)).path;
const wasmPath = byType("application/wasm");
const jsPath = assets.files.find((f) => /^\/chaupal-[0-9a-f]{16}\.js$/.test(f.path)).path;
const cacheName = `chaupal-${assets.build}`;
// What the worker keeps from the start: the page (as "/") and every file but the page, the
// worker itself and the fonts (each kept once text in its script needs it).
const kept = ["/", ...assets.files.filter((f) => !f.content_type.startsWith("font/"))
    .map((f) => f.path).filter((p) => p !== "/index.html" && p !== "/sw.js")].sort();

// What the browser did, step by step.
let step = "start";
const offline = () => step.startsWith("offline");
const errors = [];
const excused = [];
const requests = []; // { step, path, worker: issued by the service worker }
const responses = []; // { step, path, worker, fromServiceWorker, status }
const shots = [];

function pathOf(url) {
    try {
        const u = new URL(url);
        return u.origin === new URL(base).origin ? u.pathname : url;
    } catch (e) {
        return url;
    }
}

function watch(context) {
    context.on("request", (req) => requests.push({
        step, path: pathOf(req.url()), worker: req.serviceWorker() !== null,
    }));
    context.on("response", (res) => {
        const entry = {
            step, path: pathOf(res.url()), worker: res.request().serviceWorker() !== null,
            fromServiceWorker: res.fromServiceWorker(), status: res.status(),
        };
        responses.push(entry);
        if (res.status() >= 400) {
            errors.push(`${step}: ${entry.path} answered ${res.status()}`);
        }
    });
    context.on("requestfailed", (req) => {
        const what = `${step}: request failed: ${pathOf(req.url())}` +
            `${req.serviceWorker() ? " (by the worker)" : ""} (${req.failure()?.errorText})`;
        // Offline, a request fails, or the client gives up on it (its check of a refused
        // address, /origin, is aborted after a while).
        const failure = req.failure()?.errorText || "";
        const givenUp = /ERR_ABORTED/.test(failure) && pathOf(req.url()) === "/origin";
        if (offline() && (/ERR_INTERNET_DISCONNECTED/.test(failure) || givenUp)) {
            excused.push(what);
        } else {
            errors.push(what);
        }
    });
    context.on("console", (msg) => {
        if (msg.type() !== "error") {
            return;
        }
        const where = msg.page() ? "page" : "worker";
        const what = `${step}: console error (${where}): ${msg.text()}`;
        const expected = /WebSocket connection to .* failed|ERR_INTERNET_DISCONNECTED/;
        if (offline() && expected.test(msg.text())) {
            excused.push(what);
        } else {
            errors.push(what);
        }
    });
    context.on("weberror", (e) => errors.push(`${step}: uncaught: ${e.error().message}`));
}

async function hookOf(page) {
    return page.evaluate(() => window.chaupal_hook || null);
}

// Polls `probe` (on the page) until `want` holds of what it returns; fails naming `what`.
async function until(page, what, probe, want, timeoutMs = 30000, arg = null) {
    const deadline = Date.now() + timeoutMs;
    let last = null;
    while (Date.now() < deadline) {
        last = await page.evaluate(probe, arg).catch((e) => `(${e.message})`);
        if (want(last)) {
            return last;
        }
        await sleep(100);
    }
    throw new Error(`${step}: timed out waiting for ${what}; last seen ${JSON.stringify(last)}`);
}

const lobby = (page) => until(page, "the lobby, connected", () => window.chaupal_hook || null,
    (h) => h && h.screen === "lobby" && h.connected === true);

// The names of the origin's caches, and the paths the cache `name` holds (sorted; null when
// there is no such cache). Only that cache is opened: opening another one, which a worker may
// be deleting at that moment, would make it again.
function cachesNow(name) {
    return (async () => {
        const names = await caches.keys();
        const paths = names.includes(name)
            ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname).sort()
            : null;
        return { names, paths };
    })();
}
const holds = (c, paths) => c && JSON.stringify(c.paths) === JSON.stringify(paths);

function expect(ok, text) {
    if (!ok) {
        throw new Error(`${step}: ${text}`);
    }
}

async function shoot(page, file) {
    const path = join(artifacts, file);
    await page.screenshot({ path });
    shots.push(path);
}

// The page's own requests for `path` in this step, and the worker's.
function traffic(path) {
    const mine = (r) => r.step === step && r.path === path;
    return {
        page: responses.filter((r) => mine(r) && !r.worker),
        worker: requests.filter((r) => mine(r) && r.worker),
    };
}

async function install(context) {
    const summary = { phase, build: assets.build, cache: cacheName, wasm: wasmPath, js: jsPath };

    step = "first visit";
    const first = await context.newPage();
    await first.goto(`${base}/?hook`);
    const hook = await lobby(first);
    summary.name = hook.name;
    const worker = await until(first, "the worker activated and in control of the page",
        async () => {
            const reg = await navigator.serviceWorker.ready;
            const c = navigator.serviceWorker.controller;
            return { scope: reg.scope, active: reg.active && reg.active.state,
                controller: c && c.scriptURL, state: c && c.state };
        }, (w) => w && w.active === "activated" && w.state === "activated");
    expect(worker.scope === `${base}/`, `the worker's scope is ${worker.scope}`);
    expect(worker.controller === `${base}/sw.js`, `the worker is ${worker.controller}`);
    const cached = await until(first, `the cache ${cacheName} holding the build`, cachesNow,
        (c) => holds(c, kept), 30000, cacheName);
    expect(cached.names.length === 1, `caches: ${cached.names}`);
    summary.kept = cached.paths;
    // The worker's own requests are seen (its copying of the build): so when a later step sees
    // none, there were none.
    expect(requests.some((r) => r.worker && r.path === wasmPath),
        "the worker's requests are not seen: this test could not tell where the wasm came from");
    // The manifest, its icons at their sizes, and whether the page links it.
    summary.manifest = await first.evaluate(async () => {
        const manifest = await (await fetch("/manifest.webmanifest")).json();
        const icons = [];
        for (const icon of manifest.icons) {
            const res = await fetch(icon.src);
            const bytes = new Uint8Array(await res.arrayBuffer());
            const view = new DataView(bytes.buffer);
            const png = bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
            icons.push({ src: icon.src, purpose: icon.purpose, sizes: icon.sizes,
                status: res.status, type: res.headers.get("content-type"),
                actual: png ? `${view.getUint32(16)}x${view.getUint32(20)}` : null });
        }
        return { name: manifest.name, display: manifest.display, start_url: manifest.start_url,
            scope: manifest.scope, icons,
            linked: document.querySelector('link[rel="manifest"]') !== null };
    });
    const m = summary.manifest;
    expect(m.name === "Chaupal" && m.display === "standalone" && m.start_url === "/" &&
        m.scope === "/", `the manifest: ${JSON.stringify(m)}`);
    for (const icon of m.icons) {
        expect(icon.status === 200 && icon.type === "image/png" && icon.actual === icon.sizes,
            `the icon ${JSON.stringify(icon)}`);
    }
    expect(m.icons.some((i) => i.purpose === "maskable" && i.sizes === "512x512"),
        "no maskable 512 icon");
    await shoot(first, "first-visit.png");
    await first.close();

    step = "second visit";
    const second = await context.newPage();
    const navigation = await second.goto(`${base}/?hook`);
    await lobby(second);
    // The page through the worker, which asked the network first.
    expect(navigation.fromServiceWorker(), "the page did not come through the worker");
    for (const path of [wasmPath, jsPath]) {
        const seen = traffic(path);
        expect(seen.page.length > 0, `the page never asked for ${path}`);
        expect(seen.page.every((r) => r.fromServiceWorker && r.status === 200),
            `${path} did not come from the worker: ${JSON.stringify(seen.page)}`);
        expect(seen.worker.length === 0, `the worker asked the network for ${path}`);
    }
    summary.second_visit = { wasm: traffic(wasmPath), js: traffic(jsPath) };
    await shoot(second, "second-visit.png");

    step = "offline, with the client kept";
    await context.setOffline(true);
    const offlineNav = await second.reload();
    expect(offlineNav && offlineNav.fromServiceWorker(), "offline, the page was not the worker's");
    await until(second, "a frame of the client", () => window.chaupal_hook || null,
        (h) => h && h.frame >= 1);
    // Long enough for the client to have tried its connection.
    await sleep(3000);
    const offlineHook = await hookOf(second);
    expect(offlineHook.connected === false, "offline, and yet connected");
    summary.offline = { screen: offlineHook.screen, connected: offlineHook.connected,
        wasm: traffic(wasmPath) };
    expect(summary.offline.wasm.worker.length === 0, "offline, the worker asked for the wasm");
    await shoot(second, "offline-client.png");

    step = "offline, without the client";
    const deleted = await second.evaluate(async ([name, path]) =>
        (await caches.open(name)).delete(path), [cacheName, wasmPath]);
    expect(deleted, `the cache ${cacheName} had no ${wasmPath} to delete`);
    const withoutNav = await second.reload();
    expect(withoutNav && withoutNav.fromServiceWorker(), "the offline page was not the worker's");
    const heading = await second.textContent("h1");
    expect(/needs a connection/.test(heading || ""), `the offline page says ${heading}`);
    summary.offline_page = heading;
    await shoot(second, "offline-page.png");

    step = "online again";
    await context.setOffline(false);
    await second.reload();
    await lobby(second);
    // The wasm came from the network through the worker, which keeps it again.
    expect(traffic(wasmPath).worker.length > 0, "the worker did not fetch the missing wasm");
    await until(second, "the wasm kept again", cachesNow, (c) => holds(c, kept), 30000,
        cacheName);
    await shoot(second, "online-again.png");
    await second.close();
    return summary;
}

async function upgrade(context) {
    const summary = { phase, build: assets.build, cache: cacheName, js: jsPath };
    expect(marker, "--marker is needed: what the new JS sets window.chaupal_upgrade_marker to");

    step = "after the upgrade";
    const page = await context.newPage();
    const navigation = await page.goto(`${base}/?hook`);
    const hook = await lobby(page);
    summary.name = hook.name;
    // The old build's worker was still there (this is the same browser as before) and took the
    // new page from the network; the new JS, not in its cache, from the network too.
    expect(navigation.fromServiceWorker(), "no worker answered: the browser forgot the old one");
    const fetched = traffic(jsPath);
    expect(fetched.page.length > 0 && fetched.page.every((r) => r.fromServiceWorker),
        `the new JS did not come through the worker: ${JSON.stringify(fetched.page)}`);
    expect(fetched.worker.length > 0, "no worker asked the network for the new JS");
    // The new page at once, naming the new JS, which runs.
    const running = await page.evaluate(() => ({
        script: document.querySelector("script[data-wasm]")?.getAttribute("src"),
        marker: window.chaupal_upgrade_marker || null,
    }));
    expect(running.script === jsPath, `the page runs ${running.script}, not ${jsPath}`);
    expect(running.marker === marker, `the new JS did not run: marker ${running.marker}`);
    // The new build's worker takes over; the old build's cache goes.
    const cached = await until(page, `only the new build's cache, ${cacheName}`, cachesNow,
        (c) => holds(c, kept) && c.names.length === 1, 60000, cacheName);
    summary.caches = cached.names;
    await shoot(page, "upgraded.png");

    step = "after the upgrade, reloaded";
    await page.reload();
    await lobby(page);
    const seen = traffic(jsPath);
    expect(seen.page.length > 0 && seen.page.every((r) => r.fromServiceWorker),
        `the new JS did not come from the worker: ${JSON.stringify(seen.page)}`);
    expect(seen.worker.length === 0, "the new worker asked the network for the new JS");
    const again = await page.evaluate(() => window.chaupal_upgrade_marker || null);
    expect(again === marker, `after a reload the marker is ${again}`);
    await page.close();
    return summary;
}

async function main() {
    const context = await chromium.launchPersistentContext(profile, {
        executablePath: chromiumPath,
        headless: true,
        args: ["--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--no-sandbox"],
        viewport: { width: 1280, height: 800 },
        locale: "en-GB",
    });
    watch(context);
    try {
        const summary = phase === "upgrade" ? await upgrade(context) : await install(context);
        if (errors.length > 0) {
            throw new Error(`the browser reported errors:\n  ${errors.join("\n  ")}`);
        }
        summary.excused = excused;
        summary.screenshots = shots;
        console.log(JSON.stringify(summary));
    } catch (e) {
        for (const page of context.pages()) {
            await page.screenshot({ path: join(artifacts, `failed-${phase}.png`) })
                .catch(() => {});
        }
        throw e;
    } finally {
        await context.close();
    }
}

main().catch((e) => {
    console.error(`offline test failed (${phase}, ${step}): ${e.message}`);
    if (errors.length > 0) {
        console.error(`errors in the browser:\n  ${errors.join("\n  ")}`);
    }
    if (excused.length > 0) {
        console.error(`excused while offline:\n  ${excused.join("\n  ")}`);
    }
    process.exit(1);
});
