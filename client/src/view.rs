//! What a board shows, read out of a game: pieces, counters and the board's features, in plain
//! data that the drawing code and the hit-testing share. Nothing here draws; nothing in the
//! drawing code touches a game's rules.

use chaupal_rules::baghchal::board as bc_board;
use chaupal_rules::jungle::Animal;
use chaupal_rules::kalah::Kalah;
use chaupal_rules::sholo_guti::board as sg_board;
use chaupal_rules::{AnyGame, Game, RuleSet, Side};

/// One board, ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardView {
    BaghChal(BaghChalView),
    Kalah(KalahView),
    Jungle(JungleView),
    SholoGuti(SholoGutiView),
}

/// A Bagh Chal position: pieces by point name, and the goats off the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaghChalView {
    /// The points holding a tiger (names such as `a1`).
    pub tigers: Vec<String>,
    /// The points holding a goat.
    pub goats: Vec<String>,
    /// Goats not yet placed.
    pub in_hand: u8,
    /// Goats the game starts with in hand (20 unless `goats=N`).
    pub goats_total: u8,
    /// Goats the tigers have captured.
    pub captured: u8,
    /// Captures the tigers need to win.
    pub captures_to_win: u8,
}

/// A Kalah position: seeds in each house and store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KalahView {
    /// Houses a side.
    pub pits: usize,
    /// Seeds per house, by `Side::index`, each row from its owner's left (house 1 first).
    pub houses: [Vec<u8>; 2],
    /// Seeds in each store, by `Side::index`.
    pub stores: [u8; 2],
}

/// The message id of the short label that tells Jungle's animals apart at a glance ("Ra",
/// "El"; 鼠 and 象 in Chinese).
pub const fn animal_label(animal: Animal) -> &'static str {
    match animal {
        Animal::Rat => "animal-rat",
        Animal::Cat => "animal-cat",
        Animal::Dog => "animal-dog",
        Animal::Wolf => "animal-wolf",
        Animal::Leopard => "animal-leopard",
        Animal::Tiger => "animal-tiger",
        Animal::Lion => "animal-lion",
        Animal::Elephant => "animal-elephant",
    }
}

/// A square of a Jungle board: file 0 = a, rank 0 = rank 1.
pub type JungleSquare = (u8, u8);

/// A Jungle position: the board's features and the animals on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JungleView {
    /// Files (7 standard, 5 small).
    pub files: u8,
    /// Ranks (9 standard, 7 small).
    pub ranks: u8,
    /// The water squares.
    pub water: Vec<JungleSquare>,
    /// Each side's own traps, by `Side::index`.
    pub traps: [Vec<JungleSquare>; 2],
    /// Each side's own den, by `Side::index`.
    pub dens: [JungleSquare; 2],
    /// The animals on the board.
    pub pieces: Vec<(JungleSquare, Side, Animal)>,
}

/// A Sholo Guti position: the points held by each side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SholoGutiView {
    /// Point names held, by `Side::index`.
    pub pieces: [Vec<String>; 2],
}

impl BoardView {
    /// The view of a game's current position.
    pub fn of(game: &AnyGame) -> BoardView {
        match game {
            AnyGame::BaghChal(g) => {
                let names = |set: u32| bc_board::points(set).map(bc_board::point_name).collect();
                BoardView::BaghChal(BaghChalView {
                    tigers: names(g.tigers()),
                    goats: names(g.goats()),
                    in_hand: g.goats_in_hand(),
                    goats_total: g.rules().goats,
                    captured: g.goats_captured(),
                    captures_to_win: g.rules().captures_to_win,
                })
            }
            AnyGame::Kalah(g) => BoardView::Kalah(KalahView::of(g)),
            AnyGame::Jungle(g) => BoardView::Jungle(JungleView::of(g)),
            AnyGame::SholoGuti(g) => {
                let names = |side: Side| {
                    let set = g.pieces(side);
                    (0..sg_board::POINT_COUNT as u8)
                        .filter(|&p| set & sg_board::bit(p) != 0)
                        .map(|p| sg_board::name(p).to_owned())
                        .collect()
                };
                BoardView::SholoGuti(SholoGutiView {
                    pieces: [names(Side::First), names(Side::Second)],
                })
            }
        }
    }

