//! Progress bars on stderr (indicatif): [`Bars`] for the engine's long computations (the lab's
//! side of `chaupal_engine::progress`), [`progress_bar`] for the tools that count games.

use chaupal_engine::progress::{Meter, Progress};
use indicatif::{ProgressBar, ProgressStyle};

/// Draws each stage as a bar on stderr, cleared when the stage ends.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bars;

/// One stage's bar.
struct Bar(ProgressBar);

impl Progress for Bars {
    fn stage(&self, name: &str, len: u64) -> Box<dyn Meter + '_> {
        let bar = ProgressBar::new(len);
        if let Ok(style) = ProgressStyle::with_template(
            "{prefix} [{elapsed_precise}] {wide_bar} {pos}/{len} {msg} (eta {eta})",
        ) {
            bar.set_style(style);
        }
        bar.set_prefix(name.to_owned());
        Box::new(Bar(bar))
    }
}

impl Meter for Bar {
    fn advance(&self, steps: u64) {
        self.0.inc(steps);
    }

    fn note(&self, message: &str) {
        self.0.set_message(message.to_owned());
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.0.finish_and_clear();
    }
}

/// A progress bar on stderr (hidden when `show` is false or stderr is not a terminal).
pub fn progress_bar(total: u64, show: bool, unit: &str) -> ProgressBar {
    if !show {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    let template = format!("{{elapsed_precise}} [{{bar:40}}] {{pos}}/{{len}} {unit} (eta {{eta}})");
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}
