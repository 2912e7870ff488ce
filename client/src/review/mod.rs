//! A game's review in the client: the request's state (asked, the server's progress, the
//! review, or why there is none) and what the replay shows of it, read out of the shared
//! [`GameReview`] without a window: the advantage graph's arithmetic ([`graph`]), the words
//! (the slips of each player, the verdict on a move, values in the game's terms: [`notes`]),
//! the best move's mark on the board ([`arrow`]), and the heights of the review's parts in the
//! replay's panel ([`Parts`]).

pub mod arrow;
pub mod graph;
pub mod notes;

use chaupal_rules::review::GameReview;

use crate::say;
use crate::words::Phrase;

/// Where a review of the replayed game stands.
#[derive(Clone, Debug, PartialEq)]
pub enum ReviewState {
    /// Asked for; the server has not said how far it got yet.
    Asked,
    /// Under way: `analysed` of `total` positions are done.
    Running { analysed: u32, total: u32 },
    /// The review.
    Ready(Box<GameReview>),
    /// No review: why, in words.
    Failed(Phrase),
}

impl ReviewState {
    /// The review, once it is there.
    pub fn review(&self) -> Option<&GameReview> {
        match self {
            ReviewState::Ready(r) => Some(r),
            _ => None,
        }
    }

    /// Whether the review is still to come.
    pub fn waiting(&self) -> bool {
        matches!(self, ReviewState::Asked | ReviewState::Running { .. })
    }

    /// How far the review got, in words, while it runs: "Analysing 17 of 41 positions".
    pub fn progress_text(&self) -> Option<Phrase> {
        match self {
            ReviewState::Asked => Some(say!("review-asking")),
            ReviewState::Running { analysed, total } => Some(say!(
                "review-analysing",
                analysed = *analysed,
                total = *total
            )),
            ReviewState::Ready(_) | ReviewState::Failed(_) => None,
        }
    }

    /// The share of the positions analysed, 0 to 1, while it runs.
    pub fn progress(&self) -> Option<f32> {
        match self {
            ReviewState::Asked => Some(0.0),
            ReviewState::Running { analysed, total } => {
                Some((*analysed as f32 / (*total).max(1) as f32).clamp(0.0, 1.0))
            }
            ReviewState::Ready(_) | ReviewState::Failed(_) => None,
        }
    }
}

/// The heights of the review's parts in the replay's panel, top to bottom, in pixels: the
/// graph's caption, its plot, its axis of moves, its legend (none when there is no room), each
/// player's accuracy, the verdict, and the slips (what is left; none when not even one fits).
/// Every size is a share of the window's text unit, as the drawing uses them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Parts {
    pub caption: f32,
    pub plot: f32,
    pub axis: f32,
    pub legend: f32,
    pub accuracy: f32,
    pub verdict: f32,
    pub slips: f32,
}

impl Parts {
    /// The graph's caption and the space under it, in text units.
    pub const CAPTION: f32 = 1.3;
    /// The axis of moves under the plot (its ticks and numbers), in text units.
    pub const AXIS: f32 = 1.3;
    /// One row of the legend, in text units.
    pub const LEGEND_ROW: f32 = 1.1;
    /// The accuracy line with the space around it, in text units.
    pub const ACCURACY: f32 = 1.7;
    /// The verdict's first line and the space around it, in text units; each line under it
    /// takes [`Parts::VERDICT_LINE`].
    pub const VERDICT_HEAD: f32 = 1.1;
    pub const VERDICT_LINE: f32 = 0.95 * 1.45;
    /// The least the slips take: their heading and two lines (an entry that wraps), in text
    /// units.
    pub const SLIPS_MIN: f32 = 4.3;
    /// The plot's height, in text units: what it gets when there is room (on a phone, and
    /// beside the board), and the least it shrinks to.
    pub const PLOT_PHONE: f32 = 3.4;
    pub const PLOT_WIDE: f32 = 5.0;
    pub const PLOT_MIN: f32 = 2.4;

