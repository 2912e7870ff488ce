//! Sholo Guti in text: reading moves (`c3-c4`, `c4xc6xe6`) with a reason when they are wrong,
//! and printing and reading the one-line position text
//! (`NNN/NNN/NNNNN/NNNNN/5/SSSSS/SSSSS/SSS/SSS s 0`).
//!
//! The board field lists ranks 9 down to 1, each rank only the points that exist on it (three
//! on ranks 1, 2, 8 and 9, five on ranks 3 to 7), `S` for south, `N` for north, a digit for a
//! run of empty points. Then the side to move (`s` or `n`), the no-capture counter, and the rule
//! pairs that differ from the defaults.

use std::fmt::Write as _;

use super::board::{self, ALL_POINTS, RANK_FILES, RANKS, RAY_COUNTS, RAYS, bit, point_at};
use super::movegen::{self, points};
use super::moves::{MAX_CAPTURES, Move};
use super::rule_set::SholoGutiRules;
use super::{MAX_PIECES, NO_CAPTURE_LIMIT, SholoGuti};
use crate::game::{Game, MoveError, PositionError, Side};
use crate::rules::{RuleSet, split_pair};

/// A move text split into its points: the start and the landing points in order.
struct MoveText {
    from: u8,
    landings: Vec<u8>,
}

/// Reads the points of a move text: `point (sep point)+` with `-` or `x` as separators.
fn split_move(text: &str) -> Result<MoveText, MoveError> {
    if text.is_empty() {
        return Err(MoveError::syntax(text, "empty move"));
    }
    let bytes = text.as_bytes();
    let mut pts = Vec::new();
    let mut at = 0;
    loop {
        let Some(square) = text.get(at..at + 2) else {
            return Err(MoveError::syntax(
                text,
                format!("expected a point such as c3 at character {}", at + 1),
            ));
        };
        let point = board::point_named(square).ok_or_else(|| {
            let b = square.as_bytes();
            if (b'a'..=b'e').contains(&b[0]) && (b'1'..=b'9').contains(&b[1]) {
                MoveError::syntax(text, format!("{square} is not a point of the board"))
            } else {
                MoveError::syntax(
                    text,
                    format!(
                        "expected a point such as c3 at character {}, found '{square}'",
                        at + 1
                    ),
                )
            }
        })?;
        pts.push(point);
        at += 2;
        match bytes.get(at) {
            None => break,
            Some(b'-' | b'x') => at += 1,
            Some(_) => {
                return Err(MoveError::syntax(
                    text,
                    format!("expected '-' or 'x' after {square} (character {})", at + 1),
                ));
            }
        }
    }
    if pts.len() < 2 {
        return Err(MoveError::syntax(
            text,
            "a move names its start point and at least one more point",
        ));
    }
    if pts.len() > MAX_CAPTURES + 1 {
        return Err(MoveError::syntax(
            text,
            format!("a chain captures at most {MAX_CAPTURES} pieces"),
        ));
    }
    Ok(MoveText {
        from: pts[0],
        landings: pts.split_off(1),
    })
}

/// Reads a move and returns it if it is legal in `game`; otherwise says why not.
pub fn parse_move(game: &SholoGuti, text: &str) -> Result<Move, MoveError> {
    let wanted = split_move(text)?;
    if game.outcome().is_some() {
        return Err(MoveError::GameOver);
    }
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .into_iter()
        .find(|m| m.from() == wanted.from && m.landings().eq(wanted.landings.iter().copied()))
        .ok_or_else(|| MoveError::illegal(text, why_illegal(game, &wanted)))
}

