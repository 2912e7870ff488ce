// The browser client on phones, as a person uses it: pages of 390x844 with touch at pixel
// ratios 2 and 3 (and one laptop page), driven only by taps on what the client's test hook
// publishes and by the keyboard, against a real chaupal-server. tests/tests/browser.rs starts
// the server and runs this; by hand:
//
//   node tests/browser/phone.mjs --base http://127.0.0.1:7878 --artifacts /tmp/shots
//
// What it shows, failing on the first thing that does not hold:
// - Names: "José Ñandú" typed through the real input keeps every letter; select-all replaces
//   the text; a held Backspace repeats; a name past 32 characters is refused with a notice;
//   a 32-character name at pixel ratio 3 draws with no WebGL warning.
// - Links: /join/ZZZZ-ZZZZ says on a card that no game waits for the code, and the card's
//   button leads to the lobby (address "/"). A friend's link shows the invitation's card
//   first, and Accept joins. After joining by link the address is the game's
//   own, and a reload puts the friend back in the game with no error; a watcher's address is
//   the game's too, and a reload watches it again; a replay's address is /replay/ID, and a
//   reload replays it again.
// - No stale frame: with no input on the page, the opponent's move, a notice's end, the
//   opponent's return and the result card each show in the first frame after the event, within
//   100 ms of it (the page's own clock: chaupal.js notes when each frame was drawn and each
//   message arrived); a tap made right after each lands on what the hook published.
// - A whole Kalah game played to its end by taps on two phones; a takeback asked for and
//   declined, with its wording; the review of the game at phone size.
// - No connection card on a first visit to a server that is up, and no console error, WebGL
//   warning, uncaught exception or failed request on any page.
//
// On success it prints one line of JSON (what it measured) and exits 0; on failure it says why
// on stderr and exits 1. Screenshots go to the artifacts folder.

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
    LAPTOP, Problems, button, choose, framesSince, hookOf, launch, openIn, openPage, option,
    pageNow, press, pressButton, shoot, sleep, waitFor,
} from "./lib.mjs";

const base = option("--base", "http://127.0.0.1:7878").replace(/\/$/, "");
const artifacts = join(option("--artifacts", "target/browser-artifacts"), "phone");
const chromiumPath = option("--chromium", process.env.CHROMIUM || "/usr/bin/chromium");
mkdirSync(artifacts, { recursive: true });

// The longest a change may wait for its frame, in milliseconds of the page's clock.
const FRESH_MS = 100;
// How long a news notice stays up (client/src/app/status.rs, NOTICE_SECONDS).
const NOTICE_MS = 6000;

const problems = new Problems();
const shots = [];
const measured = {};
const pages = [];

async function open(name, path, options) {
    const page = await openPage(await browserOnce(), problems, name, `${base}${path}`, options);
    pages.push(page);
    return page;
}

let browser = null;
async function browserOnce() {
    browser = browser || await launch(chromiumPath);
    return browser;
}

const path = (page) => page.evaluate(() => window.location.pathname);
const fail = (why) => { throw new Error(why); };

async function shot(page, file) {
    shots.push(await shoot(page, artifacts, file));
}

// The first frame after `since` (page clock) that satisfies `shows`, and the frames before it.
async function firstFrame(page, since, shows, what) {
    const frames = await framesSince(page, since);
    const i = frames.findIndex(shows);
    if (i < 0) {
        fail(`${page.chaupalName}: no frame showed ${what}`);
    }
    return frames[i];
}

// How long after the message that brought it the frame showing `shows` was drawn; fails when
// a frame drawn after that message did not show it yet, or when it took over FRESH_MS.
async function freshness(page, since, shows, what) {
    const frame = await firstFrame(page, since, shows, what);
    const messages = await page.evaluate((since) =>
        (window.chaupal_messages || []).filter((t) => t > since), since);
    const before = messages.filter((t) => t <= frame.t);
    if (before.length === 0) {
        fail(`${page.chaupalName}: ${what} showed with no message from the server`);
    }
    const arrived = before[before.length - 1];
    const took = frame.t - arrived;
    if (took > FRESH_MS) {
        fail(`${page.chaupalName}: ${what} showed ${took.toFixed(0)} ms after its message`);
    }
    return took;
}