    /// The parts of a review `height` pixels tall at text unit `unit`, with a legend of
    /// `legend_rows` rows and verdicts of up to `verdict_lines` lines under their first. When
    /// the room is short the plot shrinks to keep the slips' least room; when that is not
    /// enough the slips go, then the legend, then the plot shrinks.
    pub fn fit(
        height: f32,
        unit: f32,
        portrait: bool,
        legend_rows: usize,
        verdict_lines: usize,
    ) -> Parts {
        let want = if portrait {
            Parts::PLOT_PHONE
        } else {
            Parts::PLOT_WIDE
        };
        let mut parts = Parts {
            caption: unit * Parts::CAPTION,
            plot: unit * want,
            axis: unit * Parts::AXIS,
            legend: unit * Parts::LEGEND_ROW * legend_rows as f32,
            accuracy: unit * Parts::ACCURACY,
            verdict: unit * (Parts::VERDICT_HEAD + Parts::VERDICT_LINE * verdict_lines as f32),
            slips: 0.0,
        };
        let fixed = |p: &Parts| p.caption + p.plot + p.axis + p.legend + p.accuracy + p.verdict;
        let spare = height - fixed(&parts);
        let slips_min = unit * Parts::SLIPS_MIN;
        let shrinkable = parts.plot - unit * Parts::PLOT_MIN;
        if spare >= slips_min {
            parts.slips = spare;
        } else if spare + shrinkable >= slips_min {
            parts.plot -= slips_min - spare;
            parts.slips = slips_min;
        } else {
            // No room for the slips: the legend goes too when the rest does not fit.
            if fixed(&parts) > height {
                parts.legend = 0.0;
            }
            let short = (fixed(&parts) - height).max(0.0);
            parts.plot = (parts.plot - short).max(unit * Parts::PLOT_MIN);
        }
        parts
    }

    /// The height of all the parts.
    pub fn total(&self) -> f32 {
        self.caption
            + self.plot
            + self.axis
            + self.legend
            + self.accuracy
            + self.verdict
            + self.slips
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parts_fill_the_room_and_give_up_the_slips_then_the_legend_then_the_plot() {
        let unit = 16.0;
        // Plenty of room: every part at its size, the slips take the rest.
        let roomy = Parts::fit(600.0, unit, false, 1, 2);
        assert_eq!(roomy.plot, unit * Parts::PLOT_WIDE);
        assert!(roomy.legend > 0.0);
        assert!((roomy.total() - 600.0).abs() < 0.01);
        assert!(roomy.slips > unit * Parts::SLIPS_MIN);
        // A phone's smaller plot, and two rows of legend.
        let phone = Parts::fit(600.0, unit, true, 2, 2);
        assert_eq!(phone.plot, unit * Parts::PLOT_PHONE);
        assert_eq!(phone.legend, unit * Parts::LEGEND_ROW * 2.0);
        // A little short of the slips' least: the plot gives it up.
        let whole = roomy.total() - roomy.slips;
        let squeezed = Parts::fit(whole + unit * 3.0, unit, false, 1, 2);
        assert_eq!(squeezed.slips, unit * Parts::SLIPS_MIN);
        assert!((squeezed.plot - (roomy.plot - unit * (Parts::SLIPS_MIN - 3.0))).abs() < 0.01);
        assert!((squeezed.total() - (whole + unit * 3.0)).abs() < 0.01);
        // Less room: no slips, but the rest whole.
        let without_slips = whole + unit;
        let short = Parts::fit(without_slips, unit, false, 1, 2);
        assert_eq!(short.slips, 0.0);
        assert!(short.legend > 0.0 && short.plot == roomy.plot);
        // Less still: the legend goes, then the plot shrinks to fit, never below its least.
        let tight = Parts::fit(without_slips - unit * 3.0, unit, false, 1, 2);
        assert_eq!(tight.legend, 0.0);
        assert!(
            tight.total() <= without_slips - unit * 3.0 + 0.01,
            "{tight:?}"
        );
        let tiny = Parts::fit(50.0, unit, false, 1, 2);
        assert_eq!(tiny.plot, unit * Parts::PLOT_MIN);
    }

    #[test]
    fn progress_is_worded_and_measured_while_the_review_runs() {
        let running = ReviewState::Running {
            analysed: 17,
            total: 41,
        };
        assert_eq!(
            running.progress_text().map(|p| p.english()).as_deref(),
            Some("Analysing 17 of 41 positions")
        );
        assert!((running.progress().unwrap_or(0.0) - 17.0 / 41.0).abs() < 1e-6);
        assert!(running.waiting());
        let empty = ReviewState::Running {
            analysed: 0,
            total: 0,
        };
        assert_eq!(empty.progress(), Some(0.0), "no division by zero");
        let failed = ReviewState::Failed("no".into());
        assert_eq!(failed.progress_text(), None);
        assert!(!failed.waiting() && failed.review().is_none());
    }
}
