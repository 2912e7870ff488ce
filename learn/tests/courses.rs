//! Every stage of every course reads, is legal, and can be won within its par by a line that
//! starts with its hint and meets its scripted replies; and the runner refuses what it should.

use chaupal_learn::lesson::stars;
use chaupal_learn::{Course, Failure, Goal, Lesson, Stage, Step, Wrong, solve, solve_from};
use chaupal_rules::game::{GameKind, MoveError};
use std::collections::BTreeMap;

fn stage(game: GameKind, position: &str, goal: Goal, par: u32, hint: &str) -> Stage {
    Stage {
        game,
        id: "test".to_owned(),
        position: position.to_owned(),
        rules: BTreeMap::new(),
        goal,
        par,
        replies: Vec::new(),
        hint: hint.to_owned(),
        lose_none: false,
    }
}

#[test]
fn every_course_reads_with_unique_ids_and_legal_positions() {
    for game in GameKind::ALL {
        let course = Course::of(game);
        assert_eq!(course.game, game);
        for s in &course.stages {
            let start = s.start().expect("a legal position");
            assert!(start.outcome().is_none(), "{game} {}: already over", s.id);
            assert!(Lesson::new(s).is_ok(), "{game} {}", s.id);
        }
    }
}

#[test]
fn every_stage_is_solvable_within_par_from_its_hint_on_script() {
    let mut failures = Vec::new();
    for game in GameKind::ALL {
        for s in Course::of(game).stages {
            if solve(&s).is_none() {
                failures.push(format!("{game} {}: no solution within par {}", s.id, s.par));
                continue;
            }
            match solve_from(&s, &s.hint) {
                None => failures.push(format!(
                    "{game} {}: the hint {} starts no solution within par on script",
                    s.id, s.hint
                )),
                Some(line) => {
                    let mut lesson = Lesson::new(&s).expect("a stage");
                    let mut last = None;
                    for m in &line {
                        last = Some(lesson.play(m).expect("the solution's moves are legal"));
                    }
                    assert!(matches!(last, Some(Step::Done { stars: 3, .. })));
                    assert_eq!(lesson.off_script(), 0, "{game} {}", s.id);
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn an_illegal_move_is_refused_and_nothing_is_played() {
    let s = stage(
        GameKind::BaghChal,
        "T3T/5/5/5/T3T g 20 0",
        Goal::Reach {
            square: "c3".to_owned(),
        },
        1,
        "c3",
    );
    let mut lesson = Lesson::new(&s).expect("a stage");
    let before = lesson.position().position_text();
    // Goats in hand are placed; a tiger's point is not free.
    let err = lesson.play("a1").expect_err("an occupied point");
    assert!(matches!(
        err,
        Wrong::Illegal {
            reason: MoveError::Illegal { .. }
        }
    ));
    assert!(matches!(
        lesson.play("z9"),
        Err(Wrong::Illegal {
            reason: MoveError::Syntax { .. }
        })
    ));
    assert_eq!(lesson.position().position_text(), before);
    assert_eq!(lesson.moves(), 0);
    assert_eq!(lesson.play("c3"), Ok(Step::Done { stars: 3, moves: 1 }));
}

#[test]
fn a_blunder_is_refused_on_a_lose_none_stage() {
    // A tiger on b2: a goat placed on c3 could be jumped to d4.
    let mut s = stage(
        GameKind::BaghChal,
        "T3T/5/5/1T3/4T g 20 0",
        Goal::Survive { moves: 2 },
        2,
        "e5",
    );
    s.lose_none = true;
    let mut lesson = Lesson::new(&s).expect("a stage");
    let before = lesson.position().position_text();
    let err = lesson.play("c3").expect_err("the goat hangs");
    assert_eq!(
        err,
        Wrong::Hangs {
            piece: "c3".to_owned(),
            by: "b2".to_owned()
        }
    );
    assert_eq!(lesson.position().position_text(), before);
    assert!(err.to_string().contains("b2"));
    // Without lose_none the same move is played, and the goat is lost.
    s.lose_none = false;
    let mut lesson = Lesson::new(&s).expect("a stage");
    assert!(matches!(lesson.play("c3"), Ok(Step::Failed(_))));
}

#[test]
fn a_kalah_house_left_to_be_taken_is_refused_on_a_lose_none_stage() {
    // South's 1 fills house 3 while north's 1 ends in its empty house 2, facing it.
    let mut s = stage(
        GameKind::Kalah,
        "2,0,3,0:5/1,0,0,4:9 s pits=4 seeds=3",
        Goal::Survive { moves: 1 },
        1,
        "3",
    );
    s.lose_none = true;
    let mut lesson = Lesson::new(&s).expect("a stage");
    assert_eq!(
        lesson.play("1"),
        Err(Wrong::GivesSeeds { house: 3, seeds: 4 })
    );
    assert_eq!(lesson.moves(), 0);
    assert_eq!(lesson.play("3"), Ok(Step::Done { stars: 3, moves: 1 }));
}

#[test]
fn stars_follow_par() {
    assert_eq!(stars(1, 2), 3);
    assert_eq!(stars(2, 2), 3);
    assert_eq!(stars(3, 2), 2);
    assert_eq!(stars(4, 2), 2);
    assert_eq!(stars(5, 2), 1);
    // Par 1, done in two moves: two stars.
    let reach = |par| {
        stage(
            GameKind::BaghChal,
            "T3T/5/5/5/T3T t 20 0",
            Goal::Reach {
                square: "c3".to_owned(),
            },
            par,
            "a1-b2",
        )
    };
    let mut lesson = Lesson::new(&reach(1)).expect("a stage");
    assert!(matches!(lesson.play("a1-b2"), Ok(Step::Going { .. })));
    assert_eq!(lesson.play("b2-c3"), Ok(Step::Done { stars: 2, moves: 2 }));
    // Par 2, done in two moves: three stars.
    let mut lesson = Lesson::new(&reach(2)).expect("a stage");
    assert!(matches!(lesson.play("a1-b2"), Ok(Step::Going { .. })));
    assert_eq!(lesson.play("b2-c3"), Ok(Step::Done { stars: 3, moves: 2 }));
    // Par 1 and four moves wandering: failed, and nothing more is played.
    let mut lesson = Lesson::new(&reach(1)).expect("a stage");
    for m in ["e5-e4", "e4-e5", "e5-e4"] {
        assert!(matches!(lesson.play(m), Ok(Step::Going { .. })), "{m}");
    }
    assert_eq!(
        lesson.play("e4-e5"),
        Ok(Step::Failed(Failure::TooManyMoves { limit: 4 }))
    );
    assert_eq!(lesson.play("a1-b2"), Err(Wrong::Finished));
}

#[test]
fn every_stage_says_what_it_teaches_and_has_fluent_keys() {
    for game in GameKind::ALL {
        let lines: Vec<&str> = Course::text(game).lines().collect();
        for (i, line) in lines.iter().enumerate() {
            if line.trim() == "[[stage]]" {
                let above = i.checked_sub(1).and_then(|j| lines.get(j)).copied();
                assert!(
                    above.is_some_and(|l| l.starts_with("# ") && l.len() > 10),
                    "{game}: the stage at line {} has no comment saying what it teaches",
                    i + 1
                );
            }
        }
        let course = Course::of(game);
        assert!(
            course.stages.len() >= 8,
            "{game}: {} stages",
            course.stages.len()
        );
        let first = &course.stages[0];
        assert_eq!(
            first.fluent_key("title"),
            format!("learn-{}-{}-title", game.name(), first.id)
        );
    }
    assert_eq!(
        Course::of(GameKind::Kalah).stages[0].fluent_key("hint"),
        "learn-kalah-sow-hint"
    );
}
