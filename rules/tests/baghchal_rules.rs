//! Bagh Chal rule tests, written from docs/RULES.md line by line; each test is named after the
//! rule it checks. Positions are built with the position notation (docs/NOTATION.md, Bagh Chal).

#![allow(clippy::unwrap_used)] // a test: a bad position or move in a test should fail loudly

use chaupal_rules::baghchal::{BaghChal, BaghChalRules, Repetition};
use chaupal_rules::{EndReason, Game, MoveError, Outcome, PositionError, RuleSet, Side};

/// The position a text describes, under the default rules (rule pairs in the text apply).
fn pos(text: &str) -> BaghChal {
    BaghChal::from_position_text(text, BaghChalRules::default()).unwrap()
}

/// The legal moves in notation, sorted.
fn legal(game: &BaghChal) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    let mut texts: Vec<String> = moves.into_iter().map(|m| game.move_text(m)).collect();
    texts.sort();
    texts
}

/// Plays moves given in notation, checking each.
fn play(game: &mut BaghChal, moves: &str) {
    for m in moves.split_whitespace() {
        game.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn is_legal(game: &BaghChal, text: &str) -> bool {
    legal(game).iter().any(|m| m == text)
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| (*s).to_owned()).collect();
    v.sort();
    v
}

/// The destinations of the steps a tiger on `from` has on an otherwise empty board (apart from
/// the corner tigers), tigers to move.
fn tiger_steps_from(board: &str, from: &str) -> Vec<String> {
    let game = pos(board);
    legal(&game)
        .into_iter()
        .filter_map(|m| m.strip_prefix(&format!("{from}-")).map(str::to_owned))
        .collect()
}

// ---- Board -------------------------------------------------------------------------------

#[test]
fn orthogonal_lines_join_every_point_to_its_neighbours() {
    // A tiger on c2 (no diagonals there) reaches exactly its four orthogonal neighbours.
    assert_eq!(
        tiger_steps_from("T3T/5/5/2T2/T4 t 20 0", "c2"),
        sorted(&["b2", "c1", "c3", "d2"])
    );
    // On the edge, b1 has three.
    assert_eq!(
        tiger_steps_from("T3T/5/5/5/TT3 t 20 0", "b1"),
        sorted(&["b2", "c1"])
    );
}

#[test]
fn diagonal_lines_pass_only_through_points_whose_file_plus_rank_is_even() {
    // b2 (1+1 even) has diagonals: to a1? occupied by a tiger; c1, a3, c3.
    assert_eq!(
        tiger_steps_from("T3T/5/5/1T3/T4 t 20 0", "b2"),
        sorted(&["a2", "b1", "b3", "c2", "c1", "a3", "c3"])
    );
    // b3 (1+2 odd) has none.
    assert_eq!(
        tiger_steps_from("T3T/5/1T3/5/T4 t 20 0", "b3"),
        sorted(&["a3", "c3", "b2", "b4"])
    );
    // c3 is the crossing of both long diagonals: eight neighbours.
    assert_eq!(tiger_steps_from("T3T/5/2T2/5/T4 t 20 0", "c3").len(), 8);
}

#[test]
fn the_diagonal_points_are_the_thirteen_the_rule_book_lists() {
    let listed = [
        "a1", "c1", "e1", "b2", "d2", "a3", "c3", "e3", "b4", "d4", "a5", "c5", "e5",
    ];
    for file in 'a'..='e' {
        for rank in '1'..='5' {
            let name = format!("{file}{rank}");
            // Put one tiger there (the others in the corners, or e.g. a1 moved aside) and see
            // whether it can step diagonally.
            let game = single_tiger_at(&name);
            let diagonal = legal(&game).iter().any(|m| {
                let b = m.as_bytes();
                m.starts_with(&name) && b[3] != b[0] && b[4] != b[1]
            });
            assert_eq!(diagonal, listed.contains(&name.as_str()), "{name}");
        }
    }
}

/// Tigers to move with one tiger on `name` and the other three out of its way.
fn single_tiger_at(name: &str) -> BaghChal {
    let bytes = name.as_bytes();
    let (file, rank) = ((bytes[0] - b'a') as usize, (bytes[1] - b'1') as usize);
    // The other three go on rank 5 or rank 1 far from it: pick the three free corners-ish points
    // not adjacent to it.
    let mut board = [['.'; 5]; 5];
    board[rank][file] = 'T';
    let mut placed = 0;
    for (f, r) in [
        (0, 0),
        (4, 0),
        (0, 4),
        (4, 4),
        (2, 0),
        (2, 4),
        (0, 2),
        (4, 2),
    ] {
        if placed == 3 {
            break;
        }
        let far = (f as i32 - file as i32).abs() > 1 || (r as i32 - rank as i32).abs() > 1;
        if board[r][f] == '.' && far {
            board[r][f] = 'T';
            placed += 1;
        }
    }
    let ranks: Vec<String> = (0..5)
        .rev()
        .map(|r| {
            let mut s = String::new();
            let mut run = 0;
            for &c in &board[r] {
                if c == 'T' {
                    if run > 0 {
                        s.push_str(&run.to_string());
                        run = 0;
                    }
                    s.push('T');
                } else {
                    run += 1;
                }
            }
            if run > 0 {
                s.push_str(&run.to_string());
            }
            s
        })
        .collect();
    pos(&format!("{} t 19 1 captures-to-win=5", ranks.join("/")))
}

// ---- Start -------------------------------------------------------------------------------

#[test]
fn start_has_tigers_on_the_corners_and_twenty_goats_in_hand() {
    let game = BaghChal::start(BaghChalRules::default());
    assert_eq!(game.position_text(), "T3T/5/5/5/T3T g 20 0");
    assert_eq!(game.goats_in_hand(), 20);
    assert_eq!(game.goats_captured(), 0);
    assert_eq!(game.tigers().count_ones(), 4);
}

#[test]
fn the_goat_side_moves_first() {
    let game = BaghChal::start(BaghChalRules::default());
    assert_eq!(game.side_to_move(), Side::First);
    assert_eq!(BaghChal::side_name(Side::First), "goats");
    assert_eq!(BaghChal::side_name(Side::Second), "tigers");
}

// ---- Goat turn ----------------------------------------------------------------------------

#[test]
fn goats_in_hand_are_placed_on_any_empty_point() {
    let game = BaghChal::start(BaghChalRules::default());
    let moves = legal(&game);
    assert_eq!(moves.len(), 21);
    assert!(moves.iter().all(|m| m.len() == 2), "only placements");
    assert!(!is_legal(&game, "a1"), "a1 holds a tiger");
    let mut game = pos("T3T/5/2G2/5/T3T g 18 1");
    assert!(!is_legal(&game, "c3"), "c3 holds a goat");
    play(&mut game, "b2");
    assert_eq!(game.goats_in_hand(), 17);
}

#[test]
fn goats_may_not_step_while_goats_are_in_hand() {
    let game = pos("T3T/5/2G2/5/T3T g 19 0");
    assert!(!legal(&game).iter().any(|m| m.contains('-')));
    assert!(matches!(
        game.parse_move("c3-c4"),
        Err(MoveError::Illegal { .. })
    ));
}

#[test]
fn captured_goats_still_count_as_placed() {
    // 18 goats on the board and 2 captured: all 20 are placed, so the goats step.
    let game = pos("TGGGT/GGGGG/GG1GG/GG1GG/TG1GT g 0 2");
    assert_eq!(game.goats_in_hand(), 0);
    assert!(legal(&game).iter().all(|m| m.contains('-')));
    // A capture during placement does not give the goat back to the hand.
    let mut game = pos("T4/5/1GTG1/2G2/T3T t 17 0");
    play(&mut game, "c3xa3");
    assert_eq!((game.goats_in_hand(), game.goats_captured()), (17, 1));
    // Counts that do not add up to 20 are refused.
    assert!(matches!(
        BaghChal::from_position_text("T4/5/1GTG1/2G2/T3T t 17 1", BaghChalRules::default()),
        Err(PositionError::Illegal { .. })
    ));
}

#[test]
fn once_all_goats_are_placed_a_goat_steps_along_a_line_to_an_empty_neighbour() {
    let mut game = pos("TGGGT/GG1GG/GG2G/GG1GG/TGGGT g 0 3");
    assert_eq!(
        legal(&game)
            .into_iter()
            .filter(|m| m.starts_with("b3"))
            .collect::<Vec<_>>(),
        sorted(&["b3-c3"])
    );
    // d2 (a diagonal point) may step diagonally to c3; b3 has no diagonal to c4.
    assert!(is_legal(&game, "d2-c3"));
    assert!(is_legal(&game, "e3-d3"));
    assert!(!is_legal(&game, "b3-c4"), "b3 has no diagonals");
    assert!(!is_legal(&game, "b2-d4"), "two points away");
    play(&mut game, "b3-c3");
    assert_eq!(game.side_to_move(), Side::Second);
}

#[test]
fn goats_never_jump() {
    // The goat on b3 could jump the c3 goat to d3 if goats jumped.
    let game = pos("TGGGT/GG1GG/GGG1G/GG1GG/TGGGT g 0 2");
    assert!(!legal(&game).iter().any(|m| m.contains('x')));
    match game.parse_move("b3xd3") {
        Err(MoveError::Illegal { detail, .. }) => {
            assert!(detail.contains("never jump"), "{detail}")
        }
        other => panic!("{other:?}"),
    }
}

// ---- Tiger turn ---------------------------------------------------------------------------

#[test]
fn a_tiger_steps_along_a_line_to_an_empty_neighbour() {
    let game = pos("T3T/5/5/1G3/T3T t 19 0");
    let a1: Vec<String> = legal(&game)
        .into_iter()
        .filter(|m| m.starts_with("a1"))
        .collect();
    // b2 holds a goat (and c3 beyond it is empty: a capture).
    assert_eq!(a1, sorted(&["a1-a2", "a1-b1", "a1xc3"]));
}

#[test]
fn a_tiger_captures_by_jumping_over_an_adjacent_goat_to_the_empty_point_beyond() {
    let mut game = pos("T3T/5/5/1G3/T3T t 19 0");
    play(&mut game, "a1xc3");
    assert_eq!(game.position_text(), "T3T/5/2T2/5/4T g 19 1");
}

#[test]
fn a_tiger_may_not_jump_when_the_point_beyond_is_occupied() {
    let game = pos("T3T/5/2G2/1G3/T3T t 18 0");
    assert!(!is_legal(&game, "a1xc3"));
    assert!(matches!(
        game.parse_move("a1xc3"),
        Err(MoveError::Illegal { .. })
    ));
}

#[test]
fn a_tiger_may_not_jump_over_a_tiger() {
    let game = pos("T3T/5/5/1T3/T4 t 20 0");
    assert!(!is_legal(&game, "a1xc3"));
    match game.parse_move("a1xc3") {
        Err(MoveError::Illegal { detail, .. }) => {
            assert!(detail.contains("over a tiger"), "{detail}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_tiger_jumps_only_along_a_straight_line() {
    // b3 has no diagonals, so the b3 tiger cannot jump the c4 goat to d5.
    let game = pos("T3T/2G2/1T3/5/4T t 19 0");
    assert!(!is_legal(&game, "b3xd5"));
    // The c3 tiger can jump the b2 goat to a1 along the long diagonal.
    let game = pos("T3T/5/2T2/1G3/4T t 19 0");
    assert!(is_legal(&game, "c3xa1"));
}

#[test]
fn one_capture_a_move() {
    // After a1xc3 the c4 goat could be jumped next, but the turn passes to the goats.
    let mut game = pos("T3T/2G2/5/1G3/T3T t 17 1");
    play(&mut game, "a1xc3");
    assert_eq!(game.side_to_move(), Side::First);
    assert_eq!(game.goats_captured(), 2);
    assert!(legal(&game).iter().all(|m| m.len() == 2));
}

#[test]
fn capturing_is_optional() {
    let game = pos("T3T/5/5/1G3/T3T t 19 0");
    let moves = legal(&game);
    assert!(moves.contains(&"a1xc3".to_owned()));
    assert!(moves.contains(&"a1-a2".to_owned()));
    assert!(moves.contains(&"e5-d4".to_owned()));
}

#[test]
fn tigers_move_and_capture_during_placement() {
    let mut game = BaghChal::start(BaghChalRules::default());
    play(&mut game, "b2 a1-a2 c1");
    assert!(is_legal(&game, "a2-a1"));
    play(&mut game, "a2xc2");
    assert_eq!(game.goats_in_hand(), 18);
    assert_eq!(game.goats_captured(), 1);
    play(&mut game, "c3");
    assert_eq!(game.goats_in_hand(), 17);
}

// ---- Winning and losing -------------------------------------------------------------------

#[test]
fn tigers_win_on_their_fifth_capture() {
    let mut game = pos("T4/5/1GTG1/2G2/T3T t 13 4");
    assert_eq!(game.outcome(), None);
    play(&mut game, "c3xe3");
    assert_eq!(game.goats_captured(), 5);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::Second,
            reason: EndReason::CaptureTarget
        })
    );
    assert!(legal(&game).is_empty());
    assert_eq!(game.parse_move("a4"), Err(MoveError::GameOver));
}

#[test]
fn four_captures_do_not_win_under_the_default_rules() {
    let mut game = pos("T4/5/1GTG1/2G2/T3T t 14 3");
    play(&mut game, "c3xe3");
    assert_eq!(game.goats_captured(), 4);
    assert_eq!(game.outcome(), None);
}

#[test]
fn captures_to_win_sets_the_winning_capture() {
    let one = BaghChalRules::from_pairs([("captures-to-win", "1")]).unwrap();
    let mut game = BaghChal::from_position_text("T4/5/1GTG1/2G2/T3T t 17 0", one).unwrap();
    play(&mut game, "c3xc1");
    assert_eq!(
        game.outcome().map(|o| o.reason()),
        Some(EndReason::CaptureTarget)
    );

    let twenty = BaghChalRules::from_pairs([("captures-to-win", "20")]).unwrap();
    let mut game = BaghChal::from_position_text("T4/5/1GTG1/2G2/T3T t 13 4", twenty).unwrap();
    play(&mut game, "c3xc1");
    assert_eq!(game.goats_captured(), 5);
    assert_eq!(game.outcome(), None, "20 needed");

    // Given in the position text, on top of the rules passed in.
    let mut game = pos("T4/5/1GTG1/2G2/T3T t 15 2 captures-to-win=3");
    assert_eq!(game.rules().captures_to_win, 3);
    play(&mut game, "c3xa3");
    assert_eq!(game.outcome().map(|o| o.winner()), Some(Some(Side::Second)));
}

#[test]
fn goats_win_when_the_tigers_to_move_have_no_legal_move() {
    let game = pos("TGGGT/GG1GG/G1G1G/GG1GG/TGGGT t 0 3");
    assert!(legal(&game).is_empty());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::First,
            reason: EndReason::NoLegalMove
        })
    );
}