// Names typed through the page's real input.
async function names() {
    const n = await open("N", "/?hook&name=Nima", { scale: 3 });
    await waitFor(n, "N's lobby, connected", (h) => h.screen === "lobby" && h.connected);
    await pressButton(n, "Change name");
    await waitFor(n, "the name's field taking the typing", (h) =>
        h.fields.some((f) => f.field === "name" && f.focused));
    const active = await n.evaluate(() => document.activeElement?.tagName);
    if (active !== "INPUT") {
        fail(`N: "Change name" left the typing with ${active}, not the name's input`);
    }
    const field = (h) => h.fields.find((f) => f.field === "name");
    // Select-all, then the typing replaces the name, every letter kept.
    await n.keyboard.press("Control+A");
    await waitFor(n, "the whole name selected", (h) =>
        field(h)?.selection?.[0] === 0 && field(h)?.selection?.[1] === "Nima".length);
    await n.keyboard.type("José Ñandú", { delay: 20 });
    await waitFor(n, "José Ñandú in the field", (h) => field(h)?.text === "José Ñandú");
    // A held Backspace repeats: four presses while it is down.
    await n.keyboard.down("Backspace");
    for (let i = 0; i < 3; i++) {
        await n.keyboard.down("Backspace");
    }
    await n.keyboard.up("Backspace");
    await waitFor(n, "four letters gone by one held key", (h) => field(h)?.text === "José Ñ");
    await n.keyboard.type("andú");
    await n.keyboard.press("Enter");
    await waitFor(n, "the server calling N José Ñandú", (h) =>
        h.connected && h.name === "José Ñandú" && h.fields.length === 0);
    // Past 32 characters: refused, and said.
    await pressButton(n, "Change name");
    await waitFor(n, "the name's field", (h) => field(h)?.focused);
    await n.keyboard.press("Control+A");
    const long = "Bartholomew-Maximilian-Wolfgang-Q";
    await n.keyboard.type(long);
    const refused = await waitFor(n, "the 33rd character refused", (h) =>
        field(h)?.text === long.slice(0, 32) &&
        h.notices.some((x) => x.kind === "problem" && x.text.includes("at most 32")));
    measured.name_limit_notice = refused.notices[0].text;
    await n.keyboard.press("Enter");
    await waitFor(n, "the 32-character name kept", (h) => h.connected && h.name === long.slice(0, 32));
    // Every text of the lobby drawn again with the long name, at pixel ratio 3.
    await pressButton(n, "Kalah");
    await pressButton(n, "Jungle");
    await sleep(300);
    await shot(n, "n-long-name-dpr3.png");
    await n.close();
}

// A link that leads nowhere.
async function badLink() {
    const z = await open("Z", "/join/ZZZZ-ZZZZ?hook&name=Zara");
    const card = await waitFor(z, "the card of a link that leads nowhere", (h) =>
        typeof h.broken_link === "string");
    if (!card.broken_link.includes("ZZZZ-ZZZZ")) {
        fail(`Z: the card says "${card.broken_link}", not which code`);
    }
    measured.bad_link_card = card.broken_link;
    if ((await path(z)) !== "/join/ZZZZ-ZZZZ") {
        fail(`Z: the address while the card is up is ${await path(z)}`);
    }
    await shot(z, "z-bad-link.png");
    await pressButton(z, "Go to the lobby");
    await waitFor(z, "the lobby after the card", (h) => h.screen === "lobby" && !h.broken_link);
    await waitForPath(z, "/");
    await z.close();
}

async function waitForPath(page, want) {
    const until = Date.now() + 5000;
    while ((await path(page)) !== want) {
        if (Date.now() > until) {
            fail(`${page.chaupalName}: the address is ${await path(page)}, not ${want}`);
        }
        await sleep(30);
    }
}

