//! Kalah's rules, checked one by one from docs/RULES.md ("Kalah"), with positions written in the
//! position notation (docs/NOTATION.md, Kalah): `south houses 1..m:store/north houses 1..m:store
//! side [rule pairs]`.

#![allow(clippy::unwrap_used)] // a test: helpers unwrap known-good positions and moves

use chaupal_rules::kalah::{Kalah, KalahMove, KalahRules};
use chaupal_rules::{
    AnyGame, EndReason, Game, GameKind, MoveError, Outcome, PositionError, RuleError, RuleSet, Side,
};

/// A position from its text under the default rules (the text may carry rule pairs).
fn pos(text: &str) -> Kalah {
    Kalah::from_position_text(text, KalahRules::default()).unwrap()
}

/// The position text after playing `moves` (house numbers) from `text`.
fn after(text: &str, moves: &[&str]) -> String {
    let mut game = pos(text);
    for m in moves {
        game.play_text(m).unwrap();
    }
    game.position_text()
}

fn moves_of(game: &Kalah) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves.into_iter().map(|m| game.move_text(m)).collect()
}

// --- The board and the rule options ------------------------------------------------------------

#[test]
fn default_board_has_six_houses_of_four_seeds_a_side_and_south_moves_first() {
    let game = Kalah::start(KalahRules::default());
    assert_eq!(game.position_text(), "4,4,4,4,4,4:0/4,4,4,4,4,4:0 s");
    assert_eq!(game.side_to_move(), Side::First);
    assert_eq!(Kalah::side_name(Side::First), "south");
    assert_eq!(Kalah::side_name(Side::Second), "north");
    assert_eq!(moves_of(&game), ["1", "2", "3", "4", "5", "6"]);
}

#[test]
fn option_pits_sets_the_houses_a_side_from_1_to_8() {
    for pits in 1..=8u8 {
        let rules = KalahRules::from_pairs([("pits", pits.to_string())]).unwrap();
        let game = Kalah::start(rules);
        assert_eq!(game.houses(Side::First).len(), pits as usize);
        assert_eq!(game.houses(Side::Second).len(), pits as usize);
        assert_eq!(moves_of(&game).len(), pits as usize);
    }
    assert!(KalahRules::from_pairs([("pits", "0")]).is_err());
    assert!(KalahRules::from_pairs([("pits", "9")]).is_err());
}

#[test]
fn option_seeds_sets_the_seeds_in_each_house_at_the_start_from_1_to_8() {
    let rules = KalahRules::from_pairs([("pits", "3"), ("seeds", "7")]).unwrap();
    assert_eq!(
        Kalah::start(rules).position_text(),
        "7,7,7:0/7,7,7:0 s pits=3 seeds=7"
    );
    assert!(KalahRules::from_pairs([("seeds", "0")]).is_err());
    assert!(KalahRules::from_pairs([("seeds", "9")]).is_err());
}

#[test]
fn option_empty_capture_is_false_by_default_and_takes_true_or_false() {
    assert!(!KalahRules::default().empty_capture());
    assert!(
        KalahRules::from_pairs([("empty-capture", "true")])
            .unwrap()
            .empty_capture()
    );
    assert!(matches!(
        KalahRules::from_pairs([("empty-capture", "1")]),
        Err(RuleError::BadValue { .. })
    ));
    assert_eq!(KalahRules::KEYS, ["pits", "seeds", "empty-capture"]);
}

// --- Sowing ------------------------------------------------------------------------------------

#[test]
fn a_move_takes_all_seeds_of_one_house_and_sows_them_one_by_one_counter_clockwise() {
    assert_eq!(
        after("4,4,4,4,4,4:0/4,4,4,4,4,4:0 s", &["1"]),
        "0,5,5,5,5,4:0/4,4,4,4,4,4:0 n"
    );
}

#[test]
fn sowing_passes_through_the_movers_own_store_into_the_opponents_house_1() {
    assert_eq!(
        after("4,4,4,4,4,4:0/4,4,4,4,4,4:0 s", &["6"]),
        "4,4,4,4,4,0:1/5,5,5,4,4,4:0 n"
    );
}

#[test]
fn north_sows_counter_clockwise_too_into_its_store_then_souths_house_1() {
    assert_eq!(
        after("0,5,5,5,5,4:0/4,4,4,4,4,4:0 n", &["5"]),
        "1,6,5,5,5,4:0/4,4,4,4,0,5:1 s"
    );
}

