// A monkey on a phone (390x844 at pixel ratio 3, touch) against a real chaupal-server: random
// taps and swipes anywhere (the top bar, the edges, cards, buttons, the board, what moves),
// during animations, notices, the computer's replies, results and language changes, across the
// screens: the lobby, a game against the computer in each of the four games, its end, its
// review, the puzzles, the tournaments (the list, a tournament's page, the card that makes one)
// and the rules. Steered between them the way a person goes (the Lobby button, Back, Resign),
// so it never stays stuck. tests/tests/browser.rs starts the server and
// runs it; by hand:
//
//   node tests/browser/monkey.mjs --base http://127.0.0.1:7878 --artifacts /tmp/shots \
//       [--seed N] [--seconds S]
//
// The randomness is seeded: the seed is printed first (stderr), and `--seed N` replays a run
// (the same steps; the server's and the browser's timing may still differ). `--seconds` bounds
// the random steps' time (the steering between screens comes on top, a few seconds a screen).
//
// What it checks, failing on the first that does not hold (with a screenshot):
// - Taps belong to the picture shown: the client logs each place whose tap acted (a button, a
//   line, a board cell pressed or let go on) with the points and the numbers of the pictures
//   the pointer went down and came up on (the hook's `fired`); the page notes the number of
//   the picture on the screen at each of its own touch events (`chaupal_presses`) and keeps
//   the last pictures' layers and targets (`chaupal_pictures`). Here, from those alone, the
//   topmost part drawn at each point of the picture that was on the screen is worked out: what
//   fired must be it (a cover or nothing there means nothing may fire), and the picture the
//   client aimed in must be the one the page had on the screen.
// - No stale frame: at quiet moments (after each steering step, and every few random steps)
//   the client is asked (`chaupal_probe`) to draw the state it holds afresh, where nobody sees
//   it, and to compare its pixels with the picture on the screen; they must be the same.
// - Stability: between two pictures in a row of the same screen, language, scroll and window
//   with no touch between them, a button that was in view is where it was, or gone; after a
//   touch (the player's own doing may change the layout), a second tap at the touched point
//   meets the button the first did, or nothing, or the question's safe answer put there, or
//   the same toggle.
//
// On success it prints one line of JSON and exits 0; on failure it says why on stderr and
// exits 1. Screenshots go to the artifacts folder.

import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Problems, button, hookOf, launch, openPage, option, shoot, sleep, waitFor }
    from "./lib.mjs";

const base = option("--base", "http://127.0.0.1:7878").replace(/\/$/, "");
const artifacts = join(option("--artifacts", "target/browser-artifacts"), "monkey");
const chromiumPath = option("--chromium", process.env.CHROMIUM || "/usr/bin/chromium");
const seed = Number(option("--seed", String(Date.now() % 2147483647))) >>> 0;
const seconds = Number(option("--seconds", "40"));
mkdirSync(artifacts, { recursive: true });
console.error(`monkey: seed ${seed} (replay with --seed ${seed})`);

// Buttons allowed to move between two pictures of one screen, each as {screen, labels, why}:
// a known layout instability yet to be fixed (none today).
const MOVING_EXEMPT = [];

// The words of the ways out (Lobby, Back, Close, Cancel) in every language of the client, from
// its locale files: the monkey may have changed the language when it has to steer.
// The words of locale `keys` in every language of the client.
function wordsOf(keys, extra = []) {
    const words = new Set(extra);
    for (const tag of ["en", "ne", "hi", "bn", "zh-Hans"]) {
        const text = readFileSync(new URL(`../../client/locales/${tag}.ftl`, import.meta.url), "utf8");
        for (const line of text.split("\n")) {
            const m = /^([a-z-]+) = (.+)$/.exec(line.trim());
            if (m && keys.includes(m[1])) {
                words.add(m[2].trim());
            }
        }
    }
    return [...words];
}
const CLOSE = wordsOf(["close"]);
const WAYS_OUT = wordsOf(["lobby", "back", "close", "lists-cancel", "play-more"], ["×"]);

