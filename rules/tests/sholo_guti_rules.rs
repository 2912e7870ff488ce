//! Sholo Guti rule tests, written from the Sholo Guti section of docs/RULES.md line by
//! line, each named after the rule it checks. Positions are built with the position notation:
//! ranks 9 down to 1, each rank only the points it has (a9 c9 e9 / b8 c8 d8 / a7..e7 / ... /
//! b2 c2 d2 / a1 c1 e1), `S` south, `N` north, digits for empty runs.

#![allow(clippy::unwrap_used)] // a test: a bad fixture should fail loudly

use chaupal_rules::sholo_guti::{Capture, SholoGuti, SholoGutiRules};
use chaupal_rules::{EndReason, Game, MoveError, Outcome, PositionError, RuleError, Side};

const START: &str = "NNN/NNN/NNNNN/NNNNN/5/SSSSS/SSSSS/SSS/SSS s 0";

fn optional(text: &str) -> SholoGuti {
    SholoGuti::from_position_text(text, SholoGutiRules::default()).unwrap()
}

fn compulsory(text: &str) -> SholoGuti {
    SholoGuti::from_position_text(text, SholoGutiRules::COMPULSORY).unwrap()
}

/// The legal moves in notation, sorted.
fn moves(g: &SholoGuti) -> Vec<String> {
    let mut list = Vec::new();
    g.legal_moves(&mut list);
    let mut texts: Vec<_> = list.into_iter().map(|m| g.move_text(m)).collect();
    texts.sort();
    texts
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| (*s).to_owned()).collect();
    v.sort();
    v
}

fn captures(g: &SholoGuti) -> Vec<String> {
    moves(g).into_iter().filter(|m| m.contains('x')).collect()
}

fn play(g: &mut SholoGuti, texts: &str) {
    for t in texts.split_whitespace() {
        g.play_text(t).unwrap_or_else(|e| panic!("{t}: {e}"));
    }
}

fn illegal_reason(g: &SholoGuti, text: &str) -> String {
    match g.parse_move(text) {
        Err(MoveError::Illegal { detail, .. }) => detail,
        other => panic!("{text}: expected Illegal, got {other:?}"),
    }
}

// ---- the board -------------------------------------------------------------------------

#[test]
fn a_piece_steps_to_every_empty_neighbour_along_its_lines() {
    // south c3 alone in the middle of the lower board: row 3, column c, both diagonals.
    let g = optional("N2/3/5/5/5/5/2S2/3/3 s 0");
    assert_eq!(
        moves(&g),
        sorted(&[
            "c3-b3", "c3-d3", "c3-c2", "c3-c4", "c3-b2", "c3-d4", "c3-d2", "c3-b4"
        ])
    );
}

#[test]
fn points_off_the_diagonals_have_no_diagonal_lines() {
    // b3 lies on row 3 and column b only.
    let g = optional("N2/3/5/5/5/5/1S3/3/3 s 0");
    assert_eq!(moves(&g), sorted(&["b3-a3", "b3-c3", "b3-b4"]));
}

#[test]
fn b2_is_on_row_b2_c2_d2_and_the_diagonal_but_not_on_column_b() {
    let g = optional("N2/3/5/5/5/5/5/S2/3 s 0");
    assert_eq!(moves(&g), sorted(&["b2-a1", "b2-c2", "b2-c3"]));
    assert!(illegal_reason(&g, "b2-b3").contains("neither a step"));
}

#[test]
fn a1_c1_e1_is_a_row_whose_consecutive_points_are_neighbours() {
    let a1 = optional("2N/3/5/5/5/5/5/3/S2 s 0");
    assert_eq!(moves(&a1), sorted(&["a1-c1", "a1-b2"]));
    let c1 = optional("2N/3/5/5/5/5/5/3/1S1 s 0");
    assert_eq!(moves(&c1), sorted(&["c1-a1", "c1-e1", "c1-c2"]));
}

#[test]
fn the_top_triangle_mirrors_the_bottom_one() {
    // north e9: row a9-c9-e9 and the diagonal e9-d8-c7.
    let g = optional("2N/3/5/5/5/5/5/3/S2 n 0");
    assert_eq!(moves(&g), sorted(&["e9-c9", "e9-d8"]));
}

