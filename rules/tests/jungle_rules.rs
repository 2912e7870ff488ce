//! Jungle rule tests, written from the Jungle section of docs/RULES.md line by line (and the small
//! board's layout), plus bad move and position input. Positions are built from position texts:
//! ranks 9..1 (7..1 small) from file a, uppercase south, lowercase north, digits for empty
//! runs, then the side to move, the no-capture counter and non-default rule pairs.

#![allow(clippy::unwrap_used)] // a test: a bad fixture should fail loudly

use chaupal_rules::jungle::{Animal, BoardSize, Jungle, JungleRules};
use chaupal_rules::{EndReason, Game, MoveError, Outcome, PositionError, RuleError, RuleSet, Side};

const START: &str = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L s 0";
const SMALL_START: &str = "l4/r2ce/5/5/5/EC2R/4L s 0 board=small";

fn game(text: &str) -> Jungle {
    Jungle::from_position_text(text, JungleRules::default())
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Every legal move, in notation, sorted.
fn all_moves(g: &Jungle) -> Vec<String> {
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    let mut out: Vec<String> = moves.into_iter().map(|m| g.move_text(m)).collect();
    out.sort();
    out
}

/// The legal moves of the piece on `from`, in notation, sorted.
fn moves_from(g: &Jungle, from: &str) -> Vec<String> {
    all_moves(g)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

fn legal(g: &Jungle, text: &str) -> bool {
    all_moves(g).iter().any(|m| m == text)
}

fn play(g: &mut Jungle, text: &str) {
    g.play_text(text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", g.position_text()));
}

fn illegal_reason(g: &Jungle, text: &str) -> String {
    match g.parse_move(text) {
        Err(MoveError::Illegal { detail, .. }) => detail,
        other => panic!("{text}: expected an illegal move, got {other:?}"),
    }
}

fn win(winner: Side, reason: EndReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

fn draw(reason: EndReason) -> Option<Outcome> {
    Some(Outcome::Draw { reason })
}

// ---- The board ----------------------------------------------------------------------------

#[test]
fn board_has_seven_files_and_nine_ranks() {
    let g = Jungle::start(JungleRules::default());
    let geo = g.geometry();
    assert_eq!((geo.files, geo.ranks), (7, 9));
    assert_eq!(
        geo.parse_square("g9").map(|s| geo.name(s)),
        Some("g9".into())
    );
    assert_eq!(geo.parse_square("h1"), None);
    assert_eq!(geo.parse_square("a10"), None);
}

#[test]
fn south_den_is_d1_with_traps_c1_e1_d2_and_north_is_turned() {
    let geo = Jungle::start(JungleRules::default()).geometry();
    let sq = |n: &str| geo.parse_square(n).unwrap();
    assert_eq!(geo.dens, [sq("d1"), sq("d9")]);
    for (side, traps) in [(0, ["c1", "e1", "d2"]), (1, ["c9", "e9", "d8"])] {
        let mask = traps.iter().fold(0u64, |m, t| m | 1 << sq(t));
        assert_eq!(geo.traps[side], mask);
    }
}

#[test]
fn water_is_b4_to_c6_and_e4_to_f6() {
    let geo = Jungle::start(JungleRules::default()).geometry();
    let mut water: Vec<String> = (0..geo.squares)
        .filter(|&s| geo.is_water(s))
        .map(|s| geo.name(s))
        .collect();
    water.sort();
    assert_eq!(
        water,
        [
            "b4", "b5", "b6", "c4", "c5", "c6", "e4", "e5", "e6", "f4", "f5", "f6"
        ]
    );
}

#[test]
fn start_position_follows_the_rule_book() {
    let g = Jungle::start(JungleRules::default());
    assert_eq!(g.position_text(), START);
    let geo = g.geometry();
    let at = |n: &str| g.piece_at(geo.parse_square(n).unwrap());
    use Animal::*;
    let south = [
        (Tiger, "a1"),
        (Lion, "g1"),
        (Cat, "b2"),
        (Dog, "f2"),
        (Elephant, "a3"),
        (Wolf, "c3"),
        (Leopard, "e3"),
        (Rat, "g3"),
    ];
    let north = [
        (Lion, "a9"),
        (Tiger, "g9"),
        (Dog, "b8"),
        (Cat, "f8"),
        (Rat, "a7"),
        (Leopard, "c7"),
        (Wolf, "e7"),
        (Elephant, "g7"),
    ];
    for (a, sq) in south {
        assert_eq!(at(sq), Some((Side::First, a)), "{sq}");
    }
    for (a, sq) in north {
        assert_eq!(at(sq), Some((Side::Second, a)), "{sq}");
    }
}

#[test]
fn animals_rank_elephant_8_down_to_rat_1() {
    use Animal::*;
    let ranks: Vec<u8> = [Elephant, Lion, Tiger, Leopard, Wolf, Dog, Cat, Rat]
        .iter()
        .map(|a| a.rank())
        .collect();
    assert_eq!(ranks, [8, 7, 6, 5, 4, 3, 2, 1]);
}

#[test]
fn south_moves_first() {
    let g = Jungle::start(JungleRules::default());
    assert_eq!(g.side_to_move(), Side::First);
    assert_eq!(Jungle::side_name(Side::First), "south");
    assert_eq!(Jungle::side_name(Side::Second), "north");
    assert_eq!(all_moves(&g).len(), 24);
}

// ---- Moving -------------------------------------------------------------------------------

#[test]
fn a_move_is_one_orthogonal_step() {
    let g = game("l6/7/7/7/7/7/3W3/7/7 s 0");
    assert_eq!(moves_from(&g, "d3"), ["d3-c3", "d3-d2", "d3-d4", "d3-e3"]);
    assert!(illegal_reason(&g, "d3-e4").contains("not next to"));
    assert!(illegal_reason(&g, "d3-d5").contains("not next to"));
}

#[test]
fn no_piece_enters_its_own_den() {
    let g = game("l6/7/7/7/7/7/7/7/2D4 s 0");
    assert_eq!(moves_from(&g, "c1"), ["c1-b1", "c1-c2"]);
    assert!(illegal_reason(&g, "c1-d1").contains("own den"));
    let north = game("7/3d3/7/7/7/7/7/7/L6 n 0");
    assert_eq!(moves_from(&north, "d8"), ["d8-c8", "d8-d7", "d8-e8"]);
}

#[test]
fn only_the_rat_enters_the_water() {
    let g = game("l6/7/7/7/R6/E6/7/7/7 s 0");
    assert_eq!(moves_from(&g, "a5"), ["a5-a6", "a5-b5"]);
    assert_eq!(moves_from(&g, "a4"), ["a4-a3"]);
    assert!(illegal_reason(&g, "a4-b4").contains("only the rat"));
    // A rat keeps swimming.
    let swimming = game("l6/7/7/7/1R5/7/7/7/7 s 0");
    assert_eq!(
        moves_from(&swimming, "b5"),
        ["b5-a5", "b5-b4", "b5-b6", "b5-c5"]
    );
}

#[test]
fn lion_jumps_across_the_river_over_three_water_squares_vertically() {
    let g = game("l6/7/7/7/7/7/2L4/7/7 s 0");
    assert_eq!(moves_from(&g, "c3"), ["c3-b3", "c3-c2", "c3-c7", "c3-d3"]);
    let back = game("l6/7/2L4/7/7/7/7/7/7 s 0");
    assert!(legal(&back, "c7-c3"));
}

#[test]
fn tiger_jumps_across_the_river_over_two_water_squares_horizontally() {
    let g = game("l6/7/7/7/T6/7/7/7/7 s 0");
    assert_eq!(moves_from(&g, "a5"), ["a5-a4", "a5-a6", "a5-d5"]);
    let middle = game("l6/7/7/7/3T3/7/7/7/7 s 0");
    assert_eq!(
        moves_from(&middle, "d5"),
        ["d5-a5", "d5-d4", "d5-d6", "d5-g5"]
    );
}

#[test]
fn only_lion_and_tiger_jump() {
    let g = game("l6/7/7/7/P6/7/2E4/7/7 s 0");
    assert!(!legal(&g, "a5-d5"));
    assert!(!legal(&g, "c3-c7"));
    assert!(illegal_reason(&g, "c3-c7").contains("only the lion and the tiger"));
}

#[test]
fn a_jump_is_blocked_by_an_own_rat_in_the_crossed_water() {
    let g = game("l6/7/7/7/2R4/7/2L4/7/7 s 0");
    assert!(!legal(&g, "c3-c7"));
    assert!(illegal_reason(&g, "c3-c7").contains("rat in the water on c5"));
}

#[test]
fn a_jump_is_blocked_by_an_enemy_rat_in_the_crossed_water() {
    let g = game("l6/7/7/7/7/2r4/2L4/7/7 s 0");
    assert!(!legal(&g, "c3-c7"));
    let horizontal = game("l6/7/7/7/3L1r1/7/7/7/7 s 0");
    assert!(!legal(&horizontal, "d5-g5"));
    assert!(legal(&horizontal, "d5-a5"));
}

#[test]
fn a_rat_beside_the_line_does_not_block_a_jump() {
    let g = game("l6/7/7/7/1r5/7/2L4/7/7 s 0");
    assert!(legal(&g, "c3-c7"));
}

#[test]
fn a_jump_landing_follows_the_capture_rules() {
    // Captures a weaker enemy on landing.
    let g = game("l6/7/2w4/7/7/7/2L4/7/7 s 0");
    assert!(legal(&g, "c3xc7"));
    // May not land on a stronger enemy, nor on an own piece.
    let g = game("l6/7/2e4/7/7/7/2T4/7/7 s 0");
    assert!(!legal(&g, "c3xc7"));
    let g = game("l6/7/2D4/7/7/7/2L4/7/7 s 0");
    assert!(!legal(&g, "c3-c7"));
    assert!(illegal_reason(&g, "c3-c7").contains("your own dog"));
}

#[test]
fn jumps_start_from_the_bank_only() {
    let g = game("l6/7/7/7/7/7/7/2L4/7 s 0");
    assert_eq!(moves_from(&g, "c2"), ["c2-b2", "c2-c1", "c2-c3", "c2-d2"]);
}

// ---- Capturing ----------------------------------------------------------------------------

#[test]
fn capture_onto_an_enemy_of_equal_or_lower_rank() {
    let equal = game("l6/7/7/7/7/3d3/3D3/7/7 s 0");
    assert!(legal(&equal, "d3xd4"));
    let lower = game("l6/7/7/7/7/3c3/3D3/7/7 s 0");
    assert!(legal(&lower, "d3xd4"));
    let higher = game("l6/7/7/7/7/3w3/3D3/7/7 s 0");
    assert!(!legal(&higher, "d3xd4"));
    assert!(illegal_reason(&higher, "d3xd4").contains("stronger wolf"));
}

#[test]
fn the_rat_captures_the_elephant() {
    let g = game("l6/7/7/7/7/3e3/3R3/7/7 s 0");
    assert!(legal(&g, "d3xd4"));
}

#[test]
fn the_elephant_never_captures_the_rat() {
    let g = game("l6/7/7/7/7/3r3/3E3/7/7 s 0");
    assert!(!legal(&g, "d3xd4"));
    assert!(illegal_reason(&g, "d3xd4").contains("never captures the rat"));
}

#[test]
fn a_rat_in_water_takes_a_rat_in_water() {
    let g = game("l6/7/7/7/1r5/1R5/7/7/7 s 0");
    assert!(legal(&g, "b4xb5"));
}

#[test]
fn a_rat_on_land_cannot_take_a_rat_in_water() {
    let g = game("l6/7/7/7/Rr5/7/7/7/7 s 0");
    assert!(!legal(&g, "a5xb5"));
    assert!(illegal_reason(&g, "a5xb5").contains("between water and land"));
}

#[test]
fn a_rat_leaving_the_water_cannot_capture_on_land() {
    let g = game("l6/7/7/7/7/eR5/7/7/7 s 0");
    assert!(!legal(&g, "b4xa4"));
    let rat = game("l6/7/7/7/7/rR5/7/7/7 s 0");
    assert!(!legal(&rat, "b4xa4"));
}

#[test]
fn an_enemy_on_your_trap_can_be_captured_by_any_of_your_pieces() {
    // The north lion on d2, a south trap: the south rat takes it.
    let g = game("7/7/7/7/7/7/3R3/3l3/7 s 0");
    assert!(legal(&g, "d3xd2"));
}

#[test]
fn an_enemy_on_its_own_trap_keeps_its_rank() {
    // The north lion on d8 is on north's own trap: the south cat may not take it.
    let g = game("7/3l3/3C3/7/7/7/7/7/L6 s 0");
    assert!(!legal(&g, "d7xd8"));
}

#[test]
fn the_trap_rule_lets_the_elephant_take_a_rat_on_its_trap() {
    // "Any of your pieces": the elephant too.
    let g = game("l6/7/7/7/7/7/7/2E4/2r4 s 0");
    assert!(legal(&g, "c2xc1"));
}

#[test]
fn a_piece_on_an_enemy_trap_still_captures_by_rank() {
    let g = game("7/3L3/3d3/7/7/7/7/7/l6 s 0");
    assert!(legal(&g, "d8xd7"));
}

// ---- Winning and drawing ------------------------------------------------------------------

#[test]
fn entering_the_opponents_den_wins() {
    let mut g = game("l6/3W3/7/7/7/7/7/7/7 s 0");
    play(&mut g, "d8-d9");
    assert_eq!(g.outcome(), win(Side::First, EndReason::DenEntered));
    assert!(all_moves(&g).is_empty());
    assert_eq!(g.parse_move("a9-a8"), Err(MoveError::GameOver));
}

#[test]
fn capturing_all_enemy_pieces_wins() {
    let mut g = game("7/7/7/7/7/3c3/3L3/7/7 s 0");
    play(&mut g, "d3xd4");
    assert_eq!(g.outcome(), win(Side::First, EndReason::AllCaptured));
    assert!(all_moves(&g).is_empty());
}

#[test]
fn a_side_to_move_with_no_legal_move_loses() {
    let g = game("7/7/7/7/7/7/7/l6/Rt5 s 0");
    assert!(all_moves(&g).is_empty());
    assert_eq!(g.outcome(), win(Side::Second, EndReason::NoLegalMove));
    assert_eq!(g.parse_move("a1-a2"), Err(MoveError::GameOver));
}

#[test]
fn the_same_position_for_the_third_time_is_a_draw() {
    let mut g = Jungle::start(JungleRules::default());
    let cycle = ["a1-a2", "a9-a8", "a2-a1", "a8-a9"];
    for m in cycle {
        play(&mut g, m);
    }
    assert_eq!(g.outcome(), None, "the second time plays on");
    for m in &cycle[..3] {
        play(&mut g, m);
        assert_eq!(g.outcome(), None);
    }
    play(&mut g, cycle[3]);
    assert_eq!(g.outcome(), draw(EndReason::Repetition));
    assert!(all_moves(&g).is_empty());
}

#[test]
fn repetition_counts_from_the_position_text_on() {
    // A position read from text starts a fresh history.
    let mut g = game(START);
    for m in [
        "a1-a2", "a9-a8", "a2-a1", "a8-a9", "a1-a2", "a9-a8", "a2-a1",
    ] {
        play(&mut g, m);
    }
    play(&mut g, "a8-a9");
    assert_eq!(g.outcome(), draw(EndReason::Repetition));
}

#[test]
fn two_hundred_plies_without_a_capture_is_a_draw() {
    let mut g = game("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L s 198");
    play(&mut g, "a1-a2");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.no_capture_plies(), 199);
    play(&mut g, "a9-a8");
    assert_eq!(g.no_capture_plies(), 200);
    assert_eq!(g.outcome(), draw(EndReason::NoCaptureLimit));
    assert!(all_moves(&g).is_empty());
}

#[test]
fn a_capture_resets_the_no_capture_counter() {
    let mut g = game("l6/7/7/7/7/3c3/3L3/7/7 s 150");
    play(&mut g, "d3xd4");
    assert_eq!(g.no_capture_plies(), 0);
    play(&mut g, "a9-a8");
    assert_eq!(g.no_capture_plies(), 1);
}

#[test]
fn entering_the_den_on_the_200th_ply_still_wins() {
    let mut g = game("l6/3W3/7/7/7/7/7/7/7 s 199");
    play(&mut g, "d8-d9");
    assert_eq!(g.outcome(), win(Side::First, EndReason::DenEntered));
}

// ---- The small board ----------------------------------------------------------------------

#[test]
fn small_board_is_five_by_seven_with_four_animals_a_side() {
    let g = Jungle::start(JungleRules::with_board(BoardSize::Small));
    assert_eq!(g.position_text(), SMALL_START);
    let geo = g.geometry();
    assert_eq!((geo.files, geo.ranks), (5, 7));
    let at = |n: &str| g.piece_at(geo.parse_square(n).unwrap());
    use Animal::*;
    for (a, sq, side) in [
        (Lion, "e1", Side::First),
        (Elephant, "a2", Side::First),
        (Cat, "b2", Side::First),
        (Rat, "e2", Side::First),
        (Lion, "a7", Side::Second),
        (Elephant, "e6", Side::Second),
        (Cat, "d6", Side::Second),
        (Rat, "a6", Side::Second),
    ] {
        assert_eq!(at(sq), Some((side, a)), "{sq}");
    }
    assert_eq!(geo.name(geo.dens[0]), "c1");
    assert_eq!(geo.name(geo.dens[1]), "c7");
}

#[test]
fn small_board_has_no_tiger_leopard_wolf_or_dog() {
    for text in [
        "l4/5/5/5/5/5/T4 s 0 board=small",
        "l4/5/5/5/5/5/P4 s 0 board=small",
        "l4/5/5/5/5/5/W4 s 0 board=small",
        "l4/5/5/5/5/5/D4 s 0 board=small",
    ] {
        assert!(matches!(
            Jungle::from_position_text(text, JungleRules::default()),
            Err(PositionError::Illegal { .. })
        ));
    }
}

#[test]
fn small_board_lion_jumps_a_pond_vertically_and_one_square_horizontally() {
    let g = game("l4/5/5/5/5/1L3/5 s 0 board=small");
    assert_eq!(moves_from(&g, "b2"), ["b2-a2", "b2-b1", "b2-b6", "b2-c2"]);
    let g = game("l4/5/5/5/2L2/5/5 s 0 board=small");
    assert_eq!(moves_from(&g, "c3"), ["c3-a3", "c3-c2", "c3-c4", "c3-e3"]);
    let g = game("l4/5/5/L4/5/5/5 s 0 board=small");
    assert_eq!(moves_from(&g, "a4"), ["a4-a3", "a4-a5", "a4-c4"]);
}

#[test]
fn small_board_jumps_are_blocked_by_a_rat() {
    let g = game("l4/5/1r3/5/2L2/5/5 s 0 board=small");
    assert!(legal(&g, "c3-a3"), "b5 is not crossed by c3-a3");
    let g = game("l4/5/5/5/1rL1R/5/5 s 0 board=small");
    assert!(!legal(&g, "c3-a3"));
    assert!(!legal(&g, "c3-e3"));
    let g = game("l4/5/5/1R3/5/1L3/5 s 0 board=small");
    assert!(!legal(&g, "b2-b6"));
}

#[test]
fn small_board_dens_and_traps() {
    // The north cat takes the south lion on north's trap c6; the lion may enter the den c7.
    let g = game("4e/1rLc1/1R3/5/5/2C2/5 n 0 board=small");
    assert!(legal(&g, "d6xc6"));
    let g = game("4e/1rLc1/1R3/5/5/2C2/5 s 0 board=small");
    assert!(legal(&g, "c6-c7"));
    assert_eq!(moves_from(&g, "c2"), ["c2-b2", "c2-c3", "c2-d2"]);
    let mut g = g;
    play(&mut g, "c6-c7");
    assert_eq!(g.outcome(), win(Side::First, EndReason::DenEntered));
}

// ---- Rule options -------------------------------------------------------------------------

#[test]
fn board_rule_defaults_to_standard_and_reads_full_and_large_as_standard() {
    assert_eq!(JungleRules::default().board, BoardSize::Standard);
    assert_eq!(JungleRules::KEYS, ["board"]);
    for alias in ["standard", "full", "large"] {
        let rules = JungleRules::from_pairs([("board", alias)]).unwrap();
        assert_eq!(rules, JungleRules::default());
        assert_eq!(Jungle::start(rules).position_text(), START);
    }
    let small = JungleRules::from_pairs([("board", "small")]).unwrap();
    assert_eq!(small.get("board").as_deref(), Some("small"));
    assert!(matches!(
        JungleRules::from_pairs([("board", "huge")]),
        Err(RuleError::BadValue { .. })
    ));
}

#[test]
fn position_text_rule_pairs_apply_on_top_of_the_given_rules() {
    let small = JungleRules::with_board(BoardSize::Small);
    let g = Jungle::from_position_text("l4/r2ce/5/5/5/EC2R/4L s 0", small.clone()).unwrap();
    assert_eq!(g.position_text(), SMALL_START);
    let g = Jungle::from_position_text(&format!("{START} board=large"), small).unwrap();
    assert_eq!(g.position_text(), START);
    assert_eq!(g.rules(), &JungleRules::default());
}

// ---- Move notation ------------------------------------------------------------------------

#[test]
fn moves_are_written_with_a_dash_and_captures_with_an_x() {
    let g = game("l6/7/2w4/7/7/3c3/2LD3/7/7 s 0");
    let moves = all_moves(&g);
    assert!(moves.contains(&"c3xc7".to_owned()), "{moves:?}");
    assert!(moves.contains(&"d3xd4".to_owned()));
    assert!(moves.contains(&"c3-c2".to_owned()));
}

#[test]
fn move_parsing_accepts_either_separator_capitals_and_blanks() {
    let g = game("l6/7/7/7/7/3c3/3D3/7/7 s 0");
    let capture = g.parse_move("d3xd4").unwrap();
    assert_eq!(g.parse_move("d3-d4"), Ok(capture));
    assert_eq!(g.parse_move(" D3XD4 "), Ok(capture));
    let step = g.parse_move("d3-d2").unwrap();
    assert_eq!(g.parse_move("d3xd2"), Ok(step));
    assert_eq!(g.move_text(step), "d3-d2");
    assert_eq!(g.move_text(capture), "d3xd4");
}

#[test]
fn malformed_move_texts_are_syntax_errors() {
    let g = Jungle::start(JungleRules::default());
    for text in [
        "", "a3", "a3a4", "a3-", "-a4", "a3-a4-a5", "a3--a4", "h3-h4", "a0-a1", "a9-a10", "33-34",
        "a3 a4", "e3~e4",
    ] {
        assert!(
            matches!(g.parse_move(text), Err(MoveError::Syntax { .. })),
            "{text:?}: {:?}",
            g.parse_move(text)
        );
    }
    let small = Jungle::start(JungleRules::with_board(BoardSize::Small));
    match small.parse_move("f1-f2") {
        Err(MoveError::Syntax { detail, .. }) => assert!(detail.contains("small board")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn illegal_moves_say_why() {
    let g = Jungle::start(JungleRules::default());
    for (text, why) in [
        ("d4-d5", "no piece on d4"),
        ("a7-a6", "north's"),
        ("a3-b4", "not next to"),
        ("a3-a3", "leave its square"),
        ("c3-c4", "only the rat"),
        ("a1-a3", "not next to"),
        ("b2-d2", "not next to"),
        ("g1-g3", "not next to"),
    ] {
        let reason = illegal_reason(&g, text);
        assert!(reason.contains(why), "{text}: {reason}");
    }
}

#[test]
fn own_pieces_block_steps() {
    let g = game("l6/7/7/7/7/7/2DC3/7/7 s 0");
    assert!(!legal(&g, "c3-d3"));
    assert!(illegal_reason(&g, "c3-d3").contains("your own cat"));
}

// ---- Position notation --------------------------------------------------------------------

#[test]
fn position_texts_round_trip() {
    for text in [
        START,
        SMALL_START,
        "l6/1p5/4e2/7/D2L2w/7/4T2/7/7 s 17",
        "4e/1rLc1/1R3/5/5/2C2/5 n 3 board=small",
        "3W3/7/7/7/7/7/7/7/6d n 0",
        "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L n 200",
    ] {
        let g = game(text);
        assert_eq!(g.position_text(), text);
        let again = game(&g.position_text());
        assert_eq!(again.hash(), g.hash());
        assert_eq!(again.hash(), again.hash_from_scratch());
    }
}

#[test]
fn the_side_to_move_is_part_of_the_position() {
    let s = game(START);
    let n = game(&START.replace(" s ", " n "));
    assert_ne!(s.hash(), n.hash());
    assert_eq!(n.side_to_move(), Side::Second);
}

fn syntax_field(text: &str) -> &'static str {
    match Jungle::from_position_text(text, JungleRules::default()) {
        Err(PositionError::Syntax { field, .. }) => field,
        other => panic!("{text}: expected a syntax error, got {other:?}"),
    }
}

fn illegal_detail(text: &str) -> String {
    match Jungle::from_position_text(text, JungleRules::default()) {
        Err(PositionError::Illegal { detail }) => detail,
        other => panic!("{text}: expected an illegal position, got {other:?}"),
    }
}

#[test]
fn malformed_position_texts_name_the_field() {
    assert_eq!(syntax_field(""), "board");
    assert_eq!(
        syntax_field("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1 s 0"),
        "board"
    );
    assert_eq!(
        syntax_field("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L/7 s 0"),
        "board"
    );
    assert_eq!(
        syntax_field("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T6L s 0"),
        "board"
    );
    assert_eq!(
        syntax_field("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T4L s 0"),
        "board"
    );
    assert_eq!(
        syntax_field("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T0L5 s 0"),
        "board"
    );
    assert_eq!(
        syntax_field("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5K s 0"),
        "board"
    );
    assert_eq!(
        syntax_field("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L"),
        "side"
    );
    assert_eq!(
        syntax_field("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L x 0"),
        "side"
    );
    assert_eq!(
        syntax_field("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L s"),
        "counter"
    );
    assert_eq!(
        syntax_field("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L s -1"),
        "counter"
    );
    assert_eq!(
        syntax_field("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L s x"),
        "counter"
    );
    // A standard board under board=small has too many ranks.
    assert_eq!(syntax_field(&format!("{START} board=small")), "board");
    match Jungle::from_position_text(
        "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5K s 0",
        JungleRules::default(),
    ) {
        Err(PositionError::Syntax { detail, .. }) => {
            assert!(
                detail.contains("rank 1") && detail.contains("file g"),
                "{detail}"
            )
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn bad_rule_pairs_in_position_texts_are_rule_errors() {
    for (suffix, check) in [
        (" board", "malformed"),
        (" board=", "malformed"),
        (" pits=6", "unknown"),
        (" board=tiny", "value"),
    ] {
        let text = format!("{START}{suffix}");
        match Jungle::from_position_text(&text, JungleRules::default()) {
            Err(PositionError::Rules(e)) => match (check, e) {
                ("malformed", RuleError::Malformed(_))
                | ("unknown", RuleError::UnknownKey { .. })
                | ("value", RuleError::BadValue { .. }) => {}
                (_, e) => panic!("{text}: {e:?}"),
            },
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn positions_the_rules_forbid_are_illegal() {
    // Two lions a side.
    assert!(illegal_detail("l5l/7/7/7/7/7/7/7/6L s 0").contains("more than one lion"));
    // A piece other than the rat in the water.
    assert!(illegal_detail("l6/7/7/7/1E5/7/7/7/7 s 0").contains("water"));
    // A piece on its own den.
    assert!(illegal_detail("l6/7/7/7/7/7/7/7/3D3 s 0").contains("own den"));
    assert!(illegal_detail("3l3/7/7/7/7/7/7/7/L6 s 0").contains("own den"));
    // A piece on the enemy den while its own side is to move: it won a move ago.
    assert!(illegal_detail("3W3/7/7/7/7/7/7/7/6d s 0").contains("side to move must be north"));
    // The side that just moved has no pieces.
    assert!(illegal_detail("l6/7/7/7/7/7/7/7/7 n 0").contains("south has no pieces"));
    // The counter runs 0..=200.
    assert!(illegal_detail(&START.replace(" s 0", " s 201")).contains("no-capture counter"));
    assert!(illegal_detail(&START.replace(" s 0", " s 99999999999")).contains("counter"));
    // Animals of the standard board only on the standard board.
    assert!(illegal_detail("l4/5/5/5/5/5/T4 s 0 board=small").contains("no tiger"));
}

#[test]
fn finished_positions_are_accepted_and_over() {
    assert_eq!(
        game("3W3/7/7/7/7/7/7/7/6d n 0").outcome(),
        win(Side::First, EndReason::DenEntered)
    );
    assert_eq!(
        game("3W3/7/7/7/7/7/7/7/7 n 0").outcome(),
        win(Side::First, EndReason::DenEntered)
    );
    assert_eq!(
        game("l6/7/7/7/7/7/7/7/7 s 0").outcome(),
        win(Side::Second, EndReason::AllCaptured)
    );
    assert_eq!(
        game(&START.replace(" s 0", " s 200")).outcome(),
        draw(EndReason::NoCaptureLimit)
    );
}
