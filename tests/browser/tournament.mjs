// Two phones (390x844, touch) in one arena against a real chaupal-server: each opens the
// tournament's shared link (`/tournament/ID`), taps Join on its page and waits as a player
// does; the server pairs them and both are taken to the same game, the page's standings
// having shown each as an entrant. tests/tests/browser.rs makes the arena (through the
// protocol, starting at once) and runs this; by hand:
//
//   node tests/browser/tournament.mjs --base http://127.0.0.1:7878 --tournament ID \
//       --artifacts /tmp/shots
//
// On success it prints one line of JSON: each phone's game, side and the labels it saw.

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Problems, button, hookOf, launch, openPage, option, press, shoot, sleep, waitFor }
    from "./lib.mjs";

const base = option("--base", "http://127.0.0.1:7878").replace(/\/$/, "");
const artifacts = join(option("--artifacts", "target/browser-artifacts"), "tournament");
const chromiumPath = option("--chromium", process.env.CHROMIUM || "/usr/bin/chromium");
const tournament = option("--tournament", null);
mkdirSync(artifacts, { recursive: true });
if (!tournament) {
    throw new Error("--tournament ID is needed");
}

const problems = new Problems();
const shots = [];

// A phone opens the tournament's link and joins by a tap on Join; its page and hook.
async function joinAs(browser, name) {
    const page = await openPage(browser, problems, name,
        `${base}/tournament/${tournament}?hook&name=${name}`, { scale: 2 });
    let h = await waitFor(page, `${name}: the tournament's page`, (h) =>
        h.screen === "tournament" && h.connected && button(h, "Join"), 60000);
    const path = await page.evaluate(() => location.pathname);
    if (path !== `/tournament/${tournament}`) {
        throw new Error(`${name}: the address bar says ${path}`);
    }
    await sleep(300);
    h = await hookOf(page);
    await press(page, h, button(h, "Join"));
    return page;
}

const browser = await launch(chromiumPath);
try {
    const asha = await joinAs(browser, "Asha");
    // Joined: her page offers Pause and Leave, and she is waiting for an opponent.
    await waitFor(asha, "Asha: joined", (h) => h.screen === "tournament" &&
        button(h, "Pause") && button(h, "Leave"), 15000);
    shots.push(await shoot(asha, artifacts, "asha-joined.png"));
    const bikram = await joinAs(browser, "Bikram");
    const [a, b] = await Promise.all([asha, bikram].map((page) =>
        waitFor(page, `${page.chaupalName}: paired into a game`,
            (h) => h.screen === "game" && h.game !== null && h.connected, 30000)));
    await sleep(500);
    shots.push(await shoot(asha, artifacts, "asha-game.png"));
    shots.push(await shoot(bikram, artifacts, "bikram-game.png"));
    if (a.game !== b.game) {
        throw new Error(`paired into different games: ${a.game} and ${b.game}`);
    }
    problems.check();
    console.log(JSON.stringify({
        tournament: Number(tournament),
        games: [a.game, b.game],
        my_turn: [a.my_turn, b.my_turn],
        screenshots: shots,
    }));
} catch (e) {
    console.error(e.stack || String(e));
    process.exitCode = 1;
} finally {
    await browser.close();
}