/// Why a well-formed move text is not a legal move of `game`.
fn why_illegal(game: &SholoGuti, wanted: &MoveText) -> String {
    let us = game.side_to_move();
    let them = us.opponent();
    let (own, enemy) = (game.pieces(us), game.pieces(them));
    let from = wanted.from;
    let from_name = board::name(from);
    if own & bit(from) == 0 {
        return if enemy & bit(from) != 0 {
            format!(
                "the piece on {from_name} is {}'s, and it is {}'s turn",
                SholoGuti::side_name(them),
                SholoGuti::side_name(us)
            )
        } else {
            format!("there is no piece on {from_name}")
        };
    }
    let mut sides = movegen::Sides { own, enemy };
    let compulsory = game.rules().compulsory();
    let first = wanted.landings[0];
    let is_step = board::NEIGHBOURS[usize::from(from)] & bit(first) != 0;
    if is_step {
        if wanted.landings.len() > 1 {
            return format!(
                "{from_name} to {} is a step, and a step cannot be followed by more points",
                board::name(first)
            );
        }
        if (own | enemy) & bit(first) != 0 {
            return format!("{} is not empty", board::name(first));
        }
        if compulsory && any_capture(sides) {
            return "a capture is possible, and capture is compulsory (capture=compulsory)"
                .to_owned();
        }
        return "not a legal move here".to_owned();
    }
    // A chain: replay it hop by hop.
    let mut at = from;
    sides.own &= !bit(from);
    for &landing in &wanted.landings {
        let rays = &RAYS[usize::from(at)][..usize::from(RAY_COUNTS[usize::from(at)])];
        let (a, b) = (board::name(at), board::name(landing));
        let Some(ray) = rays.iter().find(|r| r.beyond == landing) else {
            return format!("{a} to {b} is neither a step to a neighbour nor a jump along a line");
        };
        if sides.enemy & bit(ray.neighbour) == 0 {
            return format!(
                "there is no {} piece on {} to jump from {a} to {b}",
                SholoGuti::side_name(them),
                board::name(ray.neighbour)
            );
        }
        if (sides.own | sides.enemy) & bit(landing) != 0 {
            return format!("{b} is not empty");
        }
        sides.enemy &= !bit(ray.neighbour);
        at = landing;
    }
    let empty = ALL_POINTS & !(sides.own | sides.enemy);
    if compulsory && movegen::can_capture_from(at, sides.enemy, empty) {
        return format!(
            "the piece can still capture from {}, and capture is compulsory (capture=compulsory): \
             the chain must go on",
            board::name(at)
        );
    }
    "not a legal move here".to_owned()
}

/// Whether the side to move can capture anywhere.
fn any_capture(sides: movegen::Sides) -> bool {
    let empty = ALL_POINTS & !(sides.own | sides.enemy);
    points(sides.own).any(|p| movegen::can_capture_from(p, sides.enemy, empty))
}

/// The letter of a side's pieces in the board field.
const fn piece_letter(side: Side) -> char {
    match side {
        Side::First => 'S',
        Side::Second => 'N',
    }
}

/// The letter of a side in the side-to-move field.
const fn side_letter(side: Side) -> char {
    match side {
        Side::First => 's',
        Side::Second => 'n',
    }
}

/// The position text of `game`.
pub fn write_position(game: &SholoGuti) -> String {
    let mut out = String::with_capacity(64);
    for rank in (1..=RANKS as u8).rev() {
        let mut empty_run = 0;
        for file in RANK_FILES[usize::from(rank - 1)].bytes() {
            let Some(p) = point_at(file, rank) else {
                continue;
            };
            let occupant = Side::BOTH
                .into_iter()
                .find(|&s| game.pieces(s) & bit(p) != 0);
            match occupant {
                None => empty_run += 1,
                Some(side) => {
                    if empty_run > 0 {
                        let _ = write!(out, "{empty_run}");
                        empty_run = 0;
                    }
                    out.push(piece_letter(side));
                }
            }
        }
        if empty_run > 0 {
            let _ = write!(out, "{empty_run}");
        }
        if rank > 1 {
            out.push('/');
        }
    }
    let _ = write!(
        out,
        " {} {}",
        side_letter(game.side_to_move()),
        game.no_capture_plies()
    );
    for (k, v) in game.rules().non_default_pairs() {
        let _ = write!(out, " {k}={v}");
    }
    out
}

/// The parts of a position read from text.
///
/// ```
/// use chaupal_rules::game::Side;
/// use chaupal_rules::sholo_guti::notation::read_position;
/// use chaupal_rules::sholo_guti::{Capture, SholoGutiRules};
///
/// let text = "3/3/S4/N4/3N1/2N2/SN3/3/3 s 0 capture=compulsory";
/// let parsed = read_position(text, SholoGutiRules::default()).unwrap();
/// assert_eq!(parsed.side, Side::First);
/// assert_eq!(parsed.rules.capture, Capture::Compulsory);
/// assert_eq!(parsed.pieces.map(u64::count_ones), [2, 4]); // south, north
/// assert_eq!(parsed.no_capture_plies, 0);
/// ```
pub struct ParsedPosition {
    pub rules: SholoGutiRules,
    pub pieces: [u64; 2],
    pub side: Side,
    pub no_capture_plies: u8,
}