#[test]
fn a_step_must_go_to_an_empty_point() {
    let g = optional("N2/3/5/5/5/2S2/2S2/3/3 s 0");
    assert!(!moves(&g).contains(&"c3-c4".to_owned()));
    assert!(illegal_reason(&g, "c3-c4").contains("c4 is not empty"));
}

// ---- the start -------------------------------------------------------------------------

#[test]
fn the_start_position_is_sixteen_a_side_with_rank_five_empty() {
    let g = SholoGuti::start(SholoGutiRules::default());
    assert_eq!(g.position_text(), START);
    assert_eq!(g.pieces(Side::First).count_ones(), 16);
    assert_eq!(g.pieces(Side::Second).count_ones(), 16);
}

#[test]
fn south_moves_first() {
    let g = SholoGuti::start(SholoGutiRules::default());
    assert_eq!(g.side_to_move(), Side::First);
    assert_eq!(SholoGuti::side_name(Side::First), "south");
    assert_eq!(SholoGuti::side_name(Side::Second), "north");
    assert_eq!(
        moves(&g),
        sorted(&[
            "a4-a5", "b4-a5", "b4-b5", "b4-c5", "c4-c5", "d4-c5", "d4-d5", "d4-e5", "e4-e5"
        ])
    );
    assert!(illegal_reason(&g, "c6-c5").contains("it is south's turn"));
}

// ---- captures --------------------------------------------------------------------------

#[test]
fn a_jump_over_an_adjacent_enemy_to_the_empty_point_beyond_captures_it() {
    let mut g = optional("N2/3/5/5/5/2N2/2S2/3/3 s 0");
    play(&mut g, "c3xc5");
    assert_eq!(g.position_text(), "N2/3/5/5/2S2/5/5/3/3 n 0");
}

#[test]
fn a_jump_must_land_on_an_empty_point() {
    let g = optional("3/3/5/5/2N2/2N2/2S2/3/3 s 0");
    assert!(captures(&g).is_empty());
    assert!(illegal_reason(&g, "c3xc5").contains("c5 is not empty"));
}

#[test]
fn a_piece_may_not_jump_its_own_side() {
    let g = optional("N2/3/5/5/5/2S2/2S2/3/3 s 0");
    assert!(captures(&g).is_empty());
    assert!(illegal_reason(&g, "c3xc5").contains("no north piece on c4"));
}

#[test]
fn a_jump_goes_straight_along_one_line() {
    // b3 and c4 are not on a common line: no jump from b3 over c4 to d5.
    let g = optional("3/3/5/5/5/2N2/1S3/3/3 s 0");
    assert!(captures(&g).is_empty());
    assert!(illegal_reason(&g, "b3xd5").contains("neither a step"));
}

#[test]
fn jumps_follow_the_lines_of_the_triangles() {
    // a1 jumps c1 along the row a1-c1-e1 and b2 along the diagonal a1-b2-c3.
    let g = optional("2N/3/5/5/5/5/5/N2/SN1 s 0");
    assert_eq!(captures(&g), sorted(&["a1xe1", "a1xc3"]));
    // c2 is jumped along column c (from c1) and along the row b2-c2-d2 (from b2).
    let g = optional("2N/3/5/5/5/5/5/SN1/1S1 s 0");
    assert_eq!(captures(&g), sorted(&["c1xc3", "b2xd2"]));
}

#[test]
fn after_a_capture_the_same_piece_may_jump_again_in_any_direction() {
    // a3 takes b3 along row 3, then turns up column c to take c4, then turns along row 5.
    let mut g = optional("3/3/S4/N4/3N1/2N2/SN3/3/3 s 0");
    assert!(moves(&g).contains(&"a3xc3xc5xe5".to_owned()));
    play(&mut g, "a3xc3xc5xe5");
    assert_eq!(g.position_text(), "3/3/S4/N4/4S/5/5/3/3 n 0");
}

#[test]
fn optional_capture_lets_the_player_stop_after_any_capture() {
    let g = optional("3/3/S4/N4/3N1/2N2/SN3/3/3 s 0");
    let all = moves(&g);
    for prefix in ["a3xc3", "a3xc3xc5", "a3xc3xc5xe5"] {
        assert!(all.contains(&prefix.to_owned()), "{prefix}");
    }
}

