// Two phones (390x844, touch, pixel ratio 3) play a Swiss by taps against a real
// chaupal-server, as players do. Asha makes it: the lobby's Tournaments, "Make a tournament",
// the steppers to a Swiss of Kalah, 3 rounds, 3+2, starting in 5 minutes (the soonest a Swiss
// may), "Make it", then Join. Bikram finds it in the list, opens it and joins. Three more
// entrants (tests/tests/browser.rs's bots, through the protocol) join, so that every round has a
// bye. The start, and each 30-second break between rounds, is passed by moving the server's
// test clock on (`--clock FILE`, the server's `--test-clock-offset-file`), and the phones'
// clocks with it (their `Date.now`), as if the minutes had passed for everyone.
//
// Each round, each phone is taken to its game or told of its bye. In the first round a phone
// resigns its game by taps (Resign, then "Yes, resign"); in later rounds a bot resigns against
// a phone at once; two phones paired together: the one to move resigns by taps. After its game
// a phone goes back to the tournament by a tap. The pages are checked as they stand: "Round 1
// of 3" and its games in play mid-round, the standings with their tie-breaks (Buchholz, SB) and
// points as a game's, the next round counted down by the second during the break, and once the
// last round has ended, "Finished", the podium and the final standings. By hand:
//
//   node tests/browser/new_swiss.mjs --base http://127.0.0.1:7878 --clock /tmp/clock-offset
//
// On success it prints one line of JSON: the Swiss as its page showed it, each round's games
// and byes of the phones, the final standings and podium, the screenshots.

import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Problems, button, launch, openIn, option, PHONE, press, pressButton, shoot, sleep,
    waitFor } from "./lib.mjs";

const base = option("--base", "http://127.0.0.1:7878").replace(/\/$/, "");
const artifacts = join(option("--artifacts", "target/browser-artifacts"), "new-swiss");
const chromiumPath = option("--chromium", process.env.CHROMIUM || "/usr/bin/chromium");
const clockFile = option("--clock", null);
if (!clockFile) {
    throw new Error("--clock FILE: the server's --test-clock-offset-file is needed");
}
mkdirSync(artifacts, { recursive: true });

const ROUNDS = 3;
const ENTRANTS = 5;
const problems = new Problems();
const shots = [];
const phones = [];

// Moves the server's clock on by `ms` (the offset file rewritten whole: a new file renamed
// over it, as tests/src/clock.rs does) and every phone's with it.
async function advance(ms) {
    const offset = Number(readFileSync(clockFile, "utf8").trim() || "0") + ms;
    writeFileSync(`${clockFile}.driver`, String(offset));
    renameSync(`${clockFile}.driver`, clockFile);
    for (const page of phones) {
        await page.evaluate((o) => { window.chaupal_test_clock = o; }, offset);
    }
}

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

// A phone opens the lobby; its `Date.now` runs `window.chaupal_test_clock` ms ahead.
async function phone(browser, name) {
    const context = await browser.newContext({
        viewport: PHONE, deviceScaleFactor: 3, hasTouch: true, isMobile: true, locale: "en-GB",
    });
    await context.addInitScript(() => {
        const wall = Date.now.bind(Date);
        window.chaupal_test_clock = 0;
        Date.now = () => wall() + window.chaupal_test_clock;
    });
    const page = await openIn(context, problems, name, `${base}/?hook&name=${name}`);
    await waitFor(page, `${name}: the lobby online`, (h) => h.screen === "lobby" && h.connected,
        60000);
    phones.push(page);
    return page;
}

// "2½" as a number.
function points(shown) {
    const whole = parseInt(shown, 10) || 0;
    return whole + (shown.includes("½") ? 0.5 : 0) + (shown.includes("¼") ? 0.25 : 0) +
        (shown.includes("¾") ? 0.75 : 0);
}

function fail(page, what, h) {
    throw new Error(`${page.chaupalName}: ${what}: ${JSON.stringify(h.tournament)}`);
}

// The standings on the page as a Swiss's: every line with its Buchholz and SB, the points as a
// game's adding up to `total`.
function checkStandings(page, h, total) {
    const lines = h.tournament.standings;
    if (lines.length !== ENTRANTS) {
        fail(page, `${lines.length} lines of standings`, h);
    }
    for (const l of lines) {
        if (!/^Buchholz [0-9¼½¾]+ · SB [0-9¼½¾]+$/.test(l.tie_breaks)) {
            fail(page, `the tie-breaks "${l.tie_breaks}"`, h);
        }
    }
    const sum = lines.reduce((s, l) => s + points(l.points), 0);
    if (sum !== total) {
        fail(page, `the standings' points add up to ${sum}, not ${total}`, h);
    }
}

// Where the page stands: its status, then the next round's words.
const said = (h) => (h.tournament ? h.tournament.said : []);

