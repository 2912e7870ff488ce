//! One group commit as a few multi-row statements: the rows a group of writes adds, and what it
//! leaves in each game's row.
//!
//! A group of writes (up to [`super::GROUP_COMMIT_MAX`]) is one `INSERT` of events, one of moves
//! and one `UPDATE` of all the games it touches, plus the rare statement for a take-back, an
//! ending or a rating: a move costs no statement, and no round trip to the database, of its own.
//! The SQL text is built here with `$N` parameters (both databases take them) and no I/O, so that
//! it can be tested alone; [`super::writer`] binds and runs it.

use std::collections::HashMap;

use chaupal_shared::protocol::{GameId, GameResult};

use crate::pace::Pace;

/// The most rows in one multi-row `INSERT`: far under both databases' parameter limits (SQLite
/// 32 766, PostgreSQL 65 535) at five parameters a row.
pub const ROWS_PER_INSERT: usize = 256;

/// Splits `rows` rows into statements of power-of-two sizes (largest first, at most
/// [`ROWS_PER_INSERT`]), so that only nine shapes of each `INSERT` exist and the prepared
/// statements the database connections keep stay few and reused.
pub fn insert_chunks(rows: usize) -> Vec<usize> {
    let mut left = rows;
    let mut chunks = Vec::new();
    while left > 0 {
        let size = if left >= ROWS_PER_INSERT {
            ROWS_PER_INSERT
        } else {
            1 << left.ilog2()
        };
        chunks.push(size);
        left -= size;
    }
    chunks
}

/// `INSERT INTO table (c1, c2, ...) VALUES ($1, $2, ...), (...), ...` for `rows` rows.
pub fn insert_sql(table: &str, columns: &[&str], rows: usize) -> String {
    let mut sql = format!("INSERT INTO {table} ({}) VALUES ", columns.join(", "));
    let mut n = 0;
    for r in 0..rows {
        if r > 0 {
            sql.push_str(", ");
        }
        sql.push('(');
        for c in 0..columns.len() {
            if c > 0 {
                sql.push_str(", ");
            }
            n += 1;
            sql.push_str(&format!("${n}"));
        }
        sql.push(')');
    }
    sql
}

/// Clock times left as stored: both, or none in an untimed game.
pub type Clocks = Option<[i64; 2]>;

/// What a group of writes leaves in one game's row.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameRowChange {
    /// The version of the game's last event.
    pub version: i64,
    /// The plies after the last move or take-back, if any.
    pub plies: Option<i64>,
    /// The clocks after the last move, take-back or ending, if any.
    pub clocks: Option<Clocks>,
    /// The ending, if the game ended.
    pub finish: Option<Ending>,
    /// The next move's deadline after the last move, take-back or ending (none: no deadline),
    /// if any.
    pub deadline: Option<Option<i64>>,
    /// The side to move after the last move or take-back (0 or 1), if any.
    pub to_move: Option<i64>,
    /// When the player to move is reminded of the deadline (none: never), if changed.
    pub remind_at: Option<Option<i64>>,
}

/// Whose move it is after a move or a take-back, and by when: a correspondence game's pace
/// holds the deadline, and when its player is reminded of it.
#[derive(Clone, Copy, Debug)]
pub struct NextTurn {
    pub side: chaupal_rules::Side,
    /// A correspondence game's pace after the move (none: a live game).
    pub pace: Option<Pace>,
}

impl GameRowChange {
    /// The side to move, its deadline and its reminder after a move or a take-back.
    pub fn turn(&mut self, turn: &NextTurn) {
        self.to_move = Some(super::rows::side_number(turn.side));
        self.deadline = Some(turn.pace.and_then(Pace::deadline_ms).map(super::to_i64));
        self.remind_at = Some(turn.pace.and_then(Pace::remind_at_ms).map(super::to_i64));
    }
}

/// The columns an ending sets.
#[derive(Clone, Debug, PartialEq)]
pub struct Ending {
    pub result: GameResult,
    pub ended_ms: i64,
}

/// The games touched by a group, each with what the group leaves in its row, in the order the
/// games were first touched.
#[derive(Debug, Default)]
pub struct GameRowChanges {
    order: Vec<GameId>,
    changes: HashMap<GameId, GameRowChange>,
}

impl GameRowChanges {
    /// The row of `game` as the writes folded so far leave it.
    pub fn entry(&mut self, game: GameId) -> &mut GameRowChange {
        self.changes.entry(game).or_insert_with(|| {
            self.order.push(game);
            GameRowChange::default()
        })
    }