// The safe answers of a question (keep playing, decline, cancel, close): a question may put
// one where the button that asked it was, so that a second tap there gives nothing up.
const SAFE_ANSWERS = wordsOf(["play-keep-playing", "play-decline", "lists-cancel", "close"]);

// The toggles: one button whose label says its state (Play and Pause, sounds on and off, a
// name's field opened and cancelled), in every language; a second tap on it undoes the first,
// as meant.
const TOGGLES = [["replay-play", "replay-pause"], ["choices-sound-on", "choices-sound-off"],
    ["choices-change-name", "lists-cancel"]].map((keys) => wordsOf(keys));
const toggled = (a, b) => TOGGLES.some((words) => words.includes(a) && words.includes(b));

// The games, by their labels in the lobby.
const GAMES = ["Bagh Chal", "Kalah", "Sholo Guti", "Jungle"];

// Seeded randomness (mulberry32).
let state = seed;
function random() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const between = (lo, hi) => lo + random() * (hi - lo);
const pick = (list) => list[Math.floor(random() * list.length)];

const problems = new Problems();
const shots = [];
const counts = { steps: 0, taps: 0, swipes: 0, fired: 0, checked: 0, edge: 0, unchecked: 0,
    probes: 0, compared: 0, touched_changes: 0, screens: {}, games: [], languages: [] };
let page;
let cdp;
// `--debug`: each step said on stderr, with the time.
const debug = process.argv.includes("--debug");
const began = Date.now();

class Failure extends Error { }

// Fails the run with `what`, after a screenshot.
async function fail(what, file) {
    try {
        shots.push(await shoot(page, artifacts, file));
    } catch (e) { /* the page is gone */ }
    throw new Failure(`${what}\n(seed ${seed}; screenshot ${join(artifacts, file)})`);
}

// --- the finger --------------------------------------------------------------------------

// The canvas's CSS pixels per layout pixel of the hook.
let scale = 1;

async function touch(type, x, y) {
    await cdp.send("Input.dispatchTouchEvent", {
        type, touchPoints: type === "touchEnd" ? [] : [{ x: x * scale, y: y * scale }] });
}

// A tap at (x, y) in layout pixels, held `hold` ms.
async function tapAt(x, y, hold = 0) {
    await touch("touchStart", x, y);
    if (hold > 0) {
        await sleep(hold);
    }
    await touch("touchEnd", x, y);
    counts.taps += 1;
}

// A swipe from (x, y) by (dx, dy) in `steps` moves.
async function swipeAt(x, y, dx, dy, steps = 6) {
    await touch("touchStart", x, y);
    for (let i = 1; i <= steps; i++) {
        await touch("touchMove", x + (dx * i) / steps, y + (dy * i) / steps);
        await sleep(12);
    }
    await touch("touchEnd", x + dx, y + dy);
    counts.swipes += 1;
}

// --- what the page noted ---------------------------------------------------------------

// The name of the topmost part of `pic` drawn at (x, y): {kind, label, nth} of a place,
// {cover: true}, or null for nothing.
function topmost(pic, x, y) {
    for (let i = pic.layers.length - 1; i >= 0; i--) {
        const l = pic.layers[i];
        if (x >= l.x && x <= l.x + l.w && y >= l.y && y <= l.y + l.h) {
            if (l.target === null || l.target === undefined) {
                return { cover: true };
            }
            const t = pic.targets[l.target];
            if (!t) {
                return { missing: l.target };
            }
            const nth = pic.targets.slice(0, l.target)
                .filter((o) => o.kind === t.kind && o.label === t.label).length;
            return { kind: t.kind, label: t.label, nth };
        }
    }
    return null;
}

const named = (p) => p === null ? "nothing" : p.cover ? "a cover (bar, notice or card)"
    : p.missing !== undefined ? `a layer of no target (#${p.missing})`
        : `${p.kind} "${p.label}"${p.nth ? ` #${p.nth}` : ""}`;
