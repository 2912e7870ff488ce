//! A line of text as glyphs. The text is cut into runs, each in the first font of the style's
//! chain that has the glyphs of its letters (Latin in DejaVu, Devanagari and Bengali in Noto,
//! Chinese in Noto Sans CJK); a letter of no script of its own (a space, a digit, a comma)
//! stays in the run before it when that font has it. Each run is shaped by rustybuzz, so that
//! conjuncts and vowel signs ("क्ष", "স্ত্রী") come out joined and pairs are kerned. Places are
//! in ems (the font's size as one), so one line serves every size and every pixel density.
//! An emoji, which none of the fonts draws, is set as a face ("☺"), never an empty box.

use unicode_segmentation::UnicodeSegmentation;

use super::fonts::{self, FontName};

/// A glyph of a line: its font, its index there, and where its pen position is (ems from the
/// line's start; `y` upwards from the baseline).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlacedGlyph {
    pub font: FontName,
    pub glyph: u16,
    pub x: f32,
    pub y: f32,
}

/// A line of text, set.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Line {
    pub glyphs: Vec<PlacedGlyph>,
    /// The advance of the whole line, in ems.
    pub width: f32,
    /// Fonts that have letters of the line and are not loaded yet (its letters are set in the
    /// first font meanwhile, as that font's missing glyph).
    pub waiting: Vec<FontName>,
}

/// A font the line can be set in: the shaper's view of it.
pub trait Shapeable {
    /// The font's face for shaping, if it is loaded (or can be at once).
    fn face(&self, name: FontName) -> Option<&rustybuzz::Face<'static>>;
}

/// What a cluster of the text (a character as a person sees it) is set in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SetIn {
    Font(FontName),
    /// An emoji: a face in the first font in its place.
    Placeholder,
}

/// What stands in for an emoji.
const PLACEHOLDER: &str = "\u{263A}";

/// Sets `text` in the first font of `chain` that has each cluster's letters.
pub fn shape(text: &str, chain: &[FontName], fonts: &impl Shapeable) -> Line {
    let Some(&first) = chain.first() else {
        return Line::default();
    };
    let mut line = Line::default();
    // The clusters, with what each is set in.
    let mut runs: Vec<(SetIn, String)> = Vec::new();
    for cluster in text.graphemes(true) {
        let visible: Vec<char> = cluster
            .chars()
            .filter(|c| !c.is_control() && !fonts::is_invisible(*c))
            .collect();
        if visible.is_empty() && cluster.chars().all(char::is_control) {
            continue;
        }
        let set_in = if visible.iter().any(|c| fonts::is_emoji(*c)) {
            SetIn::Placeholder
        } else {
            let covers = |name: FontName| {
                fonts
                    .face(name)
                    .is_some_and(|f| visible.iter().all(|c| f.glyph_index(*c).is_some()))
            };
            // A letter of no script stays with the run before it when its font has it, else
            // goes with the latest run whose font has it (a danda after a number goes back to
            // the Bengali of the sentence, not to the first Indic font that has one).
            let before = if visible.iter().all(|c| of_no_script(*c)) {
                runs.iter().rev().find_map(|(set, _)| match set {
                    SetIn::Font(f) if covers(*f) => Some(*f),
                    _ => None,
                })
            } else {
                None
            };
            match before.or_else(|| chain.iter().copied().find(|f| covers(*f))) {
                Some(font) => SetIn::Font(font),
                None => {
                    // No font loaded has it: the font that would is asked for, unless one the
                    // line asks for already would (a danda waits for the Bengali of its
                    // sentence rather than asking for Devanagari).
                    let first_visible = visible.first().copied().unwrap_or(' ');
                    let awaited = line.waiting.iter().any(|w| w.may_cover(first_visible));
                    if let Some(wanted) = chain
                        .iter()
                        .copied()
                        .find(|f| f.may_cover(first_visible) && fonts.face(*f).is_none())
                        && !awaited
                        && !line.waiting.contains(&wanted)
                    {
                        line.waiting.push(wanted);
                    }
                    SetIn::Font(first)
                }
            }
        };
        match runs.last_mut() {
            Some((last, run)) if *last == set_in => run.push_str(cluster),
            _ => runs.push((set_in, cluster.to_owned())),
        }
    }
    let mut pen = 0.0;
    for (set_in, run) in runs {
        let (font, run) = match set_in {
            SetIn::Font(f) => (f, run),
            SetIn::Placeholder => (first, PLACEHOLDER.repeat(run.graphemes(true).count())),
        };
        let Some(face) = fonts.face(font) else {
            continue;
        };
        let upem = face.units_per_em().max(1) as f32;
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(&run);
        buffer.guess_segment_properties();
        let shaped = rustybuzz::shape(face, &[], buffer);
        for (info, pos) in shaped.glyph_infos().iter().zip(shaped.glyph_positions()) {
            line.glyphs.push(PlacedGlyph {
                font,
                glyph: u16::try_from(info.glyph_id).unwrap_or(0),
                x: pen + pos.x_offset as f32 / upem,
                y: pos.y_offset as f32 / upem,
            });
            pen += pos.x_advance as f32 / upem;
        }
    }
    line.width = pen;
    line
}

/// Whether `c` belongs to no script of its own: spaces, digits, punctuation.
fn of_no_script(c: char) -> bool {
    // The dandas end sentences in Devanagari, Bengali and the other Indic scripts alike.
    c.is_whitespace()
        || c.is_ascii_digit()
        || c.is_ascii_punctuation()
        || matches!(c, '\u{0964}' | '\u{0965}')
}
