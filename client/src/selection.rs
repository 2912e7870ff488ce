//! Entering a move with clicks: a piece, then its destination; Sholo Guti chains hop by hop;
//! a Kalah house or a Bagh Chal placement in one click. Works on the legal moves in notation,
//! so it knows no game's rules: a move is a path of cells (`a1xc3` is `a1`, `c3`; Kalah's `3`
//! is the mover's house 3).

use chaupal_rules::{GameKind, Side};

use crate::geometry::{CellName, file_rank, kalah_cell, square_name};

/// One legal move: the cells clicked to enter it, and its notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub path: Vec<CellName>,
    pub text: String,
}

/// The legal moves of one position, as click paths.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Choices {
    pub moves: Vec<Choice>,
}

/// The cells of a move text: its points in order (`c4xc6xe6` is `c4`, `c6`, `e6`); Kalah's house
/// number becomes the mover's house cell.
pub fn move_path(kind: GameKind, mover: Side, text: &str) -> Vec<CellName> {
    match kind {
        GameKind::Kalah => text
            .trim()
            .parse::<usize>()
            .map(|h| vec![kalah_cell(mover, h)])
            .unwrap_or_default(),
        _ => text
            .split(['-', 'x'])
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect(),
    }
}

/// The point jumped over by one hop of a capture (a jump goes straight along a line to the point
/// just beyond its neighbour, and the points of a line are evenly spaced, so it is the
/// midpoint). Only meaningful for a capture hop: a step has no jumped point.
pub fn jumped_point(from: &str, to: &str) -> Option<CellName> {
    let (f0, r0) = file_rank(from)?;
    let (f1, r1) = file_rank(to)?;
    let (df, dr) = (i16::from(f1) - i16::from(f0), i16::from(r1) - i16::from(r0));
    let even = df % 2 == 0 && dr % 2 == 0;
    (even && (df, dr) != (0, 0)).then(|| {
        square_name(
            ((i16::from(f0) + i16::from(f1)) / 2) as u8,
            ((i16::from(r0) + i16::from(r1)) / 2) as u8,
        )
    })
}

impl Choices {
    /// The choices from the legal moves of a position (in notation) and the side to move.
    pub fn new(kind: GameKind, mover: Side, legal: &[String]) -> Choices {
        Choices {
            moves: legal
                .iter()
                .map(|text| Choice {
                    path: move_path(kind, mover, text),
                    text: text.clone(),
                })
                .filter(|c| !c.path.is_empty())
                .collect(),
        }
    }

    /// The moves whose path starts with `prefix`.
    fn starting_with<'a>(&'a self, prefix: &'a [CellName]) -> impl Iterator<Item = &'a Choice> {
        self.moves
            .iter()
            .filter(move |c| c.path.len() >= prefix.len() && c.path[..prefix.len()] == *prefix)
    }

    /// The move whose path is exactly `path`.
    fn exactly(&self, path: &[CellName]) -> Option<&Choice> {
        self.moves.iter().find(|c| c.path == path)
    }

    /// Whether any move starts from `cell` (a piece that can move, or a one-click move).
    pub fn starts_at(&self, cell: &str) -> bool {
        self.moves.iter().any(|c| c.path[0] == cell)
    }
}

/// What a click did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Click {
    /// Nothing to do with this cell.
    Ignored,
    /// A piece was picked up, or a chain went one hop further.
    Selected,
    /// The selection was dropped.
    Cleared,
    /// A whole move was entered: play it.
    Play(String),
}

/// The cells clicked so far towards a move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Selection {
    path: Vec<CellName>,
}

impl Selection {
    /// The cells clicked so far (the piece first, then the landing points of a chain).
    pub fn path(&self) -> &[CellName] {
        &self.path
    }

    /// Whether nothing is selected.
    pub fn is_empty(&self) -> bool {
        self.path.is_empty()
    }

    /// Drops the selection.
    pub fn clear(&mut self) {
        self.path.clear();
    }

    /// Whether a chain is under way (at least one hop made).
    pub fn in_chain(&self) -> bool {
        self.path.len() >= 2
    }

