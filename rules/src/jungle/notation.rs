//! Jungle notation: moves (`a3-a4`, `a3xa4`) and the one-line position text
//! (`l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L s 0`), both ways.

use super::animal::{Animal, EMPTY, PieceCode, code_animal, code_side, piece_code};
use super::board::{Geometry, MAX_SQUARES, Square};
use super::rules::JungleRules;
use super::{Jungle, Move, NO_CAPTURE_LIMIT};
use crate::game::{MoveError, PositionError, Side};
use crate::rules::{RuleSet, split_pair};

/// What a move text must look like, for error messages.
const MOVE_SHAPE: &str =
    "expected two squares joined by '-' (a step) or 'x' (a capture), like a3-a4";

impl Jungle {
    /// The move in notation: `a3-a4`, or `a3xa4` when it captures.
    pub(super) fn format_move(&self, mv: Move) -> String {
        let g = self.geo;
        let sep = if self.board[mv.to() as usize] == EMPTY {
            '-'
        } else {
            'x'
        };
        format!("{}{sep}{}", g.name(mv.from()), g.name(mv.to()))
    }

    /// Reads a move; accepts either separator, surrounding blanks and capital letters.
    pub(super) fn read_move(&self, text: &str) -> Result<Move, MoveError> {
        let g = self.geo;
        let lower = text.trim().to_ascii_lowercase();
        let Some((from_text, to_text)) = lower.split_once(['-', 'x']) else {
            return Err(MoveError::syntax(text, MOVE_SHAPE));
        };
        let square = |name: &str| {
            g.parse_square(name).ok_or_else(|| {
                let detail = if name.is_empty() {
                    MOVE_SHAPE.to_owned()
                } else {
                    format!(
                        "'{name}' is not a square of the {} board (files a..{}, ranks 1..{})",
                        g.size,
                        g.last_file(),
                        g.ranks
                    )
                };
                MoveError::syntax(text, detail)
            })
        };
        let from = square(from_text)?;
        let to = square(to_text)?;
        if self.ended().is_some() {
            return Err(MoveError::GameOver);
        }
        let wanted = Move::new(from, to);
        let found = !self.for_each_move(|m| m != wanted);
        if found {
            Ok(wanted)
        } else if !self.has_legal_move() {
            Err(MoveError::GameOver)
        } else {
            Err(MoveError::illegal(text, self.why_illegal(from, to)))
        }
    }

