// What the browser tests' drivers share: launching Debian's Chromium (WebGL through
// SwiftShader), opening pages of the client as a phone (touch, high pixel density) or a laptop,
// collecting every console error, uncaught exception, failed request and WebGL warning, reading
// the client's test hook (`?hook`: client/src/hook.rs), and tapping or clicking what it
// publishes, the way a person does.

import { chromium } from "playwright-core";
import { join } from "node:path";

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The command line's `--name value`, or `fallback`.
export function option(name, fallback) {
    const i = process.argv.indexOf(name);
    return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : fallback;
}

// The sizes the tests use: a phone held upright (at a pixel ratio), and a laptop.
export const PHONE = { width: 390, height: 844 };
export const LAPTOP = { width: 1280, height: 800 };

export async function launch(chromiumPath) {
    return chromium.launch({
        executablePath: chromiumPath,
        headless: true,
        args: ["--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--no-sandbox"],
    });
}

// A run's record of what went wrong on any page: each a line naming the page.
export class Problems {
    constructor() {
        this.lines = [];
    }

    // Watches `page` (named `name`): console errors, WebGL's warnings (a glyph texture out of
    // range, say), uncaught exceptions and failed requests are problems.
    watch(page, name) {
        page.on("console", (msg) => {
            const text = msg.text();
            if (msg.type() === "error") {
                this.lines.push(`${name}: console error: ${text}`);
            } else if (/WebGL|GL_INVALID|texImage2D|texSubImage2D/i.test(text)) {
                this.lines.push(`${name}: WebGL: ${text}`);
            }
        });
        page.on("pageerror", (err) => this.lines.push(`${name}: uncaught: ${err.message}`));
        page.on("requestfailed", (req) => {
            this.lines.push(`${name}: request failed: ${req.url()} (${req.failure()?.errorText})`);
        });
    }

    // Throws when anything went wrong.
    check() {
        if (this.lines.length > 0) {
            throw new Error(`the browser reported problems:\n  ${this.lines.join("\n  ")}`);
        }
    }
}

// Opens the client at `url` in a context of its own: `device` is PHONE or LAPTOP, `touch`
// whether it is a phone with touch, `scale` its device pixel ratio.
export async function openPage(browser, problems, name, url, { device = PHONE, touch = true,
    scale = 2 } = {}) {
    // In English whatever the machine's language: the drivers read English labels.
    const context = await browser.newContext({
        viewport: device,
        deviceScaleFactor: scale,
        hasTouch: touch,
        isMobile: touch,
        locale: "en-GB",
    });
    return openIn(context, problems, name, url, touch);
}

// Opens the client at `url` in a new page of `context` (the same browser: the same player,
// remembered in its localStorage).
export async function openIn(context, problems, name, url, touch = true) {
    const page = await context.newPage();
    page.chaupalName = name;
    page.chaupalTouch = touch;
    problems.watch(page, name);
    await page.goto(url);
    return page;
}

export async function hookOf(page) {
    return page.evaluate(() => window.chaupal_hook || null);
}

// Polls the page's hook until `want` holds; fails naming `what` and the last state seen.
export async function waitFor(page, what, want, timeoutMs = 30000) {
    const until = Date.now() + timeoutMs;
    let last = null;
    while (Date.now() < until) {
        last = await hookOf(page);
        if (last && want(last)) {
            return last;
        }
        await sleep(30);
    }
    const seen = last
        ? JSON.stringify({ screen: last.screen, connected: last.connected,
            moves: last.moves.length, over: last.over, my_turn: last.my_turn,
            notices: last.notices, card: last.broken_link,
            buttons: last.targets.filter((t) => t.kind === "button").map((t) => t.label) })
        : "no hook published";
    throw new Error(`${page.chaupalName}: timed out waiting for ${what}; last seen ${seen}`);
}

// The page's point (CSS pixels) in the middle of a target of the hook.
async function pointOf(page, hook, target) {
    const box = await page.locator("canvas").boundingBox();
    const scale = box.width / hook.width;
    return {
        x: box.x + (target.x + target.w / 2) * scale,
        y: box.y + (target.y + target.h / 2) * scale,
    };
}