#[test]
fn goats_win_by_trapping_the_last_free_tiger() {
    let mut game = pos("TGGGT/GG1GG/GG2G/GG1GG/TGGGT g 0 3");
    play(&mut game, "b3-c3");
    assert_eq!(game.outcome().and_then(Outcome::winner), Some(Side::First));
}

#[test]
fn goats_to_move_with_no_legal_move_lose() {
    let game = pos("GGGGG/GGGGG/GGGGG/TTGGG/1TGGT g 0 0");
    assert!(legal(&game).is_empty());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::Second,
            reason: EndReason::NoLegalMove
        })
    );
}

// ---- Repetition ---------------------------------------------------------------------------

/// After placement: the goat on d3 and the tiger on e1 can shuffle back and forth.
const SHUFFLE_START: &str = "TGGGT/GGGGG/GGTG1/GG2G/1GGGT g 0 3";
const SHUFFLE: &str = "d3-e3 e1-d2 e3-d3 d2-e1";

#[test]
fn the_third_occurrence_of_a_position_is_a_draw() {
    let mut game = pos(SHUFFLE_START);
    play(&mut game, SHUFFLE);
    assert_eq!(game.outcome(), None, "second occurrence: play goes on");
    assert_eq!(game.position_text(), SHUFFLE_START);
    play(&mut game, SHUFFLE);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: EndReason::Repetition
        })
    );
    assert!(legal(&game).is_empty());
    assert_eq!(game.parse_move("d3-e3"), Err(MoveError::GameOver));
}

