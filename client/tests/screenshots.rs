//! Renders every board and rule set in screenshot mode under a virtual X server (Xvfb) and
//! checks that each PNG exists and shows a picture (many distinct colours), not a blank window.
//!
//! Needs `xvfb-run` (Debian's xvfb) or a display. Without either, the test says so and passes,
//! unless CHAUPAL_REQUIRE_SCREENSHOTS=1 is set (as scripts/client-screenshots.sh does).
#![allow(clippy::unwrap_used)]

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Every board the client draws: (file name, arguments).
const BOARDS: &[(&str, &[&str])] = &[
    ("baghchal", &["--game", "baghchal"]),
    (
        "baghchal-capture",
        &[
            "--game",
            "baghchal",
            "--position",
            "T4/5/1GTG1/2G2/T3T t 17 0",
            "--clicks",
            "c3",
        ],
    ),
    ("kalah", &["--game", "kalah", "--moves", "3 6"]),
    ("kalah-pits-1", &["--game", "kalah", "--rule", "pits=1"]),
    (
        "kalah-pits-8",
        &["--game", "kalah", "--rule", "pits=8", "--rule", "seeds=8"],
    ),
    ("jungle", &["--game", "jungle", "--moves", "a3-a4 g7-g6"]),
    (
        "jungle-small",
        &["--game", "jungle", "--rule", "board=small", "--flip"],
    ),
    ("sholo-guti", &["--game", "sholo-guti"]),
    (
        "sholo-guti-chain",
        &[
            "--game",
            "sholo-guti",
            "--position",
            "3/3/5/3N1/2N2/2S2/5/3/3 s 0",
            "--clicks",
            "c4 c6",
        ],
    ),
    ("lobby", &["--game", "jungle", "--show", "lobby"]),
    ("rules", &["--game", "sholo-guti", "--show", "rules"]),
    (
        "replay",
        &[
            "--game",
            "baghchal",
            "--moves",
            "c3 a1-b2 d3",
            "--show",
            "replay",
        ],
    ),
    (
        "game-over",
        &[
            "--game",
            "baghchal",
            "--rule",
            "captures-to-win=1",
            "--moves",
            "b2 a1xc3",
        ],
    ),
    // The name field open, and the invitation's card with its link and code.
    ("name", &["--game", "kalah", "--show", "name"]),
    ("invite", &["--game", "baghchal", "--show", "invite"]),
    ("devices", &["--game", "kalah", "--show", "devices"]),
    // A phone held upright, and the desktop's smallest usual window.
    (
        "portrait-lobby",
        &["--game", "kalah", "--show", "lobby", "--size", "390x844"],
    ),
    (
        "portrait-game",
        &[
            "--game",
            "baghchal",
            "--moves",
            "c3 a1-b2 b3 b2-a1 c2",
            "--clicks",
            "a1",
            "--size",
            "390x844",
        ],
    ),
    (
        "portrait-kalah",
        &["--game", "kalah", "--moves", "3 6 2", "--size", "390x844"],
    ),
    (
        "portrait-invite",
        &["--game", "jungle", "--show", "invite", "--size", "390x844"],
    ),
    (
        "portrait-devices",
        &["--game", "kalah", "--show", "devices", "--size", "390x844"],
    ),
    // The Puzzles screen, a state of the words check: a wrong move with its reason and the
    // rating's change.
    (
        "portrait-puzzle",
        &[
            "--game",
            "kalah",
            "--show",
            "state:puzzles: wrong, Kalah",
            "--size",
            "390x844",
        ],
    ),
    (
        "portrait-rules",
        &[
            "--game",
            "sholo-guti",
            "--show",
            "rules",
            "--size",
            "390x844",
        ],
    ),
    (
        "small-lobby",
        &[
            "--game",
            "kalah",
            "--show",
            "lobby",
            "--size",
            "800x600",
            "--rule",
            "empty-capture=true",
        ],
    ),
    (
        "small-game",
        &[
            "--game",
            "jungle",
            "--moves",
            "a3-a4 g7-g6",
            "--size",
            "800x600",
        ],
    ),
    (
        "small-replay",
        &[
            "--game", "kalah", "--moves", "3 6 2 1", "--show", "replay", "--size", "800x600",
        ],
    ),
];

/// The fewest distinct colours a drawn screen has (a blank window has one).
const MIN_COLOURS: usize = 40;

/// How to run the client with a display: through xvfb-run, directly with a DISPLAY, or not.
/// [`launcher`], or none: a failure when `CHAUPAL_REQUIRE_SCREENSHOTS` is set, else the test
/// says it is skipped.
fn launcher_or_skip() -> Option<Vec<String>> {
    let launch = launcher();
    if launch.is_none() {
        assert!(
            std::env::var_os("CHAUPAL_REQUIRE_SCREENSHOTS").is_none(),
            "no xvfb-run and no DISPLAY: install Debian's xvfb"
        );
        eprintln!("skipped: no xvfb-run and no DISPLAY to draw on");
    }
    launch
}

fn launcher() -> Option<Vec<String>> {
    let xvfb = Command::new("xvfb-run").arg("--help").output().is_ok();
    if xvfb {
        return Some(
            // Tall enough for a phone's portrait window (390x844) to lie wholly on the screen.
            ["xvfb-run", "-a", "-s", "-screen 0 1600x1000x24"]
                .map(String::from)
                .to_vec(),
        );
    }
    std::env::var_os("DISPLAY").map(|_| Vec::new())
}