// A tap (a phone) or a click (a laptop) in the middle of a target of the hook. What is under
// the finger must be the canvas: an element laid over it there (a text field's input, say)
// would take the tap from the button the player sees, and fails the test.
export async function press(page, hook, target) {
    const at = await pointOf(page, hook, target);
    const over = await page.evaluate(([x, y]) => {
        const e = document.elementFromPoint(x, y);
        return e && e.tagName !== "CANVAS"
            ? `${e.tagName.toLowerCase()} "${e.getAttribute("aria-label") || e.id}"` : null;
    }, [at.x, at.y]);
    if (over) {
        throw new Error(`${page.chaupalName}: a tap on ${target.kind} "${target.label}" would ` +
            `land on the ${over} laid over the canvas there`);
    }
    if (page.chaupalTouch) {
        await page.touchscreen.tap(at.x, at.y);
    } else {
        await page.mouse.move(at.x, at.y);
        await sleep(20);
        await page.mouse.down();
        await sleep(40);
        await page.mouse.up();
    }
}

export const button = (h, label) =>
    h.targets.find((t) => t.kind === "button" && t.label === label && t.enabled && t.visible);

// A finger's swipe up (or down, for a negative `dy`) by `dy` CSS pixels from the middle of the
// window (a phone: touch events, through the DevTools protocol; a laptop: the mouse dragged).
export async function swipe(page, dy) {
    const { width, height } = page.viewportSize();
    const x = width / 2;
    const from = height / 2 + dy / 2;
    const steps = 8;
    if (page.chaupalTouch) {
        const cdp = await page.context().newCDPSession(page);
        const touch = (type, y) => cdp.send("Input.dispatchTouchEvent", {
            type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
        await touch("touchStart", from);
        for (let i = 1; i <= steps; i++) {
            await touch("touchMove", from - (dy * i) / steps);
            await sleep(16);
        }
        await touch("touchEnd", from - dy);
        await cdp.detach();
    } else {
        await page.mouse.move(x, from);
        await page.mouse.down();
        for (let i = 1; i <= steps; i++) {
            await page.mouse.move(x, from - (dy * i) / steps);
            await sleep(16);
        }
        await page.mouse.up();
    }
    await sleep(100);
}

// Presses the enabled button labelled `label`, waiting for it to be there; a button below the
// fold of a screen that scrolls is brought into view first, by swipes as a person would.
export async function pressButton(page, label) {
    const there = (h) => h.targets.some((t) => t.kind === "button" && t.label === label &&
        t.enabled);
    // On a phone's game screen the actions that are not the main ones are in the menu that
    // "More" opens: a person opens it when what they want is not in view.
    const orMore = (h) => there(h) || button(h, "More");
    let hook = await waitFor(page, `a button "${label}" (or "More")`, orMore);
    if (!there(hook)) {
        await press(page, hook, button(hook, "More"));
    }
    hook = await waitFor(page, `a button "${label}"`, there);
    for (let tries = 0; !button(hook, label) && tries < 8; tries++) {
        const t = hook.targets.find((x) => x.kind === "button" && x.label === label);
        // Up when it is below the middle of the window, down when above.
        const dy = t.y > hook.height / 2 ? hook.height / 3 : -hook.height / 3;
        await swipe(page, dy);
        hook = await waitFor(page, `a button "${label}"`, there);
    }
    hook = await waitFor(page, `a button "${label}" in view`, (h) => button(h, label));
    await press(page, hook, button(hook, label));
    return hook;
}

// Presses one of a set of buttons (a game, an opponent) until it shows as chosen.
export async function choose(page, label) {
    for (let attempt = 0; ; attempt++) {
        await pressButton(page, label);
        try {
            return await waitFor(page, `"${label}" chosen`, (h) => button(h, label)?.selected,
                3000);
        } catch (e) {
            if (attempt === 2) {
                throw e;
            }
        }
    }
}

// The frames the page drew since `since` (page clock, ms), as chaupal.js keeps them.
export async function framesSince(page, since) {
    return page.evaluate((since) => (window.chaupal_frames || []).filter((f) => f.t > since),
        since);
}

// The page's clock now.
export async function pageNow(page) {
    return page.evaluate(() => performance.now());
}

// When the page's last websocket message arrived, on its clock.
export async function lastMessageAt(page) {
    return page.evaluate(() => {
        const m = window.chaupal_messages || [];
        return m.length ? m[m.length - 1] : null;
    });
}

export async function shoot(page, artifacts, file) {
    const path = join(artifacts, file);
    await page.screenshot({ path });
    return path;
}
