// Registers Chaupal's service worker (/sw.js, made by scripts/web-site.py from client/web/sw.js),
// which keeps the client for the next visit and for visits without a network. The last part of
// the JS bundle (scripts/build-web.sh appends it after chaupal.js). Only where a browser allows
// service workers: a page over https, or over http from this machine; never from file://. It
// throws nothing and reports nothing as an error: without the worker the client works the same,
// only downloaded each visit.
(function () {
    "use strict";
    const served = location.protocol === "https:" || location.protocol === "http:";
    if (!served || !("serviceWorker" in navigator)) {
        return;
    }
    function register() {
        try {
            navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function (e) {
                console.info("Chaupal works without an offline copy here: " + e);
            });
        } catch (e) {
            console.info("Chaupal works without an offline copy here: " + e);
        }
    }
    // After the page's own loading, so the worker's copying does not slow the first start.
    if (document.readyState === "complete") {
        register();
    } else {
        window.addEventListener("load", register, { once: true });
    }
})();
