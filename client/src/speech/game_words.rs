//! The game in words, for a player who cannot see the board: a cell and what stands on it,
//! the whole position a side at a time, and the clocks.

use chaupal_rules::jungle::Animal;
use chaupal_rules::{GameKind, Side};

use crate::geometry;
use crate::play::{Match, clock_text};
use crate::say;
use crate::terms;
use crate::view::BoardView;
use crate::words::Phrase;

/// A cell in words, with what is on it: "c3: goat", "s4: South house 4, 6 seeds",
/// "d4: water, North rat", "e1: empty".
pub fn cell_words(kind: GameKind, view: &BoardView, cell: &str) -> Phrase {
    let what = match view {
        BoardView::BaghChal(v) => {
            if v.tigers.iter().any(|c| c == cell) {
                Some(say!("piece-tiger"))
            } else if v.goats.iter().any(|c| c == cell) {
                Some(say!("piece-goat"))
            } else {
                None
            }
        }
        BoardView::Kalah(v) => return kalah_cell(kind, v, cell),
        BoardView::Jungle(v) => {
            let square = geometry::file_rank(cell);
            let piece = v
                .pieces
                .iter()
                .find(|(sq, _, _)| Some(*sq) == square)
                .map(|(_, side, animal)| of_side(kind, *side, animal_name(*animal)));
            let ground = square.and_then(|sq| {
                if v.water.contains(&sq) {
                    Some(say!("ground-water"))
                } else if let Some(side) = Side::BOTH.into_iter().find(|s| v.dens[s.index()] == sq)
                {
                    Some(say!("ground-den", side = terms::side_name(kind, side)))
                } else {
                    Side::BOTH
                        .into_iter()
                        .find(|s| v.traps[s.index()].contains(&sq))
                        .map(|side| say!("ground-trap", side = terms::side_name(kind, side)))
                }
            });
            match (ground, piece) {
                (Some(g), Some(p)) => Some(say!("speech-both", first = g, second = p)),
                (g, p) => g.or(p),
            }
        }
        BoardView::SholoGuti(v) => Side::BOTH
            .into_iter()
            .find(|s| v.pieces[s.index()].iter().any(|c| c == cell))
            .map(|side| of_side(kind, side, say!("piece-soldier"))),
    };
    say!(
        "speech-cell",
        cell = cell,
        what = what.unwrap_or_else(|| say!("speech-empty"))
    )
}

/// A Kalah house or store in words: "South house 4: 6 seeds".
fn kalah_cell(kind: GameKind, v: &crate::view::KalahView, cell: &str) -> Phrase {
    let side = match cell.get(..1) {
        Some("s") => Side::First,
        Some("n") => Side::Second,
        _ => return Phrase::verbatim(cell),
    };
    let house: usize = cell[1..].parse().unwrap_or(0);
    let seeds = v.houses[side.index()]
        .get(house.wrapping_sub(1))
        .copied()
        .unwrap_or(0);
    say!(
        "speech-house",
        side = terms::side_name(kind, side),
        house = house,
        count = seeds
    )
}

/// "South lion", "North soldier".
fn of_side(kind: GameKind, side: Side, piece: Phrase) -> Phrase {
    say!(
        "piece-of-side",
        side = terms::side_name(kind, side),
        piece = piece
    )
}

/// An animal's name in words ("lion"), not its label on the piece.
fn animal_name(animal: Animal) -> Phrase {
    match animal {
        Animal::Rat => say!("animal-name-rat"),
        Animal::Cat => say!("animal-name-cat"),
        Animal::Dog => say!("animal-name-dog"),
        Animal::Wolf => say!("animal-name-wolf"),
        Animal::Leopard => say!("animal-name-leopard"),
        Animal::Tiger => say!("animal-name-tiger"),
        Animal::Lion => say!("animal-name-lion"),
        Animal::Elephant => say!("animal-name-elephant"),
    }
}

/// Cells as a list, in the order of their names: "a1, a5, e1" (or "none").
fn cell_list(cells: impl IntoIterator<Item = String>) -> Phrase {
    let mut cells: Vec<String> = cells.into_iter().collect();
    cells.sort();
    if cells.is_empty() {
        say!("speech-none")
    } else {
        Phrase::verbatim(cells.join(", "))
    }
}