#[test]
fn optional_capture_leaves_steps_legal_when_a_capture_is_possible() {
    let g = optional("3/3/S4/N4/3N1/2N2/SN3/3/3 s 0");
    assert!(moves(&g).contains(&"a3-a4".to_owned()));
    assert!(g.parse_move("a7-b7").is_ok());
}

#[test]
fn a_chain_may_come_back_to_its_start_point() {
    // e1 takes c1 (row a1-c1-e1), b2 (diagonal a1-b2-c3) and d2 (diagonal c3-d2-e1).
    let mut g = optional("3/3/5/5/5/5/5/N1N/1NS s 0");
    assert!(moves(&g).contains(&"e1xa1xc3xe1".to_owned()));
    assert!(moves(&g).contains(&"e1xc3xa1xe1".to_owned()));
    play(&mut g, "e1xa1xc3xe1");
    // every north piece is gone and south is back on e1
    assert_eq!(g.position_text(), "3/3/5/5/5/5/5/3/2S n 0");
}

#[test]
fn chains_with_different_landing_points_are_different_moves() {
    // Round the square c3-c5-e5-e3 either way: the same four pieces, two moves.
    let g = optional("3/3/5/5/3N1/2N1N/2SN1/3/3 s 0");
    let a = g.parse_move("c3xc5xe5xe3xc3").unwrap();
    let b = g.parse_move("c3xe3xe5xc5xc3").unwrap();
    assert_ne!(a, b);
    let mut after_a = g.clone();
    after_a.make(a);
    let mut after_b = g.clone();
    after_b.make(b);
    assert_eq!(after_a.position_text(), after_b.position_text());
}

#[test]
fn a_long_chain_captures_every_piece_it_jumps() {
    let mut g = optional("3/3/1N1N1/N1N1N/1N1N1/N1N1N/SN1N1/3/3 s 0");
    let mut list = Vec::new();
    g.legal_moves(&mut list);
    let longest = list.iter().copied().max_by_key(|m| m.captures()).unwrap();
    assert_eq!(longest.captures(), 9);
    let before = g.pieces(Side::Second).count_ones();
    let undo = g.make(longest);
    assert_eq!(g.pieces(Side::Second).count_ones(), before - 9);
    g.unmake(longest, undo);
    assert_eq!(
        g.position_text(),
        "3/3/1N1N1/N1N1N/1N1N1/N1N1N/SN1N1/3/3 s 0"
    );
}

// ---- capture=compulsory ----------------------------------------------------------------

#[test]
fn compulsory_capture_forbids_steps_when_any_capture_is_possible() {
    let g = compulsory("3/3/S4/N4/3N1/2N2/SN3/3/3 s 0");
    assert!(moves(&g).iter().all(|m| m.contains('x')));
    assert!(illegal_reason(&g, "a3-a4").contains("capture is compulsory"));
}

#[test]
fn compulsory_capture_makes_the_chain_go_on_while_the_piece_can_capture() {
    let g = compulsory("3/3/S4/N4/3N1/2N2/SN3/3/3 s 0");
    assert!(illegal_reason(&g, "a3xc3").contains("must go on"));
    assert!(illegal_reason(&g, "a3xc3xc5").contains("must go on"));
    assert!(g.parse_move("a3xc3xc5xe5").is_ok());
}

#[test]
fn compulsory_capture_allows_any_finished_chain_not_only_the_longest() {
    // a7xa5 takes one piece and ends; a3xc3xc5xe5 takes three: both are legal.
    let g = compulsory("3/3/S4/N4/3N1/2N2/SN3/3/3 s 0");
    assert_eq!(moves(&g), sorted(&["a7xa5", "a3xc3xc5xe5"]));
}

#[test]
fn compulsory_capture_allows_steps_when_no_capture_is_possible() {
    let g = SholoGuti::start(SholoGutiRules::COMPULSORY);
    assert_eq!(moves(&g).len(), 9);
    let mut g = g;
    play(&mut g, "a4-a5");
    assert_eq!(moves(&g), ["a6xa4"]);
}

