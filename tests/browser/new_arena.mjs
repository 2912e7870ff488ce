// A phone (390x844, touch) makes an arena by taps against a real chaupal-server, as a player
// does: the lobby's Tournaments, "Make a tournament", the steppers ("<" and ">") to another game,
// a shorter length, another clock and a start at once, "Make it"; its page shows what was
// chosen, and Join enters it. A second phone finds it in the list ("Playing now"), opens it and
// joins; the two are paired, and the player to move goes berserk by a tap: their clock shows
// half its time, the button goes out of use, and both hear of it. tests/tests/browser.rs runs
// this against a server without hourly arenas; by hand:
//
//   node tests/browser/new_arena.mjs --base http://127.0.0.1:7878 --artifacts /tmp/shots
//
// On success it prints one line of JSON: the arena as its page showed it, the game and the
// clocks after berserk.

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Problems, button, hookOf, launch, openPage, option, press, pressButton, shoot, sleep,
    waitFor } from "./lib.mjs";

const base = option("--base", "http://127.0.0.1:7878").replace(/\/$/, "");
const artifacts = join(option("--artifacts", "target/browser-artifacts"), "new-arena");
const chromiumPath = option("--chromium", process.env.CHROMIUM || "/usr/bin/chromium");
mkdirSync(artifacts, { recursive: true });

const problems = new Problems();
const shots = [];

// The `nth` (from 0) visible, enabled button labelled `label`, in drawing order.
function nthButton(h, label, nth) {
    const all = h.targets.filter((t) => t.kind === "button" && t.label === label && t.enabled &&
        t.visible);
    return all[nth] || null;
}

// Taps the `nth` stepper's `label` ("<" or ">"), then waits for the next picture.
async function step(page, label, nth) {
    const h = await waitFor(page, `stepper ${nth} "${label}"`, (h) => nthButton(h, label, nth));
    await press(page, h, nthButton(h, label, nth));
    await waitFor(page, "the next picture", (x) => x.frame > h.frame);
    await sleep(150);
}

// A phone opens the lobby.
async function phone(browser, name) {
    const page = await openPage(browser, problems, name, `${base}/?hook&name=${name}`,
        { scale: 2 });
    await waitFor(page, `${name}: the lobby online`, (h) => h.screen === "lobby" && h.connected,
        60000);
    return page;
}

const browser = await launch(chromiumPath);
try {
    const asha = await phone(browser, "Asha");
    await pressButton(asha, "Tournaments");
    await waitFor(asha, "Asha: the list", (h) => h.screen === "tournaments" &&
        button(h, "Make a tournament"));
    await pressButton(asha, "Make a tournament");
    await waitFor(asha, "Asha: the new arena's card", (h) => h.screen === "new_tournament");
    // The steppers, top down: the format (an arena), the game, the length, the clock, the
    // start.
    await step(asha, ">", 1); // Bagh Chal to Kalah
    await step(asha, "<", 2); // 30 minutes to 20
    await step(asha, "<", 3); // 5+3 to 3+2
    await step(asha, "<", 4); // in 5 minutes to now
    shots.push(await shoot(asha, artifacts, "asha-card.png"));
    await pressButton(asha, "Make it");
    let h = await waitFor(asha, "Asha: the arena's page", (h) => h.screen === "tournament" &&
        h.tournament && button(h, "Join"), 15000);
    const made = h.tournament;
    const want = { status: "running", game: "kalah", minutes: 20, clock: [180, 2], private: false };
    for (const [key, value] of Object.entries(want)) {
        if (JSON.stringify(made[key]) !== JSON.stringify(value)) {
            throw new Error(`the page shows ${key} ${JSON.stringify(made[key])}, not ` +
                `${JSON.stringify(value)}: ${JSON.stringify(made)}`);
        }
    }
    const path = await asha.evaluate(() => location.pathname);
    if (path !== `/tournament/${made.id}`) {
        throw new Error(`the address bar says ${path}`);
    }
    shots.push(await shoot(asha, artifacts, "asha-page.png"));
    await pressButton(asha, "Join");
    await waitFor(asha, "Asha: joined", (h) => h.tournament && h.tournament.rank !== null &&
        button(h, "Leave"), 15000);

    // Bikram finds it among those being played, opens it and joins.
    const bikram = await phone(browser, "Bikram");
    await pressButton(bikram, "Tournaments");
    h = await waitFor(bikram, "Bikram: the list with the arena", (h) =>
        h.screen === "tournaments" && button(h, "Open"), 15000);
    shots.push(await shoot(bikram, artifacts, "bikram-list.png"));
    await pressButton(bikram, "Open");
    h = await waitFor(bikram, "Bikram: the arena's page", (h) => h.screen === "tournament" &&
        h.tournament && h.tournament.id === made.id && button(h, "Join"), 15000);
    await pressButton(bikram, "Join");

    // Paired: both in one game; the player to move goes berserk before their first move.
    const [a, b] = await Promise.all([asha, bikram].map((page) =>
        waitFor(page, `${page.chaupalName}: paired into a game`,
            (h) => h.screen === "game" && h.game !== null && h.connected, 30000)));
    if (a.game !== b.game) {
        throw new Error(`paired into different games: ${a.game} and ${b.game}`);
    }
    const [mover, other] = a.my_turn ? [asha, bikram] : [bikram, asha];
    const side = 0; // the first side moves first in Kalah
    // The button comes with the news of the pairing, a moment after the game's first picture:
    // a person taps it once it is there (not "More", which opens the menu over it).
    await waitFor(mover, `${mover.chaupalName}: Berserk offered`, (h) =>
        h.targets.some((t) => t.kind === "button" && t.label === "Berserk" && t.enabled), 10000);
    await pressButton(mover, "Berserk");
    h = await waitFor(mover, `${mover.chaupalName}: berserk`, (h) => h.berserk[side] &&
        h.notices.some((n) => n.text.startsWith("You went berserk")), 10000);
    if (!(h.clocks && h.clocks[side] <= 90000 && h.clocks[1 - side] > 170000)) {
        throw new Error(`the clocks after berserk: ${JSON.stringify(h.clocks)}`);
    }
    const after = h.targets.find((t) => t.kind === "button" && t.label === "Berserk");
    if (!after || after.enabled) {
        throw new Error(`the Berserk button after use: ${JSON.stringify(after)}`);
    }
    shots.push(await shoot(mover, artifacts, "berserk.png"));
    await waitFor(other, `${other.chaupalName}: hears of it`, (h) => h.berserk[side] &&
        h.notices.some((n) => n.text.includes("went berserk")), 10000);
    const theirs = await hookOf(other);
    const mine = theirs.targets.find((t) => t.kind === "button" && t.label === "Berserk");
    if (!mine || !mine.enabled) {
        throw new Error(`the second side may still go berserk: ${JSON.stringify(mine)}`);
    }
    problems.check();
    console.log(JSON.stringify({
        tournament: made,
        game: a.game,
        clocks: h.clocks,
        screenshots: shots,
    }));
} catch (e) {
    console.error(e.stack || String(e));
    process.exitCode = 1;
} finally {
    await browser.close();
}
