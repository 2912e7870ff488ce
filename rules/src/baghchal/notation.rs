//! Bagh Chal text: reading moves (`c3`, `a1-b2`, `a1xc3`) with a reason for every refusal, and
//! writing and reading the one-line position notation (`T3T/5/5/5/T3T g 20 0`).

use crate::game::{Game, MoveError, PositionError, Side};
use crate::rules::{RuleSet, split_pair};

use super::board::{
    JUMPS, POINT_COUNT, Points, SIDE_LEN, STEPS, TIGER_COUNT, between, bit, point_at, point_name,
};
use super::{BaghChal, BaghChalRules, Move};

/// Reads a point name such as `c3` (the file letter in either case).
fn parse_point(text: &str, whole: &str) -> Result<u8, MoveError> {
    let mut chars = text.chars();
    let (Some(file), Some(rank), None) = (chars.next(), chars.next(), chars.next()) else {
        return Err(MoveError::syntax(
            whole,
            format!("'{text}' is not a point: expected a file a..e and a rank 1..5, like c3"),
        ));
    };
    let file = file.to_ascii_lowercase();
    if !('a'..='e').contains(&file) {
        return Err(MoveError::syntax(
            whole,
            format!("'{file}' is not a file: files are a..e"),
        ));
    }
    if !('1'..='5').contains(&rank) {
        return Err(MoveError::syntax(
            whole,
            format!("'{rank}' is not a rank: ranks are 1..5"),
        ));
    }
    Ok(point_at(file as u8 - b'a', rank as u8 - b'1'))
}

/// Reads a move and checks it against the position; only a legal move is returned.
pub(super) fn parse_move(game: &BaghChal, text: &str) -> Result<Move, MoveError> {
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(MoveError::syntax(
            text,
            "empty: expected a placement like c3, a step like a1-b2 or a capture like a1xc3",
        ));
    }
    let separated = trimmed
        .split_once('-')
        .or_else(|| trimmed.split_once(['x', 'X']));
    let wanted = match separated {
        None => Wanted::Place(parse_point(trimmed, text)?),
        Some((from, to)) => Wanted::Move(parse_point(from, text)?, parse_point(to, text)?),
    };
    if game.outcome().is_some() {
        return Err(MoveError::GameOver);
    }
    let mv = candidate(game, wanted).map_err(|why| MoveError::illegal(text, why))?;
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    if legal.contains(&mv) {
        Ok(mv)
    } else if game.repeats_earlier_position(mv) {
        Err(MoveError::illegal(
            text,
            "it would recreate an earlier position (repetition=forbidden)",
        ))
    } else {
        Err(MoveError::illegal(text, "not among the legal moves"))
    }
}

/// What a move text asks for, before its legality is known.
#[derive(Clone, Copy)]
enum Wanted {
    Place(u8),
    Move(u8, u8),
}

/// The move the text means, or why the pieces cannot make it.
fn candidate(game: &BaghChal, wanted: Wanted) -> Result<Move, String> {
    let empty = game.empty();
    let tigers_turn = game.side_to_move() == Side::Second;
    match wanted {
        Wanted::Place(_) if tigers_turn => {
            Err("it is the tigers' turn: a tiger steps (a1-b2) or captures (a1xc3)".to_owned())
        }
        Wanted::Place(_) if game.goats_in_hand() == 0 => Err(
            "all goats are placed: a goat steps along a line to an empty neighbour (b2-c3)"
                .to_owned(),
        ),
        Wanted::Place(to) if empty & bit(to) == 0 => Err(format!("{} is occupied", point_name(to))),
        Wanted::Place(to) => Ok(Move::place(to)),
        Wanted::Move(..) if !tigers_turn && game.goats_in_hand() > 0 => Err(format!(
            "goats are placed while goats are in hand ({} left): name the point, like c3",
            game.goats_in_hand()
        )),
        Wanted::Move(from, to) => {
            let (own, name) = if tigers_turn {
                (game.tigers(), "tiger")
            } else {
                (game.goats(), "goat")
            };
            if own & bit(from) == 0 {
                return Err(format!("there is no {name} on {}", point_name(from)));
            }
            if empty & bit(to) == 0 {
                return Err(format!("{} is occupied", point_name(to)));
            }
            if STEPS[from as usize] & bit(to) != 0 {
                return Ok(Move::step(from, to));
            }
            if JUMPS[from as usize] & bit(to) == 0 {
                return Err(format!(
                    "{} and {} are not neighbours along a line",
                    point_name(from),
                    point_name(to)
                ));
            }
            let over = between(from, to);
            if !tigers_turn {
                Err("goats never jump".to_owned())
            } else if game.tigers() & bit(over) != 0 {
                Err(format!(
                    "a tiger may not jump over a tiger (on {})",
                    point_name(over)
                ))
            } else if game.goats() & bit(over) == 0 {
                Err(format!(
                    "there is no goat on {} to jump over",
                    point_name(over)
                ))
            } else {
                Ok(Move::capture(from, to))
            }
        }
    }
}

/// The letter of a piece on the board text.
const TIGER_CHAR: char = 'T';
const GOAT_CHAR: char = 'G';
/// The letters of the side to move.
const GOATS_TO_MOVE: &str = "g";
const TIGERS_TO_MOVE: &str = "t";

