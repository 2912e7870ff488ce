// The browser end-to-end test's driver: four pages of the real browser client, served by a
// real chaupal-server, in headless Chromium (Debian's, WebGL through SwiftShader), driven with
// Playwright. tests/tests/browser.rs starts the server and runs this; it can also be run by
// hand against any server that serves the client:
//
//   node tests/browser/play.mjs --base http://127.0.0.1:7878 --artifacts /tmp/shots
//
// Page A chooses Kalah and a friend, creates a private game and reads the invite link from the
// invitation's card; page B opens that link, sees the invitation's card (Asha invites to
// Kalah) and presses Accept, and is in the game; the two play the
// whole game by clicking the pits with the mouse; page C opens the game's link as A's Share gives
// it (the game is private, so the link carries its watch key) early in the game
// and must see every move. Then A reloads and must be the same player (back at the game, then
// in the lobby with it among its finished ones), asks for a device code, and page D opens its
// link and must be A's player too.
// Each page is opened with `?hook`, so the client publishes what each
// frame offers (buttons by label, pits by name, where they are, whether a click there does
// something: client/src/hook.rs); every click is a real mouse click at such a place on the
// canvas. Screenshots of each page are written to the artifacts folder. Any console error,
// WebGL warning, uncaught exception or failed request on any page fails the run (the pieces
// shared with the other drivers are in lib.mjs).
//
// On success it prints one line of JSON (what happened, and how long each page took from the
// request to its first frame of the lobby or the game) and exits 0; on failure it says why on
// stderr and exits 1.

import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import {
    LAPTOP, Problems, choose as chooseIn, hookOf, launch, openPage as openIn, option, press,
    pressButton, shoot as shootIn, sleep, waitFor,
} from "./lib.mjs";

const base = option("--base", "http://127.0.0.1:7878").replace(/\/$/, "");
const artifacts = option("--artifacts", "target/browser-artifacts");
const chromiumPath = option("--chromium", process.env.CHROMIUM || "/usr/bin/chromium");
const gameTimeoutMs = Number(option("--timeout-ms", "300000"));
// Only this run's screenshots (other drivers keep theirs in folders of their own there).
mkdirSync(artifacts, { recursive: true });
for (const file of readdirSync(artifacts)) {
    if (file.endsWith(".png")) {
        rmSync(join(artifacts, file), { force: true });
    }
}

const problems = new Problems();
const pages = [];

// The pages are laptops, clicked with the mouse.
const clickTarget = press;
const clickButton = pressButton;
const choose = chooseIn;

async function openPage(browser, name, url) {
    const page = await openIn(browser, problems, name, url, { device: LAPTOP, touch: false,
        scale: 1 });
    pages.push(page);
    return page;
}

// Milliseconds from the page's request to its first frame showing `screens`, as the page's
// own clock measured it (chaupal.js notes the time of each screen's first frame).
async function firstFrameMs(page, screens) {
    return page.evaluate((screens) => {
        const seen = window.chaupal_first_frames || {};
        const times = screens.map((s) => seen[s]).filter((t) => typeof t === "number");
        return times.length ? Math.min(...times) : null;
    }, screens);
}

async function shoot(page, file) {
    return shootIn(page, artifacts, file);
}

