// Taps as a new player makes them on a phone, aimed at what the screen shows at the moment,
// while it changes: against a real chaupal-server. tests/tests/browser.rs starts the server
// and runs this; by hand:
//
//   node tests/browser/taps.mjs --base http://127.0.0.1:7878 --artifacts /tmp/shots
//
// What it shows, on the smallest phone served (360x640 at pixel ratio 3, touch), failing on
// the first thing that does not hold:
// - The board and the main actions in view together: for each of the four games against the
//   computer, every point or square of the board and the six places under it (< Move, Move >,
//   More, Take back, Hint, Resign) are in view without scrolling.
// - A swipe that starts on the board scrolls the screen and plays nothing.
// - The bar over the board: with the board scrolled so that its top row is under the top bar,
//   a tap on the bar where that row lies plays nothing.
// - A question opens over the buttons: after Resign, "Keep playing" is where Resign was, and
//   none of the other places moved.
// - Secondary actions are in the menu: More opens it, Flip board there turns the board, and
//   the menu is gone.
// - Nothing waits for a touch: after "Yes, resign", with no input, the page draws the game's
//   end (the result card, its Review button) within a moment; a tap on Review then opens the
//   review, not what the layout put there before.
//
// On success it prints one line of JSON and exits 0; on failure it says why on stderr and
// exits 1. Screenshots go to the artifacts folder.

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
    Problems, button, choose, hookOf, launch, openPage, option,
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

// A finger's swipe up by `dy` CSS pixels (down when negative) from the page point `from`
// (touch events, through the DevTools protocol).
async function swipeFrom(page, from, dy) {
    const cdp = await page.context().newCDPSession(page);
    const touch = (type, at) => cdp.send("Input.dispatchTouchEvent", {
        type, touchPoints: type === "touchEnd" ? [] : [{ x: from.x, y: at }] });
    await touch("touchStart", from.y);
    for (let i = 1; i <= 8; i++) {
        await touch("touchMove", from.y - (dy * i) / 8);
        await sleep(16);
    }
    await touch("touchEnd", from.y - dy);
    await cdp.detach();
    await sleep(100);
}

// A tap at a page point (CSS pixels) of the canvas, by touch.
async function tapAt(page, hook, x, y) {
    const box = await page.locator("canvas").boundingBox();
    const scale = box.width / hook.width;
    await page.touchscreen.tap(box.x + x * scale, box.y + y * scale);
}

// The smallest phone the client serves.
const SMALL = { width: 360, height: 640 };

// The six places under the board on a phone, in order.
const SIX = ["< Move", "Move >", "More", "Take back", "Hint", "Resign"];

const cellsOf = (h) => h.targets.filter((t) => t.kind === "cell");
const placeOf = (h, label) => h.targets.find((t) => t.kind === "button" && t.label === label);
const centre = (t) => ({ x: t.x + t.w / 2, y: t.y + t.h / 2 });
const holds = (t, p) => p.x >= t.x && p.x <= t.x + t.w && p.y >= t.y && p.y <= t.y + t.h;

// Starts a game of `game` against the computer from the lobby, by taps; returns the hook.
async function playTheComputer(page, game) {
    await waitFor(page, "the lobby online", (h) => h.screen === "lobby" && h.connected, 60000);
    await choose(page, game);
    await choose(page, "The computer");
    await pressButton(page, "Play the computer");
    return waitFor(page, `a game of ${game}`, (h) => h.screen === "game" && h.my_turn &&
        !h.animating, 60000);
}

// Fails unless the board's every cell and the six places are in view, none scrolled away.
function allInView(hook, game) {
    const hidden = cellsOf(hook).filter((t) => !t.visible).map((t) => t.label);
    const places = SIX.map((l) => [l, placeOf(hook, l)]);
    const missing = places.filter(([, t]) => !t || !t.visible).map(([l]) => l);
    if (!cellsOf(hook).length || hidden.length || missing.length) {
        throw new Error(`${game} at ${hook.width}x${hook.height}: out of view: cells ` +
            `${JSON.stringify(hidden)}, places ${JSON.stringify(missing)}`);
    }
}

