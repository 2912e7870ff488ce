// The browser client in every player's language, and played without the mouse: headless
// Chromium (Debian's) driven by Playwright against a real chaupal-server. tests/tests/browser.rs
// starts the server and runs this; by hand:
//
//   node tests/browser/access.mjs --base http://127.0.0.1:7878 --artifacts /tmp/shots
//
// 1. Languages: a phone whose browser prefers Nepali (ne-NP), one Bengali (bn-BD) and one
//    Chinese (zh-CN) each opens the client: the lobby's buttons (the hook's labels) are the
//    language's own words, as client/locales/<tag>.ftl has them, and the page's lang says so.
// 2. A name in Devanagari: on the Nepali phone, "Change name" in Nepali, the name typed
//    through the real input (the phone's keyboard's way), Enter: the name is kept whole.
// 3. The keyboard alone: an English laptop page, never clicked, plays a whole game of Kalah
//    against the computer (and fetches no other script's font): Tab from button to button to choose Kalah and the computer and to start, Tab
//    onto the board, the arrow keys to move the cursor to a house, Enter to sow it. The page's
//    ARIA live region (#chaupal-speech) must say the computer's moves as they come, and the
//    result.
//
// Screenshots go to the artifacts folder. Any console error, uncaught exception or failed
// request fails the run. On success it prints one line of JSON and exits 0.

import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
    LAPTOP, PHONE, Problems, hookOf, launch, openIn, option, pressButton, shoot as shootIn,
    sleep, waitFor,
} from "./lib.mjs";

const base = option("--base", "http://127.0.0.1:7878").replace(/\/$/, "");
const artifacts = join(option("--artifacts", "target/browser-artifacts"), "access");
const chromiumPath = option("--chromium", process.env.CHROMIUM || "/usr/bin/chromium");
const gameTimeoutMs = Number(option("--timeout-ms", "600000"));
mkdirSync(artifacts, { recursive: true });

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const problems = new Problems();

// A message's text in a language's file (simple messages only: one line, no placeables).
function message(tag, id) {
    const text = readFileSync(join(root, "client", "locales", `${tag}.ftl`), "utf8");
    const line = text.split("\n").find((l) => l.startsWith(`${id} =`));
    if (!line) {
        throw new Error(`${tag}.ftl has no ${id}`);
    }
    return line.slice(id.length + 2).trim();
}

async function openWithLocale(browser, name, locale, device, touch, url) {
    const context = await browser.newContext({
        viewport: device, deviceScaleFactor: touch ? 2 : 1, hasTouch: touch, isMobile: touch,
        locale,
    });
    return openIn(context, problems, name, url, touch);
}

const shoot = (page, file) => shootIn(page, artifacts, file);

// 1 and 2.
async function languages(browser, shots) {
    const seen = {};
    for (const [locale, tag] of [["ne-NP", "ne"], ["bn-BD", "bn"], ["zh-CN", "zh-Hans"]]) {
        const page = await openWithLocale(browser, tag, locale, PHONE, true,
            `${base}/?hook`);
        const hook = await waitFor(page, `the lobby in ${tag}`, (h) => h.screen === "lobby");
        if (hook.language !== tag) {
            throw new Error(`a browser in ${locale} got the interface in ${hook.language}`);
        }
        const labels = hook.targets.filter((t) => t.kind === "button").map((t) => t.label);
        for (const id of ["game-baghchal", "game-kalah", "game-jungle", "game-sholo-guti",
            "mode-computer", "choices-rules"]) {
            const want = message(tag, id);
            if (!labels.includes(want)) {
                throw new Error(`${tag}: no button "${want}" (${id}) among ${labels.join(" | ")}`);
            }
        }
        const lang = await page.evaluate(() => document.documentElement.lang);
        if (lang !== tag) {
            throw new Error(`${tag}: the page's lang is "${lang}"`);
        }
        shots.push(await shoot(page, `lobby-${tag}.png`));
        seen[tag] = labels.length;
        if (tag === "ne") {
            // A name in Devanagari, typed through the real input.
            const name = "राम क्षत्रिय";
            await pressButton(page, message("ne", "choices-change-name"));
            await waitFor(page, "the name field open", (h) =>
                h.fields.some((f) => f.field === "name" && f.focused));
            await page.keyboard.press("Control+A");
            await page.keyboard.type(name);
            await page.keyboard.press("Enter");
            await waitFor(page, "the Devanagari name kept", (h) => h.name === name);
            shots.push(await shoot(page, "name-ne.png"));
        }
        await page.context().close();
    }
    return seen;
}

// Presses Tab until the keyboard stands on the button labelled `label`, then Enter.
async function tabTo(page, label) {
    let now = await hookOf(page);
    for (let i = 0; i < 60; i++) {
        const before = [now.key_focus, now.cursor].join("|");
        await page.keyboard.press("Tab");
        now = await waitFor(page, "the keyboard moved", (h) =>
            [h.key_focus, h.cursor].join("|") !== before, 5000);
        if (now.key_focus === label) {
            await page.keyboard.press("Enter");
            return;
        }
    }
    throw new Error(`Tab never reached "${label}"`);
}

