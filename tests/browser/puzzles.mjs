// Puzzles on a phone, as a person solves them: a page of 390x844 with touch, driven only by
// taps on what the client's test hook publishes, against a real chaupal-server given a small
// set of puzzles (`--puzzles DIR`, the same directory named here: the driver reads each
// puzzle's line from it, as a solver who knows the answers). tests/tests/browser.rs writes the
// set, starts the server and runs this; by hand:
//
//   node tests/browser/puzzles.mjs --base http://127.0.0.1:7878 --puzzles DIR --artifacts /tmp/shots
//
// What it shows, failing on the first thing that does not hold:
// - The lobby's "Puzzles" opens the Puzzles screen with a puzzle of the game chosen, what to
//   find in words, and its address (/puzzle/ID).
// - A puzzle solved by tapping the right moves: each judged right at once, the opponent's
//   replies played on the board between them, then "Solved!" with the rating's change (up).
// - "Next puzzle", and a wrong move tapped: the reason in words, the rating's change (down),
//   the position kept; "Try again" takes moves again, and "Show solution" plays the line out.
// - Every place tapped is a fingertip wide, and no console error, WebGL warning, uncaught
//   exception or failed request on the page.
//
// On success it prints one line of JSON (what it saw) and exits 0; on failure it says why on
// stderr and exits 1. Screenshots go to the artifacts folder.

import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
    Problems, choose, hookOf, launch, openPage, option, press, pressButton, shoot, waitFor,
} from "./lib.mjs";

const base = option("--base", "http://127.0.0.1:7878").replace(/\/$/, "");
const artifacts = join(option("--artifacts", "target/browser-artifacts"), "puzzles");
const chromiumPath = option("--chromium", process.env.CHROMIUM || "/usr/bin/chromium");
const setDir = option("--puzzles", null);
mkdirSync(artifacts, { recursive: true });

const problems = new Problems();
const shots = [];
const seen = {};
const fail = (why) => { throw new Error(why); };

// The set's puzzles by id, as the server reads them.
function readSet(dir) {
    if (!dir) {
        fail("no --puzzles DIR: the driver reads the puzzles' lines from the server's set");
    }
    const byId = new Map();
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".jsonl"))) {
        for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
            if (line.trim()) {
                const p = JSON.parse(line);
                byId.set(p.id, p);
            }
        }
    }
    return byId;
}

async function shot(page, file) {
    shots.push(await shoot(page, artifacts, file));
}

// The cells a move of the puzzle's game is tapped on: Kalah's house of the side that moves
// (`s3`, `n3`), else the squares and points of its notation (`a1-b2`, `c4xc6xe6`, `c3`).
function cellsOf(game, mover, notation) {
    if (game === "kalah") {
        return [`${mover === "first" ? "s" : "n"}${notation}`];
    }
    return notation.split(/[-x]/);
}

// The puzzle's state in the hook, once it is on the board.
const puzzleOf = (h) => h.puzzles.puzzle;

// Taps the cells of `notation` for the solver, each once the hook offers it, fingertip wide.
async function tapMove(page, puzzle, notation) {
    for (const cell of cellsOf(puzzle.game, puzzle.solver, notation)) {
        const h = await waitFor(page, `the cell ${cell} to take a tap`, (x) =>
            x.targets.some((t) => t.kind === "cell" && t.label === cell && t.enabled && t.visible));
        const target = h.targets.find((t) => t.kind === "cell" && t.label === cell);
        if (target.w < 44 || target.h < 44) {
            fail(`the cell ${cell} takes taps in ${target.w}x${target.h} CSS px`);
        }
        await press(page, h, target);
    }
}

// Solves the puzzle on the board by tapping the solver's moves of its line; returns the hook
// that shows it solved.
async function solve(page, set) {
    let h = await waitFor(page, "a puzzle on the board", (x) => puzzleOf(x) && !x.puzzles.asking);
    const puzzle = puzzleOf(h);
    const line = set.get(puzzle.id)?.solution ?? fail(`${puzzle.id} is not in the set`);
    let rights = 0;
    while (puzzleOf(h).stage !== "solved") {
        // The solver's turn, once the opponent's replies have been shown.
        h = await waitFor(page, "the solver's turn", (x) =>
            puzzleOf(x).stage === "solved" || (x.my_turn && !x.animating && !x.pending &&
                ["finding", "right"].includes(puzzleOf(x).stage)));
        if (puzzleOf(h).stage === "solved") {
            break;
        }
        const played = h.moves.length;
        const next = line[played] ?? fail(`${puzzle.id}: no move ${played} in its line`);
        await tapMove(page, puzzle, next);
        h = await waitFor(page, `${next} judged`, (x) => x.moves.length > played ||
            puzzleOf(x).stage === "wrong");
        if (puzzleOf(h).stage === "wrong") {
            fail(`${puzzle.id}: ${next}, the line's move, was judged wrong`);
        }
        rights++;
        if (rights === 1 && puzzleOf(h).stage === "right") {
            await shot(page, "puzzle-right.png");
        }
    }
    h = await waitFor(page, "the puzzle solved, the moves shown", (x) =>
        puzzleOf(x).stage === "solved" && !x.animating && puzzleOf(x).outcome);
    if (h.moves.join(" ") !== line.join(" ")) {
        fail(`${puzzle.id}: the board has ${h.moves.join(" ")}, the line is ${line.join(" ")}`);
    }
    return { hook: h, rights };
}