    /// The games and their changes, in the order they were first touched.
    pub fn iter(&self) -> impl Iterator<Item = (GameId, &GameRowChange)> {
        self.order
            .iter()
            .filter_map(|g| self.changes.get(g).map(|c| (*g, c)))
    }

    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// One `UPDATE games` for every game touched: the version always, the plies and the clocks
    /// where the group changed them (a `CASE` on the id, others keep theirs). The parameters, in
    /// order, are the returned values. Its shape changes with every group: run it unprepared
    /// (`persistent(false)`), or the connections' statement caches fill with one-off plans.
    pub fn update_sql(&self) -> (String, Vec<Option<i64>>) {
        let mut params: Vec<Option<i64>> = Vec::new();
        let param = |v: Option<i64>, params: &mut Vec<Option<i64>>| {
            params.push(v);
            format!("${}", params.len())
        };
        let mut set = Vec::new();
        let mut column = |name: &str,
                          value: &dyn Fn(&GameRowChange) -> Option<Option<i64>>,
                          params: &mut Vec<Option<i64>>| {
            let mut case = format!("{name} = CASE id");
            let mut any = false;
            for (game, change) in self.iter() {
                if let Some(v) = value(change) {
                    let id = param(Some(game_id(game)), params);
                    let v = param(v, params);
                    case.push_str(&format!(" WHEN {id} THEN {v}"));
                    any = true;
                }
            }
            if any {
                case.push_str(&format!(" ELSE {name} END"));
                set.push(case);
            }
        };
        column("version", &|c| Some(Some(c.version)), &mut params);
        column("plies", &|c| c.plies.map(Some), &mut params);
        column(
            "first_ms",
            &|c| c.clocks.map(|k| k.map(|k| k[0])),
            &mut params,
        );
        column(
            "second_ms",
            &|c| c.clocks.map(|k| k.map(|k| k[1])),
            &mut params,
        );
        column("deadline_ms", &|c| c.deadline, &mut params);
        column("to_move", &|c| c.to_move.map(Some), &mut params);
        column("remind_at_ms", &|c| c.remind_at, &mut params);
        let ids: Vec<String> = self
            .iter()
            .map(|(game, _)| param(Some(game_id(game)), &mut params))
            .collect();
        let sql = format!(
            "UPDATE games SET {} WHERE id IN ({})",
            set.join(", "),
            ids.join(", ")
        );
        (sql, params)
    }
}

/// A game id as stored.
pub fn game_id(game: GameId) -> i64 {
    super::to_i64(game.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_sql_numbers_every_parameter_once() {
        assert_eq!(
            insert_sql("events", &["a", "b"], 2),
            "INSERT INTO events (a, b) VALUES ($1, $2), ($3, $4)"
        );
    }

    #[test]
    fn inserts_split_into_few_shapes_that_cover_every_row() {
        assert_eq!(insert_chunks(0), Vec::<usize>::new());
        assert_eq!(insert_chunks(1), [1]);
        assert_eq!(insert_chunks(100), [64, 32, 4]);
        assert_eq!(insert_chunks(600), [256, 256, 64, 16, 8]);
        for n in 0..1000 {
            let chunks = insert_chunks(n);
            assert_eq!(chunks.iter().sum::<usize>(), n);
            assert!(
                chunks
                    .iter()
                    .all(|c| c.is_power_of_two() && *c <= ROWS_PER_INSERT)
            );
        }
    }

    #[test]
    fn the_update_sets_only_what_changed_and_names_every_game() {
        let mut rows = GameRowChanges::default();
        rows.entry(GameId(7)).version = 3;
        let moved = rows.entry(GameId(9));
        moved.version = 5;
        moved.plies = Some(4);
        moved.clocks = Some(None);
        let (sql, params) = rows.update_sql();
        assert_eq!(
            sql,
            "UPDATE games SET version = CASE id WHEN $1 THEN $2 WHEN $3 THEN $4 ELSE version END, \
             plies = CASE id WHEN $5 THEN $6 ELSE plies END, \
             first_ms = CASE id WHEN $7 THEN $8 ELSE first_ms END, \
             second_ms = CASE id WHEN $9 THEN $10 ELSE second_ms END \
             WHERE id IN ($11, $12)"
        );
        assert_eq!(
            params,
            vec![
                Some(7),
                Some(3),
                Some(9),
                Some(5),
                Some(9),
                Some(4),
                Some(9),
                None,
                Some(9),
                None,
                Some(7),
                Some(9)
            ]
        );
    }

    #[test]
    fn games_keep_the_order_they_were_first_touched_in() {
        let mut rows = GameRowChanges::default();
        for g in [5, 2, 5, 9, 2] {
            rows.entry(GameId(g)).version += 1;
        }
        let seen: Vec<(u64, i64)> = rows.iter().map(|(g, c)| (g.0, c.version)).collect();
        assert_eq!(seen, vec![(5, 2), (2, 2), (9, 1)]);
    }
}