#[test]
fn the_draw_comes_exactly_at_the_third_occurrence() {
    let mut game = pos(SHUFFLE_START);
    play(&mut game, "d3-e3 e1-d2 e3-d3 d2-e1 d3-e3 e1-d2 e3-d3");
    // Tigers to move: this position stands for the second time only.
    assert_eq!(game.outcome(), None);
    play(&mut game, "d2-e1");
    assert_eq!(
        game.outcome().map(|o| o.reason()),
        Some(EndReason::Repetition)
    );
}

#[test]
fn goats_in_hand_are_part_of_the_position() {
    // Same board and side to move, different goats in hand: different positions.
    let a = pos("T3T/5/2G2/5/T3T t 18 1");
    let b = pos("T3T/5/2G2/5/T3T t 19 0");
    assert_ne!(a.hash(), b.hash());
}

#[test]
fn forbidden_repetition_removes_a_tiger_move_that_recreates_an_earlier_position() {
    let forbidden = BaghChalRules::from_pairs([("repetition", "forbidden")]).unwrap();
    let mut game = BaghChal::from_position_text(SHUFFLE_START, forbidden).unwrap();
    play(&mut game, "d3-e3 e1-d2 e3-d3");
    assert!(!is_legal(&game, "d2-e1"));
    match game.parse_move("d2-e1") {
        Err(MoveError::Illegal { detail, .. }) => assert!(detail.contains("forbidden"), "{detail}"),
        other => panic!("{other:?}"),
    }
    // Under the default rules the same move is legal.
    let mut game = pos(SHUFFLE_START);
    play(&mut game, "d3-e3 e1-d2 e3-d3");
    assert!(is_legal(&game, "d2-e1"));
}