#[test]
fn the_capture_rule_is_optional_by_default_and_read_from_its_key() {
    assert_eq!(SholoGutiRules::default().capture, Capture::Optional);
    let mut rules = SholoGutiRules::default();
    chaupal_rules::RuleSet::set(&mut rules, "capture", "compulsory").unwrap();
    assert_eq!(rules, SholoGutiRules::COMPULSORY);
    assert!(matches!(
        chaupal_rules::RuleSet::set(&mut rules, "capture", "maybe"),
        Err(RuleError::BadValue { .. })
    ));
}

// ---- the end of the game ---------------------------------------------------------------

#[test]
fn capturing_every_enemy_piece_wins() {
    let mut g = optional("3/3/5/5/5/2N2/2S2/3/3 s 0");
    play(&mut g, "c3xc5");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Side::First,
            reason: EndReason::AllCaptured
        })
    );
    assert!(moves(&g).is_empty());
}

#[test]
fn a_side_to_move_without_a_legal_move_loses() {
    // north's a9 is hemmed in by b8 and c9, and cannot jump them (c7 and e9 are held).
    let mut g = optional("N1S/SS1/2S2/5/5/5/5/3/3 s 0");
    assert_eq!(g.outcome(), None);
    play(&mut g, "c8-c9");
    assert!(moves(&g).is_empty());
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Side::First,
            reason: EndReason::NoLegalMove
        })
    );
}

#[test]
fn the_same_position_for_the_third_time_is_a_draw() {
    let mut g = SholoGuti::start(SholoGutiRules::default());
    play(&mut g, "a4-a5 e6-e5 a5-a4 e5-e6");
    assert_eq!(g.outcome(), None, "the second time is not yet a draw");
    play(&mut g, "a4-a5 e6-e5 a5-a4 e5-e6");
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
    assert!(moves(&g).is_empty());
}

#[test]
fn the_same_board_with_the_other_side_to_move_is_another_position() {
    let south = optional("N2/3/5/5/5/5/2S2/3/3 s 0");
    let north = optional("N2/3/5/5/5/5/2S2/3/3 n 0");
    assert_ne!(south.hash(), north.hash());
}

#[test]
fn repetition_counts_from_the_position_text_on() {
    // A position read from text starts a fresh history.
    let mut g = optional(START);
    play(&mut g, "a4-a5 e6-e5 a5-a4 e5-e6");
    let mut again = optional(&g.position_text());
    play(&mut again, "a4-a5 e6-e5 a5-a4 e5-e6");
    assert_eq!(again.outcome(), None);
}

#[test]
fn two_hundred_plies_without_a_capture_is_a_draw() {
    let mut g = optional("N2/3/5/5/5/5/2S2/3/3 s 198");
    play(&mut g, "c3-c4");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.no_capture_plies(), 199);
    play(&mut g, "a9-b8");
    assert_eq!(g.no_capture_plies(), 200);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::NoCaptureLimit
        })
    );
    assert!(moves(&g).is_empty());
}

#[test]
fn a_capture_resets_the_no_capture_count() {
    let mut g = optional("N2/3/5/5/5/2N2/2S2/3/3 s 199");
    play(&mut g, "c3xc5");
    assert_eq!(g.no_capture_plies(), 0);
    assert_eq!(g.outcome(), None);
}

#[test]
fn a_game_that_ended_refuses_moves() {
    let mut g = optional("3/3/5/5/5/2N2/2S2/3/3 s 0");
    play(&mut g, "c3xc5");
    assert_eq!(g.parse_move("c5-c4"), Err(MoveError::GameOver));
    assert_eq!(g.play_text("c5-c4"), Err(MoveError::GameOver));
}

// ---- move notation ---------------------------------------------------------------------

#[test]
fn a_step_is_written_from_dash_to() {
    let g = SholoGuti::start(SholoGutiRules::default());
    let m = g.parse_move("c4-c5").unwrap();
    assert_eq!(g.move_text(m), "c4-c5");
}

#[test]
fn a_capture_chain_lists_every_landing_point_after_x() {
    let g = optional("3/3/S4/N4/3N1/2N2/SN3/3/3 s 0");
    let m = g.parse_move("a3xc3xc5xe5").unwrap();
    assert_eq!(g.move_text(m), "a3xc3xc5xe5");
    assert_eq!(m.captures(), 3);
}