#[test]
fn sowing_skips_the_opponents_store() {
    // Nine seeds from south's house 6: own store, north's six houses, (not north's store),
    // south's houses 1 and 2.
    assert_eq!(
        after("1,1,1,1,1,9:5/4,4,4,4,4,4:5 s", &["6"]),
        "2,2,1,1,1,0:6/5,5,5,5,5,5:5 n"
    );
    // And north skips south's store.
    assert_eq!(
        after("4,4,4,4,4,4:5/1,1,1,1,1,9:5 n", &["6"]),
        "5,5,5,5,5,5:5/2,2,1,1,1,0:6 s"
    );
}

#[test]
fn a_lap_passes_through_the_emptied_origin_house_too() {
    // 20 seeds from house 3 on a ring of 13: one seed in every place, the origin included, then
    // seven more from house 4 on.
    assert_eq!(
        after("0,0,20,0,0,0:4/4,4,4,4,4,4:0 s", &["3"]),
        "1,1,1,2,2,2:6/6,6,6,5,5,5:0 n"
    );
}

#[test]
fn two_full_laps_leave_two_seeds_in_the_origin_and_so_no_capture_there() {
    assert_eq!(
        after("26,0,0,0,0,0:0/4,4,4,4,4,2:0 s", &["1"]),
        "2,2,2,2,2,2:2/6,6,6,6,6,4:0 n"
    );
}

// --- Extra turns -------------------------------------------------------------------------------

#[test]
fn last_seed_in_the_movers_own_store_means_the_same_side_moves_again() {
    let mut game = Kalah::start(KalahRules::default());
    game.play_text("3").unwrap();
    assert_eq!(game.position_text(), "4,4,0,5,5,5:1/4,4,4,4,4,4:0 s");
    assert_eq!(game.side_to_move(), Side::First);
}

#[test]
fn each_sowing_is_one_ply_and_extra_turns_can_follow_one_another() {
    let start = "6,5,4,3,2,1:2/4,4,4,4,4,3:2 s";
    assert_eq!(after(start, &["6"]), "6,5,4,3,2,0:3/4,4,4,4,4,3:2 s");
    assert_eq!(after(start, &["6", "5"]), "6,5,4,3,0,1:4/4,4,4,4,4,3:2 s");
    assert_eq!(
        after(start, &["6", "5", "6"]),
        "6,5,4,3,0,0:5/4,4,4,4,4,3:2 s"
    );
    assert_eq!(
        after(start, &["6", "5", "6", "4"]),
        "6,5,4,0,1,1:6/4,4,4,4,4,3:2 s"
    );
    // One ply each: perft 1 counts single sowings, not whole turns.
    let mut game = pos(start);
    assert_eq!(chaupal_rules::perft::perft(&mut game, 1), 6);
}

#[test]
fn north_moves_again_when_its_last_seed_falls_in_its_own_store() {
    assert_eq!(
        after("0,5,5,5,5,4:0/4,4,4,4,4,4:0 n", &["3"]),
        "0,5,5,5,5,4:0/4,4,0,5,5,5:1 n"
    );
}

// --- Captures ----------------------------------------------------------------------------------

#[test]
fn last_seed_in_an_empty_own_house_takes_itself_and_the_opposite_house() {
    // South's house 3 is opposite north's house 4 (m + 1 - 3).
    assert_eq!(
        after("1,1,0,4,4,4:3/4,4,4,5,4,4:6 s", &["2"]),
        "1,0,0,4,4,4:9/4,4,4,0,4,4:6 n"
    );
}

#[test]
fn north_captures_the_same_way_from_its_own_side() {
    // North's house 2 is opposite south's house 5.
    assert_eq!(
        after("4,4,4,4,3,4:2/1,0,5,5,5,5:2 n", &["1"]),
        "4,4,4,4,0,4:2/0,0,5,5,5,5:6 s"
    );
}

#[test]
fn house_i_is_opposite_the_opponents_house_m_plus_1_minus_i() {
    // Three houses a side; north's houses hold 1, 2 and 3 seeds so the capture shows which.
    // South's house 2 faces north's house 2, south's house 3 faces north's house 1 (and
    // south's house 1 faces north's house 3: see the lap test below for the 6-house board).
    assert_eq!(
        after("1,0,1:1/1,2,3:3 s pits=3 seeds=2", &["1"]),
        "0,0,1:4/1,0,3:3 n pits=3 seeds=2"
    );
    assert_eq!(
        after("1,1,0:1/1,2,3:3 s pits=3 seeds=2", &["2"]),
        "1,0,0:3/0,2,3:3 n pits=3 seeds=2"
    );
}

