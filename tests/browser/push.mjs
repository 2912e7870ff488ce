// Notifications of correspondence games, end to end in a real browser: the server's Web Push
// goes through the tests' push receiver (tests/src/push_receiver.rs, which checks the post's
// VAPID signature and decrypts it as a browser's push service and the browser would) and is
// handed to the page's real service worker with the DevTools protocol
// (`ServiceWorker.deliverPushMessage`), which is how a push reaches a worker. Headless Chromium
// has no push service of its own, so the page's `PushManager` gives the receiver's
// subscription (`--endpoint`, `--p256dh`, `--auth`, made by the Rust test) in place of one from
// Google's; everything else is the real client, server and worker.
//
// 1. Page A (a laptop, English) taps "Tell me when it's my turn" (notifications allowed), and
//    the button says they are on; A creates a private Kalah game by correspondence, switches
//    the interface to Nepali, and leaves the site.
// 2. Page B opens the invitation and accepts it: the server pushes "accepted" to A's
//    subscription.
// 3. The worker shows it in A's language: the title is Nepali's "accepted" title with B's
//    name, and a tap on it (the worker's `notificationclick`) opens `/game/ID`, where A is in
//    the game.
// 4. While A's page is in sight, a push shows nothing: the page tells the player itself.
//
// Run by tests/tests/browser.rs; by hand:
//
//   node tests/browser/push.mjs --base http://127.0.0.1:7878 --receiver http://127.0.0.1:PORT \
//       --endpoint URL --p256dh KEY --auth SECRET
//
// Prints one line of JSON on success and exits 0; on failure says why and exits 1.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
    LAPTOP, Problems, choose, hookOf, launch, openIn, openPage, option, pressButton, shoot as shootIn,
    sleep, waitFor,
} from "./lib.mjs";

const base = option("--base", "http://127.0.0.1:7878").replace(/\/$/, "");
const receiver = option("--receiver", "");
const endpoint = option("--endpoint", "");
const p256dh = option("--p256dh", "");
const auth = option("--auth", "");
const artifacts = join(option("--artifacts", "target/browser-artifacts"), "push");
const chromiumPath = option("--chromium", process.env.CHROMIUM || "/usr/bin/chromium");
const root = join(import.meta.dirname, "..", "..");
const problems = new Problems();
const shoot = (page, file) => shootIn(page, artifacts, file);

// A message of a language's file, its placeables made into `(.+)` (or the values given), as a
// regular expression matching the whole text.
function messagePattern(tag, id, values) {
    const text = readFileSync(join(root, "client", "locales", `${tag}.ftl`), "utf8");
    const line = text.split("\n").find((l) => l.startsWith(`${id} =`));
    if (!line) {
        throw new Error(`${tag}.ftl has no ${id}`);
    }
    const template = line.slice(id.length + 2).trim();
    const escaped = template.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const filled = escaped.replace(/\\\{ \\\$([a-z_]+) \\\}/g, (_, name) =>
        (name in values ? values[name].replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : "(.+)"));
    return new RegExp(`^${filled}$`);
}

// The page's PushManager gives the receiver's subscription (headless Chromium has no push
// service); run in every page of the context before the site's scripts.
function fakePushService({ endpoint, p256dh, auth }) {
    const bytes = (text) => {
        const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
        const padded = b64 + "===".slice((b64.length + 3) % 4);
        return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)).buffer;
    };
    let current = null;
    const subscription = () => ({
        endpoint,
        expirationTime: null,
        options: {},
        getKey: (name) => (name === "p256dh" ? bytes(p256dh) : name === "auth" ? bytes(auth) : null),
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => {
            current = null;
            return true;
        },
    });
    if (self.PushManager) {
        PushManager.prototype.subscribe = async function subscribe() {
            current = subscription();
            return current;
        };
        PushManager.prototype.getSubscription = async function getSubscription() {
            return current;
        };
        PushManager.prototype.permissionState = async function permissionState() {
            return "granted";
        };
    }
}