// A's and B's phones play a whole Kalah game by taps, with everything around it.
async function wholeGame() {
    // The players' phones at pixel ratio 1: SwiftShader draws every pixel on the processor,
    // and three pages animate at once (the names above are drawn at ratio 3).
    const a = await open("A", "/?hook&name=Asha", { scale: 1 });
    await waitFor(a, "A's lobby, connected", (h) => h.screen === "lobby" && h.connected);
    await choose(a, "Kalah");
    await choose(a, "A friend");
    await pressButton(a, "Create a private game");
    const invite = (await waitFor(a, "the invite link", (h) => typeof h.invite === "string"))
        .invite;
    await shot(a, "a-invite.png");
    const joinPath = new URL(invite).pathname;
    const b = await open("B", `${joinPath}?hook&name=Bina`, { scale: 1 });
    // The link shows the invitation first, on a card that fits the phone; Accept joins.
    await waitFor(b, "B sees the invitation", (h) => typeof h.invitation === "string" &&
        h.screen === "lobby" && !h.game);
    await shot(b, "b-invitation.png");
    await pressButton(b, "Accept");
    const bIn = await waitFor(b, "B in the game by the link", (h) => h.screen === "game" && h.game);
    const game = bIn.game;
    await waitFor(a, "A in the game", (h) => h.screen === "game" && h.game === game);
    await waitForPath(b, `/game/${game}`);
    await waitForPath(a, `/game/${game}`);
    // B reloads: back in the game, with no error.
    await b.reload();
    await waitFor(b, "B back in the game after a reload", (h) =>
        h.screen === "game" && h.game === game && h.connected);
    await sleep(500);
    const afterReload = await hookOf(b);
    if (afterReload.notices.some((x) => x.kind === "problem") || afterReload.broken_link) {
        fail(`B: a reload of the game's page says ${JSON.stringify(afterReload.notices)}`);
    }
    // A watcher on a laptop, by the game's own link as A's Share gives it: the game is private
    // (it began from an invitation), and its link carries the watch key.
    const shared = new URL((await waitFor(a, "A's link to the game", (h) =>
        typeof h.game_link === "string" && h.game_link.includes(`/game/${game}?key=`))).game_link);
    measured.watch_key = shared.searchParams.get("key");
    const c = await open("C", `${shared.pathname}${shared.search}&hook&name=Chandra`,
        { device: LAPTOP, touch: false, scale: 1 });
    await waitFor(c, "C watching", (h) => h.screen === "game" && h.game === game && !h.my_turn);
    await waitForPath(c, `/game/${game}`);
    await c.reload();
    await waitFor(c, "C watching again after a reload", (h) => h.screen === "game" &&
        h.game === game);

    const players = { A: a, B: b };
    const mover = async () => {
        for (const page of [a, b]) {
            const h = await hookOf(page);
            if (h.my_turn && !h.over) {
                return [page, h];
            }
        }
        return [null, null];
    };
    let taps = 0;
    // A move by taps: a pit the hook offers (once the last move has been shown), varied with
    // the moves so far.
    const tapMove = async (page) => {
        const h = await waitFor(page, "a pit to tap", (x) =>
            x.targets.some((t) => t.kind === "cell" && t.enabled));
        const pits = h.targets.filter((t) => t.kind === "cell" && t.enabled);
        const small = pits.filter((t) => t.w < 44 || t.h < 44);
        if (small.length > 0) {
            fail(`${page.chaupalName}: pits under 44 CSS px: ${JSON.stringify(small[0])}`);
        }
        const pit = pits[(h.moves.length * 5) % pits.length];
        await press(page, h, pit);
        taps++;
        await waitFor(page, `the move at ${pit.label}`, (n) => n.moves.length > h.moves.length ||
            n.over);
    };
    const other = (page) => (page === a ? b : a);

    // The opponent's move shows at once, and a tap right after it lands.
    let [first, h] = await mover();
    const waiting = other(first);
    const since = await pageNow(waiting);
    await tapMove(first);
    const n = h.moves.length;
    await waitFor(waiting, "the opponent's move", (x) => x.moves.length > n);
    measured.move_ms = await freshness(waiting, since, (f) => f.moves > n, "the opponent's move");
    // Kalah may give the mover another turn: play on until the other page is to move.
    for (;;) {
        [first, h] = await mover();
        if (first === waiting || first === null) {
            break;
        }
        await tapMove(first);
    }
    await waitFor(waiting, "its turn", (x) => x.my_turn && !x.animating);
    await tapMove(waiting);

    // A takeback asked for: the other side is asked in those words, and declines.
    [first, h] = await mover();
    const asker = other(first);
    await pressButton(asker, "Take back");
    const asked = await waitFor(first, "the takeback question", (x) => button(x, "Decline") &&
        x.notices.some((m) => m.text === "Your opponent asks to take back their last move."));
    measured.takeback_question = asked.notices[0].text;
    await shot(first, `${first.chaupalName.toLowerCase()}-takeback-asked.png`);
    const declinedSince = await pageNow(asker);
    await pressButton(first, "Decline");
    // The asker hears of it, and that notice ends by itself in the first frame after its
    // time, with no input on the page.
    const declined = (f) => f.notices.some((m) => m.text.includes("declined"));
    await waitFor(asker, "the decline said", (x) => x.notices.some((m) =>
        m.text.includes("declined")));
    const shown = await firstFrame(asker, declinedSince, declined, "the decline");
    await waitFor(asker, "the notice's end", (x) => x.notices.length === 0, NOTICE_MS + 5000);
    const gone = await firstFrame(asker, shown.t, (f) => !declined(f), "the notice gone");
    const late = gone.t - shown.t - NOTICE_MS;
    if (Math.abs(late) > FRESH_MS) {
        fail(`${asker.chaupalName}: the notice went ${late.toFixed(0)} ms from its time ` +
            `(shown ${JSON.stringify(shown)}, then ${JSON.stringify(gone)})`);
    }
    measured.notice_end_late_ms = late;
    // A tap right after lands on what the hook showed.
    await pressButton(asker, "Rules");
    await waitFor(asker, "the rules", (x) => x.screen === "rules");
    await pressButton(asker, "Back");
    await waitFor(asker, "the game again", (x) => x.screen === "game");

    // The opponent leaves and comes back: what was said of it is taken back at once.
    [first, h] = await mover();
    const stayer = first;
    const leaver = other(stayer);
    const leaverName = leaver.chaupalName;
    const context = leaver.context();
    await leaver.close();
    await waitFor(stayer, "the opponent's going said", (x) =>
        x.notices.some((m) => m.text.startsWith("Your opponent lost the connection")), 20000);
    const backSince = await pageNow(stayer);
    // The same browser, so the same player.
    const back = await openIn(context, problems, leaverName, `${base}/game/${game}?hook`);
    pages.push(back);
    players[leaverName] = back;
    await waitFor(back, "the player back in the game", (x) => x.screen === "game" &&
        x.game === game);
    await waitFor(stayer, "the opponent's return said", (x) =>
        x.notices.some((m) => m.text === "Your opponent is back."));
    measured.return_ms = await freshness(stayer, backSince, (f) =>
        f.notices.some((m) => m.text === "Your opponent is back."), "the opponent's return");
    // A tap right after it lands: the stayer moves.
    await tapMove(stayer);

    // The rest of the game, by taps, to its end.
    const pair = [players.A, players.B];
    const until = Date.now() + 300000;
    let lastSince = null;
    let lastWaiter = null;
    for (;;) {
        if (Date.now() > until) {
            fail("the game did not end within five minutes");
        }
        const hooks = await Promise.all(pair.map(hookOf));
        if (hooks.every((x) => x.over)) {
            break;
        }
        const i = hooks.findIndex((x) => x.my_turn && !x.over);
        if (i < 0) {
            await sleep(30);
            continue;
        }
        lastWaiter = pair[1 - i];
        lastSince = await pageNow(lastWaiter);
        await tapMove(pair[i]);
    }
    measured.taps = taps;
    // The result card comes by itself once the last move has been shown.
    const card = await waitFor(lastWaiter, "the result card", (x) => x.screen === "game_over",
        20000);
    // The frame after the last one that showed the move shows the card, as soon as that
    // frame could be drawn: within FRESH_MS more than the frames of the move took each (three
    // pages draw the same move at once through SwiftShader, on the processor).
    const cardFrames = await framesSince(lastWaiter, lastSince);
    const over = cardFrames.findIndex((f) => f.screen === "game_over");
    const moveFrames = cardFrames.slice(0, over).filter((f) => f.animating);
    if (moveFrames.length > 0) {
        const last = moveFrames[moveFrames.length - 1];
        if (cardFrames[over - 1] !== last) {
            fail(`${lastWaiter.chaupalName}: a frame between the move's end and the card ` +
                `showed neither: ${JSON.stringify(cardFrames[over - 1])}`);
        }
        const step = moveFrames.length > 1 ? last.t - moveFrames[moveFrames.length - 2].t : 0;
        const took = cardFrames[over].t - last.t;
        if (took > FRESH_MS + step) {
            fail(`${lastWaiter.chaupalName}: the result card came ${took.toFixed(0)} ms after ` +
                `the move's last frame (its frames came ${step.toFixed(0)} ms apart)`);
        }
        measured.card_after_move_ms = took;
    }
    measured.moves = card.moves.length;
    await shot(lastWaiter, "result-card.png");
    const small = card.targets.filter((t) => t.kind === "button" && t.h < 44);
    if (small.length > 0) {
        fail(`the result card's buttons are under 44 CSS px: ${small.map((t) => t.label)}`);
    }
    // A tap right after the card appeared lands on it: the replay, at its own address.
    await pressButton(lastWaiter, "Replay");
    await waitFor(lastWaiter, "the replay", (x) => x.screen === "replay");
    await waitForPath(lastWaiter, `/replay/${game}`);
    await lastWaiter.reload();
    await waitFor(lastWaiter, "the replay again after a reload", (x) => x.screen === "replay");
    // The review, at phone size.
    await pressButton(lastWaiter, "Review");
    const reviewed = await waitFor(lastWaiter, "the review", (x) => x.review === "ready" ||
        x.review === "failed", 180000);
    if (reviewed.review !== "ready") {
        fail(`${lastWaiter.chaupalName}: the review failed`);
    }
    await sleep(300);
    await shot(lastWaiter, "review-phone.png");
    await waitFor(c, "C to see the end", (x) => x.over && x.moves.length === card.moves.length);
    await shot(c, "c-watcher-laptop.png");
    measured.game = game;
}

async function main() {
    try {
        await names();
        await badLink();
        await wholeGame();
        // No connection card on any first visit: the server was up.
        for (const page of pages.filter((p) => !p.isClosed())) {
            const card = await page.evaluate(() =>
                (window.chaupal_frames || []).some((f) => f.screen === "connection"));
            if (card) {
                fail(`${page.chaupalName}: the connection card showed though the server was up`);
            }
        }
        problems.check();
        console.log(JSON.stringify({ ...measured, screenshots: shots }));
    } catch (e) {
        for (const page of pages.filter((p) => !p.isClosed())) {
            await page.screenshot({ path: join(artifacts, `failed-${page.chaupalName}.png`) })
                .catch(() => {});
        }
        throw e;
    } finally {
        if (browser) {
            await browser.close();
        }
    }
}

main().catch((e) => {
    console.error(`phone test failed: ${e.message}`);
    if (problems.lines.length > 0) {
        console.error(`the browser reported:\n  ${problems.lines.join("\n  ")}`);
    }
    process.exit(1);
});