#[test]
fn no_capture_when_the_opposite_house_is_empty_by_default() {
    assert_eq!(
        after("1,1,0,4,4,4:3/4,4,4,0,4,4:11 s", &["2"]),
        "1,0,1,4,4,4:3/4,4,4,0,4,4:11 n"
    );
}

#[test]
fn empty_capture_true_takes_the_lone_seed_even_when_the_opposite_house_is_empty() {
    assert_eq!(
        after("1,1,0,4,4,4:3/4,4,4,0,4,4:11 s empty-capture=true", &["2"]),
        "1,0,0,4,4,4:4/4,4,4,0,4,4:11 n empty-capture=true"
    );
    // With a full opposite house, the option changes nothing.
    assert_eq!(
        after("1,1,0,4,4,4:3/4,4,4,5,4,4:6 s empty-capture=true", &["2"]),
        "1,0,0,4,4,4:9/4,4,4,0,4,4:6 n empty-capture=true"
    );
}

#[test]
fn no_capture_when_the_last_seed_falls_in_an_empty_house_of_the_opponent() {
    assert_eq!(
        after("4,4,4,4,4,2:2/0,4,4,4,4,4:4 s", &["6"]),
        "4,4,4,4,4,0:3/1,4,4,4,4,4:4 n"
    );
    assert_eq!(
        after("4,4,4,4,4,2:2/0,4,4,4,4,4:4 s empty-capture=true", &["6"]),
        "4,4,4,4,4,0:3/1,4,4,4,4,4:4 n empty-capture=true"
    );
}

#[test]
fn no_capture_when_the_last_seed_falls_in_an_own_house_that_held_seeds() {
    assert_eq!(
        after("1,1,2,4,4,4:3/4,4,4,5,4,4:4 s", &["2"]),
        "1,0,3,4,4,4:3/4,4,4,5,4,4:4 n"
    );
}

#[test]
fn a_full_lap_ending_in_the_emptied_origin_house_captures() {
    // 13 seeds from house 1 go once round the ring of 13 and the last lands in house 1, which
    // the move emptied: it and north's house 6 (which the lap just sowed into) are taken.
    assert_eq!(
        after("13,0,2,3,1,0:5/2,3,1,4,2,0:12 s", &["1"]),
        "0,1,3,4,2,1:8/3,4,2,5,3,0:12 n"
    );
}

// --- The end of the game -----------------------------------------------------------------------

#[test]
fn the_game_ends_when_the_movers_houses_are_all_empty_and_each_side_counts_its_own_seeds() {
    let mut game = pos("0,0,0,0,0,1:20/1,2,0,3,0,1:20 s");
    game.play_text("6").unwrap();
    assert_eq!(game.position_text(), "0,0,0,0,0,0:21/0,0,0,0,0,0:27 s");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::Second,
            reason: EndReason::SeedsCounted
        })
    );
    assert!(moves_of(&game).is_empty());
}

#[test]
fn the_game_ends_when_a_capture_empties_the_opponents_houses() {
    let mut game = pos("2,0,1,0,3,0:20/0,0,1,0,0,0:21 s");
    game.play_text("3").unwrap();
    assert_eq!(game.position_text(), "0,0,0,0,0,0:27/0,0,0,0,0,0:21 n");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::First,
            reason: EndReason::SeedsCounted
        })
    );
}

#[test]
fn the_game_ends_when_a_sowing_empties_the_movers_row_even_without_reaching_the_store() {
    // South's last seeds go over to north: south's row is empty, the game ends at once.
    let mut game = pos("0,0,0,0,0,3:20/1,1,1,1,1,1:19 s");
    game.play_text("6").unwrap();
    assert_eq!(game.position_text(), "0,0,0,0,0,0:21/0,0,0,0,0,0:27 n");
    assert_eq!(game.outcome().map(|o| o.winner()), Some(Some(Side::Second)));
}

#[test]
fn equal_stores_at_the_end_are_a_draw() {
    let mut game = pos("0,0,0,0,0,1:23/0,0,0,0,0,1:23 s");
    assert_eq!(game.outcome(), None);
    game.play_text("6").unwrap();
    assert_eq!(game.position_text(), "0,0,0,0,0,0:24/0,0,0,0,0,0:24 s");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::SeedsCounted
        })
    );
}

#[test]
fn a_finished_game_has_no_legal_moves_and_refuses_every_move() {
    let game = pos("0,0,0,0,0,0:30/0,0,0,0,0,0:18 n");
    assert!(moves_of(&game).is_empty());
    assert!(game.outcome().is_some());
    assert_eq!(game.parse_move("1"), Err(MoveError::GameOver));
    let mut any =
        AnyGame::from_position_text(GameKind::Kalah, &game.position_text(), [("pits", "6")])
            .unwrap();
    assert_eq!(any.play_text("1"), Err(MoveError::GameOver));
}