const same = (p, f) => p && !p.cover && p.kind === f.kind && p.label === f.label && p.nth === f.nth;

let lastFrame = 0;
let lastPicture = null;

// Takes what the page noted since the last look and checks it: the places that fired against
// the pictures shown, and the buttons' places between pictures in a row.
async function check(label) {
    if (debug) {
        console.error(`${Date.now() - began} ms: ${label}`);
    }
    const got = await page.evaluate((since) => {
        const fired = (window.chaupal_fired || []).splice(0);
        const presses = (window.chaupal_presses || []).slice();
        const pictures = window.chaupal_pictures || [];
        const want = new Set();
        for (const f of fired) {
            for (const p of [f.down, f.up]) {
                if (p) {
                    want.add(p.frame);
                }
            }
        }
        for (const e of presses) {
            want.add(e.frame);
        }
        const slim = (p) => ({ frame: p.frame, screen: p.screen, language: p.language,
            scroll: p.scroll, lists_scroll: p.lists_scroll, width: p.width, height: p.height,
            buttons: p.targets.filter((t) => t.kind === "button")
                .map((t) => ({ label: t.label, x: t.x, y: t.y, w: t.w, h: t.h, visible: t.visible })) });
        return {
            fired, presses,
            full: pictures.filter((p) => want.has(p.frame) && fired.length),
            row: pictures.filter((p) => p.frame > since).map(slim),
        };
    }, lastFrame);
    presses = got.presses;
    const byFrame = new Map(got.full.map((p) => [p.frame, p]));
    for (const f of got.fired) {
        counts.fired += 1;
        for (const side of ["down", "up"]) {
            const p = f[side];
            if (!p) {
                continue;
            }
            // The page's own note of that touch: the last at that point, before it acted.
            const ev = got.presses.filter((e) => e.down === (side === "down") && e.t <= f.t + 1 &&
                Math.abs(e.x - p.x) < 1.5 && Math.abs(e.y - p.y) < 1.5).pop();
            if (!ev) {
                await fail(`${label}: ${f.kind} "${f.label}" fired for a ${side} at (${p.x}, ${p.y}) that the page never saw`, "no-such-touch.png");
            }
            if (ev.frame !== p.frame) {
                await fail(`${label}: ${f.kind} "${f.label}" fired for the finger ${side} at (${p.x.toFixed(1)}, ${p.y.toFixed(1)}) aimed in picture ${p.frame}, but picture ${ev.frame} was on the screen then`, `wrong-picture-${ev.frame}.png`);
            }
            const pic = byFrame.get(ev.frame);
            if (!pic) {
                counts.unchecked += 1;
                continue;
            }
            const top = topmost(pic, ev.x, ev.y);
            if (same(top, f)) {
                counts.checked += 1;
                continue;
            }
            // A point on the very edge of two parts (the page's and the client's rounding).
            const near = [[0.05, 0], [-0.05, 0], [0, 0.05], [0, -0.05]]
                .some(([dx, dy]) => same(topmost(pic, ev.x + dx, ev.y + dy), f));
            if (near) {
                counts.edge += 1;
                continue;
            }
            await fail(`${label}: a tap acted on what was not the topmost at its point: the finger ${side} at (${ev.x.toFixed(1)}, ${ev.y.toFixed(1)}) in picture ${ev.frame} (screen ${pic.screen}) was on ${named(top)}, but ${named(f)} fired`, `not-topmost-${ev.frame}.png`);
        }
    }
    // Stability: buttons in view keep their places between pictures in a row.
    const row = lastPicture ? [lastPicture, ...got.row] : got.row;
    for (let i = 1; i < row.length; i++) {
        await steady(row[i - 1], row[i], label);
    }
    if (got.row.length) {
        lastPicture = got.row[got.row.length - 1];
        lastFrame = lastPicture.frame;
    }
}

