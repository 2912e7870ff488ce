// A benchmark, not a test: the CPU the browser client's tab uses while nothing happens, in
// headless Chromium (Debian's, WebGL through SwiftShader), as a share of one core. It opens the
// page, lets it settle, then counts the CPU time of the whole browser (every process: the
// page's renderer, the GPU process drawing with SwiftShader, the browser itself) over a window,
// from /proc. Four states: the lobby, a private game waiting for the friend to join, a game
// waiting for a move (two players at one device, no clock), and a finished game's review.
//
//   node tests/browser/idle-cpu.mjs --base http://127.0.0.1:7878 [--seconds 30]
//
// See BENCHMARKS.md.

import { chromium } from "playwright-core";
import { readFileSync, readdirSync } from "node:fs";

function option(name, fallback) {
    const i = process.argv.indexOf(name);
    return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

const base = option("--base", "http://127.0.0.1:7878").replace(/\/$/, "");
const seconds = Number(option("--seconds", "30"));
const chromiumPath = option("--chromium", process.env.CHROMIUM || "/usr/bin/chromium");
const HZ = 100; // USER_HZ on Linux
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The CPU ticks (user + system) of every process under `root` (not `root` itself).
function treeTicks(root) {
    const parent = new Map();
    const ticks = new Map();
    for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
        try {
            const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
            const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
            parent.set(Number(pid), Number(fields[1]));
            ticks.set(Number(pid), Number(fields[11]) + Number(fields[12]));
        } catch (e) { /* gone */ }
    }
    let total = 0;
    for (const [pid, t] of ticks) {
        if (pid === root) {
            continue;
        }
        let p = pid;
        while (p && p !== root && parent.has(p)) {
            p = parent.get(p);
        }
        if (p === root) {
            total += t;
        }
    }
    return total;
}

async function measure(browser, what) {
    // Chromium runs under this process: the whole tree but this process itself.
    const pid = process.pid;
    await sleep(5000);
    const a = treeTicks(pid);
    await sleep(seconds * 1000);
    const b = treeTicks(pid);
    const share = (100 * (b - a)) / HZ / seconds;
    console.log(`${what}: ${share.toFixed(2)}% of a core over ${seconds} s`);
}

async function click(page, label) {
    await page.waitForFunction((label) => window.chaupal_hook?.targets.some(
        (t) => t.label === label && t.enabled), label, { timeout: 30000, polling: 50 });
    const t = await page.evaluate((label) => window.chaupal_hook.targets.find(
        (t) => t.label === label && t.enabled), label);
    await page.mouse.move(t.x + t.w / 2, t.y + t.h / 2);
    await page.mouse.down();
    await sleep(50);
    await page.mouse.up();
    await sleep(300);
}

const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ["--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--no-sandbox"],
});
try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${base}/?hook&name=Idle`);
    await page.waitForFunction(() => window.chaupal_hook?.screen === "lobby"
        && window.chaupal_hook.connected, null, { timeout: 60000, polling: 50 });
    // The mouse rests outside the canvas's buttons.
    await page.mouse.move(640, 790);
    await measure(browser, "lobby");
    await click(page, "A friend");
    await page.mouse.move(640, 790);
    if (process.argv.includes("--steps")) {
        await measure(browser, "lobby, a friend's game chosen (the code field shown)");
    }
    await click(page, "Create a private game");
    await page.waitForFunction(() => typeof window.chaupal_hook?.invite === "string", null,
        { timeout: 30000, polling: 50 });
    await page.mouse.move(640, 790);
    await measure(browser, "waiting for the friend (the invitation's card open)");
    // A game at one device, no clock, waiting for a move.
    await click(page, "Close");
    await click(page, "On this device");
    await click(page, "Start the game");
    await page.waitForFunction(() => window.chaupal_hook?.screen === "game", null,
        { timeout: 30000, polling: 50 });
    await page.mouse.move(640, 790);
    await measure(browser, "a game waiting for a move");
    // Its review, once it is there.
    await click(page, "Resign");
    await click(page, "Yes, resign");
    await click(page, "Review");
    await page.waitForFunction(() => window.chaupal_hook?.review === "ready", null,
        { timeout: 120000, polling: 200 });
    await page.mouse.move(640, 790);
    await measure(browser, "a game's review");
} finally {
    await browser.close();
}