/// The client `exe`, run through `launch` (xvfb-run, or nothing with a display).
fn client(launch: &[String], exe: &str) -> Command {
    match launch.split_first() {
        Some((first, rest)) => {
            let mut c = Command::new(first);
            c.args(rest).arg(exe);
            c
        }
        None => Command::new(exe),
    }
}

fn out_dir() -> PathBuf {
    let dir = std::env::var_os("CHAUPAL_SCREENSHOT_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("chaupal-client-screenshots"));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Decodes a PNG and counts its distinct colours (sampled on a grid).
fn distinct_colours(path: &Path) -> (u32, u32, usize) {
    let bytes = std::fs::read(path).unwrap();
    let image = macroquad::texture::Image::from_file_with_format(
        &bytes,
        Some(macroquad::prelude::ImageFormat::Png),
    )
    .unwrap();
    let (w, h) = (u32::from(image.width), u32::from(image.height));
    let mut colours = HashSet::new();
    for y in (0..h).step_by(3) {
        for x in (0..w).step_by(3) {
            let c = image.get_pixel(x, y);
            colours.insert([c.r, c.g, c.b].map(|v| (v * 255.0) as u8));
        }
    }
    (w, h, colours.len())
}

#[test]
fn every_board_renders_to_a_png_that_is_not_blank() {
    let Some(launch) = launcher_or_skip() else {
        return;
    };
    let exe = env!("CARGO_BIN_EXE_chaupal-client");
    let dir = out_dir();
    let mut failures = Vec::new();
    for (name, args) in BOARDS {
        let file = dir.join(format!("{name}.png"));
        let _ = std::fs::remove_file(&file);
        let mut cmd = client(&launch, exe);
        cmd.arg("--screenshot").arg(&file).args(*args);
        let output = cmd.output().unwrap();
        if !output.status.success() {
            failures.push(format!(
                "{name}: exit {:?}: {}",
                output.status.code(),
                String::from_utf8_lossy(&output.stderr)
            ));
            continue;
        }
        if !file.exists() {
            failures.push(format!("{name}: no PNG written"));
            continue;
        }
        let (w, h, colours) = distinct_colours(&file);
        eprintln!("{name}: {w}x{h}, {colours} colours");
        if w < 200 || h < 200 || colours < MIN_COLOURS {
            failures.push(format!(
                "{name}: {w}x{h} with {colours} colours looks blank"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The words check (`chaupal-client --check-words`, see `chaupal_client::words_check`): every screen
/// and card, in the states that show the most text, at 360x640, 390x844, 412x915, 768x1024,
/// 1280x800 and 1920x1080 and pixel ratios 1 to 3: no text cut short, beyond the window's
/// side, or over another.
#[test]
fn every_screen_at_every_size_shows_its_words_whole() {
    let Some(launch) = launcher_or_skip() else {
        return;
    };
    let exe = env!("CARGO_BIN_EXE_chaupal-client");
    let output = client(&launch, exe).arg("--check-words").output().unwrap();
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "texts cut or overlapping:\n{out}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let last = out.lines().last().unwrap_or_default();
    eprintln!("{last}");
    // "checked N screens (S states, 6 sizes, 3 pixel ratios), 0 problems, P glyph pages"
    let checked: usize = last
        .strip_prefix("checked ")
        .and_then(|r| r.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in {last:?}"));
    assert!(
        checked >= 50 * 6 * 3,
        "only {checked} screens checked: {last}"
    );
    assert!(last.contains(" 0 problems"), "{last}");
}

#[test]
fn a_bad_position_is_refused_with_a_reason() {
    let exe = env!("CARGO_BIN_EXE_chaupal-client");
    let Some(launch) = launcher() else {
        eprintln!("skipped: no display");
        return;
    };
    let file = out_dir().join("refused.png");
    let output = client(&launch, exe)
        .args(["--screenshot"])
        .arg(&file)
        .args(["--game", "baghchal", "--position", "T3T/5 g"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("position"), "{err}");
}

/// A machine without a sound device (a server, a container, some laptops): the client opens,
/// plays on in silence, and says so in one line; the sound library's panic and its "Audio
/// thread died" for every clip are not printed. The device is made missing for certain by an
/// empty ALSA configuration, which names no device at all.
#[test]
fn without_a_sound_device_the_client_plays_silently_and_prints_no_panic() {
    let Some(launch) = launcher_or_skip() else {
        return;
    };
    let home = tempfile::tempdir().unwrap();
    let alsa = home.path().join("asound.conf");
    std::fs::write(&alsa, "").unwrap();
    let exe = env!("CARGO_BIN_EXE_chaupal-client");
    // Long enough for the sounds to load (two seconds after the start when offline); then
    // `timeout` ends the client as a window manager would.
    let mut cmd = client(&launch, "timeout");
    let output = cmd
        .args(["--signal=TERM", "6", exe, "--offline"])
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path())
        .env("ALSA_CONFIG_PATH", &alsa)
        .env("RUST_BACKTRACE", "1")
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&output.stdout);
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(!err.contains("panicked"), "a panic was printed:\n{err}");
    assert!(!out.contains("Audio thread died"), "{out}");
    assert!(!err.contains("Audio thread died"), "{err}");
    let said: Vec<&str> = err
        .lines()
        .filter(|l| l.contains("no sound device"))
        .collect();
    assert_eq!(said.len(), 1, "one line about the sound device:\n{err}");
    assert!(said[0].contains("playing without sound"), "{}", said[0]);
    // It ran until it was stopped, not into an error of its own.
    assert_eq!(output.status.code(), Some(124), "{err}");
}