const instabilities = [];
// `--survey-moves`: every button that moves is listed at the end instead of failing the run
// (to find the layouts that move, not for CI).
const surveyMoves = process.argv.includes("--survey-moves");
const surveyed = [];

// The page's touches noted so far (each with the picture on the screen then).
let presses = [];

// The button of `pic` in view whose rectangle holds (x, y), by label and order, or null.
function buttonAt(pic, x, y) {
    const seen = {};
    for (const t of pic.buttons) {
        const nth = (seen[t.label] = (seen[t.label] ?? -1) + 1);
        if (t.visible && x >= t.x && x <= t.x + t.w && y >= t.y && y <= t.y + t.h) {
            return { label: t.label, nth };
        }
    }
    return null;
}

// Whether `b` keeps the buttons in view in `a` where they were (same screen, language,
// scroll and window), by label and order. A touch on picture `a` (the player's own doing) may
// change the layout: then only the places touched must hold, where a second tap lands; what
// changes with no touch (the server's news, a timer, late content) must move nothing.
async function steady(a, b, label) {
    if (a.screen !== b.screen || a.language !== b.language || a.scroll !== b.scroll ||
        a.lists_scroll !== b.lists_scroll || a.width !== b.width || a.height !== b.height) {
        return;
    }
    const nth = (list) => {
        const seen = {};
        return list.map((t) => ({ ...t, nth: (seen[t.label] = (seen[t.label] ?? -1) + 1) }));
    };
    const touched = presses.filter((e) => e.frame >= a.frame && e.frame < b.frame);
    if (touched.length) {
        for (const e of touched) {
            const was = buttonAt(a, e.x, e.y);
            const now = buttonAt(b, e.x, e.y);
            if (was && now && was.label !== now.label && !SAFE_ANSWERS.includes(now.label) &&
                !toggled(was.label, now.label)) {
                await fail(`${label}: ${a.screen}: a second tap at (${e.x.toFixed(1)}, ${e.y.toFixed(1)}) would land on "${now.label}" where "${was.label}" was tapped (pictures ${a.frame} and ${b.frame})`, `moved-under-tap-${b.frame}.png`);
            }
        }
        counts.touched_changes += 1;
        return;
    }
    const after = nth(b.buttons);
    for (const t of nth(a.buttons)) {
        if (!t.visible) {
            continue;
        }
        const u = after.find((o) => o.label === t.label && o.nth === t.nth);
        if (!u) {
            continue;
        }
        const moved = Math.abs(u.x - t.x) > 0.5 || Math.abs(u.y - t.y) > 0.5 ||
            Math.abs(u.w - t.w) > 0.5 || Math.abs(u.h - t.h) > 0.5;
        if (!moved) {
            continue;
        }
        const exempt = MOVING_EXEMPT.find((e) => e.screen === a.screen &&
            (e.labels === "all" || e.labels.includes(t.label)));
        const what = `${a.screen}: button "${t.label}"${t.nth ? ` #${t.nth}` : ""} moved from (${t.x.toFixed(1)}, ${t.y.toFixed(1)}, ${t.w.toFixed(1)}x${t.h.toFixed(1)}) to (${u.x.toFixed(1)}, ${u.y.toFixed(1)}, ${u.w.toFixed(1)}x${u.h.toFixed(1)}) between pictures ${a.frame} and ${b.frame}`;
        if (exempt) {
            if (!instabilities.includes(what) && instabilities.length < 40) {
                instabilities.push(`${what} (exempt: ${exempt.why})`);
            }
            continue;
        }
        if (surveyMoves) {
            surveyed.push(`${label}: ${what}`);
            continue;
        }
        await fail(`${label}: a button moved under the finger: ${what}`, `moved-${b.frame}.png`);
    }
}

