//! The client's sounds: a soft click for the opponent's move (and for a turn come in a
//! correspondence game while the page is hidden), two rising notes for a friend who joins,
//! three for the game's end. Each is synthesised here as a small WAV clip (a few
//! sine tones with a quick attack and a gentle fade), so nothing is downloaded or shipped; the
//! clips are plain data, tested without a window, and [`Sounds`] plays them through macroquad's
//! audio on the desktop and in the browser.

use crate::app::Cue;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// The sample rate of the clips.
pub const RATE: u32 = 22_050;

/// One note: its pitch (Hz), when it starts and how long it lasts (seconds), and how loud
/// (0..1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Note {
    pub hz: f32,
    pub at: f32,
    pub len: f32,
    pub gain: f32,
}

/// The notes of each cue.
pub fn notes(cue: Cue) -> Vec<Note> {
    let n = |hz, at, len, gain| Note { hz, at, len, gain };
    match cue {
        // A short wooden tap.
        Cue::Move | Cue::Turn => vec![n(660.0, 0.0, 0.09, 0.5), n(990.0, 0.0, 0.05, 0.2)],
        // Two notes up: someone is here.
        Cue::Join => vec![n(523.3, 0.0, 0.16, 0.45), n(784.0, 0.14, 0.26, 0.45)],
        // Three notes of a major chord, one after the other: the end.
        Cue::End => vec![
            n(523.3, 0.0, 0.5, 0.35),
            n(659.3, 0.12, 0.45, 0.3),
            n(784.0, 0.24, 0.6, 0.3),
        ],
    }
}

/// The notes as 16-bit mono samples at [`RATE`].
pub fn samples(notes: &[Note]) -> Vec<i16> {
    let end = notes.iter().map(|n| n.at + n.len).fold(0.0, f32::max);
    let len = (end * RATE as f32).ceil() as usize + 1;
    let mut mix = vec![0.0f32; len];
    for note in notes {
        let start = (note.at * RATE as f32) as usize;
        let count = (note.len * RATE as f32) as usize;
        for i in 0..count {
            let t = i as f32 / RATE as f32;
            // A 5 ms attack, then an exponential fade to silence by the note's end.
            let attack = (t / 0.005).min(1.0);
            let fade = (1.0 - t / note.len).max(0.0).powi(2);
            let v = (std::f32::consts::TAU * note.hz * t).sin() * note.gain * attack * fade;
            if let Some(s) = mix.get_mut(start + i) {
                *s += v;
            }
        }
    }
    mix.iter()
        .map(|&v| (v.clamp(-1.0, 1.0) * f32::from(i16::MAX)) as i16)
        .collect()
}

/// 16-bit mono samples as a WAV file.
pub fn wav(samples: &[i16]) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + samples.len() * 2);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVE");
    out.extend_from_slice(b"fmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes()); // bytes a second
    out.extend_from_slice(&2u16.to_le_bytes()); // bytes a frame
    out.extend_from_slice(&16u16.to_le_bytes()); // bits a sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&s.to_le_bytes());
    }
    out
}

/// The clip of a cue, as a WAV file.
pub fn clip(cue: Cue) -> Vec<u8> {
    wav(&samples(&notes(cue)))
}

/// Whether the machine has a sound device to play on.
///
/// On the desktop macroquad opens the device in a thread of its own as the window opens, and
/// that thread panics when there is none (a server, a container, a laptop without one).
/// [`SoundDevice::watch`] turns that panic into one line in the log and marks the device
/// missing, so the client plays on in silence instead of printing a backtrace and "Audio thread
/// died" for every clip. In the browser the page's audio is always there.
#[derive(Clone, Debug, Default)]
pub struct SoundDevice {
    missing: Arc<AtomicBool>,
}