async function main() {
    const browser = await launch(chromiumPath);
    const shots = [];
    try {
        // A: the lobby, Kalah against a friend, a private game.
        const a = await openPage(browser, "A", `${base}/?hook&name=Asha`);
        await waitFor(a, "A's lobby, connected", (h) => h.screen === "lobby" && h.connected);
        const lobbyMs = await firstFrameMs(a, ["lobby"]);
        await choose(a, "Kalah");
        await choose(a, "A friend");
        await clickButton(a, "Create a private game");
        const invited = await waitFor(a, "the invite link", (h) => typeof h.invite === "string");
        const invite = invited.invite;
        if (!invite.startsWith(`${base}/join/`)) {
            throw new Error(`the invite link ${invite} does not lead to ${base}/join/CODE`);
        }
        shots.push(await shoot(a, "a-invite.png"));

        // B: the link shows what the invitation is; Accept puts the friend in the game.
        const sep = invite.includes("?") ? "&" : "?";
        const b = await openPage(browser, "B", `${invite}${sep}hook&name=Bina`);
        const card = await waitFor(b, "B sees the invitation", (h) =>
            typeof h.invitation === "string");
        if (!card.invitation.includes("Asha") || !card.invitation.includes("Kalah")) {
            throw new Error(`the invitation's card says "${card.invitation}"`);
        }
        if (card.game !== null) {
            throw new Error(`B is in game ${card.game} before accepting`);
        }
        shots.push(await shoot(b, "b-invitation.png"));
        await pressButton(b, "Accept");
        const bGame = await waitFor(b, "B in the game once accepted", (h) =>
            h.screen === "game" && h.game !== null);
        const joinMs = await firstFrameMs(b, ["game"]);
        const aGame = await waitFor(a, "A in the game", (h) => h.screen === "game" && h.game !== null);
        if (aGame.game !== bGame.game) {
            throw new Error(`A is in game ${aGame.game} and B in game ${bGame.game}`);
        }
        const game = aGame.game;

        // Plays whole turns by clicking pits, until the game is over. A pit is chosen from the
        // ones the hook says take a click, varied by the number of moves so far.
        let c = null;
        let watchMs = null;
        let watchKey = null;
        const players = [a, b];
        const until = Date.now() + gameTimeoutMs;
        let clicks = 0;
        for (;;) {
            if (Date.now() > until) {
                throw new Error(`the game did not end within ${gameTimeoutMs} ms`);
            }
            const hooks = await Promise.all(players.map(hookOf));
            if (hooks.every((h) => h.over)) {
                break;
            }
            let moved = false;
            for (let i = 0; i < players.length; i++) {
                const h = hooks[i];
                const pits = h.targets.filter((t) => t.kind === "cell" && t.enabled);
                if (h.over || !h.my_turn || pits.length === 0) {
                    continue;
                }
                const pit = pits[(h.moves.length * 7 + clicks) % pits.length];
                const before = h.moves.length;
                await clickTarget(players[i], h, pit);
                clicks++;
                await waitFor(players[i], `the move at ${pit.label} played`, (n) =>
                    n.moves.length > before || n.over);
                moved = true;
            }
            // C comes to watch once a few moves are on the board.
            if (c === null && hooks[0].moves.length >= 4) {
                // The game is private (it began from an invitation): C comes by the link A's
                // Share gives, which carries its watch key.
                const shared = new URL(hooks[0].game_link);
                watchKey = shared.searchParams.get("key");
                c = await openPage(browser, "C",
                    `${base}${shared.pathname}${shared.search}&hook&name=Chandra`);
                await waitFor(c, "C watching the game", (h) => h.screen === "game" && h.game === game);
                watchMs = await firstFrameMs(c, ["game"]);
                shots.push(await shoot(a, "a-playing.png"));
                shots.push(await shoot(b, "b-playing.png"));
                shots.push(await shoot(c, "c-watching.png"));
            }
            if (!moved) {
                await sleep(40);
            }
        }
        const end = await hookOf(a);
        const bEnd = await hookOf(b);
        if (JSON.stringify(end.moves) !== JSON.stringify(bEnd.moves)) {
            throw new Error(`A and B disagree on the moves: ${end.moves} / ${bEnd.moves}`);
        }
        if (c === null) {
            throw new Error(`the game ended after ${end.moves.length} moves, before C came`);
        }
        // The watcher sees every move, and the end.
        const cEnd = await waitFor(c, "C to see every move and the end", (h) =>
            h.over && h.moves.length === end.moves.length, 30000);
        if (JSON.stringify(cEnd.moves) !== JSON.stringify(end.moves)) {
            throw new Error(`C saw ${cEnd.moves} but the game was ${end.moves}`);
        }
        if (cEnd.targets.some((t) => t.kind === "cell" && t.enabled)) {
            throw new Error("a watcher was offered a pit to play");
        }
        // The result on every page (the animations of the last moves done).
        await sleep(1500);
        shots.push(await shoot(a, "a-over.png"));
        shots.push(await shoot(b, "b-over.png"));
        shots.push(await shoot(c, "c-over.png"));

        // A's identity survives a reload: the page's address is the game's own, so the same
        // player is back at the finished game, and then in the lobby with it among the
        // finished ones.
        await a.reload();
        await waitFor(a, "A back at the game as the same player after a reload", (h) =>
            h.game === game && h.over && h.connected && h.name === "Asha");
        await clickButton(a, "Lobby");
        const reloaded = await waitFor(a, "A in the lobby, the game among the finished ones", (h) =>
            h.screen === "lobby" && h.connected && h.finished.includes(game));
        // And goes on on another device: A asks for a device code, D opens its link and is
        // A's player there, with A's finished game.
        await clickButton(a, "Play on another device");
        const coded = await waitFor(a, "a device code", (h) => typeof h.device_code === "string");
        shots.push(await shoot(a, "a-device-code.png"));
        const d = await openPage(browser, "D", `${base}/link/${coded.device_code}?hook`);
        const linked = await waitFor(d, "D playing as A by the device link", (h) =>
            h.screen === "lobby" && h.connected && h.finished.includes(game));
        if (linked.name !== "Asha") {
            throw new Error(`D plays as ${linked.name}, not as Asha`);
        }
        shots.push(await shoot(d, "d-linked.png"));
        problems.check();
        console.log(JSON.stringify({
            game,
            watch_key: watchKey,
            invite,
            moves: end.moves.length,
            move_list: end.moves,
            clicks,
            watcher_moves: cEnd.moves.length,
            reloaded_as: reloaded.name,
            linked_as: linked.name,
            first_frame_ms: { lobby: lobbyMs, join: joinMs, watch: watchMs },
            screenshots: shots,
        }));
    } catch (e) {
        // What each page showed when it went wrong.
        for (const page of pages) {
            const state = await page.evaluate(() => {
                const h = window.chaupal_hook;
                return h && { frame: h.frame, screen: h.screen, moves: h.moves.length, my_turn: h.my_turn, over: h.over,
                    selection: h.selection, pending: h.pending, animating: h.animating,
                    looking: h.looking,
                    enabled: h.targets.filter((t) => t.enabled).map((t) => t.label) };
            }).catch(() => null);
            console.error(`${page.chaupalName}: ${JSON.stringify(state)}`);
            await sleep(1000);
            const later = await page.evaluate(() => window.chaupal_hook?.frame)
                .catch(() => null);
            console.error(`${page.chaupalName} a second later: frame ${later}`);
            await page.screenshot({ path: join(artifacts, `failed-${page.chaupalName}.png`) })
                .catch(() => {});
        }
        throw e;
    } finally {
        await browser.close();
    }
}

main().catch((e) => {
    console.error(`browser test failed: ${e.message}`);
    if (problems.lines.length > 0) {
        console.error(`the browser reported:\n  ${problems.lines.join("\n  ")}`);
    }
    process.exit(1);
});
