// A page opened at an address the server does not allow (`--allowed-origin` names another):
// the player is told so plainly, with the address to open instead, and the page does not
// reconnect for ever; it tries again only when the player asks.
//
//   node tests/browser/origin.mjs --base http://127.0.0.1:PORT --allowed https://chaupal.example
//       --artifacts DIR [--chromium PATH]
//
// The server must run with `--allowed-origin` set to --allowed (so the page's own address is
// refused). Prints a JSON summary on its last line.

import { mkdirSync } from "node:fs";
import { PHONE, launch, option, pressButton, shoot, sleep, waitFor } from "./lib.mjs";

const base = option("--base", "http://127.0.0.1:7878").replace(/\/$/, "");
const allowed = option("--allowed", "https://chaupal.example");
const artifacts = option("--artifacts", "/tmp/chaupal-origin");
const chromiumPath = option("--chromium", process.env.CHROMIUM || "/usr/bin/chromium");
mkdirSync(artifacts, { recursive: true });

// The retries a refused page would make without the check: 1, 2, 4 and 8 s apart.
const LONGER_THAN_FOUR_RETRIES_MS = 18000;

const browser = await launch(chromiumPath);
const problems = [];
try {
    const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2,
        hasTouch: true, isMobile: true, locale: "en-GB" });
    const page = await context.newPage();
    page.chaupalName = "refused";
    page.chaupalTouch = true;
    // The refused websocket is the browser's console error here, on purpose: only uncaught
    // errors count.
    page.on("pageerror", (err) => problems.push(`uncaught: ${err.message}`));
    const sockets = [];
    page.on("websocket", (ws) => sockets.push(ws.url()));
    await page.goto(`${base}/?hook&name=Asha`);
    const told = (h) => h.screen === "connection" && h.connection.includes("does not accept");
    let hook = await waitFor(page, "the card saying the address is not allowed", told, 60000);
    const said = hook.connection;
    const shots = [await shoot(page, artifacts, "origin-refused-phone.png")];
    const seenAtFirst = sockets.length;
    await sleep(LONGER_THAN_FOUR_RETRIES_MS);
    hook = await waitFor(page, "the card still there", told, 5000);
    const afterWaiting = sockets.length;
    // Asked, it tries once more, and is told again.
    await pressButton(page, "Try again now");
    for (let i = 0; i < 100 && sockets.length === afterWaiting; i++) {
        await sleep(100);
    }
    hook = await waitFor(page, "the card after trying again", told, 30000);
    const afterAsking = sockets.length;
    console.log(JSON.stringify({
        said,
        seen_at_first: seenAtFirst,
        after_waiting: afterWaiting,
        after_asking: afterAsking,
        screenshots: shots,
        problems,
    }));
} finally {
    await browser.close();
}