#[test]
fn forbidden_repetition_removes_a_goat_move_that_recreates_an_earlier_position() {
    let mut game = pos(&format!("{SHUFFLE_START} repetition=forbidden"));
    assert_eq!(game.rules().repetition, Repetition::Forbidden);
    play(&mut game, "d3-e3 e1-d2 b1-a1 d2-e1");
    // a1-b1 would recreate the position after d3-e3 (tigers to move).
    assert!(!is_legal(&game, "a1-b1"));
    assert!(is_legal(&game, "e3-d3"));
}

#[test]
fn forbidden_repetition_can_leave_the_tigers_without_a_move_and_they_lose() {
    // The b1 tiger's only way is a1 and back; after c3-c2 b1-a1 c2-c3 the way back would
    // recreate the start position.
    let start = "TGGGT/GG1GG/GGG1G/GG1GG/1TGGT g 0 3 repetition=forbidden";
    let mut game = pos(start);
    play(&mut game, "c3-c2 b1-a1 c2-c3");
    assert!(legal(&game).is_empty());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::First,
            reason: EndReason::NoLegalMove
        })
    );
    // Under repetition=draw the tiger may go back.
    let mut game = pos("TGGGT/GG1GG/GGG1G/GG1GG/1TGGT g 0 3");
    play(&mut game, "c3-c2 b1-a1 c2-c3");
    assert_eq!(legal(&game), vec!["a1-b1".to_owned()]);
}