// The notices the receiver took so far for the subscription.
async function received() {
    const answer = await fetch(`${receiver}/received`);
    return (await answer.json()).map((r) => r.notice);
}

// The first notice of `event` the receiver takes, within `ms`.
async function noticeOf(event, ms = 20000) {
    const until = Date.now() + ms;
    while (Date.now() < until) {
        const found = (await received()).find((n) => n.event === event);
        if (found) {
            return found;
        }
        await sleep(100);
    }
    throw new Error(`no "${event}" notice reached the receiver; it has ${JSON.stringify(await received())}`);
}

// The registration id of the site's service worker in `context`, through the DevTools
// protocol session `cdp`.
async function registrationOf(cdp) {
    let id = null;
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${base}/` && !r.isDeleted);
        id = ours ? ours.registrationId : id;
    });
    await cdp.send("ServiceWorker.enable");
    for (let i = 0; i < 100 && id === null; i++) {
        await sleep(50);
    }
    if (id === null) {
        throw new Error("the site has no service worker registration");
    }
    return id;
}

// The notifications the worker shows now.
async function shown(context) {
    const worker = context.serviceWorkers().find((w) => w.url().startsWith(base));
    if (!worker) {
        throw new Error("the site's service worker is not running");
    }
    return worker.evaluate(async () => (await self.registration.getNotifications())
        .map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data })));
}

async function main() {
    if (!receiver || !endpoint || !p256dh || !auth) {
        throw new Error("push.mjs needs --receiver, --endpoint, --p256dh and --auth");
    }
    const browser = await launch(chromiumPath);
    const shots = [];
    try {
        // 1. A allows notifications and creates a correspondence game for a friend.
        const context = await browser.newContext({
            viewport: LAPTOP, deviceScaleFactor: 1, locale: "en-GB",
        });
        await context.grantPermissions(["notifications"], { origin: base });
        await context.addInitScript(fakePushService, { endpoint, p256dh, auth });
        const a = await openIn(context, problems, "A", `${base}/?hook&name=Asha`, false);
        await waitFor(a, "A's lobby, connected", (h) => h.screen === "lobby" && h.connected);
        await a.evaluate(() => navigator.serviceWorker.ready);
        await waitFor(a, "notifications offered", (h) => h.push === "off");
        await pressButton(a, "Tell me when it's my turn");
        await waitFor(a, "notifications on", (h) => h.push === "on");
        await choose(a, "Kalah");
        await choose(a, "A friend");
        await choose(a, "Correspondence");
        await pressButton(a, "Create a private game");
        const invited = await waitFor(a, "the invite link", (h) => typeof h.invite === "string");
        shots.push(await shoot(a, "a-invite.png"));
        // The invitation's card closed (the code stays in the lobby).
        const cardUp = (h) => h.targets.some((t) => t.kind === "button" && t.label === "Copy code");
        for (let tries = 0; cardUp(await hookOf(a)) && tries < 3; tries++) {
            await pressButton(a, "Close");
            await sleep(300);
        }
        await waitFor(a, "the invitation's card closed", (h) => !cardUp(h));
        await pressButton(a, "English");
        await pressButton(a, "नेपाली");
        await waitFor(a, "A's interface in Nepali", (h) => h.language === "ne");
        // The words are kept for the worker as the language changes; A then leaves the site.
        await sleep(500);
        await a.goto("about:blank");

        // 2. B takes the invitation: the server pushes "accepted" to A's subscription.
        const b = await openPage(browser, problems, "B", `${invited.invite}?hook&name=Bina`,
            { device: LAPTOP, touch: false, scale: 1 });
        await waitFor(b, "B sees the invitation", (h) => typeof h.invitation === "string");
        await pressButton(b, "Accept");
        const bGame = await waitFor(b, "B in the game", (h) => h.screen === "game" && h.game !== null);
        const accepted = await noticeOf("accepted");
        if (accepted.url !== `/game/${bGame.game}`) {
            throw new Error(`the notice leads to ${accepted.url}, not /game/${bGame.game}`);
        }

        // 3. The worker shows it in Nepali; a tap on it opens the game.
        const cdp = await context.newCDPSession(a);
        const registrationId = await registrationOf(cdp);
        await cdp.send("ServiceWorker.deliverPushMessage", {
            origin: base, registrationId, data: JSON.stringify(accepted),
        });
        let notes = [];
        for (let i = 0; i < 100 && notes.length === 0; i++) {
            await sleep(50);
            notes = await shown(context);
        }
        if (notes.length !== 1) {
            throw new Error(`the worker shows ${notes.length} notifications: ${JSON.stringify(notes)}`);
        }
        const [note] = notes;
        const title = messagePattern("ne", "notify-accepted-title", { opponent: "Bina" });
        const body = messagePattern("ne", "notify-accepted-body", {});
        if (!title.test(note.title) || !body.test(note.body)) {
            throw new Error(`not Nepali's "accepted" notification: ${JSON.stringify(note)}`);
        }
        if (note.data?.url !== `/game/${bGame.game}`) {
            throw new Error(`the notification leads to ${note.data?.url}`);
        }
        // A tap: the worker's notificationclick sends a window of the site to the game. (A
        // synthetic event may not open a new window or bring one to the front, which only a
        // real tap may, so A has the lobby open behind when the tap comes.)
        const game = await openIn(context, problems, "A again", `${base}/?hook`, false);
        await waitFor(game, "A's lobby again", (h) => h.screen === "lobby" && h.connected);
        const worker = context.serviceWorkers().find((w) => w.url().startsWith(base));
        const clickError = await worker.evaluate(async () => {
            const [n] = await self.registration.getNotifications();
            try {
                self.dispatchEvent(new NotificationEvent("notificationclick", { notification: n }));
                return null;
            } catch (e) {
                return String(e);
            }
        });
        if (clickError) {
            throw new Error(`the tap on the notification: ${clickError}`);
        }
        await game.waitForURL(`${base}/game/${bGame.game}`, { timeout: 15000 });
        const url = new URL(game.url());
        // The page at that address shows the game: the tab's title says so, in Nepali.
        const gameTitles = [messagePattern("ne", "title-your-move", {}),
            messagePattern("ne", "title-game", {})];
        let tabTitle = "";
        for (let i = 0; i < 300; i++) {
            tabTitle = (await game.title()).replace(/^\(\d+\) /, "");
            if (gameTitles.some((t) => t.test(tabTitle))) {
                break;
            }
            await sleep(100);
        }
        if (!gameTitles.some((t) => t.test(tabTitle))) {
            throw new Error(`after the tap the tab's title is ${tabTitle}, not a game's`);
        }
        // With the test hook, it is A in the game the notification named.
        await game.goto(`${base}/game/${bGame.game}?hook`);
        const aGame = await waitFor(game, "A in the game the notification named",
            (h) => h.screen === "game" && h.game === bGame.game);
        shots.push(await shoot(game, "a-from-notification.png"));
        const left = (await shown(context)).length;
        if (left !== 0) {
            throw new Error(`the tapped notification is still shown (${left})`);
        }

        // 4. While the site is in sight, a push shows nothing.
        await game.bringToFront();
        await cdp.send("ServiceWorker.deliverPushMessage", {
            origin: base, registrationId, data: JSON.stringify(accepted),
        });
        await sleep(1500);
        const inSight = (await shown(context)).length;
        if (inSight !== 0) {
            throw new Error(`with the game in sight the worker still showed ${inSight} notification(s)`);
        }
        problems.check();
        console.log(JSON.stringify({
            ok: true,
            game: bGame.game,
            notice: accepted,
            notification: note,
            opened: url.pathname,
            language: aGame.language,
            screenshots: shots,
        }));
    } finally {
        await browser.close();
    }
}

main().catch((e) => {
    console.error(e.stack || String(e));
    process.exit(1);
});