    /// The pieces each side has on the board (seeds on its side of the board for Kalah).
    pub fn material(&self) -> [usize; 2] {
        match self {
            BoardView::BaghChal(v) => [v.goats.len(), v.tigers.len()],
            BoardView::Kalah(v) => [0, 1].map(|s| v.houses[s].iter().map(|&n| n as usize).sum()),
            BoardView::Jungle(v) => [Side::First, Side::Second]
                .map(|s| v.pieces.iter().filter(|(_, side, _)| *side == s).count()),
            BoardView::SholoGuti(v) => [v.pieces[0].len(), v.pieces[1].len()],
        }
    }
}

impl KalahView {
    /// The view of a Kalah game.
    pub fn of(game: &Kalah) -> KalahView {
        KalahView {
            pits: game.pits(),
            houses: [
                game.houses(Side::First).to_vec(),
                game.houses(Side::Second).to_vec(),
            ],
            stores: [game.store(Side::First), game.store(Side::Second)],
        }
    }

    /// The view from slot counts in the shared layout (south houses, south store, north houses,
    /// north store), as the sowing animation produces them.
    pub fn from_slots(pits: usize, slots: &[u8]) -> KalahView {
        let get = |i: usize| slots.get(i).copied().unwrap_or(0);
        KalahView {
            pits,
            houses: [
                (0..pits).map(get).collect(),
                (0..pits).map(|h| get(pits + 1 + h)).collect(),
            ],
            stores: [get(pits), get(2 * pits + 1)],
        }
    }

    /// The slot counts in the shared layout.
    pub fn slots(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(2 * self.pits + 2);
        for side in 0..2 {
            out.extend_from_slice(&self.houses[side]);
            out.push(self.stores[side]);
        }
        out
    }
}

impl JungleView {
    /// The view of a Jungle game.
    pub fn of(game: &chaupal_rules::jungle::Jungle) -> JungleView {
        let g = game.geometry();
        let square = |sq: u8| (g.file_of(sq), g.rank_of(sq));
        let set = |mask: u64| -> Vec<JungleSquare> {
            (0..g.squares)
                .filter(|&sq| mask & (1u64 << sq) != 0)
                .map(square)
                .collect()
        };
        let pieces = (0..g.squares)
            .filter_map(|sq| {
                game.piece_at(sq)
                    .map(|(side, animal)| (square(sq), side, animal))
            })
            .collect();
        JungleView {
            files: g.files,
            ranks: g.ranks,
            water: set(g.water),
            traps: [set(g.traps[0]), set(g.traps[1])],
            dens: [square(g.dens[0]), square(g.dens[1])],
            pieces,
        }
    }

    /// The standard board at the start, as docs/RULES.md lays it out.
    pub fn standard_start() -> JungleView {
        let sq = |name: &str| -> JungleSquare {
            let b = name.as_bytes();
            (b[0] - b'a', b[1] - b'1')
        };
        let turn = |(f, r): JungleSquare| (6 - f, 8 - r);
        let water = [
            "b4", "c4", "b5", "c5", "b6", "c6", "e4", "f4", "e5", "f5", "e6", "f6",
        ]
        .map(sq)
        .to_vec();
        let south = [
            ("a1", Animal::Tiger),
            ("g1", Animal::Lion),
            ("b2", Animal::Cat),
            ("f2", Animal::Dog),
            ("a3", Animal::Elephant),
            ("c3", Animal::Wolf),
            ("e3", Animal::Leopard),
            ("g3", Animal::Rat),
        ];
        let mut pieces = Vec::new();
        for (name, animal) in south {
            pieces.push((sq(name), Side::First, animal));
            pieces.push((turn(sq(name)), Side::Second, animal));
        }
        let traps = ["c1", "e1", "d2"].map(sq).to_vec();
        JungleView {
            files: 7,
            ranks: 9,
            water,
            traps: [traps.clone(), traps.into_iter().map(turn).collect()],
            dens: [sq("d1"), sq("d9")],
            pieces,
        }
    }
}