async function main() {
    const set = readSet(setDir);
    const browser = await launch(chromiumPath);
    let page = null;
    try {
        page = await openPage(browser, problems, "P", `${base}/?hook&name=Puzo`);
        await waitFor(page, "the lobby, connected", (h) => h.screen === "lobby" && h.connected);
        await choose(page, "Kalah");
        await pressButton(page, "Puzzles");
        let h = await waitFor(page, "the first puzzle", (x) =>
            x.screen === "puzzles" && puzzleOf(x) && !x.puzzles.asking && !x.animating);
        const first = puzzleOf(h);
        if (first.game !== "kalah" || first.stage !== "finding" || !first.rated) {
            fail(`the first puzzle: ${JSON.stringify(first)}`);
        }
        const path = await page.evaluate(() => window.location.pathname);
        if (path !== `/puzzle/${first.id}`) {
            fail(`the address on the Puzzles screen is ${path}, not /puzzle/${first.id}`);
        }
        seen.task = first.task;
        await shot(page, "puzzle-given.png");

        // Solved by taps: the rating goes up.
        const solved = await solve(page, set);
        const up = puzzleOf(solved.hook).outcome;
        if (!up.solved || !up.rated || !(up.after > up.before)) {
            fail(`solved, the rating did not go up: ${JSON.stringify(up)}`);
        }
        await shot(page, "puzzle-solved.png");
        seen.solved = { id: first.id, moves: solved.hook.moves, before: up.before,
            after: up.after, change: up.change, puzzle_rating: up.puzzle_rating };

        // The next puzzle, failed by a wrong move: the rating goes down, the position stays.
        await pressButton(page, "Next puzzle");
        h = await waitFor(page, "the next puzzle", (x) => puzzleOf(x) &&
            puzzleOf(x).id !== first.id && !x.puzzles.asking && x.my_turn && !x.animating);
        const second = puzzleOf(h);
        const right = set.get(second.id)?.solution?.[0] ?? fail(`${second.id} is not in the set`);
        const rightCell = cellsOf(second.game, second.solver, right)[0];
        const wrongCell = h.targets.find((t) => t.kind === "cell" && t.enabled && t.visible &&
            t.label !== rightCell) ?? fail("no other cell to tap");
        await press(page, h, wrongCell);
        h = await waitFor(page, "the wrong move judged", (x) => puzzleOf(x).stage === "wrong" &&
            puzzleOf(x).outcome);
        const down = puzzleOf(h).outcome;
        if (down.solved || !down.rated || !(down.after < down.before)) {
            fail(`failed, the rating did not go down: ${JSON.stringify(down)}`);
        }
        if (h.moves.length !== 0) {
            fail(`a wrong move was played: ${h.moves.join(" ")}`);
        }
        const words = puzzleOf(h).wrong;
        if (!words?.startsWith("Not that: ")) {
            fail(`the wrong move's reason: ${words}`);
        }
        await shot(page, "puzzle-wrong.png");
        seen.failed = { id: second.id, tapped: wrongCell.label, reason: words,
            before: down.before, after: down.after, change: down.change };

        // Try again takes moves again; the solution plays the line out.
        await pressButton(page, "Try again");
        await waitFor(page, "moves taken again", (x) => puzzleOf(x).stage === "finding" &&
            x.targets.some((t) => t.kind === "cell" && t.enabled));
        await pressButton(page, "Show solution");
        const line = set.get(second.id).solution;
        h = await waitFor(page, "the solution played out", (x) =>
            puzzleOf(x).stage === "solution" && puzzleOf(x).solution_shown === line.length &&
            !x.animating, 20000);
        if (h.moves.join(" ") !== line.join(" ")) {
            fail(`the solution shown is ${h.moves.join(" ")}, the line ${line.join(" ")}`);
        }
        await shot(page, "puzzle-solution.png");
        seen.rating = (await hookOf(page)).puzzles.rating;
        problems.check();
        console.log(JSON.stringify({ ...seen, screenshots: shots }));
    } catch (e) {
        if (page && !page.isClosed()) {
            await page.screenshot({ path: join(artifacts, "failed-P.png") }).catch(() => {});
        }
        throw e;
    } finally {
        await browser.close();
    }
}

main().catch((e) => {
    console.error(`puzzles test failed: ${e.message}`);
    if (problems.lines.length > 0) {
        console.error(`the browser reported:\n  ${problems.lines.join("\n  ")}`);
    }
    process.exit(1);
});
