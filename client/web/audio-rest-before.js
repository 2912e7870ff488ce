// ---- audio-rest-before.js (Chaupal): put before quad-snd's audio.js, in its scope.
// A running AudioContext keeps the browser's audio thread mixing silence, a few percent of a
// core for as long as the page is open. Every context audio.js makes is noted here, so that
// audio-rest-after.js can suspend them while no sound plays.
const chaupal_audio_contexts = [];
{
    const Native = window.AudioContext || window.webkitAudioContext;
    if (Native) {
        const Noted = class extends Native {
            constructor(...args) {
                super(...args);
                chaupal_audio_contexts.push(this);
            }
        };
        window.AudioContext = Noted;
        if (window.webkitAudioContext) {
            window.webkitAudioContext = Noted;
        }
    }
}

// audio.js logs "fix" on the page's console each time it wakes its context on a first touch: a
// debugging line of its own that says nothing to whoever reads the console. In its scope,
// `console` drops that one line and passes everything else on.
const console = Object.assign(Object.create(window.console), {
    log: (...args) => {
        if (args.length === 1 && args[0] === "fix") {
            return;
        }
        window.console.log(...args);
    },
});
