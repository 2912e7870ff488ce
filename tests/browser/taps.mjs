// Taps as a new player makes them on a phone (390x844 at pixel ratio 3, touch), aimed at what
// the screen shows at the moment, while it changes: against a real chaupal-server.
// tests/tests/browser.rs starts the server and runs this; by hand:
//
//   node tests/browser/taps.mjs --base http://127.0.0.1:7878 --artifacts /tmp/shots
//
// What it shows, failing on the first thing that does not hold:
// - The bar over the board: with the board scrolled so that its top row is under the top bar,
//   a tap on the bar where that row lies plays nothing.
// - Nothing waits for a touch: after "Yes, resign", with no input, the page draws the game's
//   end (the result card, its Review button) within a moment; a tap on Review then opens the
//   review, not what the layout put there before.
//
// On success it prints one line of JSON and exits 0; on failure it says why on stderr and
// exits 1. Screenshots go to the artifacts folder.

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
    Problems, button, choose, framesSince, hookOf, lastMessageAt, launch, openPage, option,
    pressButton, shoot, sleep, waitFor,
} from "./lib.mjs";

const base = option("--base", "http://127.0.0.1:7878").replace(/\/$/, "");
const artifacts = join(option("--artifacts", "target/browser-artifacts"), "taps");
const chromiumPath = option("--chromium", process.env.CHROMIUM || "/usr/bin/chromium");
mkdirSync(artifacts, { recursive: true });

// How long a change may wait for its frame, in milliseconds of the page's clock: a frame's
// worth of the software renderer on a loaded machine, and the 100 ms the client allows.
const FRESH_MS = 400;

const problems = new Problems();
const measured = {};
const shots = [];

// A finger's swipe up by `dy` CSS pixels starting at height `y` of the window (touch events,
// through the DevTools protocol), away from the board (a drag that starts there moves a piece).
async function swipeFrom(page, y, dy) {
    const { width } = page.viewportSize();
    const cdp = await page.context().newCDPSession(page);
    const touch = (type, at) => cdp.send("Input.dispatchTouchEvent", {
        type, touchPoints: type === "touchEnd" ? [] : [{ x: width / 2, y: at }] });
    await touch("touchStart", y);
    for (let i = 1; i <= 8; i++) {
        await touch("touchMove", y - (dy * i) / 8);
        await sleep(16);
    }
    await touch("touchEnd", y - dy);
    await cdp.detach();
    await sleep(100);
}

// A tap at a page point (CSS pixels) of the canvas, by touch.
async function tapAt(page, hook, x, y) {
    const box = await page.locator("canvas").boundingBox();
    const scale = box.width / hook.width;
    await page.touchscreen.tap(box.x + x * scale, box.y + y * scale);
}

const browser = await launch(chromiumPath);
try {
    const page = await openPage(browser, problems, "phone", `${base}/?hook&name=Tapper`,
        { scale: 3 });
    await waitFor(page, "the lobby online", (h) => h.screen === "lobby" && h.connected, 60000);
    await choose(page, "Bagh Chal");
    await choose(page, "The computer");
    await pressButton(page, "Play the computer");
    let hook = await waitFor(page, "the game", (h) => h.screen === "game" && h.my_turn, 60000);

    // 1. The board scrolled up under the bar, then a tap on the bar over its top row.
    const cellsOf = (h) => h.targets.filter((t) => t.kind === "cell");
    const barH = Math.min(...cellsOf(hook).map((t) => t.y)) - 1;
    for (let i = 0; i < 6; i++) {
        hook = await hookOf(page);
        const top = cellsOf(hook).filter((t) => t.label.endsWith("5"));
        if (top.length && top[0].y + top[0].h / 2 < hook.bar_h - 4) {
            break;
        }
        await swipeFrom(page, 780, 60);
        await sleep(150);
    }
    hook = await hookOf(page);
    const hidden = cellsOf(hook).find((t) => t.label === "c5");
    if (!hidden || hidden.y + hidden.h / 2 >= hook.bar_h) {
        throw new Error(`could not scroll c5 under the bar (bar ${hook.bar_h}, c5 ${JSON.stringify(hidden)}, first row ${barH})`);
    }
    shots.push(await shoot(page, artifacts, "01-c5-under-the-bar.png"));
    const before = hook.moves.length;
    await tapAt(page, hook, hidden.x + hidden.w / 2, hidden.y + hidden.h / 2);
    await sleep(800);
    hook = await hookOf(page);
    shots.push(await shoot(page, artifacts, "02-after-a-tap-on-the-bar.png"));
    if (hook.moves.length !== before || hook.selection.length) {
        throw new Error(`a tap on the bar played or chose what lies under it: moves ${hook.moves.length}, selection ${JSON.stringify(hook.selection)}`);
    }
    measured.bar_tap_played = hook.moves.length - before;

    // 2. Resign; then no input: the end is drawn by itself.
    await swipeFrom(page, 400, -400);
    await pressButton(page, "Resign");
    await pressButton(page, "Yes, resign");
    // No input from here: the end comes from the server, and its card must be drawn.
    hook = await waitFor(page, "the game's end and its card drawn without a touch",
        (h) => h.screen === "game_over" && button(h, "Review"), 10000);
    const ended = await lastMessageAt(page);
    const frames = await framesSince(page, ended);
    if (!frames.length || frames[0].t - ended > FRESH_MS) {
        throw new Error(`the end was drawn ${frames.length ? frames[0].t - ended : "never"} ms after it came`);
    }
    measured.end_drawn_ms = Math.round(frames[0].t - ended);
    shots.push(await shoot(page, artifacts, "03-the-end-drawn.png"));
    await pressButton(page, "Review");
    hook = await waitFor(page, "the review", (h) => h.screen === "replay", 10000);
    shots.push(await shoot(page, artifacts, "04-review.png"));
    problems.check();
    console.log(JSON.stringify({ ...measured, screenshots: shots }));
} catch (e) {
    console.error(e.stack || String(e));
    process.exitCode = 1;
} finally {
    await browser.close();
}