    /// Handles a click on `cell`.
    pub fn click(&mut self, choices: &Choices, cell: &str) -> Click {
        if self.path.is_empty() {
            return self.pick(choices, cell);
        }
        if self.path.len() == 1 && self.path[0] == cell {
            self.clear();
            return Click::Cleared;
        }
        if self.path.last().is_some_and(|last| last == cell) {
            return match self.stop(choices) {
                Some(text) => Click::Play(text),
                None => Click::Ignored,
            };
        }
        let mut extended = self.path.clone();
        extended.push(cell.to_owned());
        let longer = choices
            .starting_with(&extended)
            .any(|c| c.path.len() > extended.len());
        match (choices.exactly(&extended), longer) {
            (Some(choice), false) => {
                let text = choice.text.clone();
                self.clear();
                Click::Play(text)
            }
            (_, true) => {
                self.path = extended;
                Click::Selected
            }
            (None, false) if self.path.len() == 1 => {
                self.clear();
                match self.pick(choices, cell) {
                    Click::Ignored => Click::Cleared,
                    other => other,
                }
            }
            (None, false) => Click::Ignored,
        }
    }

    /// Starts a selection at `cell`.
    fn pick(&mut self, choices: &Choices, cell: &str) -> Click {
        let one = [cell.to_owned()];
        if let Some(choice) = choices.exactly(&one) {
            return Click::Play(choice.text.clone());
        }
        if choices.starting_with(&one).next().is_some() {
            self.path = one.to_vec();
            Click::Selected
        } else {
            Click::Ignored
        }
    }

    /// Whether the chain may stop where it is (the path so far is a whole legal move).
    pub fn can_stop(&self, choices: &Choices) -> bool {
        self.path.len() >= 2 && choices.exactly(&self.path).is_some()
    }

    /// Ends the chain here, if the rules allow: the move to play.
    pub fn stop(&mut self, choices: &Choices) -> Option<String> {
        if !self.can_stop(choices) {
            return None;
        }
        let text = choices.exactly(&self.path)?.text.clone();
        self.clear();
        Some(text)
    }

    /// The cells a click can go to next: the destinations (or next hops) of the selection, or,
    /// with nothing selected, the cells that start a move.
    pub fn targets(&self, choices: &Choices) -> Vec<CellName> {
        let mut out: Vec<CellName> = if self.path.is_empty() {
            choices.moves.iter().map(|c| c.path[0].clone()).collect()
        } else {
            choices
                .starting_with(&self.path)
                .filter_map(|c| c.path.get(self.path.len()).cloned())
                .collect()
        };
        out.sort();
        out.dedup();
        out
    }