// The stale-frame check: the picture on the screen is the state drawn afresh.
let probeNumber = 0;
async function probe(label) {
    await sleep(150);
    probeNumber += 1;
    const n = probeNumber;
    await page.evaluate((n) => window.chaupal_probe(n), n);
    const until = Date.now() + 5000;
    let answer = null;
    while (Date.now() < until) {
        answer = await page.evaluate(() => window.chaupal_probed || null);
        if (answer && answer.probe === n) {
            break;
        }
        await sleep(20);
    }
    counts.probes += 1;
    if (!answer || answer.probe !== n) {
        await fail(`${label}: the stale-frame check ${n} was never answered`, `probe-${n}.png`);
    }
    if (!answer.same) {
        const h = await hookOf(page);
        await fail(`${label}: a stale frame: the picture on the screen (${answer.shown}) is not the state drawn afresh (${answer.fresh}) after picture ${answer.frame}, screen ${h?.screen}, with no input for 150 ms`, `stale-${n}.png`);
    }
    counts.compared += 1;
}

// Waits for the hook to show `want`; when it does not in time, the stale-frame check says
// whether the client holds the change and has not drawn it.
async function expect(what, want, ms) {
    try {
        return await waitFor(page, what, want, ms);
    } catch (e) {
        await probe(`while waiting for ${what}`);
        throw e;
    }
}

// --- random steps ------------------------------------------------------------------------

// One random step: a tap or a swipe somewhere, then a random wait (none at times: the next
// step lands during what the last one started).
async function randomStep(h) {
    const { width, height, bar_h: bar } = h;
    const r = random();
    const targets = h.targets;
    if (r < 0.45 && targets.length) {
        // On something that takes a tap (in view or not), often a board cell in a game.
        const cells = targets.filter((t) => t.kind === "cell");
        const t = cells.length && random() < 0.5 ? pick(cells) : pick(targets);
        const x = Math.min(width - 1, Math.max(1, between(t.x + 1, t.x + t.w - 1)));
        const y = Math.min(height - 1, Math.max(1, between(t.y + 1, t.y + t.h - 1)));
        await tapAt(x, y, random() < 0.2 ? between(50, 400) : 0);
    } else if (r < 0.58) {
        // The top bar: anywhere, or over a place scrolled under it.
        const under = targets.filter((t) => t.y < bar - 2 && t.y + t.h > 2);
        const t = under.length && random() < 0.6 ? pick(under) : null;
        const x = t ? between(t.x + 1, t.x + t.w - 1) : between(1, width - 1);
        const y = t ? between(Math.max(1, t.y + 1), Math.min(bar - 1, t.y + t.h - 1))
            : between(1, bar - 1);
        await tapAt(Math.min(width - 1, Math.max(1, x)), y);
    } else if (r < 0.68) {
        // An edge.
        const edge = pick(["left", "right", "bottom", "top"]);
        const x = edge === "left" ? between(0, 4) : edge === "right" ? between(width - 4, width - 0.5)
            : between(0, width - 0.5);
        const y = edge === "top" ? between(0, 4) : edge === "bottom" ? between(height - 4, height - 0.5)
            : between(0, height - 0.5);
        await tapAt(x, y);
    } else if (r < 0.82) {
        await tapAt(between(0, width), between(0, height), random() < 0.1 ? 300 : 0);
    } else if (r < 0.91) {
        // A scroll, begun off the board.
        await scrollBy(h, pick([-1, 1]) * between(60, 400));
    } else {
        // A swipe anywhere: a scroll, or a drag on the board.
        const x = between(20, width - 20);
        const y = between(bar + 10, height - 20);
        const dy = pick([-1, 1]) * between(30, 450);
        await swipeAt(x, y, between(-40, 40), Math.max(-y + 2, Math.min(height - y - 2, dy)));
    }
    counts.steps += 1;
    const wait = pick([0, 0, 30, 80, 150, 300, 600]);
    if (wait) {
        await sleep(wait);
    }
}

