
// ---- audio-rest-after.js (Chaupal): put after quad-snd's audio.js, in its scope.
// The contexts rest (suspend) a few seconds after the last sound started, and after the first
// tap or key that unlocked them; a sound wakes its context (resume) before it plays.
const CHAUPAL_AUDIO_REST_MS = 3000;
let chaupal_audio_rest = null;
function chaupal_rest_later() {
    if (chaupal_audio_rest !== null) {
        clearTimeout(chaupal_audio_rest);
    }
    chaupal_audio_rest = setTimeout(function () {
        chaupal_audio_rest = null;
        for (const context of chaupal_audio_contexts) {
            if (context.state === "running") {
                context.suspend().catch(function () { /* closed */ });
            }
        }
    }, CHAUPAL_AUDIO_REST_MS);
}
const chaupal_play_buffer = audio_play_buffer;
// eslint-disable-next-line no-func-assign
audio_play_buffer = function (sound_key, volume, repeat) {
    if (audio_context && audio_context.state === "suspended") {
        audio_context.resume().catch(function () { /* not allowed yet */ });
    }
    const key = chaupal_play_buffer(sound_key, volume, repeat);
    if (!repeat) {
        chaupal_rest_later();
    }
    return key;
};
for (const kind of ["touchend", "mousedown", "keydown"]) {
    document.addEventListener(kind, chaupal_rest_later, { passive: true });
}