#[test]
fn a_dash_is_read_for_x_and_x_for_a_dash_but_printed_canonically() {
    let g = optional("3/3/S4/N4/3N1/2N2/SN3/3/3 s 0");
    let chain = g.parse_move("a3-c3-c5").unwrap();
    assert_eq!(g.move_text(chain), "a3xc3xc5");
    let step = g.parse_move("a3xa4").unwrap();
    assert_eq!(g.move_text(step), "a3-a4");
}

#[test]
fn malformed_move_texts_are_syntax_errors() {
    let g = SholoGuti::start(SholoGutiRules::default());
    for bad in [
        "", "c4", "c4-", "c4c5", "c4--c5", "c4:c5", "C4-C5", "f4-f5", "c0-c1", "c4-c5 ", " c4-c5",
        "c4-c5x", "4c-5c",
    ] {
        assert!(
            matches!(g.parse_move(bad), Err(MoveError::Syntax { .. })),
            "{bad:?}: {:?}",
            g.parse_move(bad)
        );
    }
    match g.parse_move("b1-c1") {
        Err(MoveError::Syntax { detail, .. }) => assert!(detail.contains("b1 is not a point")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_chain_longer_than_sixteen_captures_is_a_syntax_error() {
    let g = SholoGuti::start(SholoGutiRules::default());
    let text = std::iter::repeat_n("c3", 18).collect::<Vec<_>>().join("x");
    assert!(matches!(g.parse_move(&text), Err(MoveError::Syntax { .. })));
}

#[test]
fn well_formed_but_illegal_moves_say_why() {
    let g = SholoGuti::start(SholoGutiRules::default());
    assert!(illegal_reason(&g, "c5-c6").contains("no piece on c5"));
    assert!(illegal_reason(&g, "c6-c5").contains("north's"));
    assert!(illegal_reason(&g, "c3-c4").contains("c4 is not empty"));
    assert!(illegal_reason(&g, "c4-c6").contains("no north piece on c5"));
    assert!(illegal_reason(&g, "c4-c5-c6").contains("a step"));
    assert!(illegal_reason(&g, "a4-e4").contains("neither a step"));
}

// ---- position notation -----------------------------------------------------------------

#[test]
fn the_position_text_lists_the_points_each_rank_has() {
    let g = SholoGuti::start(SholoGutiRules::default());
    assert_eq!(g.position_text(), START);
    let mut g = g;
    play(&mut g, "c4-c5 d6-d5");
    // c5 south, d5 north on rank 5; c4 and d6 empty.
    assert_eq!(
        g.position_text(),
        "NNN/NNN/NNNNN/NNN1N/2SN1/SS1SS/SSSSS/SSS/SSS s 2"
    );
}

#[test]
fn the_position_text_carries_the_rule_pairs_that_differ_from_the_defaults() {
    let g = SholoGuti::start(SholoGutiRules::COMPULSORY);
    assert_eq!(g.position_text(), format!("{START} capture=compulsory"));
    let read =
        SholoGuti::from_position_text(&g.position_text(), SholoGutiRules::default()).unwrap();
    assert_eq!(read.rules(), &SholoGutiRules::COMPULSORY);
    // pairs in the text apply on top of the rules given
    let over = SholoGuti::from_position_text(
        &format!("{START} capture=optional"),
        SholoGutiRules::COMPULSORY,
    )
    .unwrap();
    assert_eq!(over.rules(), &SholoGutiRules::default());
}

#[test]
fn position_texts_round_trip() {
    for text in [
        START,
        "3/3/S4/N4/3N1/2N2/SN3/3/3 s 0",
        "1SN/S1S/5/1SS2/5/2N2/3S1/3/3 n 17",
        "NNN/N1N/NN1N1/1NNN1/3NN/SS3/4N/SSS/SSS s 199 capture=compulsory",
    ] {
        let g = optional(text);
        assert_eq!(g.position_text(), text);
        let again = optional(&g.position_text());
        assert_eq!(again.hash(), g.hash());
    }
}

fn syntax_field(text: &str) -> (&'static str, String) {
    match SholoGuti::from_position_text(text, SholoGutiRules::default()) {
        Err(PositionError::Syntax { field, detail }) => (field, detail),
        other => panic!("{text}: expected a syntax error, got {other:?}"),
    }
}

#[test]
fn malformed_position_texts_name_the_field_and_the_place() {
    assert_eq!(syntax_field("").0, "board");
    let (f, d) = syntax_field("NNN/NNN/NNNNN/NNNNN/5/SSSSS/SSSSS/SSS s 0");
    assert_eq!(f, "board");
    assert!(d.contains("9 ranks"), "{d}");
    let (f, d) = syntax_field("NNN/NNN/NNNNN/NNNNN/5/SSSSS/SSSSS/SSSS/SSS s 0");
    assert_eq!(f, "board");
    assert!(d.contains("rank 2") && d.contains("3 points"), "{d}");
    let (_, d) = syntax_field("NN/NNN/NNNNN/NNNNN/5/SSSSS/SSSSS/SSS/SSS s 0");
    assert!(d.contains("rank 9") && d.contains("a9 c9 e9"), "{d}");
    let (_, d) = syntax_field("NNN/NNN/NNNNN/NNNNN/4/SSSSS/SSSSS/SSS/SSS s 0");
    assert!(d.contains("rank 5"), "{d}");
    let (_, d) = syntax_field("NNN/NNN/NNNNN/NNxNN/5/SSSSS/SSSSS/SSS/SSS s 0");
    assert!(d.contains("rank 6, character 3 ('x')"), "{d}");
    let (_, d) = syntax_field("NNN/NNN/NNNNN/NNNNN/0/SSSSS/SSSSS/SSS/SSS s 0");
    assert!(d.contains("rank 5"), "{d}");
    assert_eq!(
        syntax_field("NNN/NNN/NNNNN/NNNNN/5/SSSSS/SSSSS/SSS/SSS").0,
        "side to move"
    );
    assert_eq!(
        syntax_field("NNN/NNN/NNNNN/NNNNN/5/SSSSS/SSSSS/SSS/SSS S 0").0,
        "side to move"
    );
    assert_eq!(
        syntax_field("NNN/NNN/NNNNN/NNNNN/5/SSSSS/SSSSS/SSS/SSS s").0,
        "no-capture counter"
    );
    assert_eq!(
        syntax_field("NNN/NNN/NNNNN/NNNNN/5/SSSSS/SSSSS/SSS/SSS s -1").0,
        "no-capture counter"
    );
}

#[test]
fn bad_rule_pairs_in_a_position_text_are_rule_errors() {
    for (text, check) in [
        (format!("{START} capture"), "malformed"),
        (format!("{START} capture=sometimes"), "bad value"),
        (format!("{START} pits=6"), "unknown"),
    ] {
        match SholoGuti::from_position_text(&text, SholoGutiRules::default()) {
            Err(PositionError::Rules(e)) => {
                let ok = match check {
                    "malformed" => matches!(e, RuleError::Malformed(_)),
                    "bad value" => matches!(e, RuleError::BadValue { .. }),
                    _ => matches!(e, RuleError::UnknownKey { .. }),
                };
                assert!(ok, "{text}: {e:?}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

fn illegal_position(text: &str) -> String {
    match SholoGuti::from_position_text(text, SholoGutiRules::default()) {
        Err(PositionError::Illegal { detail }) => detail,
        other => panic!("{text}: expected an illegal position, got {other:?}"),
    }
}

#[test]
fn positions_the_rules_forbid_are_illegal() {
    // seventeen south pieces
    assert!(
        illegal_position("NNN/NNN/NNNNN/NNNNN/S4/SSSSS/SSSSS/SSS/SSS s 0").contains("south has 17")
    );
    // a counter past the no-capture limit
    assert!(illegal_position(&START.replace(" 0", " 201")).contains("201"));
    // the side not to move has no pieces: the game ended before this
    assert!(illegal_position("3/3/5/5/5/5/2S2/3/3 s 0").contains("north has no pieces"));
}

#[test]
fn a_finished_game_reads_back_from_its_position_text() {
    // the side to move with no pieces, and a counter at the limit, are positions games reach
    let lost = optional("3/3/5/5/2S2/5/5/3/3 n 0");
    assert_eq!(
        lost.outcome().map(|o| o.reason()),
        Some(EndReason::AllCaptured)
    );
    let drawn = optional("N2/3/5/5/5/5/2S2/3/3 s 200");
    assert_eq!(
        drawn.outcome().map(|o| o.reason()),
        Some(EndReason::NoCaptureLimit)
    );
}
