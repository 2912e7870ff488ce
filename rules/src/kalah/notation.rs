//! Kalah's notation: moves are house numbers; a position is one line of seed counts.
//!
//! Position text, fields separated by spaces:
//!
//! ```text
//! 4,4,4,4,4,4:0/4,4,4,4,4,4:0 s pits=6 ...
//! ^ south's row ^ north's row ^ side to move (s or n), then rule pairs that differ from defaults
//! ```
//!
//! Each row is one side's houses 1..m from that side's own left (the order it sows them),
//! separated by commas, then `:` and that side's store: south's row first, then `/`, then
//! north's. There are no counters: Kalah needs no move clock, as no position repeats. The text
//! carries `pits` and `seeds` when they differ from the defaults, and is checked against them.

use crate::game::{Game, MoveError, PositionError, Side};
use crate::rules::{RuleSet, split_pair};

use super::{Kalah, KalahMove, KalahRules};

/// The side to move as the position text writes it.
fn side_letter(side: Side) -> char {
    match side {
        Side::First => 's',
        Side::Second => 'n',
    }
}

/// The position text of `game`.
pub fn position_text(game: &Kalah) -> String {
    let mut text = String::with_capacity(48);
    for side in Side::BOTH {
        if side == Side::Second {
            text.push('/');
        }
        let houses: Vec<String> = game.houses(side).iter().map(u8::to_string).collect();
        text.push_str(&houses.join(","));
        text.push(':');
        text.push_str(&game.store(side).to_string());
    }
    text.push(' ');
    text.push(side_letter(game.side_to_move()));
    for (key, value) in game.rules().non_default_pairs() {
        text.push(' ');
        text.push_str(&key);
        text.push('=');
        text.push_str(&value);
    }
    text
}

/// Reads a seed count: decimal digits only.
fn parse_count(text: &str, place: &str) -> Result<u32, PositionError> {
    if text.is_empty() {
        return Err(PositionError::syntax(
            "board",
            format!("{place}: a seed count is missing"),
        ));
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(PositionError::syntax(
            "board",
            format!("{place}: '{text}' is not a seed count (digits 0-9 only)"),
        ));
    }
    text.parse().map_err(|_| {
        PositionError::syntax("board", format!("{place}: '{text}' is far too many seeds"))
    })
}

/// Reads one row, `h1,h2,...,hm:store`, into its house counts and store.
fn parse_row(text: &str, side: Side, rules: &KalahRules) -> Result<(Vec<u32>, u32), PositionError> {
    let name = Kalah::side_name(side);
    let (houses, store) = text.split_once(':').ok_or_else(|| {
        PositionError::syntax(
            "board",
            format!(
                "{name}'s row '{text}': expected its houses, ':' and its store, \
                 like 4,4,4,4,4,4:0"
            ),
        )
    })?;
    let houses = houses
        .split(',')
        .enumerate()
        .map(|(i, h)| parse_count(h, &format!("{name}'s house {}", i + 1)))
        .collect::<Result<Vec<u32>, _>>()?;
    let store = parse_count(store, &format!("{name}'s store"))?;
    if houses.len() != rules.pits() as usize {
        return Err(PositionError::illegal(format!(
            "{name} has {} houses, but the rules say pits={} (a text for another board size \
             names it, e.g. pits={})",
            houses.len(),
            rules.pits(),
            houses.len()
        )));
    }
    let total = rules.total_seeds();
    let places = houses
        .iter()
        .enumerate()
        .map(|(i, &c)| (format!("{name}'s house {}", i + 1), c))
        .chain(std::iter::once((format!("{name}'s store"), store)));
    for (place, count) in places {
        if count > total {
            return Err(PositionError::illegal(format!(
                "{place} holds {count} seeds, more than the {total} of the whole game"
            )));
        }
    }
    Ok((houses, store))
}

/// Reads a position text; rule pairs in it apply on top of `rules`.
pub fn from_position_text(text: &str, mut rules: KalahRules) -> Result<Kalah, PositionError> {
    let mut fields = text.split_whitespace();
    let board = fields
        .next()
        .ok_or_else(|| PositionError::syntax("board", "the text is empty"))?;
    let side = match fields.next() {
        Some("s" | "south") => Side::First,
        Some("n" | "north") => Side::Second,
        Some(other) => {
            return Err(PositionError::syntax(
                "side",
                format!("'{other}' is not a side: expected s (south) or n (north)"),
            ));
        }
        None => {
            return Err(PositionError::syntax(
                "side",
                "missing: expected s (south) or n (north) after the board",
            ));
        }
    };
    for pair in fields {
        let (key, value) = split_pair(pair)?;
        rules.set(key, value)?;
    }

    let rows: Vec<&str> = board.split('/').collect();
    let [south, north] = rows[..] else {
        return Err(PositionError::syntax(
            "board",
            format!(
                "expected south's row and north's row separated by one '/', found {} rows",
                rows.len()
            ),
        ));
    };
    let (south_houses, south_store) = parse_row(south, Side::First, &rules)?;
    let (north_houses, north_store) = parse_row(north, Side::Second, &rules)?;
    let mut slots = south_houses;
    slots.push(south_store);
    slots.extend(north_houses);
    slots.push(north_store);
    Kalah::from_slots(rules, &slots, side)
}

/// Reads a move: a house number `1..=m` of the side to move, whose house holds seeds.
pub fn parse_move(game: &Kalah, text: &str) -> Result<KalahMove, MoveError> {
    if game.is_over() {
        return Err(MoveError::GameOver);
    }
    let pits = game.pits();
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(MoveError::syntax(
            text,
            format!("empty: a move is a house number from 1 to {pits}"),
        ));
    }
    let number = trimmed
        .parse::<usize>()
        .ok()
        .filter(|_| trimmed.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| {
            MoveError::syntax(text, format!("a move is a house number from 1 to {pits}"))
        })?;
    if !(1..=pits).contains(&number) {
        return Err(MoveError::syntax(
            text,
            format!("there is no house {number}: the houses are numbered 1 to {pits}"),
        ));
    }
    let side = game.side_to_move();
    if game.house(side, number) == 0 {
        return Err(MoveError::illegal(
            text,
            format!("{}'s house {number} is empty", Kalah::side_name(side)),
        ));
    }
    // `number` is in 1..=pits <= 8, so it fits and names a legal move.
    Ok(KalahMove((number - 1) as u8))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_text_is_two_rows_and_the_side() {
        let game = Kalah::start(KalahRules::default());
        assert_eq!(position_text(&game), "4,4,4,4,4,4:0/4,4,4,4,4,4:0 s");
    }

    #[test]
    fn non_default_rules_are_written_after_the_side() {
        let rules = KalahRules::new(3, 2, true).unwrap();
        let game = Kalah::start(rules);
        assert_eq!(
            position_text(&game),
            "2,2,2:0/2,2,2:0 s pits=3 seeds=2 empty-capture=true"
        );
    }

    #[test]
    fn long_side_names_are_accepted_but_letters_printed() {
        let game =
            from_position_text("4,4,4,4,4,4:0/4,4,4,4,4,4:0 north", KalahRules::default()).unwrap();
        assert_eq!(game.side_to_move(), Side::Second);
        assert!(position_text(&game).ends_with(" n"));
    }
}
