//! Points as the screens show them. An arena's are shown as counted (2 a win, 1 a draw, with
//! streaks and berserk). A Swiss's and a round robin's are shown as such players expect, a
//! game's points: 1 a win, ½ a draw (the server's count halved); their tie-breaks likewise
//! (Buchholz halved, Sonneborn-Berger, counted in quarter points, quartered).

use chaupal_shared::protocol::tournaments::{TieBreak, TournamentFormat};

use crate::say;
use crate::words::Phrase;

/// `whole` and a fraction of `quarters` quarters (0 to 3): "6", "6¼", "½", "0".
fn with_quarters(whole: u32, quarters: u32) -> String {
    let fraction = match quarters % 4 {
        1 => "¼",
        2 => "½",
        3 => "¾",
        _ => "",
    };
    if whole == 0 && !fraction.is_empty() {
        fraction.to_owned()
    } else {
        format!("{whole}{fraction}")
    }
}

/// Points counted 2 a win as a game's points: 5 → "2½".
pub fn game_points(points: u32) -> String {
    with_quarters(points / 2, (points % 2) * 2)
}

/// Quarter points as points: 26 → "6½", 25 → "6¼".
pub fn quarter_points(quarters: u32) -> String {
    with_quarters(quarters / 4, quarters % 4)
}

/// A line's points as a tournament of `format` shows them: an arena's as counted, a Swiss's
/// and a round robin's as a game's points.
pub fn shown_points(format: TournamentFormat, points: u32) -> String {
    if format.in_rounds() {
        game_points(points)
    } else {
        points.to_string()
    }
}

/// Whether points shown as `shown` are many for the words after them: "no" for "1" and "½" (1
/// point), "yes" for any other ("0 points", "1½ points"), the `$many` of the messages that say
/// points.
pub fn many(shown: &str) -> &'static str {
    if shown == "1" || shown == "½" {
        "no"
    } else {
        "yes"
    }
}

/// One tie-break in words: "Buchholz 7½", "SB 6¼", "3 wins".
pub fn tie_break_words(tie_break: TieBreak) -> Phrase {
    match tie_break {
        TieBreak::Buchholz(points) => say!("tournament-buchholz", points = game_points(points)),
        TieBreak::SonnebornBerger(quarters) => {
            say!(
                "tournament-sonneborn-berger",
                points = quarter_points(quarters)
            )
        }
        TieBreak::Wins(count) => say!("tournament-wins", count = count),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_swiss_shows_a_games_points_and_an_arena_its_own() {
        let swiss = TournamentFormat::Swiss {
            rounds: 5,
            matches: false,
        };
        let arena = TournamentFormat::Arena {
            minutes: 30,
            streaks: true,
        };
        assert_eq!(shown_points(swiss, 0), "0");
        assert_eq!(shown_points(swiss, 1), "½");
        assert_eq!(shown_points(swiss, 2), "1");
        assert_eq!(shown_points(swiss, 7), "3½");
        assert_eq!(shown_points(arena, 7), "7");
        let round_robin = TournamentFormat::RoundRobin {
            double: false,
            most_entrants: 8,
        };
        assert_eq!(shown_points(round_robin, 8), "4");
    }

    #[test]
    fn tie_breaks_are_shown_in_a_games_points() {
        assert_eq!(quarter_points(26), "6½");
        assert_eq!(quarter_points(25), "6¼");
        assert_eq!(quarter_points(27), "6¾");
        assert_eq!(quarter_points(3), "¾");
        assert_eq!(quarter_points(24), "6");
        assert_eq!(
            tie_break_words(TieBreak::Buchholz(15)).english(),
            "Buchholz 7½"
        );
        assert_eq!(
            tie_break_words(TieBreak::SonnebornBerger(25)).english(),
            "SB 6¼"
        );
        assert_eq!(tie_break_words(TieBreak::Wins(1)).english(), "1 win");
    }
}
