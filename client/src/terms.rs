//! The games' own words as [`Phrase`]s: each game's name and what it calls its sides, in the
//! interface's language (Bagh Chal is बाघचाल in Nepali, Jungle 斗兽棋 in Chinese).

use chaupal_rules::{EndReason, GameKind, Side};

use crate::say;
use crate::words::Phrase;

/// The game's name.
pub fn game_name(kind: GameKind) -> Phrase {
    match kind {
        GameKind::BaghChal => say!("game-baghchal"),
        GameKind::Kalah => say!("game-kalah"),
        GameKind::Jungle => say!("game-jungle"),
        GameKind::SholoGuti => say!("game-sholo-guti"),
    }
}

/// What the game calls `side`: "Goats", "Tigers", "South", "North".
pub fn side_name(kind: GameKind, side: Side) -> Phrase {
    match (kind, side) {
        (GameKind::BaghChal, Side::First) => say!("side-baghchal-first"),
        (GameKind::BaghChal, Side::Second) => say!("side-baghchal-second"),
        (GameKind::Kalah, Side::First) => say!("side-kalah-first"),
        (GameKind::Kalah, Side::Second) => say!("side-kalah-second"),
        (GameKind::Jungle, Side::First) => say!("side-jungle-first"),
        (GameKind::Jungle, Side::Second) => say!("side-jungle-second"),
        (GameKind::SholoGuti, Side::First) => say!("side-sholo-guti-first"),
        (GameKind::SholoGuti, Side::Second) => say!("side-sholo-guti-second"),
    }
}

/// `said` of a seat, with `who` the seat's name and side ("Asha (Goats)"), or only the side
/// for a seat nobody named ("Tigers"), and `many` ("yes" or "no") for a verb to agree with:
/// Bagh Chal's unnamed sides are many pieces ("Tigers win"), every other seat is one
/// ("Asha wins", "South wins").
pub fn agreeing(kind: GameKind, side: Side, names: &[Phrase; 2], said: Phrase) -> Phrase {
    let side_name = side_name(kind, side);
    let name = &names[side.index()];
    let unnamed = *name == side_name;
    let who = if unnamed {
        side_name
    } else {
        say!("who-with-side", name = name.clone(), side = side_name)
    };
    let many = unnamed && kind == GameKind::BaghChal;
    said.arg("who", who)
        .arg("many", if many { "yes" } else { "no" })
}

/// Why a game ended on the board, in a few words: "no legal move".
pub fn end_reason(reason: EndReason) -> Phrase {
    match reason {
        EndReason::CaptureTarget => say!("end-capture-target"),
        EndReason::NoLegalMove => say!("end-no-legal-move"),
        EndReason::Repetition => say!("end-repetition"),
        EndReason::NoCaptureLimit => say!("end-no-capture-limit"),
        EndReason::DenEntered => say!("end-den-entered"),
        EndReason::AllCaptured => say!("end-all-captured"),
        EndReason::SeedsCounted => say!("end-seeds-counted"),
    }
}

/// The name of a computer player at `level`: "AI level 3".
pub fn ai_level(level: u8) -> Phrase {
    say!("ai-level", level = level)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::words::{Language, Words};

    #[test]
    fn the_english_names_are_the_rule_books() {
        let en = Words::new(Language::English);
        for kind in GameKind::ALL {
            assert_eq!(en.say(&game_name(kind)), kind.title());
            for side in Side::BOTH {
                let mut shared = kind.side_name(side).to_owned();
                shared[..1].make_ascii_uppercase();
                assert_eq!(en.say(&side_name(kind, side)), shared);
            }
        }
    }
}