// The arrow key that takes the cursor from `from` towards `to` (the hook's cells, on screen).
function arrowTowards(from, to) {
    const dx = (to.x + to.w / 2) - (from.x + from.w / 2);
    const dy = (to.y + to.h / 2) - (from.y + from.h / 2);
    if (Math.abs(dx) >= Math.abs(dy)) {
        return dx > 0 ? "ArrowRight" : "ArrowLeft";
    }
    return dy > 0 ? "ArrowDown" : "ArrowUp";
}

async function spoken(page) {
    return page.evaluate(() => {
        const region = document.getElementById("chaupal-speech");
        return region ? {
            live: region.getAttribute("aria-live"),
            lines: [...region.querySelectorAll("p")].map((p) => p.textContent),
        } : { live: null, lines: [] };
    });
}

// 3.
async function keyboardGame(browser, shots) {
    const page = await openWithLocale(browser, "keys", "en-GB", LAPTOP, false,
        `${base}/?hook&name=Kiran`);
    // An English page fetches no other script's font.
    const fonts = [];
    page.on("request", (r) => {
        if (/\.(ttf|otf)$/.test(r.url())) {
            fonts.push(r.url());
        }
    });
    await waitFor(page, "the lobby, connected", (h) => h.screen === "lobby" && h.connected);
    // The canvas takes the keys; the mouse never moves or clicks.
    await page.focus("#glcanvas");
    await tabTo(page, "Kalah");
    await waitFor(page, "Kalah chosen", (h) =>
        h.targets.some((t) => t.label === "Kalah" && t.selected));
    await tabTo(page, "The computer");
    await waitFor(page, "the computer chosen", (h) =>
        h.targets.some((t) => t.label === "The computer" && t.selected));
    await tabTo(page, "Play the computer");
    await waitFor(page, "in the game", (h) => h.screen === "game" && h.game !== null, 30000);
    // Tab onto the board: the cursor appears.
    for (let i = 0; i < 40; i++) {
        const h = await hookOf(page);
        if (h.cursor !== null) {
            break;
        }
        const before = [h.key_focus, h.cursor].join("|");
        await page.keyboard.press("Tab");
        await waitFor(page, "the keyboard moved", (n) =>
            [n.key_focus, n.cursor].join("|") !== before, 5000);
    }
    let hook = await waitFor(page, "the cursor on the board", (h) => h.cursor !== null);
    const until = Date.now() + gameTimeoutMs;
    let moves = 0;
    while (!hook.over) {
        if (Date.now() > until) {
            throw new Error(`the game did not end within ${gameTimeoutMs} ms`);
        }
        hook = await waitFor(page, "my turn, or the end", (h) =>
            h.over || (h.my_turn && h.pending === null && !h.animating), 120000);
        if (hook.over) {
            break;
        }
        const houses = hook.targets.filter((t) => t.kind === "cell" && t.enabled);
        if (houses.length === 0) {
            await sleep(100);
            continue;
        }
        const goal = houses[(moves * 5) % houses.length];
        for (let step = 0; hook.cursor !== goal.label; step++) {
            if (step > 30) {
                throw new Error(`the cursor never reached ${goal.label} (at ${hook.cursor})`);
            }
            const from = hook.targets.find((t) => t.kind === "cell" && t.label === hook.cursor);
            const before = hook.cursor;
            await page.keyboard.press(arrowTowards(from, goal));
            hook = await waitFor(page, "the cursor moved", (h) => h.cursor !== before, 5000);
        }
        const played = hook.moves.length;
        await page.keyboard.press("Enter");
        hook = await waitFor(page, `the move at ${goal.label} played`, (h) =>
            h.moves.length > played || h.over);
        moves++;
        if (moves === 3) {
            shots.push(await shoot(page, "keyboard-game.png"));
        }
    }
    hook = await hookOf(page);
    const speech = await spoken(page);
    if (speech.live !== "polite") {
        throw new Error(`the live region is ${JSON.stringify(speech)}`);
    }
    // The computer's moves were said as they came, and the result at the end.
    const said = hook.spoken;
    const theirs = said.filter((l) => /^(North|South) sowed/.test(l));
    if (theirs.length === 0) {
        throw new Error(`no sowing said: ${JSON.stringify(said.slice(-10))}`);
    }
    const region = speech.lines.join(" | ");
    if (!/sowed/.test(region)) {
        throw new Error(`the live region never said a move: ${region}`);
    }
    if (!/(wins|win|Draw)/.test(speech.lines.slice(-6).join(" "))) {
        throw new Error(`the live region never said the result: ${region}`);
    }
    shots.push(await shoot(page, "keyboard-game-over.png"));
    if (fonts.length > 0) {
        throw new Error(`an English page fetched fonts: ${fonts.join(" ")}`);
    }
    return { moves, said: said.length, fonts: fonts.length };
}

async function main() {
    const browser = await launch(chromiumPath);
    const shots = [];
    try {
        const languagesSeen = await languages(browser, shots);
        const game = await keyboardGame(browser, shots);
        problems.check();
        console.log(JSON.stringify({ ok: true, languages: languagesSeen, keyboard: game,
            screenshots: shots }));
    } finally {
        await browser.close();
    }
}

main().catch((e) => {
    console.error(e.stack || String(e));
    process.exit(1);
});