#[test]
fn forbidden_repetition_applies_only_after_placement() {
    // During placement no position can come back (goats in hand fall with every goat move), so
    // the option removes nothing: perft equals the default's.
    let mut a = BaghChal::start(BaghChalRules::default());
    let mut b = BaghChal::start(BaghChalRules::from_pairs([("repetition", "forbidden")]).unwrap());
    assert_eq!(
        chaupal_rules::perft::perft(&mut a, 4),
        chaupal_rules::perft::perft(&mut b, 4)
    );
}

#[test]
fn repetition_counts_from_the_position_read() {
    // The history starts at a position read from text: one shuffle there is a second
    // occurrence, not a third.
    let mut game = pos(SHUFFLE_START);
    play(&mut game, SHUFFLE);
    let mut again = pos(&game.position_text());
    play(&mut again, SHUFFLE);
    assert_eq!(again.outcome(), None);
    play(&mut again, SHUFFLE);
    assert_eq!(
        again.outcome().map(|o| o.reason()),
        Some(EndReason::Repetition)
    );
}

// ---- Move notation ------------------------------------------------------------------------

#[test]
fn moves_are_written_c3_a1_b2_and_a1xc3() {
    let mut game = pos("T3T/5/5/1G3/T3T t 19 0");
    assert!(is_legal(&game, "a1-b1"));
    assert!(is_legal(&game, "a1xc3"));
    play(&mut game, "a1xc3");
    assert!(is_legal(&game, "b2"));
}

#[test]
fn a_dash_is_accepted_for_a_capture_and_an_x_for_a_step() {
    let game = pos("T3T/5/5/1G3/T3T t 19 0");
    let capture = game.parse_move("a1-c3").unwrap();
    assert_eq!(game.move_text(capture), "a1xc3");
    let step = game.parse_move("a1xb1").unwrap();
    assert_eq!(game.move_text(step), "a1-b1");
    let upper = game.parse_move(" A1XC3 ").unwrap();
    assert_eq!(upper, capture);
}

