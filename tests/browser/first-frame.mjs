// A benchmark, not a test: how long the browser client takes from the page's request to its
// first frame, and to its first frame of the lobby connected to the server (usable), in
// headless Chromium (Debian's, WebGL through SwiftShader). Each run is a first visit: a fresh
// browser context, with nothing cached. The times are the page's own clock (performance.now(),
// which counts from the navigation's start), as client/web/chaupal.js notes each frame drawn
// for pages opened with ?hook.
//
//   node tests/browser/first-frame.mjs --base http://127.0.0.1:7878 [--runs 7] [--phone]
//       [--locale ne-NP]
//
// With --phone the page is 390x844 at pixel ratio 3, with touch; else 1280x800. With --locale
// the browser prefers that language (the client then speaks it, and fetches its script's font).
//
// Prints each run (with the fonts it fetched), then the median and the slowest, in
// milliseconds. See BENCHMARKS.md.

import { chromium } from "playwright-core";

function option(name, fallback) {
    const i = process.argv.indexOf(name);
    return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const base = option("--base", "http://127.0.0.1:7878").replace(/\/$/, "");
const runs = Number(option("--runs", "7"));
const phone = process.argv.includes("--phone");
const locale = option("--locale", null);
const chromiumPath = option("--chromium", process.env.CHROMIUM || "/usr/bin/chromium");

const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ["--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--no-sandbox"],
});
const first = [];
const lobby = [];
try {
    // One visit first, not counted: the browser process itself starts up.
    for (let run = -1; run < runs; run++) {
        const context = await browser.newContext({
            ...(phone
                ? { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true,
                    isMobile: true }
                : { viewport: { width: 1280, height: 800 } }),
            ...(locale ? { locale } : {}),
        });
        const page = await context.newPage();
        const fonts = [];
        page.on("request", (r) => {
            const name = r.url().split("/").pop();
            if (/\.(ttf|otf)$/.test(name)) {
                fonts.push(name.replace(/-[0-9a-f]{16}\./, "."));
            }
        });
        await page.goto(`${base}/?hook&name=Bench`);
        await page.waitForFunction(() => window.chaupal_hook && window.chaupal_hook.screen === "lobby"
            && window.chaupal_hook.connected && window.chaupal_hook.fonts_waiting === 0, null,
            { timeout: 60000, polling: 20 });
        // The first frame, and the first of the lobby connected to the server with all its
        // letters drawn (usable: no font still on its way).
        const [any, usable] = await page.evaluate(() => {
            const frames = window.chaupal_frames || [];
            const ready = frames.find((f) => f.screen === "lobby" && f.connected &&
                f.fonts_waiting === 0);
            return [frames.length ? frames[0].t : null, ready ? ready.t : null];
        });
        await context.close();
        if (run >= 0) {
            first.push(any);
            lobby.push(usable);
            console.log(`run ${run + 1}: first frame ${any.toFixed(0)} ms, lobby ${usable.toFixed(0)} ms, fonts fetched: ${fonts.join(" ") || "none"}`);
        }
    }
} finally {
    await browser.close();
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`first frame: median ${median(first).toFixed(0)} ms, slowest ${Math.max(...first).toFixed(0)} ms`);
console.log(`lobby:       median ${median(lobby).toFixed(0)} ms, slowest ${Math.max(...lobby).toFixed(0)} ms`);