// Random steps until `until` (ms of the clock) or `n` steps; a stale-frame check every few.
async function wander(where, n, until) {
    for (let i = 0; i < n && Date.now() < until; i++) {
        const h = await hookOf(page);
        counts.screens[h.screen] = (counts.screens[h.screen] || 0) + 1;
        if (h.language !== "en" && !counts.languages.includes(h.language)) {
            counts.languages.push(h.language);
        }
        await randomStep(h);
        await check(`${where}, random step ${i + 1}`);
        if (i % 6 === 5) {
            await probe(`${where}, after random step ${i + 1}`);
        }
    }
    await check(`${where}, after the random steps`);
}

// --- steering, as a person goes ----------------------------------------------------------

// The button labelled one of `labels`, in view and enabled, in the hook now.
function anyButton(h, labels) {
    for (const l of labels) {
        const b = button(h, l);
        if (b) {
            return b;
        }
    }
    return null;
}

// The hook once the pictures stop changing (for 250 ms, within 3 s): steering taps what the
// screen shows, not what it showed a moment ago.
async function settled() {
    let h = await hookOf(page);
    let since = Date.now();
    const until = Date.now() + 3000;
    while (Date.now() < until && Date.now() - since < 250) {
        await sleep(40);
        const now = await hookOf(page);
        if (now.frame !== h.frame) {
            h = now;
            since = Date.now();
        }
    }
    return h;
}

async function tapButton(b) {
    await tapAt(b.x + b.w / 2, b.y + b.h / 2);
    await sleep(250);
    await check(`steering: "${b.label}"`);
}

// A swipe by `dy` that scrolls, as a person's thumb does: begun off the board (a drag from
// the board moves a piece) and off the notice, in the middle band of the window.
async function scrollBy(h, dy) {
    const from = dy < 0 ? h.height * 0.75 : h.height * 0.3;
    let start = null;
    for (let y = from; y > h.bar_h + 10 && y < h.height - 10 && !start; y += dy < 0 ? -23 : 23) {
        for (const x of [h.width / 2, h.width * 0.25, h.width * 0.75, 20, h.width - 20]) {
            const top = topmost(h, x, y);
            if (top === null || (!top.cover && top.kind === "button")) {
                start = { x, y };
                break;
            }
        }
    }
    start = start || { x: h.width / 2, y: from };
    const to = Math.max(h.bar_h + 2, Math.min(h.height - 2, start.y + dy));
    const t0 = Date.now();
    await swipeAt(start.x, start.y, 0, to - start.y, 8);
    await sleep(250);
    if (debug) {
        const after = await hookOf(page);
        console.error(`scrolled from (${start.x}, ${start.y}) by ${to - start.y} in ${Date.now() - t0} ms: ${h.scroll} -> ${after.scroll}`);
    }
}

// The first of `labels` there is, brought into view by swipes (a person scrolls), tapped;
// false when none is on the screen.
async function steerTo(labels) {
    for (let tries = 0; tries < 6; tries++) {
        const h = await settled();
        const b = anyButton(h, labels);
        if (b) {
            await tapButton(b);
            return true;
        }
        const there = h.targets.find((t) => t.kind === "button" && labels.includes(t.label) &&
            t.enabled);
        if (!there) {
            return false;
        }
        const dy = there.y > h.height / 2 ? -h.height / 3 : h.height / 3;
        await scrollBy(h, dy);
    }
    return false;
}

// Back to the lobby the way a person would: a card closed, a question answered no, then the
// Lobby or Back button.
async function toLobby() {
    for (let tries = 0; tries < 8; tries++) {
        const h = await settled();
        if (debug) {
            console.error(`to the lobby from ${h.screen}`);
        }
        if (h.screen === "lobby") {
            return h;
        }
        if (await steerTo(WAYS_OUT)) {
            continue;
        }
        // Nothing to tap in view: to the top of the screen.
        await scrollBy(h, h.height / 2);
    }
    return expect("the lobby", (h) => h.screen === "lobby", 5000);
}

// The lobby's language button: the last drawn in the bar, at its right (what scrolled under
// the bar is drawn before it).
function languageButton(h) {
    return h.targets.filter((t) => t.kind === "button" && t.y >= 0 && t.y + t.h <= h.bar_h &&
        t.x > h.width / 2).pop();
}