#[test]
fn malformed_moves_are_syntax_errors() {
    let game = BaghChal::start(BaghChalRules::default());
    for bad in [
        "", "c", "c33", "f1", "a6", "a0", "a1-", "-b2", "a1--b2", "a1-b2-c3", "3c", "tiger",
    ] {
        assert!(
            matches!(game.parse_move(bad), Err(MoveError::Syntax { .. })),
            "{bad:?} gave {:?}",
            game.parse_move(bad)
        );
    }
}

#[test]
fn illegal_moves_say_why() {
    let reason = |game: &BaghChal, text: &str| match game.parse_move(text) {
        Err(MoveError::Illegal { detail, .. }) => detail,
        other => panic!("{text}: {other:?}"),
    };
    let start = BaghChal::start(BaghChalRules::default());
    assert!(reason(&start, "a1").contains("occupied"));
    assert!(reason(&start, "a1-b1").contains("placed while goats are in hand"));
    let tigers = pos("T3T/5/5/1G3/T3T t 19 0");
    assert!(reason(&tigers, "c3").contains("tigers' turn"));
    assert!(reason(&tigers, "b1-c1").contains("no tiger on b1"));
    assert!(reason(&tigers, "a1-b2").contains("occupied"));
    assert!(reason(&tigers, "a1-d1").contains("not neighbours"));
    assert!(reason(&tigers, "e1xc1").contains("no goat on d1"));
    let goats = pos("TGGGT/GG1GG/GG2G/GG1GG/TGGGT g 0 3");
    assert!(reason(&goats, "c3").contains("all goats are placed"));
    assert!(reason(&goats, "c2-c3").contains("no goat on c2"));
}

// ---- Position notation --------------------------------------------------------------------

#[test]
fn position_text_round_trips_with_rule_pairs() {
    for text in [
        "T3T/5/5/5/T3T g 20 0",
        "T4/5/1GTG1/2G2/T3T t 17 0",
        "TGGGT/GGGGG/GGTG1/GG2G/1GGGT g 0 3 captures-to-win=4 repetition=forbidden",
        "T4/5/1GTG1/2G2/T3T g 12 5",
    ] {
        let game = pos(text);
        assert_eq!(game.position_text(), text);
        let again = pos(&game.position_text());
        assert_eq!(again.hash(), game.hash());
    }
    // threefold reads as draw, the default, so it is not printed.
    assert_eq!(
        pos("T3T/5/5/5/T3T g 20 0 repetition=threefold").position_text(),
        "T3T/5/5/5/T3T g 20 0"
    );
    // Rules passed in show in the text when they differ from the defaults.
    let rules = BaghChalRules::from_pairs([("captures-to-win", "7")]).unwrap();
    assert_eq!(
        BaghChal::start(rules).position_text(),
        "T3T/5/5/5/T3T g 20 0 captures-to-win=7"
    );
}

#[test]
fn a_position_with_the_winning_capture_made_reads_as_a_finished_game() {
    let game = pos("T4/5/1GTG1/2G2/T3T g 12 5");
    assert_eq!(
        game.outcome().map(|o| o.reason()),
        Some(EndReason::CaptureTarget)
    );
}