impl SoundDevice {
    /// Watches for the audio thread's panic from now on (call it once, before the window
    /// opens); any other panic is reported as before.
    pub fn watch() -> SoundDevice {
        let device = SoundDevice::default();
        let missing = device.missing.clone();
        let report = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if is_audio_thread_panic(info.location().map(|l| l.file())) {
                if !missing.swap(true, Ordering::Relaxed) {
                    eprintln!(
                        "chaupal-client: no sound device ({}); playing without sound",
                        panic_text(info.payload())
                    );
                }
            } else {
                report(info);
            }
        }));
        device
    }

    /// Whether the device is known to be missing.
    pub fn missing(&self) -> bool {
        self.missing.load(Ordering::Relaxed)
    }
}

/// Whether a panic at this source file is the sound library's (quad-snd) failing to open or
/// set up the device.
fn is_audio_thread_panic(file: Option<&str>) -> bool {
    file.is_some_and(|f| f.replace('\\', "/").contains("/quad-snd-"))
}

/// A panic's message, when it is text.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> &str {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("the audio library stopped")
}

/// The cues' clips, loaded into macroquad's audio.
pub struct Sounds {
    clips: Vec<(Cue, macroquad::audio::Sound)>,
}

impl Sounds {
    /// Loads the clips (a clip that cannot be loaded stays silent; with no device, none is
    /// loaded).
    pub async fn load(device: &SoundDevice) -> Sounds {
        let mut clips = Vec::new();
        if device.missing() {
            return Sounds { clips };
        }
        for cue in Cue::ALL {
            if let Ok(sound) = macroquad::audio::load_sound_from_bytes(&clip(cue)).await {
                clips.push((cue, sound));
            }
        }
        Sounds { clips }
    }

    /// Plays a cue's clip.
    pub fn play(&self, cue: Cue) {
        if let Some((_, sound)) = self.clips.iter().find(|(c, _)| *c == cue) {
            macroquad::audio::play_sound_once(sound);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_cue_is_a_short_wav_that_starts_and_ends_quietly() {
        for cue in Cue::ALL {
            let s = samples(&notes(cue));
            let secs = s.len() as f32 / RATE as f32;
            assert!((0.05..1.0).contains(&secs), "{cue:?}: {secs} s");
            assert!(s[0].abs() < 500, "no click at the start");
            assert!(s[s.len() - 1].abs() < 500, "nor at the end");
            let loudest = s.iter().map(|v| v.unsigned_abs()).max().unwrap_or(0);
            assert!(loudest > 5_000, "{cue:?} is heard");
            let w = clip(cue);
            assert_eq!(&w[..4], b"RIFF");
            assert_eq!(&w[8..12], b"WAVE");
            assert_eq!(w.len(), 44 + s.len() * 2);
            assert_eq!(u32::from_le_bytes([w[24], w[25], w[26], w[27]]), RATE);
        }
    }

    #[test]
    fn only_the_sound_librarys_panics_count_as_a_missing_device() {
        let home = "/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f";
        assert!(is_audio_thread_panic(Some(&format!(
            "{home}/quad-snd-0.2.8/src/alsa_snd.rs"
        ))));
        assert!(is_audio_thread_panic(Some(
            r"C:\Users\a\.cargo\registry\src\x\quad-snd-0.2.8\src\wasapi_snd.rs"
        )));
        assert!(!is_audio_thread_panic(Some("client/src/sound.rs")));
        assert!(!is_audio_thread_panic(Some(&format!(
            "{home}/macroquad-0.4.16/src/audio.rs"
        ))));
        assert!(!is_audio_thread_panic(None));
        let text: Box<dyn std::any::Any + Send> = Box::new("Can't open PCM device.");
        assert_eq!(panic_text(text.as_ref()), "Can't open PCM device.");
        let text: Box<dyn std::any::Any + Send> = Box::new(String::from("no rate"));
        assert_eq!(panic_text(text.as_ref()), "no rate");
    }

    #[test]
    fn the_cues_sound_different() {
        assert_ne!(clip(Cue::Move), clip(Cue::Join));
        assert_ne!(clip(Cue::Join), clip(Cue::End));
    }
}
