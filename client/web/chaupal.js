// Chaupal's miniquad plugin: what the client's wasm needs of the browser, imported by
// client/src/platform/web/js.rs. It comes after miniquad's gl.js and sapp-jsutils'
// sapp_jsutils.js in the bundle that scripts/build-web.sh writes, and uses their globals
// (miniquad_add_plugin, js_object, consume_js_object).
//
// - Fonts: the client asks for a font when text in its script appears; it is fetched from the
//   server (its path named by the page) and given back to the wasm (chaupal_font_poll).
// - Websockets: each socket's events (open, text, binary, closed with code and reason) are
//   queued here, and the wasm takes them once a frame with chaupal_ws_poll. A socket to the
//   page's own server that never opened asks the server whether the page's address is
//   refused, and closes with NOT_ALLOWED if it is.
// - localStorage get and set; the clipboard (navigator.clipboard, or a hidden text area and
//   the copy command); opening a link in a new tab; the page's address; the tab's title.
// - The pace of the event loop: the wasm runs with miniquad's blocking event loop, so a frame
//   is drawn only on input, on a resize, when a websocket message arrives, or when the wasm
//   asked for one (chaupal_wake_after); an idle tab costs next to nothing.
// - Text fields: the canvas cannot open a phone's on-screen keyboard, so a real <input> is
//   laid over each text field the client draws (name, invite code); what is typed there goes
//   back to the wasm (chaupal_text_poll).
// - A hidden tab: the browser draws no animation frames there, so the news that comes while
//   it is hidden is taken in by a frame run from a timer (its sound plays, the title counts it).
// - Notifications of the player's turns (Web Push): whether the browser can, and the
//   subscription it has (read once the wasm starts); asking the player's permission and
//   subscribing, only when the wasm asks (a tap on the client's button); unsubscribing. The
//   outcomes are queued for the wasm (chaupal_push_poll). The service worker (sw.js) shows
//   the notifications, in the player's language: the wasm's words for them are kept in the
//   site's IndexedDB, where the worker reads them.
// - The test hook (pages opened with ?hook): what each frame offered (window.chaupal_hook),
//   the last pictures, the taps that acted and the pointer's presses, for a test to check the
//   taps against what was on the screen; and the stale-frame check (window.chaupal_probe).
//
// Text crosses the boundary as UTF-8 bytes (a Uint8Array) in both directions: the Rust side
// sizes its buffer from the array's length and checks the bytes are UTF-8. Every function
// catches its own exceptions, so none can throw into the wasm.
(function () {
    "use strict";

    // Must equal PLUGIN_VERSION in client/src/platform/web/js.rs.
    const PLUGIN_VERSION = 7;
    // A frame larger than this closes the socket instead of being queued (the client reads
    // messages of at most 1 MiB).
    const MAX_FRAME_BYTES = 4 * 1024 * 1024;
    // Event kinds, as the Rust side reads them.
    const OPEN = 0, TEXT = 1, BINARY = 2, CLOSED = 3;
    // The close code used for a frame that is too large ("message too big").
    const TOO_BIG = 1009;
    // The close code for a page whose address the server does not allow (its Origin): must
    // equal NOT_ALLOWED in client/src/platform/web/mod.rs.
    const NOT_ALLOWED = 4403;
    // How long the question "is this page's address allowed?" may take.
    const ORIGIN_CHECK_MS = 5000;
    // How long subscribing to the browser's push service may take, once the player allowed
    // notifications.
    const SUBSCRIBE_MS = 30000;

    const encoder = new TextEncoder();
    const decoder = new TextDecoder("utf-8");
    const EMPTY = new Uint8Array(0);

    const sockets = new Map();
    let next_socket = 1;

    // The fonts the client fetches when text in their script appears: each font's file name
    // to its path on the server, as the page names them (scripts/web-site.py fills it in).
    const font_paths = (function () {
        try {
            const me = document.currentScript;
            return JSON.parse((me && me.getAttribute("data-fonts")) || "{}");
        } catch (e) {
            return {};
        }
    })();
    // Fonts that came, for the wasm to take: {name, data} with data a Uint8Array (empty when
    // the font could not be fetched).
    const fonts_came = [];

    // miniquad's imports, kept at registration: sapp_schedule_update draws the next frame.
    let imports = null;
    let wake_timer = null;
    // Whether the wasm has started: before, there is no frame to ask for (a touch or a resize
    // while the wasm loads must not reach miniquad's frame function, which is not there yet).
    let started = false;

    // A frame asked for while the tab is hidden, not yet run.
    let hidden_frame = null;

    // Asks miniquad for a frame now (its event loop blocks between frames). A hidden tab runs
    // no animation frame, so there the frame is run from a timer (which a hidden tab still
    // runs, if no more often than once a second).
    function wake() {
        if (!started) {
            return;
        }
        if (document.hidden) {
            if (hidden_frame === null) {
                hidden_frame = setTimeout(hidden_turn, 0);
            }
            return;
        }
        try {
            if (imports && imports.env && imports.env.sapp_schedule_update) {
                imports.env.sapp_schedule_update();
            }
        } catch (e) { /* the page is going away */ }
    }

    // One frame of the client in a hidden tab (miniquad's frame function, as its animation
    // frame calls it).
    function hidden_turn() {
        hidden_frame = null;
        if (!document.hidden) {
            wake();
            return;
        }
        try {
            if (typeof wasm_exports !== "undefined" && wasm_exports && wasm_exports.frame) {
                wasm_exports.frame();
            }
        } catch (e) {
            console.warn("chaupal: a frame in the hidden tab failed:", e);
        }
    }

    // The text in a handle the wasm passed (a buffer of UTF-8), taking it out of the table.
    function take_text(handle) {
        const value = consume_js_object(handle);
        if (value instanceof Uint8Array) {
            return decoder.decode(value);
        }
        return typeof value === "string" ? value : "";
    }

    // The bytes in a handle the wasm passed, taking it out of the table.
    function take_bytes(handle) {
        const value = consume_js_object(handle);
        return value instanceof Uint8Array ? value : EMPTY;
    }

    // A handle to give the wasm: the text as UTF-8 bytes.
    function give_text(text) {
        return js_object(encoder.encode(String(text)));
    }

    function event(kind, data, code) {
        return { kind: kind, code: code || 0, data: data || EMPTY };
    }

    // The browser does not tell a page why its websocket was refused. When one to the page's
    // own server never opened, this asks that server (GET /origin?o=ORIGIN) whether it refuses
    // the page's address; if so, the answer is the page's origin and, on the next line, the
    // address the server allows (empty when it names none), else null.
    function refused_origin(url) {
        let check;
        try {
            check = new URL(url);
        } catch (e) {
            return Promise.resolve(null);
        }
        check.protocol = check.protocol === "wss:" ? "https:" : "http:";
        // Offline, the server refused nothing: the network is down.
        if (check.host !== window.location.host || navigator.onLine === false) {
            return Promise.resolve(null);
        }
        check.pathname = check.pathname.replace(/[^/]*$/, "origin");
        check.search = "?o=" + encodeURIComponent(window.location.origin);
        const stop = typeof AbortController === "function" ? new AbortController() : null;
        const timer = stop ? setTimeout(function () { stop.abort(); }, ORIGIN_CHECK_MS) : null;
        return fetch(check.href, { cache: "no-store", signal: stop ? stop.signal : undefined })
            .then(function (res) {
                if (res.status !== 403) {
                    return null;
                }
                return res.text().then(function (allowed) {
                    return window.location.origin + "\n" + allowed.trim();
                });
            })
            .catch(function () { return null; })
            .finally(function () { if (timer) { clearTimeout(timer); } });
    }

    function ws_open(url_handle) {
        const url = take_text(url_handle);
        const id = next_socket++;
        const entry = { ws: null, queue: [], closed: false };
        sockets.set(id, entry);
        const close = function (code, reason) {
            if (!entry.closed) {
                entry.closed = true;
                entry.queue.push(event(CLOSED, encoder.encode(reason || ""), code));
            }
        };
        let ws;
        try {
            ws = new WebSocket(url);
        } catch (e) {
            close(0, String((e && e.message) || e));
            return id;
        }
        ws.binaryType = "arraybuffer";
        entry.ws = ws;
        let opened = false;
        ws.onopen = function () {
            opened = true;
            entry.queue.push(event(OPEN));
            wake();
        };
        ws.onmessage = function (m) {
            if (entry.closed) {
                return;
            }
            const data = typeof m.data === "string" ? encoder.encode(m.data) : new Uint8Array(m.data);
            if (data.length > MAX_FRAME_BYTES) {
                close(TOO_BIG, "the server sent a message too large to read");
                try { ws.close(TOO_BIG); } catch (e) { /* closing already */ }
                return;
            }
            entry.queue.push(event(typeof m.data === "string" ? TEXT : BINARY, data));
            // When each message arrived, on the page's clock (for the browser tests).
            const times = window.chaupal_messages || (window.chaupal_messages = []);
            times.push(performance.now());
            if (times.length > 400) {
                times.splice(0, times.length - 400);
            }
            wake();
        };
        // An error is followed by the close event, which carries what there is to know.
        ws.onerror = function () { };
        ws.onclose = function (e) {
            if (opened) {
                close(e.code, e.reason);
                wake();
                return;
            }
            refused_origin(url).then(function (refused) {
                if (refused !== null) {
                    close(NOT_ALLOWED, refused);
                } else {
                    close(e.code, e.reason);
                }
                wake();
            });
        };
        return id;
    }

    function ws_send(id, data_handle, text) {
        const data = take_bytes(data_handle);
        const entry = sockets.get(id);
        if (!entry || !entry.ws || entry.closed || entry.ws.readyState !== WebSocket.OPEN) {
            return 0;
        }
        try {
            entry.ws.send(text === 1 ? decoder.decode(data) : data);
            return 1;
        } catch (e) {
            return 0;
        }
    }

    function ws_poll(id) {
        const entry = sockets.get(id);
        if (!entry || entry.queue.length === 0) {
            return -1;
        }
        return js_object(entry.queue.shift());
    }

    function ws_close(id) {
        const entry = sockets.get(id);
        sockets.delete(id);
        if (!entry || !entry.ws) {
            return;
        }
        const ws = entry.ws;
        ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
        try {
            if (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN) {
                ws.close(1000);
            }
        } catch (e) { /* nothing left to close */ }
    }

    function storage_get(key_handle) {
        const key = take_text(key_handle);
        try {
            const value = window.localStorage.getItem(key);
            return value === null ? -1 : give_text(value);
        } catch (e) {
            return -1;
        }
    }

    // The languages the browser prefers, best first, as tags joined by commas ("ne-NP,en").
    function languages() {
        const tags = navigator.languages && navigator.languages.length
            ? navigator.languages : [navigator.language || ""];
        return give_text(tags.join(","));
    }

    function storage_set(key_handle, value_handle) {
        const key = take_text(key_handle);
        const value = take_text(value_handle);
        try {
            window.localStorage.setItem(key, value);
            return 1;
        } catch (e) {
            console.warn("chaupal: localStorage refused the settings:", e);
            return 0;
        }
    }

    // The old way to copy: select the text in a hidden text area.
    function copy_by_selection(text) {
        const area = document.createElement("textarea");
        area.value = text;
        area.setAttribute("readonly", "");
        area.style.position = "fixed";
        area.style.top = "-1000px";
        area.style.opacity = "0";
        document.body.appendChild(area);
        let done = false;
        try {
            area.select();
            done = document.execCommand("copy");
        } catch (e) {
            done = false;
        }
        document.body.removeChild(area);
        const canvas = document.getElementById("glcanvas");
        if (canvas) {
            canvas.focus();
        }
        return done;
    }

    function clipboard_write(text_handle) {
        const text = take_text(text_handle);
        try {
            if (navigator.clipboard && window.isSecureContext) {
                navigator.clipboard.writeText(text).catch(function () {
                    copy_by_selection(text);
                });
                return 1;
            }
            return copy_by_selection(text) ? 1 : 0;
        } catch (e) {
            return 0;
        }
    }

    // Passes a link on: the share sheet of a phone (navigator.share), else the clipboard.
    function share(url_handle) {
        const url = take_text(url_handle);
        try {
            if (navigator.share && (!navigator.canShare || navigator.canShare({ url: url }))) {
                navigator.share({ url: url, title: document.title }).catch(function () {
                    /* the player closed the sheet */
                });
                return 2;
            }
        } catch (e) { /* no share sheet here: copy instead */ }
        return clipboard_write(give_text(url));
    }

    // The address bar: the path of what is on the screen, with the page's query kept.
    // The address bar holds the path of what is on the screen, and a private game's watch key
    // (`/game/42?key=KEY`) in its query, beside what else the query says (`?hook&name=...`).
    function set_address(path_handle) {
        const text = take_text(path_handle);
        const m = /^(\/[A-Za-z0-9\/-]*)(?:\?key=([0-9a-f]{1,64}))?$/.exec(text);
        if (!m) {
            return;
        }
        const path = m[1];
        const key = m[2] || null;
        try {
            const kept = window.location.search.replace(/^\?/, "").split("&")
                .filter((p) => p !== "" && !p.startsWith("key="));
            if (key !== null) {
                kept.push("key=" + key);
            }
            const search = kept.length ? "?" + kept.join("&") : "";
            if (window.location.pathname !== path || window.location.search !== search) {
                window.history.replaceState(null, "", path + search);
            }
        } catch (e) { /* a page from a file has no address to change */ }
    }

    function open_url(url_handle) {
        const url = take_text(url_handle);
        if (!/^https?:\/\//i.test(url)) {
            return 0;
        }
        try {
            // With noopener the browser returns null whether or not the tab opened.
            window.open(url, "_blank", "noopener");
            return 1;
        } catch (e) {
            return 0;
        }
    }

    // Fetches the font named `name_handle` (its file name); 1 when it is being fetched, 0 when
    // the page names no such font.
    function font_fetch(name_handle) {
        const name = take_text(name_handle);
        const path = font_paths[name];
        if (typeof path !== "string") {
            return 0;
        }
        fetch(path)
            .then(function (r) {
                if (!r.ok) {
                    throw new Error(r.status);
                }
                return r.arrayBuffer();
            })
            .then(function (buffer) {
                fonts_came.push({ name: encoder.encode(name), data: new Uint8Array(buffer) });
                wake();
            })
            .catch(function () {
                fonts_came.push({ name: encoder.encode(name), data: EMPTY });
                wake();
            });
        return 1;
    }

    // The next font that came, {name, data}, or none.
    function font_poll() {
        return fonts_came.length ? js_object(fonts_came.shift()) : -1;
    }

    function location_href() {
        return give_text(window.location.href);
    }

    // The test hook (pages opened with ?hook): what the last frame offered, for a test to
    // read and click through; and when each screen was first drawn, in milliseconds from the
    // page's request (performance.now() counts from the navigation's start).
    function publish_hook(json_handle) {
        let hook;
        try {
            hook = JSON.parse(take_text(json_handle));
        } catch (e) {
            console.warn("chaupal: the test hook could not be read", e);
            return;
        }
        // When the frame was drawn, on the page's clock; and the last frames, for a test to
        // look back at (how soon after an event the picture showed it).
        hook.t = performance.now();
        window.chaupal_hook = hook;
        const frames = window.chaupal_frames || (window.chaupal_frames = []);
        frames.push({
            t: hook.t, frame: hook.frame, screen: hook.screen, moves: hook.moves.length,
            over: hook.over, animating: hook.animating, my_turn: hook.my_turn,
            notices: hook.notices, connected: hook.connected, fonts_waiting: hook.fonts_waiting,
        });
        if (frames.length > 400) {
            frames.splice(0, frames.length - 400);
        }
        const first = window.chaupal_first_frames || (window.chaupal_first_frames = {});
        if (!(hook.screen in first)) {
            first[hook.screen] = performance.now();
        }
        // The last pictures by number (what took a press where, and the scroll), and the
        // places whose taps acted: a test checks each against the picture the pointer went
        // down (and came up) on, as the presses below noted it.
        const pictures = window.chaupal_pictures || (window.chaupal_pictures = []);
        pictures.push({
            frame: hook.frame, t: hook.t, screen: hook.screen, language: hook.language,
            scroll: hook.scroll, lists_scroll: hook.lists_scroll, width: hook.width,
            height: hook.height, targets: hook.targets, layers: hook.layers,
        });
        if (pictures.length > HOOK_KEPT) {
            pictures.splice(0, pictures.length - HOOK_KEPT);
        }
        if (hook.fired.length) {
            const fired = window.chaupal_fired || (window.chaupal_fired = []);
            for (const f of hook.fired) {
                fired.push(Object.assign({ frame: hook.frame, t: hook.t }, f));
            }
            if (fired.length > HOOK_KEPT) {
                fired.splice(0, fired.length - HOOK_KEPT);
            }
        }
    }

    // How many pictures, taps that acted and presses the test hook keeps.
    const HOOK_KEPT = 300;

    // For the test hook: each press and release of the pointer on the page, in the client's
    // layout pixels, with the number of the picture on the screen at that moment (the last
    // published: the next is drawn after the event). A finger's events only, on a touch
    // screen (the browser makes no mouse events of them there: miniquad stops them).
    function note_pointer(e) {
        const hook = window.chaupal_hook;
        if (!hook) {
            return;
        }
        const canvas = document.getElementById("glcanvas");
        const point = e.changedTouches ? e.changedTouches[0] : e;
        if (!canvas || !point) {
            return;
        }
        const rect = canvas.getBoundingClientRect();
        const sx = rect.width ? hook.width / rect.width : 1;
        const sy = rect.height ? hook.height / rect.height : 1;
        const presses = window.chaupal_presses || (window.chaupal_presses = []);
        presses.push({
            down: e.type === "touchstart" || e.type === "mousedown",
            x: (point.clientX - rect.left) * sx, y: (point.clientY - rect.top) * sy,
            frame: hook.frame, t: performance.now(),
        });
        if (presses.length > HOOK_KEPT) {
            presses.splice(0, presses.length - HOOK_KEPT);
        }
    }
    for (const kind of ["touchstart", "touchend", "mousedown", "mouseup"]) {
        window.addEventListener(kind, note_pointer, { capture: true, passive: true });
    }

    // The stale-frame check (pages with ?hook): `window.chaupal_probe(n)` asks the client to
    // draw the state afresh where nobody sees it and compare it with the picture on the
    // screen; the answer, numbered n, comes as `window.chaupal_probed`.
    let probe_wanted = 0;
    window.chaupal_probe = function (n) {
        probe_wanted = n | 0;
        wake();
    };

    function probe_asked() {
        const n = probe_wanted;
        probe_wanted = 0;
        return n;
    }

    function probe_said(json_handle) {
        try {
            window.chaupal_probed = JSON.parse(take_text(json_handle));
        } catch (e) {
            console.warn("chaupal: the stale-frame check's answer could not be read", e);
        }
    }

    function set_title(text_handle) {
        document.title = take_text(text_handle);
    }

    // The page's language (the interface's), for screen readers and the browser.
    function set_language(tag_handle) {
        document.documentElement.lang = take_text(tag_handle);
    }

    // What the client says for a screen reader: lines added to a live region, which reads
    // each out as it comes (kept short: the last few lines). The region is out of sight and
    // takes no pointer.
    let speech = null;
    function announce(text_handle) {
        const text = take_text(text_handle);
        if (speech === null) {
            speech = document.createElement("div");
            speech.id = "chaupal-speech";
            speech.setAttribute("role", "log");
            speech.setAttribute("aria-live", "polite");
            speech.setAttribute("aria-atomic", "false");
            const style = speech.style;
            style.position = "fixed";
            style.left = "-10000px";
            style.width = "1px";
            style.height = "1px";
            style.overflow = "hidden";
            document.body.appendChild(speech);
        }
        const line = document.createElement("p");
        line.textContent = text;
        speech.appendChild(line);
        while (speech.childNodes.length > 20) {
            speech.removeChild(speech.firstChild);
        }
    }

    // Wakes the event loop in `ms` milliseconds: 0 at once, below 0 never (only events do).
    function wake_after(ms) {
        if (wake_timer !== null) {
            clearTimeout(wake_timer);
            wake_timer = null;
        }
        if (ms < 0) {
            return;
        }
        if (ms === 0) {
            wake();
            return;
        }
        wake_timer = setTimeout(function () {
            wake_timer = null;
            wake();
        }, ms);
    }

    function page_hidden() {
        return document.hidden ? 1 : 0;
    }

    function online() {
        return navigator.onLine === false ? 0 : 1;
    }

    // The device's network comes or goes: the client says so at once.
    window.addEventListener("online", wake);
    window.addEventListener("offline", wake);

    // The inputs laid over the client's text fields, by field name. Each carries the typing
    // for its field: the phone's on-screen keyboard, IME composition, paste, select-all, key
    // repeat; the canvas draws what the input holds, with its caret and selection.
    const inputs = new Map();
    // The field the client last asked to focus, so that a field is focused once when the client
    // opens it (not again after the player has left it).
    let asked_focus = null;

    // A position in the input's value (UTF-16 units) as a count of Unicode code points, as
    // the Rust side counts.
    function code_points(text, units) {
        let n = 0;
        for (let i = 0; i < units && i < text.length; i++) {
            const c = text.charCodeAt(i);
            if (c < 0xdc00 || c > 0xdfff) {
                n++;
            }
        }
        return n;
    }

    function mark_changed(entry) {
        entry.changed = true;
        wake();
    }

    function make_input(field) {
        const el = document.createElement("input");
        el.type = "text";
        el.setAttribute("autocomplete", "off");
        const code = field === "code" || field === "device";
        el.setAttribute("spellcheck", "false");
        const move = field === "move";
        el.setAttribute("autocapitalize", code ? "characters" : move ? "none" : "words");
        el.setAttribute("enterkeyhint", code || move ? "go" : "done");
        const style = el.style;
        style.position = "fixed";
        style.margin = "0";
        style.padding = "0";
        style.border = "none";
        style.outline = "none";
        style.background = "transparent";
        // The canvas draws the text, the caret and the selection; the input only takes the
        // typing. 16px keeps phones from zooming in on it.
        style.color = "transparent";
        style.caretColor = "transparent";
        style.fontSize = "16px";
        style.zIndex = "10";
        const entry = {
            el: el, changed: false, enter: false, focused: false, blurred: false,
            // The text last reported to the client: the client's text differs from it only
            // when the client changed it (refused what went past a limit, say).
            reported: null,
        };
        el.addEventListener("input", function () { mark_changed(entry); });
        el.addEventListener("select", function () { mark_changed(entry); });
        el.addEventListener("compositionupdate", function () { mark_changed(entry); });
        el.addEventListener("focus", function () {
            entry.focused = true;
            mark_changed(entry);
        });
        el.addEventListener("blur", function () {
            entry.blurred = true;
            mark_changed(entry);
        });
        el.addEventListener("keydown", function (ev) {
            if (ev.key === "Enter" && !ev.isComposing) {
                entry.enter = true;
                mark_changed(entry);
                // The move field stays for the next move; the others are done.
                if (!move) {
                    el.blur();
                }
            } else if (ev.key === "Escape") {
                el.blur();
            } else {
                // The caret moved (arrows, Home, End): the canvas shows where.
                setTimeout(function () { mark_changed(entry); }, 0);
            }
        });
        document.body.appendChild(el);
        return entry;
    }

    // The selection of the focused input moved (a tap in it, a drag, select-all).
    document.addEventListener("selectionchange", function () {
        for (const entry of inputs.values()) {
            if (document.activeElement === entry.el) {
                mark_changed(entry);
            }
        }
    });

    function text_fields(handle) {
        let list = { width: 0, height: 0, focus: null, fields: [] };
        try {
            list = JSON.parse(take_text(handle));
        } catch (e) {
            return;
        }
        const canvas = document.getElementById("glcanvas");
        if (!canvas) {
            return;
        }
        const rect = canvas.getBoundingClientRect();
        // The client lays out in CSS pixels of the canvas (its layout pixels).
        const sx = list.width ? rect.width / list.width : 1;
        const sy = list.height ? rect.height / list.height : 1;
        const seen = new Set();
        for (const f of list.fields) {
            seen.add(f.field);
            let entry = inputs.get(f.field);
            if (!entry) {
                entry = make_input(f.field);
                inputs.set(f.field, entry);
            }
            // The field's name in the player's language, for screen readers.
            if (f.label && entry.el.getAttribute("aria-label") !== f.label) {
                entry.el.setAttribute("aria-label", f.label);
            }
            const style = entry.el.style;
            style.left = (rect.left + f.x * sx) + "px";
            style.top = (rect.top + f.y * sy) + "px";
            style.width = (f.w * sx) + "px";
            style.height = (f.h * sy) + "px";
            const focused = document.activeElement === entry.el;
            if (entry.el.value !== f.text && (!focused || f.text !== entry.reported)) {
                entry.el.value = f.text;
                entry.reported = f.text;
                if (focused) {
                    entry.el.setSelectionRange(f.text.length, f.text.length);
                }
            }
        }
        for (const [field, entry] of inputs) {
            if (!seen.has(field)) {
                const had_focus = document.activeElement === entry.el;
                entry.el.remove();
                inputs.delete(field);
                if (had_focus) {
                    canvas.focus();
                }
            }
        }
        // A field the client has just opened takes the typing at once.
        if (list.focus !== asked_focus) {
            asked_focus = list.focus;
            const entry = list.focus && inputs.get(list.focus);
            if (entry && document.activeElement !== entry.el) {
                try {
                    entry.el.focus({ preventScroll: true });
                    const end = entry.el.value.length;
                    entry.el.setSelectionRange(end, end);
                } catch (e) { /* the page is going away */ }
            }
        }
    }

    function text_poll() {
        const out = [];
        for (const [field, entry] of inputs) {
            if (entry.changed) {
                const el = entry.el;
                const value = el.value;
                const focused = document.activeElement === el;
                let start = value.length, end = value.length;
                try {
                    if (el.selectionStart !== null && el.selectionEnd !== null) {
                        start = el.selectionStart;
                        end = el.selectionEnd;
                    }
                } catch (e) { /* no selection in this input */ }
                out.push({
                    field: field, text: value, enter: entry.enter,
                    focused: entry.focused, blurred: entry.blurred && !focused,
                    start: code_points(value, start), end: code_points(value, end),
                });
                entry.reported = value;
                entry.changed = false;
                entry.enter = false;
                entry.focused = false;
                entry.blurred = false;
            }
        }
        return out.length ? give_text(JSON.stringify(out)) : -1;
    }

    // Notifications of the player's turns. What the browser said, for the wasm to take.
    const push_reports = [];

    function push_report(report) {
        push_reports.push(report);
        wake();
    }

    // Whether this browser can show notifications pushed while no page is open: a secure
    // page, a service worker, the Push API and notifications.
    function push_supported() {
        return window.isSecureContext === true && "serviceWorker" in navigator &&
            "PushManager" in window && "Notification" in window;
    }

    // Bytes as base64url without padding (what the server takes for the keys).
    function base64url(buffer) {
        const bytes = new Uint8Array(buffer || new ArrayBuffer(0));
        let text = "";
        for (let i = 0; i < bytes.length; i++) {
            text += String.fromCharCode(bytes[i]);
        }
        return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    }

    // The bytes of base64url text (the server's key).
    function from_base64url(text) {
        const plain = text.replace(/-/g, "+").replace(/_/g, "/");
        const padded = plain + "=".repeat((4 - plain.length % 4) % 4);
        const raw = atob(padded);
        const bytes = new Uint8Array(raw.length);
        for (let i = 0; i < raw.length; i++) {
            bytes[i] = raw.charCodeAt(i);
        }
        return bytes;
    }

    // A PushSubscription as the wasm reads it.
    function subscription_of(sub) {
        return {
            endpoint: sub.endpoint,
            p256dh: base64url(sub.getKey("p256dh")),
            auth: base64url(sub.getKey("auth")),
        };
    }

    function push_error(e) {
        return String((e && (e.message || e.name)) || e);
    }

    // What the browser can do and has, said once the wasm runs. The service worker's
    // registration is awaited (pwa.js registers it once the page has loaded).
    function push_check() {
        if (!push_supported()) {
            push_report({ kind: "unsupported" });
            return;
        }
        navigator.serviceWorker.ready
            .then(function (reg) { return reg.pushManager.getSubscription(); })
            .then(function (sub) {
                push_report({
                    kind: "ready",
                    blocked: Notification.permission === "denied",
                    subscription: sub ? subscription_of(sub) : null,
                });
            })
            .catch(function (e) {
                console.info("Chaupal cannot show notifications here: " + push_error(e));
                push_report({ kind: "unsupported" });
            });
    }

    // The player's answer to the browser's question about notifications ("granted",
    // "denied" or "default"), from either form of Notification.requestPermission.
    function ask_permission() {
        return new Promise(function (resolve) {
            const answer = Notification.requestPermission(resolve);
            if (answer && typeof answer.then === "function") {
                answer.then(resolve, function () { resolve("default"); });
            }
        });
    }

    // Subscribes with the server's key; a subscription made with another key is dropped
    // first (the browser keeps one a worker).
    function subscribe(reg, key) {
        const options = { userVisibleOnly: true, applicationServerKey: from_base64url(key) };
        return reg.pushManager.subscribe(options).catch(function (e) {
            if (!e || e.name !== "InvalidStateError") {
                throw e;
            }
            return reg.pushManager.getSubscription()
                .then(function (old) { return old ? old.unsubscribe() : true; })
                .then(function () { return reg.pushManager.subscribe(options); });
        });
    }

    // The player tapped the client's button: asks their permission, then subscribes.
    function push_subscribe(key_handle) {
        const key = take_text(key_handle);
        if (!push_supported()) {
            push_report({ kind: "failed", detail: "this browser cannot show notifications" });
            return;
        }
        let asking;
        try {
            asking = ask_permission();
        } catch (e) {
            push_report({ kind: "failed", detail: push_error(e) });
            return;
        }
        asking
            .then(function (permission) {
                if (permission !== "granted") {
                    push_report({ kind: "refused", blocked: permission === "denied" });
                    return null;
                }
                // A browser without a push service may never answer: it is given a while.
                const late = new Promise(function (_, fail) {
                    setTimeout(function () {
                        fail(new Error("the browser's push service did not answer"));
                    }, SUBSCRIBE_MS);
                });
                const subscribed = navigator.serviceWorker.ready
                    .then(function (reg) { return subscribe(reg, key); });
                return Promise.race([subscribed, late]).then(function (sub) {
                    push_report({ kind: "subscribed", subscription: subscription_of(sub) });
                });
            })
            .catch(function (e) {
                push_report({ kind: "failed", detail: push_error(e) });
            });
    }

    function push_unsubscribe() {
        if (!push_supported()) {
            return;
        }
        navigator.serviceWorker.ready
            .then(function (reg) { return reg.pushManager.getSubscription(); })
            .then(function (sub) { return sub ? sub.unsubscribe() : true; })
            .then(function () { push_report({ kind: "unsubscribed" }); })
            .catch(function (e) {
                console.warn("chaupal: the push subscription could not be dropped:", e);
            });
    }

    // The words the service worker shows notifications in (the player's language, JSON of
    // client/src/push_words.rs), kept where it reads them: the site's IndexedDB, database
    // WORDS_DB, store "words", key "push" (as sw.js reads them).
    const WORDS_DB = "chaupal";
    function push_words(json_handle) {
        const text = take_text(json_handle);
        if (!push_supported() || !("indexedDB" in window)) {
            return;
        }
        let words;
        try {
            words = JSON.parse(text);
        } catch (e) {
            return;
        }
        try {
            const open = indexedDB.open(WORDS_DB, 1);
            open.onupgradeneeded = function () { open.result.createObjectStore("words"); };
            open.onsuccess = function () {
                const db = open.result;
                try {
                    const tx = db.transaction("words", "readwrite");
                    tx.objectStore("words").put(words, "push");
                    tx.oncomplete = tx.onabort = tx.onerror = function () { db.close(); };
                } catch (e) {
                    db.close();
                }
            };
            open.onerror = function () { /* not kept: the server's English is shown */ };
        } catch (e) { /* no IndexedDB here: the server's English is shown */ }
    }

    function push_poll() {
        return push_reports.length ? give_text(JSON.stringify(push_reports.shift())) : -1;
    }

    // A hidden tab comes back: draw it again (its title loses the count of news).
    document.addEventListener("visibilitychange", function () {
        wake();
    });

    // The player's input wakes the event loop: miniquad hands the events to the wasm but, with
    // its loop blocking between frames, draws no frame for them. Listening in the capture
    // phase, before miniquad's own handlers, the frame asked for here comes after the event
    // has reached the wasm.
    for (const kind of ["mousemove", "mousedown", "mouseup", "wheel", "keydown", "keyup",
        "touchstart", "touchmove", "touchend", "touchcancel", "focus", "blur"]) {
        window.addEventListener(kind, wake, { capture: true, passive: true });
    }
    window.addEventListener("resize", wake, { passive: true });

    function register_plugin(importObject) {
        imports = importObject;
        importObject.env.chaupal_wake_after = wake_after;
        importObject.env.chaupal_page_hidden = page_hidden;
        importObject.env.chaupal_online = online;
        importObject.env.chaupal_text_fields = text_fields;
        importObject.env.chaupal_text_poll = text_poll;
        importObject.env.chaupal_ws_open = ws_open;
        importObject.env.chaupal_ws_send = ws_send;
        importObject.env.chaupal_ws_poll = ws_poll;
        importObject.env.chaupal_ws_close = ws_close;
        importObject.env.chaupal_storage_get = storage_get;
        importObject.env.chaupal_languages = languages;
        importObject.env.chaupal_storage_set = storage_set;
        importObject.env.chaupal_clipboard_write = clipboard_write;
        importObject.env.chaupal_open_url = open_url;
        importObject.env.chaupal_share = share;
        importObject.env.chaupal_set_address = set_address;
        importObject.env.chaupal_location = location_href;
        importObject.env.chaupal_font_fetch = font_fetch;
        importObject.env.chaupal_font_poll = font_poll;
        importObject.env.chaupal_set_title = set_title;
        importObject.env.chaupal_set_language = set_language;
        importObject.env.chaupal_announce = announce;
        importObject.env.chaupal_hook = publish_hook;
        importObject.env.chaupal_probe_asked = probe_asked;
        importObject.env.chaupal_probe_said = probe_said;
        importObject.env.chaupal_push_subscribe = push_subscribe;
        importObject.env.chaupal_push_unsubscribe = push_unsubscribe;
        importObject.env.chaupal_push_poll = push_poll;
        importObject.env.chaupal_push_words = push_words;
    }

    // The wasm is loaded and about to start: the loading text can go.
    function on_init() {
        started = true;
        const loading = document.getElementById("loading");
        if (loading) {
            loading.remove();
        }
        push_check();
    }

    miniquad_add_plugin({
        register_plugin: register_plugin,
        on_init: on_init,
        version: PLUGIN_VERSION,
        name: "chaupal",
    });
})();

// Starts the client. This bundle is loaded by the page's one script element, which names the
// wasm in `data-wasm`: the page has no inline script, so its Content-Security-Policy allows
// only the server's own files.
(function () {
    "use strict";
    const me = document.currentScript;
    const wasm = me && me.getAttribute("data-wasm");
    // Say so if the game never starts (the plugin removes the loading text when it does).
    setTimeout(function () {
        const loading = document.getElementById("loading");
        if (loading) {
            loading.textContent = "Chaupal is taking long to load. If nothing happens, reload " +
                "the page; this browser needs WebGL and WebAssembly.";
        }
    }, 20000);
    if (wasm) {
        load(wasm);
    }
})();