/// Reads the board field: ranks 9 down to 1.
fn read_board(field: &str) -> Result<[u64; 2], PositionError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != RANKS {
        return Err(PositionError::syntax(
            "board",
            format!(
                "expected {RANKS} ranks (9 down to 1) separated by '/', found {}",
                ranks.len()
            ),
        ));
    }
    let mut pieces = [0u64; 2];
    for (i, text) in ranks.iter().enumerate() {
        let rank = (RANKS - i) as u8;
        let files = RANK_FILES[usize::from(rank - 1)].as_bytes();
        let mut next = 0; // index into `files` of the next point to describe
        for (col, c) in text.chars().enumerate() {
            let here = || format!("rank {rank}, character {} ('{c}')", col + 1);
            let run = match c {
                'S' | 'N' => 1,
                '1'..='9' => c as usize - '0' as usize,
                _ => {
                    return Err(PositionError::syntax(
                        "board",
                        format!("{}: expected S, N or a digit 1-9", here()),
                    ));
                }
            };
            if next + run > files.len() {
                return Err(PositionError::syntax(
                    "board",
                    format!(
                        "{}: rank {rank} has only {} points ({})",
                        here(),
                        files.len(),
                        rank_point_names(rank)
                    ),
                ));
            }
            if c == 'S' || c == 'N' {
                let side = if c == 'S' { Side::First } else { Side::Second };
                if let Some(p) = point_at(files[next], rank) {
                    pieces[side.index()] |= bit(p);
                }
            }
            next += run;
        }
        if next != files.len() {
            return Err(PositionError::syntax(
                "board",
                format!(
                    "rank {rank} describes {next} points, but it has {} ({})",
                    files.len(),
                    rank_point_names(rank)
                ),
            ));
        }
    }
    Ok(pieces)
}

/// "a9 c9 e9": the points of one rank, for error messages.
fn rank_point_names(rank: u8) -> String {
    RANK_FILES[usize::from(rank - 1)]
        .chars()
        .map(|f| format!("{f}{rank}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads a position text; the rule pairs in it apply on top of `rules`.
pub fn read_position(
    text: &str,
    mut rules: SholoGutiRules,
) -> Result<ParsedPosition, PositionError> {
    let mut fields = text.split_whitespace();
    let board_field = fields
        .next()
        .ok_or_else(|| PositionError::syntax("board", "the text is empty"))?;
    let pieces = read_board(board_field)?;
    let side = match fields.next() {
        Some("s") => Side::First,
        Some("n") => Side::Second,
        Some(other) => {
            return Err(PositionError::syntax(
                "side to move",
                format!("expected s (south) or n (north), found '{other}'"),
            ));
        }
        None => {
            return Err(PositionError::syntax(
                "side to move",
                "missing: expected s or n after the board",
            ));
        }
    };
    let counter_text = fields.next().ok_or_else(|| {
        PositionError::syntax(
            "no-capture counter",
            "missing: expected the plies since the last capture after the side to move",
        )
    })?;
    let counter: u32 = counter_text.parse().map_err(|_| {
        PositionError::syntax(
            "no-capture counter",
            format!("expected a whole number, found '{counter_text}'"),
        )
    })?;
    for pair in fields {
        let (k, v) = split_pair(pair)?;
        rules.set(k, v)?;
    }
    if counter > u32::from(NO_CAPTURE_LIMIT) {
        return Err(PositionError::illegal(format!(
            "the no-capture counter is {counter}, but the game ends when it reaches \
             {NO_CAPTURE_LIMIT}"
        )));
    }
    for side in Side::BOTH {
        let n = pieces[side.index()].count_ones();
        if n > MAX_PIECES {
            return Err(PositionError::illegal(format!(
                "{} has {n} pieces; a side has at most {MAX_PIECES}",
                SholoGuti::side_name(side)
            )));
        }
    }
    if pieces[side.opponent().index()] == 0 {
        return Err(PositionError::illegal(format!(
            "{} has no pieces but is not to move: the game ended when its last piece was \
             captured",
            SholoGuti::side_name(side.opponent())
        )));
    }
    Ok(ParsedPosition {
        rules,
        pieces,
        side,
        no_capture_plies: counter as u8,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_text_matches_the_brief() {
        let g = SholoGuti::start(SholoGutiRules::default());
        assert_eq!(
            write_position(&g),
            "NNN/NNN/NNNNN/NNNNN/5/SSSSS/SSSSS/SSS/SSS s 0"
        );
        let c = SholoGuti::start(SholoGutiRules::COMPULSORY);
        assert_eq!(
            write_position(&c),
            "NNN/NNN/NNNNN/NNNNN/5/SSSSS/SSSSS/SSS/SSS s 0 capture=compulsory"
        );
    }

    #[test]
    fn split_move_reads_points_and_separators() {
        let m = split_move("c4xc6-e6").unwrap();
        assert_eq!(board::name(m.from), "c4");
        assert_eq!(m.landings.len(), 2);
        assert!(split_move("c4").is_err());
        assert!(split_move("c4xx").is_err());
        assert!(split_move("c4c5").is_err());
        assert!(split_move("b1-c1").is_err());
    }
}