// English again, by the lobby's language list.
async function toEnglish() {
    let h = await toLobby();
    for (let tries = 0; h.language !== "en" && tries < 4; tries++) {
        if (!button(h, "English")) {
            // The language button: the bar's, at its right.
            const b = languageButton(h);
            if (b) {
                await tapButton(b);
            }
        }
        await steerTo(["English"]);
        await sleep(300);
        h = await hookOf(page);
    }
    if (h.language !== "en") {
        await fail(`could not get back to English (${h.language})`, "no-english.png");
    }
    return h;
}

// One of a set of buttons (a game, an opponent) chosen, brought into view first.
async function chooseOne(label) {
    for (let tries = 0; tries < 4; tries++) {
        const h = await settled();
        if (h.screen !== "lobby") {
            await toLobby();
            continue;
        }
        const t = h.targets.find((x) => x.kind === "button" && x.label === label);
        if (t && t.selected) {
            return;
        }
        if (!await steerTo([label])) {
            await fail(`no "${label}" to choose on the ${h.screen} screen`, "no-choice.png");
        }
        try {
            await expect(`"${label}" chosen`, (h) => h.targets.some((x) =>
                x.kind === "button" && x.label === label && x.selected), 2000);
            return;
        } catch (e) { /* tapped again */ }
    }
    await fail(`"${label}" could not be chosen`, "not-chosen.png");
}

// A new game against the computer in `game`, from the lobby.
async function playComputer(game) {
    await toEnglish();
    await chooseOne(game);
    await chooseOne("The computer");
    if (!await steerTo(["Play the computer"])) {
        await fail(`no "Play the computer" in the lobby`, "no-play.png");
    }
    const h = await expect(`a game of ${game}`, (h) => h.screen === "game", 30000);
    await check(`steering: a game of ${game}`);
    await probe(`steering: a game of ${game} begun`);
    return h;
}

// The game on the screen resigned, to its end.
// The menu of the other actions open (`h` the hook's picture): a tap beside it closes it, as a
// person would. (Its middle may be under the menu: its corner is tapped.)
async function closeMenu(h) {
    const dim = h.targets.find((t) => t.kind === "item" && CLOSE.includes(t.label));
    if (dim) {
        await tapAt(dim.x + 8, dim.y + 8);
        await sleep(300);
    }
}

async function resign() {
    const h = await hookOf(page);
    if (h.screen === "game_over") {
        return;
    }
    if (h.screen !== "game") {
        return;
    }
    await closeMenu(h);
    // The question may be up already (a random tap asked it): then only the answer is left.
    if (button(await hookOf(page), "Yes, resign") || await steerTo(["Resign"])) {
        await expect("the question", (h) => button(h, "Yes, resign") || h.screen !== "game",
            5000);
        await steerTo(["Yes, resign"]);
    }
    await expect("the game's end", (h) => h.screen === "game_over", 15000);
    await sleep(300);
    await check("steering: resigned");
    await probe("steering: the game's end");
}

// --- the run -----------------------------------------------------------------------------