    /// The position in one line: board, side to move, no-capture counter, non-default rules.
    pub(super) fn format_position(&self) -> String {
        let g = self.geo;
        let mut out = String::with_capacity(48);
        for rank in (0..g.ranks).rev() {
            let mut empty = 0;
            for file in 0..g.files {
                let code = self.board[(rank * g.files + file) as usize];
                if code == EMPTY {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push(char::from(b'0' + empty));
                    empty = 0;
                }
                let letter = code_animal(code).letter();
                out.push(match code_side(code) {
                    Side::First => letter,
                    Side::Second => letter.to_ascii_lowercase(),
                });
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(side_letter(self.side));
        out.push(' ');
        out.push_str(&self.no_capture.to_string());
        for (key, value) in self.rules.non_default_pairs() {
            out.push_str(&format!(" {key}={value}"));
        }
        out
    }

    /// Reads a position line; rule pairs in it apply on top of `rules`.
    pub(super) fn read_position(text: &str, mut rules: JungleRules) -> Result<Self, PositionError> {
        let mut fields = text.split_ascii_whitespace();
        let board_field = fields
            .next()
            .ok_or_else(|| PositionError::syntax("board", "the position text is empty"))?;
        let side_field = fields.next().ok_or_else(|| {
            PositionError::syntax("side", "missing: expected s (south) or n (north)")
        })?;
        let counter_field = fields.next().ok_or_else(|| {
            PositionError::syntax(
                "counter",
                "missing: expected the number of plies since the last capture",
            )
        })?;
        for pair in fields {
            let (key, value) = split_pair(pair)?;
            rules.set(key, value)?;
        }
        let g = Geometry::of(rules.board);
        let side = match side_field {
            "s" => Side::First,
            "n" => Side::Second,
            other => {
                return Err(PositionError::syntax(
                    "side",
                    format!("expected s (south) or n (north), found '{other}'"),
                ));
            }
        };
        let no_capture = read_counter(counter_field)?;
        let board = read_board(g, board_field)?;
        check_board(g, &board, side)?;
        Ok(Jungle::from_parts(rules, board, side, no_capture))
    }
}

/// `s` for south, `n` for north.
const fn side_letter(side: Side) -> char {
    match side {
        Side::First => 's',
        Side::Second => 'n',
    }
}

/// Reads the no-capture counter: 0 up to the limit (at the limit the game is drawn).
fn read_counter(field: &str) -> Result<u8, PositionError> {
    if field.is_empty() || !field.bytes().all(|b| b.is_ascii_digit()) {
        return Err(PositionError::syntax(
            "counter",
            format!("expected the number of plies since the last capture, found '{field}'"),
        ));
    }
    match field.parse::<u32>() {
        Ok(n) if n <= u32::from(NO_CAPTURE_LIMIT) => Ok(n as u8),
        _ => Err(PositionError::illegal(format!(
            "the no-capture counter is {field}; it runs from 0 to {NO_CAPTURE_LIMIT} \
             (at {NO_CAPTURE_LIMIT} the game is drawn)"
        ))),
    }
}

/// Reads the board field: ranks from the highest down, `/` between them.
fn read_board(g: &Geometry, field: &str) -> Result<[PieceCode; MAX_SQUARES], PositionError> {
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != g.ranks as usize {
        return Err(PositionError::syntax(
            "board",
            format!(
                "the {} board has {} ranks separated by '/', found {}",
                g.size,
                g.ranks,
                rows.len()
            ),
        ));
    }
    let mut board = [EMPTY; MAX_SQUARES];
    for (i, row) in rows.iter().enumerate() {
        let rank = g.ranks - 1 - i as u8;
        let rank_name = rank + 1;
        let mut file = 0u8;
        for c in row.chars() {
            if let Some(run) = c.to_digit(10) {
                if run == 0 {
                    return Err(PositionError::syntax(
                        "board",
                        format!("rank {rank_name}: an empty run of 0 squares"),
                    ));
                }
                file = file.saturating_add(run as u8);
            } else {
                let Some(animal) = Animal::from_letter(c.to_ascii_uppercase()) else {
                    return Err(PositionError::syntax(
                        "board",
                        format!(
                            "rank {rank_name}, file {}: '{c}' is neither an animal letter \
                             (E L T P W D C R: uppercase south, lowercase north) nor a digit",
                            file_name(file)
                        ),
                    ));
                };
                let side = if c.is_ascii_uppercase() {
                    Side::First
                } else {
                    Side::Second
                };
                if file < g.files {
                    board[(rank * g.files + file) as usize] = piece_code(side, animal);
                }
                file += 1;
            }
            if file > g.files {
                return Err(PositionError::syntax(
                    "board",
                    format!("rank {rank_name} has more than {} squares", g.files),
                ));
            }
        }
        if file < g.files {
            return Err(PositionError::syntax(
                "board",
                format!(
                    "rank {rank_name} has {file} squares, expected {} (files a..{})",
                    g.files,
                    g.last_file()
                ),
            ));
        }
    }
    Ok(board)
}

/// A file letter for messages (past the board edge too).
fn file_name(file: u8) -> char {
    char::from(b'a'.saturating_add(file))
}

/// Checks a board read from text against the rules of `g`, with `side` to move.
fn check_board(
    g: &Geometry,
    board: &[PieceCode; MAX_SQUARES],
    side: Side,
) -> Result<(), PositionError> {
    let mut seen = [[false; 8]; 2];
    let mut has_pieces = [false; 2];
    for sq in 0..g.squares {
        let code = board[sq as usize];
        if code == EMPTY {
            continue;
        }
        let (owner, animal) = (code_side(code), code_animal(code));
        let who = format!("the {} {}", Jungle::name_of(owner), animal.name());
        let at = g.name(sq);
        if !g.has_animal(animal) {
            return Err(PositionError::illegal(format!(
                "{who} on {at}: the {} board has no {}",
                g.size,
                animal.name()
            )));
        }
        if seen[owner.index()][animal.index()] {
            return Err(PositionError::illegal(format!(
                "{} has more than one {} (a second on {at})",
                Jungle::name_of(owner),
                animal.name()
            )));
        }
        seen[owner.index()][animal.index()] = true;
        has_pieces[owner.index()] = true;
        if g.is_water(sq) && animal != Animal::Rat {
            return Err(PositionError::illegal(format!(
                "{who} stands in the water on {at}; only the rat enters the water"
            )));
        }
        check_den(g, sq, owner, side, &who)?;
    }
    let last_mover = side.opponent();
    if !has_pieces[last_mover.index()] {
        return Err(PositionError::illegal(format!(
            "{} has no pieces, yet {} is to move: a side cannot lose its last piece on its own move",
            Jungle::name_of(last_mover),
            Jungle::name_of(side)
        )));
    }
    Ok(())
}

/// A piece may never stand on its own den. A piece on the opponent's den has just won, so the
/// den's owner must be the side to move (the game is then over).
fn check_den(
    g: &Geometry,
    sq: Square,
    owner: Side,
    side: Side,
    who: &str,
) -> Result<(), PositionError> {
    let at = g.name(sq);
    if sq == g.dens[owner.index()] {
        return Err(PositionError::illegal(format!(
            "{who} stands on {at}, its own den"
        )));
    }
    if sq == g.dens[owner.opponent().index()] && owner == side {
        return Err(PositionError::illegal(format!(
            "{who} stands on {at}, the enemy den, so {} has won; the side to move must be {}",
            Jungle::name_of(owner),
            Jungle::name_of(owner.opponent())
        )));
    }
    Ok(())
}