/// The position in words, a sentence a side, then whose turn it is: "Tigers: a1, a5, e1, e5.
/// Goats: c3. Goats in hand: 19; captured: 0 of 5.", "South: houses 4 4 4 4 4 4, store 0."
pub fn position_words(m: &Match) -> Vec<Phrase> {
    let kind = m.kind();
    let side_name = |side| terms::side_name(kind, side);
    let mut out = Vec::new();
    match m.view() {
        BoardView::BaghChal(v) => {
            out.push(say!(
                "speech-side-pieces",
                side = side_name(Side::Second),
                pieces = cell_list(v.tigers.clone())
            ));
            out.push(say!(
                "speech-side-pieces",
                side = side_name(Side::First),
                pieces = cell_list(v.goats.clone())
            ));
            out.push(say!(
                "speech-goats-hand",
                hand = u32::from(v.in_hand),
                count = u32::from(v.captured),
                total = u32::from(v.captures_to_win)
            ));
        }
        BoardView::Kalah(v) => {
            for side in Side::BOTH {
                let houses: Vec<String> =
                    v.houses[side.index()].iter().map(u8::to_string).collect();
                out.push(say!(
                    "speech-kalah-side",
                    side = side_name(side),
                    houses = houses.join(" "),
                    store = u32::from(v.stores[side.index()])
                ));
            }
        }
        BoardView::Jungle(v) => {
            for side in Side::BOTH {
                let pieces: Vec<Phrase> = v
                    .pieces
                    .iter()
                    .filter(|(_, s, _)| *s == side)
                    .map(|(sq, _, animal)| {
                        say!(
                            "speech-piece-at",
                            piece = animal_name(*animal),
                            cell = geometry::square_name(sq.0, sq.1)
                        )
                    })
                    .collect();
                let pieces = pieces
                    .into_iter()
                    .reduce(|first, second| say!("speech-both", first = first, second = second))
                    .unwrap_or_else(|| say!("speech-none"));
                out.push(say!(
                    "speech-side-pieces",
                    side = side_name(side),
                    pieces = pieces
                ));
            }
        }
        BoardView::SholoGuti(v) => {
            for side in Side::BOTH {
                out.push(say!(
                    "speech-side-soldiers",
                    side = side_name(side),
                    count = v.pieces[side.index()].len(),
                    pieces = cell_list(v.pieces[side.index()].clone())
                ));
            }
        }
    }
    out.push(m.status());
    out
}

/// The clocks in words ("South: 4:32. North: 0:09.4."), or that the game has none.
pub fn clocks_words(m: &Match) -> Phrase {
    let Some(c) = &m.clocks else {
        return say!("speech-no-clocks");
    };
    let kind = m.kind();
    say!(
        "speech-clocks",
        first = terms::side_name(kind, Side::First),
        first_time = clock_text(c.left_ms[0]),
        second = terms::side_name(kind, Side::Second),
        second_time = clock_text(c.left_ms[1])
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Seats;
    use chaupal_rules::AnyGame;

    fn start(kind: GameKind) -> Match {
        let game = AnyGame::start(kind, [("", ""); 0]).expect("start");
        Match::new(game, Seats::Both, false)
    }

    fn english(phrases: &[Phrase]) -> Vec<String> {
        phrases.iter().map(Phrase::english).collect()
    }

    #[test]
    fn a_cell_is_said_with_what_stands_on_it() {
        let m = start(GameKind::BaghChal);
        let view = m.view();
        assert_eq!(
            cell_words(GameKind::BaghChal, &view, "a1").english(),
            "a1: tiger"
        );
        assert_eq!(
            cell_words(GameKind::BaghChal, &view, "c3").english(),
            "c3: empty"
        );
        let kalah = start(GameKind::Kalah);
        assert_eq!(
            cell_words(GameKind::Kalah, &kalah.view(), "s4").english(),
            "South house 4: 4 seeds"
        );
        let jungle = start(GameKind::Jungle);
        let said = cell_words(GameKind::Jungle, &jungle.view(), "a1").english();
        assert!(said.starts_with("a1: ") && said.contains("South"), "{said}");
        let sholo = start(GameKind::SholoGuti);
        assert_eq!(
            cell_words(GameKind::SholoGuti, &sholo.view(), "a1").english(),
            "a1: South soldier"
        );
    }

    #[test]
    fn the_position_is_said_a_side_at_a_time_then_whose_turn() {
        let said = english(&position_words(&start(GameKind::BaghChal)));
        assert_eq!(
            said,
            [
                "Tigers: a1, a5, e1, e5.",
                "Goats: none.",
                "Goats in hand: 20; captured: 0 of 5.",
                "Goats to move",
            ]
        );
        let said = english(&position_words(&start(GameKind::Kalah)));
        assert_eq!(said[0], "South: houses 4 4 4 4 4 4; store 0.");
        let said = english(&position_words(&start(GameKind::SholoGuti)));
        assert!(said[0].starts_with("South: 16 soldiers: "), "{said:?}");
        let said = english(&position_words(&start(GameKind::Jungle)));
        assert!(said[0].contains("elephant"), "{said:?}");
        assert_eq!(
            clocks_words(&start(GameKind::Kalah)).english(),
            "This game has no clock."
        );
    }
}