    /// The pieces jumped so far in a chain.
    pub fn jumped(&self) -> Vec<CellName> {
        self.path
            .windows(2)
            .filter_map(|w| jumped_point(&w[0], &w[1]))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chaupal_rules::AnyGame;

    fn choices_of(game: &AnyGame) -> Choices {
        Choices::new(game.kind(), game.side_to_move(), &game.legal_moves_text())
    }

    fn position(kind: GameKind, text: &str, rules: &[(&str, &str)]) -> AnyGame {
        AnyGame::from_position_text(kind, text, rules.iter().copied()).expect("position")
    }

    #[test]
    fn a_bagh_chal_placement_is_one_click_on_an_empty_point() {
        let game = AnyGame::start(GameKind::BaghChal, [("", ""); 0]).expect("start");
        let choices = choices_of(&game);
        let mut sel = Selection::default();
        assert_eq!(
            sel.click(&choices, "a1"),
            Click::Ignored,
            "a tiger stands there"
        );
        assert_eq!(sel.click(&choices, "c3"), Click::Play("c3".into()));
    }

    #[test]
    fn a_tiger_is_picked_then_moved_and_its_captures_are_highlighted() {
        let game = position(GameKind::BaghChal, "T4/5/1GTG1/2G2/T3T t 17 0", &[]);
        let choices = choices_of(&game);
        let mut sel = Selection::default();
        assert_eq!(sel.click(&choices, "c3"), Click::Selected);
        let targets = sel.targets(&choices);
        for landing in ["a3", "e3", "c1"] {
            assert!(
                targets.contains(&landing.to_owned()),
                "{landing} in {targets:?}"
            );
        }
        assert_eq!(sel.click(&choices, "c3"), Click::Cleared);
        sel.click(&choices, "c3");
        assert_eq!(sel.click(&choices, "c1"), Click::Play("c3xc1".into()));
        assert!(sel.is_empty());
    }

    #[test]
    fn clicking_another_own_piece_moves_the_selection_and_a_bad_square_clears_it() {
        let game = position(GameKind::BaghChal, "T4/5/1GTG1/2G2/T3T t 17 0", &[]);
        let choices = choices_of(&game);
        let mut sel = Selection::default();
        sel.click(&choices, "c3");
        assert_eq!(sel.click(&choices, "a5"), Click::Selected);
        assert_eq!(sel.path(), ["a5".to_owned()]);
        assert_eq!(sel.click(&choices, "d4"), Click::Cleared);
    }

    #[test]
    fn kalah_is_one_click_on_a_non_empty_house_of_the_mover() {
        let game = AnyGame::start(GameKind::Kalah, [("", ""); 0]).expect("start");
        let choices = choices_of(&game);
        let mut sel = Selection::default();
        assert_eq!(sel.click(&choices, "n3"), Click::Ignored);
        assert_eq!(sel.click(&choices, "s3"), Click::Play("3".into()));
        let north = position(GameKind::Kalah, "0,5,5,5,5,4:0/4,4,4,4,4,4:0 n", &[]);
        let choices = choices_of(&north);
        assert_eq!(sel.click(&choices, "n6"), Click::Play("6".into()));
    }

    /// South on c4 can jump c5 to c6, then d6 to e6 (or stop at c6 when capture is optional).
    fn sholo_chain(rules: &[(&str, &str)]) -> (AnyGame, Choices) {
        let board = "3/3/5/3N1/2N2/2S2/5/3/3 s 0";
        let game = position(GameKind::SholoGuti, board, rules);
        let choices = choices_of(&game);
        (game, choices)
    }

    #[test]
    fn a_sholo_guti_chain_is_entered_hop_by_hop_and_may_stop_when_optional() {
        let (game, choices) = sholo_chain(&[]);
        let legal = game.legal_moves_text();
        assert!(legal.contains(&"c4xc6".to_owned()), "{legal:?}");
        assert!(legal.contains(&"c4xc6xe6".to_owned()), "{legal:?}");
        let mut sel = Selection::default();
        assert_eq!(sel.click(&choices, "c4"), Click::Selected);
        assert_eq!(
            sel.click(&choices, "c6"),
            Click::Selected,
            "the chain goes on"
        );
        assert!(sel.in_chain());
        assert!(sel.can_stop(&choices));
        assert_eq!(sel.jumped(), ["c5".to_owned()]);
        assert_eq!(sel.targets(&choices), ["e6".to_owned()]);
        assert_eq!(
            sel.click(&choices, "a1"),
            Click::Ignored,
            "mid-chain, off target"
        );
        assert_eq!(
            sel.click(&choices, "c6"),
            Click::Play("c4xc6".into()),
            "stop here"
        );
        sel.click(&choices, "c4");
        sel.click(&choices, "c6");
        assert_eq!(sel.click(&choices, "e6"), Click::Play("c4xc6xe6".into()));
    }

    #[test]
    fn a_compulsory_chain_may_not_stop_half_way() {
        let (game, choices) = sholo_chain(&[("capture", "compulsory")]);
        assert_eq!(game.legal_moves_text(), ["c4xc6xe6".to_owned()]);
        let mut sel = Selection::default();
        sel.click(&choices, "c4");
        assert_eq!(sel.click(&choices, "c6"), Click::Selected);
        assert!(!sel.can_stop(&choices));
        assert_eq!(sel.click(&choices, "c6"), Click::Ignored);
        assert_eq!(sel.click(&choices, "e6"), Click::Play("c4xc6xe6".into()));
    }

    #[test]
    fn jumped_points_are_midpoints_of_long_hops_only() {
        assert_eq!(jumped_point("a1", "c3").as_deref(), Some("b2"));
        assert_eq!(jumped_point("a1", "e1").as_deref(), Some("c1"));
        assert_eq!(jumped_point("c3", "c4"), None);
        assert_eq!(
            move_path(GameKind::Kalah, Side::Second, "4"),
            ["n4".to_owned()]
        );
        assert_eq!(
            move_path(GameKind::SholoGuti, Side::First, "c4xc6xe6"),
            ["c4", "c6", "e6"].map(String::from)
        );
    }
}