// --- Move notation -----------------------------------------------------------------------------

#[test]
fn moves_are_written_as_the_house_number_from_the_movers_left() {
    let mut game = pos("0,5,5,5,5,4:0/4,4,4,4,4,4:0 n");
    let mv = game.parse_move("5").unwrap();
    assert_eq!(mv, KalahMove::from_house(5).unwrap());
    assert_eq!(game.move_text(mv), "5");
    assert_eq!(
        game.parse_move(" 5 ").unwrap(),
        mv,
        "surrounding spaces are fine"
    );
    game.make(mv);
    assert_eq!(game.position_text(), "1,6,5,5,5,4:0/4,4,4,4,0,5:1 s");
}

#[test]
fn a_malformed_move_is_a_syntax_error() {
    let game = Kalah::start(KalahRules::default());
    for text in [
        "",
        " ",
        "a",
        "1a",
        "-1",
        "+1",
        "1.0",
        "a1",
        "1-2",
        "0",
        "7",
        "99999999999999999999",
    ] {
        assert!(
            matches!(game.parse_move(text), Err(MoveError::Syntax { .. })),
            "'{text}' should be a syntax error, got {:?}",
            game.parse_move(text)
        );
    }
    let small = Kalah::start(KalahRules::from_pairs([("pits", "3")]).unwrap());
    let err = small.parse_move("4").unwrap_err();
    assert!(err.to_string().contains("1 to 3"), "{err}");
}

#[test]
fn sowing_an_empty_house_is_illegal() {
    let game = pos("0,5,5,5,5,4:0/4,4,4,4,4,4:0 s");
    let err = game.parse_move("1").unwrap_err();
    assert!(matches!(err, MoveError::Illegal { .. }), "{err:?}");
    assert!(
        err.to_string().contains("south's house 1 is empty"),
        "{err}"
    );
}

// --- Position notation -------------------------------------------------------------------------

#[test]
fn position_text_round_trips_with_its_rule_pairs() {
    for text in [
        "4,4,4,4,4,4:0/4,4,4,4,4,4:0 s",
        "1,6,5,5,5,4:0/4,4,4,4,0,5:1 s",
        "0,0,0,0,0,0:27/0,0,0,0,0,0:21 n",
        "3,0,1,1:4/2,2,0,3:0 n pits=4 seeds=2",
        "0,16:0/0,16:0 n pits=2 seeds=8 empty-capture=true",
    ] {
        let game = pos(text);
        assert_eq!(game.position_text(), text);
        let again =
            Kalah::from_position_text(&game.position_text(), KalahRules::default()).unwrap();
        assert_eq!(again.hash(), game.hash());
        assert_eq!(again, game);
    }
}

#[test]
fn rule_pairs_in_the_text_apply_on_top_of_the_given_rules() {
    let base = KalahRules::from_pairs([("empty-capture", "true")]).unwrap();
    let game = Kalah::from_position_text("2,2,2:0/2,2,2:0 s pits=3 seeds=2", base).unwrap();
    assert_eq!(
        game.position_text(),
        "2,2,2:0/2,2,2:0 s pits=3 seeds=2 empty-capture=true"
    );
    // The given rules decide the board when the text names none.
    let three = KalahRules::from_pairs([("pits", "3"), ("seeds", "2")]).unwrap();
    assert!(Kalah::from_position_text("2,2,2:0/2,2,2:0 n", three).is_ok());
}

fn syntax_field(text: &str) -> &'static str {
    match Kalah::from_position_text(text, KalahRules::default()) {
        Err(PositionError::Syntax { field, .. }) => field,
        other => panic!("'{text}': expected a syntax error, got {other:?}"),
    }
}

fn illegal_detail(text: &str) -> String {
    match Kalah::from_position_text(text, KalahRules::default()) {
        Err(PositionError::Illegal { detail }) => detail,
        other => panic!("'{text}': expected an illegal position, got {other:?}"),
    }
}

