//! Position texts from bitboards, for tools and tests that pick positions out of the database.

use chaupal_rules::Side;
use chaupal_rules::sholo_guti::board::{RANK_FILES, bit, point_at};

/// The position text of south's and north's sets, `side` to move, `count` plies since a
/// capture.
pub fn position_text(south: u64, north: u64, side: Side, count: u32) -> String {
    let mut ranks = Vec::new();
    for r in (1..=9u8).rev() {
        let mut text = String::new();
        let mut empty = 0;
        for f in RANK_FILES[usize::from(r - 1)].bytes() {
            let Some(p) = point_at(f, r) else {
                continue;
            };
            let c = if south & bit(p) != 0 {
                'S'
            } else if north & bit(p) != 0 {
                'N'
            } else {
                empty += 1;
                continue;
            };
            if empty > 0 {
                text.push_str(&empty.to_string());
                empty = 0;
            }
            text.push(c);
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    let side = if side == Side::First { 's' } else { 'n' };
    format!("{} {side} {count}", ranks.join("/"))
}