#[test]
fn malformed_position_texts_are_syntax_errors_naming_the_field() {
    let field_of = |text: &str| match BaghChal::from_position_text(text, BaghChalRules::default()) {
        Err(PositionError::Syntax { field, detail }) => (field, detail),
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(field_of("").0, "board");
    let (field, detail) = field_of("T3T/5/5/T3T g 20 0");
    assert_eq!(field, "board");
    assert!(detail.contains("5 ranks"), "{detail}");
    let (_, detail) = field_of("T3T/5/5/6/T3T g 20 0");
    assert!(detail.contains("rank 2"), "{detail}");
    let (_, detail) = field_of("T3T/5/5/4/T3T g 20 0");
    assert!(detail.contains("rank 2 has only 4"), "{detail}");
    let (_, detail) = field_of("T3T/5/5/5/T3TG g 20 0");
    assert!(detail.contains("rank 1 has more than 5"), "{detail}");
    let (_, detail) = field_of("T3T/5/2X2/5/T3T g 20 0");
    assert!(detail.contains("rank 3, character 2: 'X'"), "{detail}");
    assert_eq!(field_of("T3T/5/5/5/T3T").0, "side to move");
    assert_eq!(field_of("T3T/5/5/5/T3T x 20 0").0, "side to move");
    assert_eq!(field_of("T3T/5/5/5/T3T g").0, "goats in hand");
    assert_eq!(field_of("T3T/5/5/5/T3T g twenty 0").0, "goats in hand");
    assert_eq!(field_of("T3T/5/5/5/T3T g 20").0, "goats captured");
    assert_eq!(field_of("T3T/5/5/5/T3T g 20 -1").0, "goats captured");
}

#[test]
fn bad_rule_pairs_in_a_position_are_rule_errors() {
    for text in [
        "T3T/5/5/5/T3T g 20 0 captures-to-win=0",
        "T3T/5/5/5/T3T g 20 0 speed=fast",
        "T3T/5/5/5/T3T g 20 0 repetition",
    ] {
        assert!(
            matches!(
                BaghChal::from_position_text(text, BaghChalRules::default()),
                Err(PositionError::Rules(_))
            ),
            "{text}"
        );
    }
}

#[test]
fn impossible_positions_are_refused() {
    for text in [
        "T3T/5/2T2/5/T3T g 20 0", // five tigers
        "T3T/5/5/5/T4 g 20 0",    // three tigers
        "T3T/5/2G2/5/T3T g 20 0", // 21 goats
        "T3T/5/5/5/T3T g 19 0",   // 19 goats
        "T3T/5/5/5/T3T g 21 0",   // more than 20 in hand
        "T3T/5/5/5/T3T g 14 6",   // more captured than captures-to-win
        "T3T/5/5/5/T3T g 16 4 captures-to-win=3",
    ] {
        assert!(
            matches!(
                BaghChal::from_position_text(text, BaghChalRules::default()),
                Err(PositionError::Illegal { .. })
            ),
            "{text}: {:?}",
            BaghChal::from_position_text(text, BaghChalRules::default())
        );
    }
}

#[test]
fn the_goats_option_sets_how_many_goats_are_placed() {
    let rules = BaghChalRules::from_pairs([("goats", "3"), ("captures-to-win", "2")]).unwrap();
    let mut game = BaghChal::start(rules);
    assert_eq!(
        game.position_text(),
        "T3T/5/5/5/T3T g 3 0 captures-to-win=2 goats=3"
    );
    play(&mut game, "c3 a1-b1 b3 e1-d1 d3 a5-a4");
    assert_eq!(game.goats_in_hand(), 0);
    // All three placed: the goats now step, as after the twentieth goat of the standard game.
    assert!(is_legal(&game, "c3-c4"));
    assert!(!is_legal(&game, "c2"));
    assert!(matches!(
        game.parse_move("c2"),
        Err(MoveError::Illegal { .. })
    ));
    assert_eq!(
        game.position_text(),
        "4T/T4/1GGG1/5/1T1T1 g 0 0 captures-to-win=2 goats=3"
    );
}

#[test]
fn with_fewer_goats_the_counts_of_a_position_add_up_to_the_goats() {
    let small = "captures-to-win=2 goats=3";
    // 1 on the board + 2 in hand + 0 captured: three goats.
    let game = pos(&format!("T3T/5/2G2/5/T3T t 2 0 {small}"));
    assert_eq!(game.rules().goats, 3);
    assert_eq!(
        game.position_text(),
        format!("T3T/5/2G2/5/T3T t 2 0 {small}")
    );
    // The rule pairs read in any order.
    let reversed = pos("T3T/5/2G2/5/T3T t 2 0 goats=3 captures-to-win=2");
    assert_eq!(reversed.position_text(), game.position_text());
    for wrong in [
        format!("T3T/5/2G2/5/T3T t 3 0 {small}"),
        format!("T3T/5/5/5/T3T g 4 0 {small}"),
        "T3T/5/2G2/5/T3T t 2 0".to_owned(),
    ] {
        assert!(
            matches!(
                BaghChal::from_position_text(&wrong, BaghChalRules::default()),
                Err(PositionError::Illegal { .. })
            ),
            "{wrong}"
        );
    }
    // The tigers' target must be within the goats.
    assert!(matches!(
        BaghChal::from_position_text("T3T/5/2G2/5/T3T t 2 0 goats=3", BaghChalRules::default()),
        Err(PositionError::Rules(_))
    ));
}

#[test]
fn with_two_goats_the_second_capture_wins() {
    let mut game = pos("T4/5/1GT2/5/T3T t 0 1 captures-to-win=2 goats=2");
    play(&mut game, "c3xa3");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Side::Second,
            reason: EndReason::CaptureTarget
        })
    );
}