const browser = await launch(chromiumPath);
try {
    // Asha makes the Swiss.
    const asha = await phone(browser, "Asha");
    await pressButton(asha, "Tournaments");
    await waitFor(asha, "Asha: the list", (h) => h.screen === "tournaments" &&
        button(h, "Make a tournament"));
    await pressButton(asha, "Make a tournament");
    await waitFor(asha, "Asha: the card", (h) => h.screen === "new_tournament");
    // The steppers, top down: the format, the game, the rounds, the clock, the start.
    await step(asha, ">", 0); // an arena to a Swiss
    await step(asha, ">", 1); // Bagh Chal to Kalah
    await step(asha, "<", 2); // 5 rounds to 3
    await step(asha, "<", 3); // 5+3 to 3+2
    shots.push(await shoot(asha, artifacts, "1-asha-card-swiss.png"));
    await pressButton(asha, "Make it");
    let h = await waitFor(asha, "Asha: the Swiss's page", (h) => h.screen === "tournament" &&
        h.tournament && button(h, "Join"), 15000);
    const made = h.tournament;
    const want = { status: "upcoming", game: "kalah", format: "swiss", rounds: [0, ROUNDS],
        clock: [180, 2], private: false };
    for (const [key, value] of Object.entries(want)) {
        if (JSON.stringify(made[key]) !== JSON.stringify(value)) {
            throw new Error(`the page shows ${key} ${JSON.stringify(made[key])}, not ` +
                `${JSON.stringify(value)}: ${JSON.stringify(made)}`);
        }
    }
    if (!/^Starts in /.test(said(h)[0])) {
        fail(asha, `the start said "${said(h)[0]}"`, h);
    }
    await pressButton(asha, "Join");
    await waitFor(asha, "Asha: joined", (h) => h.tournament && h.tournament.rank !== null &&
        button(h, "Leave"), 15000);

    // Bikram finds it among those starting soon, opens it and joins.
    const bikram = await phone(browser, "Bikram");
    await pressButton(bikram, "Tournaments");
    await waitFor(bikram, "Bikram: the list with the Swiss", (h) =>
        h.screen === "tournaments" && button(h, "Open"), 15000);
    shots.push(await shoot(bikram, artifacts, "2-bikram-list.png"));
    await pressButton(bikram, "Open");
    await waitFor(bikram, "Bikram: the Swiss's page", (h) => h.screen === "tournament" &&
        h.tournament && h.tournament.id === made.id && button(h, "Join"), 15000);
    await pressButton(bikram, "Join");
    await waitFor(bikram, "Bikram: joined", (h) => h.tournament && h.tournament.rank !== null,
        15000);
    // The bots join as soon as it is listed; the pages hear of the entrants.
    for (const page of phones) {
        await waitFor(page, `${page.chaupalName}: ${ENTRANTS} entrants`, (h) =>
            h.tournament && h.tournament.entrants === ENTRANTS &&
            h.tournament.standings.length === ENTRANTS, 45000);
    }
    shots.push(await shoot(bikram, artifacts, "3-bikram-before-the-start.png"));

    // Five minutes pass: the first round is paired.
    await advance(301_000);
    const seen = new Set();
    const rounds = [];
    let midRound = null;
    for (let round = 1; round <= ROUNDS; round++) {
        // Each phone is taken to its game or told of its bye.
        const fates = await Promise.all(phones.map(async (page) => {
            let bye = false;
            const h = await waitFor(page, `${page.chaupalName}: round ${round}'s game or bye`,
                (h) => {
                    if (h.notices.some((n) => n.text.startsWith(`Round ${round}: you have a bye`))) {
                        bye = true;
                    }
                    return bye || (h.game !== null && !seen.has(h.game) &&
                        (h.screen === "game" || h.screen === "game_over"));
                }, 60000);
            return bye ? { bye: true } : { game: h.game };
        }));
        for (const f of fates) {
            if (f.game) {
                seen.add(f.game);
            }
        }
        const together = fates[0].game && fates[0].game === fates[1].game;
        rounds.push({ round, fates, together });
        const inGame = phones.filter((_, k) => fates[k].game);
        // A phone with a bye sees the round's games in play, while a phone's game waits for
        // its taps (the bots wait for the phones in the first round).
        const idle = phones.find((_, k) => fates[k].bye);
        if (idle && !midRound && inGame.length > 0 && (round === 1 || together)) {
            h = await waitFor(idle, `${idle.chaupalName}: round ${round}'s games in play`, (h) =>
                h.screen === "tournament" && said(h).join(" / ") ===
                    `Round ${round} of ${ROUNDS} / Games in play`, 15000);
            shots.push(await shoot(idle, artifacts, `4-${idle.chaupalName}-mid-round.png`));
            midRound = { round, said: said(h), standings: h.tournament.standings };
        }
        if (together) {
            // The one to move resigns.
            const hs = await Promise.all(phones.map((p) => waitFor(p,
                `${p.chaupalName}: the game on the screen`, (h) => h.screen === "game" &&
                h.connected && h.moves !== undefined, 15000)));
            const mover = hs[0].my_turn ? asha : bikram;
            await resign(mover);
        }
        for (const page of inGame) {
            if (!together && round === 1) {
                await waitFor(page, `${page.chaupalName}: the game`, (h) => h.screen === "game" &&
                    h.connected, 15000);
                await resign(page);
            }
            await waitFor(page, `${page.chaupalName}: round ${round}'s game over`, (h) => h.over,
                30000);
            await pressButton(page, "Back to the tournament");
            h = await waitFor(page, `${page.chaupalName}: back on the page`, (h) =>
                h.screen === "tournament" && h.tournament && h.tournament.id === made.id &&
                (said(h).length === 2 || h.tournament.status === "finished"), 15000);
            // The other phone still plays: the page mid-round.
            if (said(h)[1] === "Games in play" && !midRound) {
                if (said(h)[0] !== `Round ${round} of ${ROUNDS}`) {
                    fail(page, `mid-round, "${said(h)[0]}"`, h);
                }
                shots.push(await shoot(page, artifacts, `4-${page.chaupalName}-mid-round.png`));
                midRound = { round, said: said(h), standings: h.tournament.standings };
            }
        }
        if (round === ROUNDS) {
            break;
        }
        // The round over, both pages count the break down to the next, by the second.
        for (const page of phones) {
            const first = await waitFor(page, `${page.chaupalName}: round ${round + 1} counted`,
                (h) => h.screen === "tournament" && new RegExp(`^Round ${round + 1} in \\d+ s$`)
                    .test(said(h)[1] || ""), 30000);
            if (said(first)[0] !== `Round ${round} of ${ROUNDS}`) {
                fail(page, `between rounds, "${said(first)[0]}"`, first);
            }
            const left = (h) => parseInt(said(h)[1].split(" in ")[1], 10);
            if (left(first) > 30 || left(first) < 5) {
                fail(page, `the break counted from ${left(first)} s`, first);
            }
            const later = await waitFor(page, `${page.chaupalName}: the countdown to count`,
                (h) => /in \d+ s$/.test(said(h)[1] || "") && left(h) < left(first), 3000);
            h = await waitFor(page, `${page.chaupalName}: the standings after round ${round}`,
                (h) => h.tournament.standings.reduce((s, l) => s + points(l.points), 0) ===
                    3 * round, 10000);
            checkStandings(page, h, 3 * round);
            rounds[round - 1].countdown = [said(first)[1], said(later)[1]];
        }
        shots.push(await shoot(asha, artifacts, `5-asha-after-round-${round}.png`));
        // The break passes.
        await advance(31_000);
    }

    // The last round over, the Swiss has finished: the podium and the final standings.
    const finals = [];
    for (const page of phones) {
        h = await waitFor(page, `${page.chaupalName}: the Swiss finished`, (h) =>
            h.screen === "tournament" && h.tournament && h.tournament.status === "finished" &&
            h.tournament.podium.length === 3 && h.tournament.standings.reduce((s, l) => s +
                points(l.points), 0) === 3 * ROUNDS, 30000);
        if (said(h).length !== 1 || said(h)[0] !== "Finished") {
            fail(page, `finished, the page says ${JSON.stringify(said(h))}`, h);
        }
        checkStandings(page, h, 3 * ROUNDS);
        for (const [k, line] of h.tournament.podium.entries()) {
            const top = h.tournament.standings[k];
            const unit = top.points === "1" || top.points === "½" ? "point" : "points";
            if (line !== `${k + 1}. ${top.name}: ${top.points} ${unit}`) {
                fail(page, `the podium's line "${line}"`, h);
            }
        }
        finals.push(h.tournament);
        shots.push(await shoot(page, artifacts, `6-${page.chaupalName}-final.png`));
    }
    if (!midRound) {
        throw new Error(`no page was seen mid-round: ${JSON.stringify(rounds)}`);
    }
    problems.check();
    console.log(JSON.stringify({
        tournament: made,
        rounds,
        mid_round: midRound,
        final: finals[0],
        screenshots: shots,
    }));
} catch (e) {
    console.error(e.stack || String(e));
    for (const page of phones) {
        try {
            await shoot(page, artifacts, `failed-${page.chaupalName}.png`);
        } catch {
            // the page is gone
        }
    }
    process.exitCode = 1;
} finally {
    await browser.close();
}

// Resigns the game on `page`'s screen by taps: Resign, then "Yes, resign".
async function resign(page) {
    await pressButton(page, "Resign");
    await pressButton(page, "Yes, resign");
    await waitFor(page, `${page.chaupalName}: resigned`, (h) => h.over, 15000);
}
