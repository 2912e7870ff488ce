//! Who stands where: the pieces of a board game's position, read from its position text, and
//! the material a side has (what it can lose).
//!
//! Bagh Chal, Jungle and Sholo Guti write their boards the same way (ranks from the highest
//! down, separated by `/`, letters for pieces and digits for runs of empty points), so one
//! reader serves the three. Kalah has no squares: its board is empty here.

use chaupal_rules::any::AnyGame;
use chaupal_rules::game::{GameKind, Side};

/// A piece on the board: its square's name and its owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    pub square: String,
    pub side: Side,
    /// The letter of the position text (`T`, `g`, `S`, ...).
    pub letter: char,
}

/// The files of a rank, in the order the position text lists its points.
fn files(kind: GameKind, rank: usize, width: usize) -> Vec<char> {
    match (kind, rank) {
        (GameKind::SholoGuti, 1 | 9) => vec!['a', 'c', 'e'],
        (GameKind::SholoGuti, 2 | 8) => vec!['b', 'c', 'd'],
        _ => ('a'..='z').take(width).collect(),
    }
}

/// Whose piece a letter is, in this game.
fn owner(kind: GameKind, letter: char) -> Option<Side> {
    match kind {
        GameKind::BaghChal => match letter {
            'G' => Some(Side::First),
            'T' => Some(Side::Second),
            _ => None,
        },
        GameKind::SholoGuti => match letter {
            'S' => Some(Side::First),
            'N' => Some(Side::Second),
            _ => None,
        },
        GameKind::Jungle if letter.is_ascii_uppercase() => Some(Side::First),
        GameKind::Jungle if letter.is_ascii_lowercase() => Some(Side::Second),
        GameKind::Jungle | GameKind::Kalah => None,
    }
}

/// The pieces on the board of `game` (none for Kalah).
pub fn pieces(game: &AnyGame) -> Vec<Placed> {
    let kind = game.kind();
    if kind == GameKind::Kalah {
        return Vec::new();
    }
    let text = game.position_text();
    let board = text.split_whitespace().next().unwrap_or_default();
    let ranks: Vec<&str> = board.split('/').collect();
    let width = match kind {
        GameKind::Jungle => ranks.first().map_or(0, |r| rank_width(r)),
        _ => 5,
    };
    let mut placed = Vec::new();
    for (i, row) in ranks.iter().enumerate() {
        let rank = ranks.len() - i;
        let names = files(kind, rank, width);
        let mut file = 0;
        for c in row.chars() {
            if let Some(run) = c.to_digit(10) {
                file += run as usize;
            } else {
                if let (Some(f), Some(side)) = (names.get(file), owner(kind, c)) {
                    placed.push(Placed {
                        square: format!("{f}{rank}"),
                        side,
                        letter: c,
                    });
                }
                file += 1;
            }
        }
    }
    placed
}

/// How many points a rank of the text covers.
fn rank_width(row: &str) -> usize {
    row.chars()
        .map(|c| c.to_digit(10).map_or(1, |d| d as usize))
        .sum()
}

/// The squares where `side` has a piece.
pub fn squares_of(game: &AnyGame, side: Side) -> Vec<String> {
    pieces(game)
        .into_iter()
        .filter(|p| p.side == side)
        .map(|p| p.square)
        .collect()
}

/// What `side` can lose: its pieces on the board, and in Bagh Chal the goats still in hand.
/// Kalah: the seeds in the side's houses and store.
pub fn material(game: &AnyGame, side: Side) -> u32 {
    match game {
        AnyGame::Kalah(g) => {
            g.houses(side).iter().map(|&s| u32::from(s)).sum::<u32>() + u32::from(g.store(side))
        }
        AnyGame::BaghChal(g) if side == Side::First => {
            squares_of(game, side).len() as u32 + u32::from(g.goats_in_hand())
        }
        _ => squares_of(game, side).len() as u32,
    }
}

/// The point a move starts from (`a1` of `a1xc3`), if it has one (a goat placed has none).
pub fn from_square(move_text: &str) -> Option<&str> {
    let end = move_text.find(['-', 'x'])?;
    Some(&move_text[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(kind: GameKind, text: &str) -> AnyGame {
        AnyGame::from_position_text(kind, text, [("", ""); 0]).expect("a legal position")
    }

    #[test]
    fn reads_the_three_boards() {
        let g = game(GameKind::BaghChal, "T4/5/1GTG1/2G2/T3T t 17 0");
        assert_eq!(squares_of(&g, Side::Second), ["a5", "c3", "a1", "e1"]);
        assert_eq!(squares_of(&g, Side::First), ["b3", "d3", "c2"]);
        assert_eq!(material(&g, Side::First), 20);
        let g = game(GameKind::Jungle, "l4/r2ce/5/5/5/EC2R/4L s 0 board=small");
        assert_eq!(squares_of(&g, Side::First), ["a2", "b2", "e2", "e1"]);
        let g = game(
            GameKind::SholoGuti,
            "NNN/NNN/NNNNN/NNN1N/2SN1/SS1SS/SSSSS/SSS/SSS s 2",
        );
        let south = squares_of(&g, Side::First);
        assert!(south.contains(&"c5".to_owned()) && south.contains(&"e1".to_owned()));
        assert_eq!(south.len(), 16);
        assert_eq!(from_square("c4xc6xe6"), Some("c4"));
        assert_eq!(from_square("c3"), None);
    }
}