const browser = await launch(chromiumPath);
try {
    const page = await openPage(browser, problems, "phone", `${base}/?hook&name=Tapper`,
        { device: SMALL, scale: 3 });
    // 1. Each game's board and main actions in view at once.
    for (const game of ["Sholo Guti", "Jungle", "Kalah"]) {
        const h = await playTheComputer(page, game);
        allInView(h, game);
        shots.push(await shoot(page, artifacts, `01-${game.replace(" ", "-")}.png`));
        await pressButton(page, "Lobby");
        await waitFor(page, "the lobby", (x) => x.screen === "lobby");
    }
    let hook = await playTheComputer(page, "Bagh Chal");
    allInView(hook, "Bagh Chal");
    measured.in_view = 4;

    // 2. A swipe that starts on an empty point of the board scrolls and plays nothing.
    const empty = cellsOf(hook).find((t) => t.label === "c3");
    const before = hook.moves.length;
    const c3y = empty.y;
    await swipeFrom(page, centre(empty), 120);
    await sleep(400);
    hook = await hookOf(page);
    const moved = c3y - cellsOf(hook).find((t) => t.label === "c3").y;
    if (moved < 40 || hook.moves.length !== before || hook.selection.length) {
        throw new Error(`a swipe from c3 scrolled ${moved} px and left moves ` +
            `${hook.moves.length} (were ${before}), selection ${JSON.stringify(hook.selection)}`);
    }
    measured.board_swipe_scrolled = Math.round(moved);

    // 3. The board scrolled up under the bar, then a tap on the bar over its top row.
    for (let i = 0; i < 6; i++) {
        hook = await hookOf(page);
        const top = cellsOf(hook).find((t) => t.label === "c5");
        if (top && top.y + top.h / 2 < hook.bar_h - 4) {
            break;
        }
        await swipeFrom(page, { x: SMALL.width / 2, y: SMALL.height - 40 }, 80);
        await sleep(150);
    }
    hook = await hookOf(page);
    const hidden = cellsOf(hook).find((t) => t.label === "c5");
    if (!hidden || hidden.y + hidden.h / 2 >= hook.bar_h) {
        throw new Error(`could not scroll c5 under the bar (bar ${hook.bar_h}, c5 ${JSON.stringify(hidden)})`);
    }
    shots.push(await shoot(page, artifacts, "02-c5-under-the-bar.png"));
    await tapAt(page, hook, hidden.x + hidden.w / 2, hidden.y + hidden.h / 2);
    await sleep(800);
    hook = await hookOf(page);
    shots.push(await shoot(page, artifacts, "03-after-a-tap-on-the-bar.png"));
    if (hook.moves.length !== before || hook.selection.length) {
        throw new Error(`a tap on the bar played or chose what lies under it: moves ${hook.moves.length}, selection ${JSON.stringify(hook.selection)}`);
    }
    measured.bar_tap_played = hook.moves.length - before;
    await swipeFrom(page, { x: SMALL.width / 2, y: SMALL.height / 2 }, -600);
    await sleep(300);

    // 4. The resign question comes over the buttons: nothing moves under the finger.
    hook = await hookOf(page);
    const places = Object.fromEntries(SIX.map((l) => [l, placeOf(hook, l)]));
    await pressButton(page, "Resign");
    hook = await waitFor(page, "the question", (h) => button(h, "Keep playing"));
    shots.push(await shoot(page, artifacts, "04-resign-asked.png"));
    if (!holds(button(hook, "Keep playing"), centre(places.Resign))) {
        throw new Error(`"Keep playing" is not where Resign was: ${JSON.stringify(button(hook, "Keep playing"))} vs ${JSON.stringify(places.Resign)}`);
    }
    for (const l of SIX) {
        const now = placeOf(hook, l);
        if (!now || now.x !== places[l].x || now.y !== places[l].y) {
            throw new Error(`"${l}" moved when the question came: ${JSON.stringify(places[l])} -> ${JSON.stringify(now)}`);
        }
    }
    await pressButton(page, "Keep playing");
    await waitFor(page, "the question gone", (h) => !placeOf(h, "Keep playing"));

    // 5. The menu: More opens it; Flip board there turns the board and closes it.
    const a1 = centre(cellsOf(hook).find((t) => t.label === "a1"));
    await pressButton(page, "Flip board");
    hook = await waitFor(page, "the menu closed", (h) => !placeOf(h, "Flip board"));
    const flipped = centre(cellsOf(hook).find((t) => t.label === "a1"));
    if (Math.abs(flipped.y - a1.y) < 20) {
        throw new Error(`Flip board in the menu did not turn the board: a1 ${JSON.stringify(a1)} -> ${JSON.stringify(flipped)}`);
    }

    // 6. Resign; then no input: the end is drawn by itself.
    await pressButton(page, "Resign");
    await pressButton(page, "Yes, resign");
    // No input from here: the end comes from the server, and its card must be drawn.
    hook = await waitFor(page, "the game's end and its card drawn without a touch",
        (h) => h.screen === "game_over" && button(h, "Review"), 10000);
    // The first frame that showed the end, and the last message before it (the one that
    // brought the end; the lobby's news may come after it and change nothing on the screen).
    const frames = await page.evaluate(() => window.chaupal_frames || []);
    const shown = frames.find((f) => f.screen === "game_over");
    const messages = await page.evaluate(() => window.chaupal_messages || []);
    const ended = shown ? messages.filter((t) => t <= shown.t).pop() : undefined;
    if (!shown || ended === undefined || shown.t - ended > FRESH_MS) {
        throw new Error(`the end was drawn ${shown && ended !== undefined ? shown.t - ended : "never"} ms after it came`);
    }
    measured.end_drawn_ms = Math.round(shown.t - ended);
    shots.push(await shoot(page, artifacts, "05-the-end-drawn.png"));
    await pressButton(page, "Review");
    hook = await waitFor(page, "the review", (h) => h.screen === "replay", 10000);
    shots.push(await shoot(page, artifacts, "06-review.png"));
    problems.check();
    console.log(JSON.stringify({ ...measured, screenshots: shots }));
} catch (e) {
    console.error(e.stack || String(e));
    process.exitCode = 1;
} finally {
    await browser.close();
}