#[test]
fn a_malformed_position_text_names_the_field_at_fault() {
    assert_eq!(syntax_field(""), "board");
    assert_eq!(syntax_field("4,4,4,4,4,4:0/4,4,4,4,4,4:0"), "side");
    assert_eq!(syntax_field("4,4,4,4,4,4:0/4,4,4,4,4,4:0 x"), "side");
    assert_eq!(syntax_field("4,4,4,4,4,4:0/4,4,4,4,4,4:0 w"), "side");
    assert_eq!(syntax_field("4,4,4,4,4,4:0 s"), "board");
    assert_eq!(syntax_field("4,4,4:0/4,4,4:0/4,4,4:0 s"), "board");
    assert_eq!(syntax_field("4,4,4,4,4,4/4,4,4,4,4,4:0 s"), "board");
    assert_eq!(syntax_field("4,4,4,4,4,4:0/4,4,4,4,4,4: s"), "board");
    assert_eq!(syntax_field("4,4,,4,4,4:0/4,4,4,4,4,4:0 s"), "board");
    assert_eq!(syntax_field("4,4,-4,4,4,4:0/4,4,4,4,4,4:0 s"), "board");
    assert_eq!(
        syntax_field("4,4,4,4,4,4:0/4,4,4,4,4,4:99999999999 s"),
        "board"
    );
    match Kalah::from_position_text("4,4,x,4,4,4:0/4,4,4,4,4,4:0 s", KalahRules::default()) {
        Err(e @ PositionError::Syntax { .. }) => {
            assert!(e.to_string().contains("south's house 3"), "{e}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn seeds_that_do_not_add_up_to_the_rule_sets_total_are_refused() {
    // 30 seeds on each side of a board of six 4-seed houses (48 in all).
    let detail = illegal_detail("5,5,5,5,5,5:0/5,5,5,5,5,5:0 s");
    assert!(detail.contains("60") && detail.contains("48"), "{detail}");
    illegal_detail("4,4,4,4,4,4:0/4,4,4,4,4,4:1 s");
    // The same counts are fine under seeds=5.
    assert!(
        Kalah::from_position_text(
            "5,5,5,5,5,5:0/5,5,5,5,5,5:0 s seeds=5",
            KalahRules::default()
        )
        .is_ok()
    );
    // One place holding more than the whole game.
    let detail = illegal_detail("200,0,0,0,0,0:0/0,0,0,0,0,1:0 s");
    assert!(detail.contains("south's house 1"), "{detail}");
}

#[test]
fn a_row_with_a_different_number_of_houses_than_the_pits_rule_is_refused() {
    let detail = illegal_detail("4,4,4,4:0/4,4,4,4:0 s");
    assert!(detail.contains("pits=6"), "{detail}");
    illegal_detail("4,4,4,4,4,4:0/4,4,4,4,4:4 s");
    assert!(
        Kalah::from_position_text(
            "6,6,6,6:0/6,6,6,6:0 s pits=4 seeds=6",
            KalahRules::default()
        )
        .is_ok()
    );
    // The pair must agree with the row too.
    assert!(matches!(
        Kalah::from_position_text(
            "4,4,4,4,4,4:0/4,4,4,4,4,4:0 s pits=5",
            KalahRules::default()
        ),
        Err(PositionError::Illegal { .. })
    ));
}

#[test]
fn a_position_with_one_row_empty_is_refused_as_the_game_would_already_be_over() {
    let detail = illegal_detail("0,0,0,0,0,0:20/1,2,0,3,0,1:21 n");
    assert!(detail.contains("already be over"), "{detail}");
    illegal_detail("1,0,0,0,0,0:20/0,0,0,0,0,0:27 s");
    // Both rows empty: a finished, counted game, which is fine.
    assert!(
        Kalah::from_position_text("0,0,0,0,0,0:20/0,0,0,0,0,0:28 s", KalahRules::default()).is_ok()
    );
}

#[test]
fn bad_rule_pairs_in_a_position_text_are_rule_errors() {
    let board = "4,4,4,4,4,4:0/4,4,4,4,4,4:0 s";
    for (pair, want) in [
        ("stones=4", "unknown"),
        ("pits", "KEY=VALUE"),
        ("pits=9", "bad value"),
        ("empty-capture=yes", "bad value"),
    ] {
        match Kalah::from_position_text(&format!("{board} {pair}"), KalahRules::default()) {
            Err(e @ PositionError::Rules(_)) => assert!(e.to_string().contains(want), "{e}"),
            other => panic!("{pair}: {other:?}"),
        }
    }
}

#[test]
fn any_game_plays_kalah_by_text() {
    let mut game = AnyGame::start(GameKind::Kalah, [("pits", "4"), ("seeds", "3")]).unwrap();
    assert_eq!(game.position_text(), "3,3,3,3:0/3,3,3,3:0 s pits=4 seeds=3");
    assert_eq!(game.play_text("2").unwrap(), "2");
    assert_eq!(
        game.side_to_move(),
        Side::First,
        "the last seed fell in the store"
    );
    assert_eq!(game.side_name(Side::Second), "north");
    assert_eq!(game.perft(1), 3);
}
