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