/// The rule pairs of a game that differ from the defaults, for titles and records.
pub fn non_default_rules(game: &AnyGame) -> Vec<(String, String)> {
    use chaupal_rules::any::AnyGame as G;
    match game {
        G::BaghChal(g) => g.rules().non_default_pairs(),
        G::Kalah(g) => g.rules().non_default_pairs(),
        G::Jungle(g) => g.rules().non_default_pairs(),
        G::SholoGuti(g) => g.rules().non_default_pairs(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chaupal_rules::GameKind;

    fn start(kind: GameKind, rules: &[(&str, &str)]) -> AnyGame {
        AnyGame::start(kind, rules.iter().copied()).expect("rules")
    }

    #[test]
    fn bagh_chal_start_has_four_tigers_in_the_corners_and_twenty_goats_in_hand() {
        let BoardView::BaghChal(v) = BoardView::of(&start(GameKind::BaghChal, &[])) else {
            panic!("not bagh chal");
        };
        assert_eq!(v.tigers, ["a1", "e1", "a5", "e5"]);
        assert!(v.goats.is_empty());
        assert_eq!((v.in_hand, v.captured, v.captures_to_win), (20, 0, 5));
        assert_eq!(v.goats_total, 20);
    }

    #[test]
    fn kalah_view_follows_the_pits_rule_and_round_trips_slots() {
        for pits in 1..=8 {
            let p = pits.to_string();
            let BoardView::Kalah(v) =
                BoardView::of(&start(GameKind::Kalah, &[("pits", p.as_str())]))
            else {
                panic!("not kalah");
            };
            assert_eq!(v.houses[0].len(), pits);
            assert_eq!(v.houses[1], vec![4; pits]);
            assert_eq!(KalahView::from_slots(pits, &v.slots()), v);
        }
    }

    #[test]
    fn sholo_guti_start_has_sixteen_a_side() {
        let view = BoardView::of(&start(GameKind::SholoGuti, &[]));
        assert_eq!(view.material(), [16, 16]);
        let BoardView::SholoGuti(v) = view else {
            panic!("not sholo guti");
        };
        assert!(v.pieces[0].contains(&"a1".to_owned()));
        assert!(v.pieces[1].contains(&"e9".to_owned()));
    }

    #[test]
    fn jungle_views_match_the_rule_book_on_both_boards() {
        let standard = BoardView::of(&start(GameKind::Jungle, &[]));
        let BoardView::Jungle(mut v) = standard else {
            panic!("not jungle");
        };
        let mut book = JungleView::standard_start();
        for view in [&mut v, &mut book] {
            view.water.sort();
            view.pieces.sort_by_key(|(sq, side, _)| (*sq, *side));
            for t in &mut view.traps {
                t.sort();
            }
        }
        assert_eq!(v, book);
        let BoardView::Jungle(small) =
            BoardView::of(&start(GameKind::Jungle, &[("board", "small")]))
        else {
            panic!("not jungle");
        };
        assert_eq!((small.files, small.ranks), (5, 7));
        assert_eq!(small.pieces.len(), 8);
        assert_eq!(small.dens, [(2, 0), (2, 6)]);
        assert_eq!(small.water.len(), 6);
    }

    #[test]
    fn jungle_start_has_eight_animals_a_side_with_the_elephant_on_a3() {
        let v = JungleView::standard_start();
        assert_eq!(v.pieces.len(), 16);
        assert!(v.pieces.contains(&((0, 2), Side::First, Animal::Elephant)));
        assert!(v.pieces.contains(&((6, 6), Side::Second, Animal::Elephant)));
        assert_eq!(v.water.len(), 12);
    }
}
