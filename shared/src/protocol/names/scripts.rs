//! The scripts a name may mix: the script rule of the "Moderately Restrictive" level of
//! Unicode's UTS #39 (section 5.2), with the crate `unicode-security`'s augmented script sets.
//!
//! A name passes when its letters all belong to one script (characters common to every
//! script, such as digits, spaces, punctuation and emoji, and inherited accents count for
//! any), where Japanese (Han, Hiragana, Katakana), Korean (Han, Hangul) and Han with Bopomofo
//! each count as one; or when it is Latin beside one other script that UAX #31 recommends,
//! except Cyrillic and Greek, whose letters pass for Latin ones ("राम Ram", "李 Li", "Yamada
//! 山田やまだ"). The level's other condition, that every character be allowed in
//! identifiers, does not apply: names have spaces, punctuation and emoji. Private-use and
//! unassigned code points never get here (they hide: [`super::characters`]).
//!
//! `unicode-security`'s own `detect_restriction_level` is not used: it calls any string with
//! a character outside the identifier profile (a space, say) unrestricted.

use unicode_script::Script;
use unicode_security::mixed_script::AugmentedScriptSet;

/// Whether the scripts of `name` may stand together.
pub fn allowed(name: &str) -> bool {
    let mut all = AugmentedScriptSet::default();
    let mut beside_latin = AugmentedScriptSet::default();
    for c in name.chars() {
        let set = AugmentedScriptSet::for_char(c);
        all.intersect_with(set);
        if !set.base.contains_script(Script::Latin) {
            beside_latin.intersect_with(set);
        }
    }
    if !all.is_empty() {
        return true;
    }
    if beside_latin.jpan || beside_latin.kore || beside_latin.hanb {
        return true;
    }
    beside_latin
        .base
        .iter()
        .any(|s| s.is_recommended() && s != Script::Cyrillic && s != Script::Greek)
}