const browser = await launch(chromiumPath);
const started = Date.now();
try {
    page = await openPage(browser, problems, "phone", `${base}/?hook&name=Monkey`, { scale: 3 });
    cdp = await page.context().newCDPSession(page);
    let h = await waitFor(page, "the lobby online", (h) => h.screen === "lobby" && h.connected,
        60000);
    const box = await page.locator("canvas").boundingBox();
    scale = box.width / h.width;
    await probe("the lobby, first");
    // The time for the random steps, a slice for each of the lobby, each game's three
    // screens, the puzzles, the tournaments' three, the rules and the two languages (the
    // steering comes on top).
    const phases = 1 + 4 * 3 + 3 + 4;
    const slice = (seconds * 1000) / phases;
    const share = () => Date.now() + slice;
    await wander("the lobby", 30, share());
    for (const game of GAMES) {
        await playComputer(game);
        counts.games.push(game);
        await wander(`a game of ${game}`, 40, share());
        h = await hookOf(page);
        if (h.screen !== "game" && h.screen !== "game_over") {
            // The monkey left the game: a new one, to see its end.
            await playComputer(game);
        }
        await resign();
        await wander(`the end of a game of ${game}`, 15, share());
        // Its review, from the result (a new game's if the monkey went elsewhere).
        h = await hookOf(page);
        if (h.screen === "game") {
            await resign();
        } else if (h.screen !== "game_over") {
            await playComputer(game);
            await resign();
        }
        await closeMenu(await hookOf(page));
        if (!await steerTo(["Review", "Replay"])) {
            await fail("no Review or Replay after the game's end", "no-review.png");
        }
        await expect("the review", (h) => h.screen === "replay", 10000);
        await probe(`steering: the review of ${game}`);
        await wander(`the review of ${game}`, 15, share());
    }
    await toEnglish();
    await steerTo(["Puzzles"]);
    await expect("the puzzles", (h) => h.screen === "puzzles", 10000);
    await probe("steering: the puzzles");
    await wander("the puzzles", 25, share());
    // The tournaments: the list (the server's hourly arenas are always in it), one
    // tournament's page, and the card that makes one.
    await toEnglish();
    await steerTo(["Tournaments"]);
    await expect("the tournaments", (h) => h.screen === "tournaments", 10000);
    await probe("steering: the tournaments");
    await wander("the tournaments", 20, share());
    await toEnglish();
    await steerTo(["Tournaments"]);
    await expect("the tournaments", (h) => h.screen === "tournaments" && button(h, "Open"),
        10000);
    await steerTo(["Open"]);
    await expect("a tournament's page", (h) => h.screen === "tournament", 10000);
    await probe("steering: a tournament's page");
    await wander("a tournament's page", 20, share());
    await toEnglish();
    await steerTo(["Tournaments"]);
    await expect("the tournaments", (h) => h.screen === "tournaments", 10000);
    if (!await steerTo(["Make a tournament"])) {
        await fail("no Make a tournament on the list", "no-make.png");
    }
    await probe("steering: making a tournament");
    await wander("making a tournament", 20, share());
    await toEnglish();
    await steerTo(["Rules"]);
    await expect("the rules", (h) => h.screen === "rules", 10000);
    await probe("steering: the rules");
    await wander("the rules", 15, share());
    // Another language, chosen from the bar's list, and the lobby in it.
    // The list opens at the top of the lobby, maybe scrolled out of view: brought into it. A
    // tap on the bar's button closes it when it was open.
    await toLobby();
    const offered = (h) => h.targets.filter((t) => t.kind === "button" && t.enabled &&
        ["नेपाली", "हिन्दी", "বাংলা", "简体中文"].includes(t.label));
    let others = [];
    for (let tries = 0; tries < 3 && !others.length; tries++) {
        await tapButton(languageButton(await settled()));
        others = offered(await settled());
    }
    if (debug) {
        console.error(`languages offered: ${others.map((t) => t.label).join(", ")}`);
    }
    if (!others.length || !await steerTo([pick(others).label])) {
        await fail("the lobby's language list offered no other language", "no-languages.png");
    }
    await expect("another language", (h) => h.language !== "en", 10000);
    await probe("steering: another language");
    await wander("the lobby in another language", 20, share());
    await toEnglish();
    await probe("steering: English again");
    await wander("the lobby again", 20, share());
    await check("the end");
    problems.check();
    shots.push(await shoot(page, artifacts, "last.png"));
    const ms = Date.now() - started;
    console.log(JSON.stringify({ seed, ms, ...counts, instabilities, surveyed,
        screenshots: shots }));
} catch (e) {
    console.error(e instanceof Failure ? e.message : (e.stack || String(e)));
    console.error(`monkey: seed ${seed}, ${counts.steps} random steps, ${Date.now() - started} ms`);
    process.exitCode = 1;
} finally {
    await browser.close();
}