/// The position in one line: board (rank 5 down to rank 1), side to move, goats in hand, goats
/// captured, then the rule pairs that differ from the defaults.
pub(super) fn position_text(game: &BaghChal) -> String {
    let mut text = String::with_capacity(48);
    for rank in (0..SIDE_LEN).rev() {
        let mut run = 0;
        for file in 0..SIDE_LEN {
            let p = bit(point_at(file, rank));
            let piece = if game.tigers() & p != 0 {
                TIGER_CHAR
            } else if game.goats() & p != 0 {
                GOAT_CHAR
            } else {
                run += 1;
                continue;
            };
            if run > 0 {
                text.push(char::from(b'0' + run));
                run = 0;
            }
            text.push(piece);
        }
        if run > 0 {
            text.push(char::from(b'0' + run));
        }
        if rank > 0 {
            text.push('/');
        }
    }
    let side = match game.side_to_move() {
        Side::First => GOATS_TO_MOVE,
        Side::Second => TIGERS_TO_MOVE,
    };
    text.push_str(&format!(
        " {side} {} {}",
        game.goats_in_hand(),
        game.goats_captured()
    ));
    for (key, value) in game.rules().non_default_pairs() {
        text.push_str(&format!(" {key}={value}"));
    }
    text
}

/// Reads the board field into (tigers, goats).
fn read_board(board: &str) -> Result<(Points, Points), PositionError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != SIDE_LEN as usize {
        return Err(PositionError::syntax(
            "board",
            format!(
                "expected 5 ranks separated by '/', found {} in '{board}'",
                ranks.len()
            ),
        ));
    }
    let (mut tigers, mut goats) = (0, 0);
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = SIDE_LEN - 1 - row as u8;
        let rank_name = rank + 1;
        let mut file = 0u8;
        for (column, c) in rank_text.chars().enumerate() {
            let column = column + 1;
            if file >= SIDE_LEN {
                return Err(PositionError::syntax(
                    "board",
                    format!(
                        "rank {rank_name} has more than 5 points (at character {column} '{c}')"
                    ),
                ));
            }
            match c {
                TIGER_CHAR => tigers |= bit(point_at(file, rank)),
                GOAT_CHAR => goats |= bit(point_at(file, rank)),
                '1'..='5' => {
                    let run = c as u8 - b'0';
                    if file + run > SIDE_LEN {
                        return Err(PositionError::syntax(
                            "board",
                            format!(
                                "rank {rank_name} has more than 5 points (the run '{c}' at character {column})"
                            ),
                        ));
                    }
                    file += run;
                    continue;
                }
                other => {
                    return Err(PositionError::syntax(
                        "board",
                        format!(
                            "rank {rank_name}, character {column}: '{other}' is not T (tiger), G (goat) or an empty run 1..5"
                        ),
                    ));
                }
            }
            file += 1;
        }
        if file < SIDE_LEN {
            return Err(PositionError::syntax(
                "board",
                format!("rank {rank_name} has only {file} points, expected 5"),
            ));
        }
    }
    Ok((tigers, goats))
}

/// Reads a counter field.
fn read_count(field: &'static str, text: Option<&str>) -> Result<u8, PositionError> {
    let text = text.ok_or_else(|| PositionError::syntax(field, "missing"))?;
    text.parse::<u8>()
        .map_err(|_| PositionError::syntax(field, format!("'{text}' is not a whole number 0..=20")))
}

/// Reads a position line; rule pairs in it apply on top of `rules`.
pub(super) fn read_position(text: &str, rules: BaghChalRules) -> Result<BaghChal, PositionError> {
    let mut fields = text.split_whitespace();
    let board = fields
        .next()
        .ok_or_else(|| PositionError::syntax("board", "missing: the position text is empty"))?;
    let (tigers, goats) = read_board(board)?;
    let side = match fields.next() {
        Some(GOATS_TO_MOVE) => Side::First,
        Some(TIGERS_TO_MOVE) => Side::Second,
        Some(other) => {
            return Err(PositionError::syntax(
                "side to move",
                format!("'{other}' is not g (goats) or t (tigers)"),
            ));
        }
        None => return Err(PositionError::syntax("side to move", "missing")),
    };
    let in_hand = read_count("goats in hand", fields.next())?;
    let captured = read_count("goats captured", fields.next())?;
    let mut rules = rules;
    for pair in fields {
        let (key, value) = split_pair(pair)?;
        rules.set(key, value)?;
    }
    rules.check()?;

    let tiger_count = tigers.count_ones();
    if tiger_count != TIGER_COUNT {
        return Err(PositionError::illegal(format!(
            "{tiger_count} tigers on the board: there are always exactly 4"
        )));
    }
    let total = rules.goats;
    if in_hand > total {
        return Err(PositionError::illegal(format!(
            "{in_hand} goats in hand: at most {total} (goats)"
        )));
    }
    let on_board = goats.count_ones() as u8;
    if u32::from(on_board) + u32::from(in_hand) + u32::from(captured) != u32::from(total) {
        return Err(PositionError::illegal(format!(
            "{on_board} goats on the board + {in_hand} in hand + {captured} captured is not {total} (goats)"
        )));
    }
    if captured > rules.captures_to_win {
        return Err(PositionError::illegal(format!(
            "{captured} goats captured: the game ends at the {}th (captures-to-win)",
            rules.captures_to_win
        )));
    }
    debug_assert!(on_board as usize + TIGER_COUNT as usize <= POINT_COUNT);
    Ok(BaghChal::from_parts(
        tigers, goats, side, in_hand, captured, rules,
    ))
}
