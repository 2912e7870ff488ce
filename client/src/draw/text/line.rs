//! A line of text as glyphs: each character's glyph in the font, placed one after another by
//! its advance and the font's kerning, in the font's own units (so one line serves every size
//! and every pixel density).

/// A glyph of a line and where its pen position is, in font units from the line's start.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlacedGlyph {
    pub glyph: u16,
    pub x: f32,
}

/// A line of text, set in one font.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub glyphs: Vec<PlacedGlyph>,
    /// The advance of the whole line, in font units.
    pub width: f32,
}

impl Line {
    /// Sets `text` in `font`: every character (control characters left out) gets its glyph.
    pub fn shape(font: &fontdue::Font, text: &str) -> Line {
        let upem = font.units_per_em();
        let mut glyphs = Vec::with_capacity(text.len());
        let mut pen = 0.0;
        let mut last: Option<u16> = None;
        for c in text.chars().filter(|c| !c.is_control()) {
            let glyph = font.lookup_glyph_index(c);
            if let Some(kern) = last.and_then(|l| font.horizontal_kern_indexed(l, glyph, upem)) {
                pen += kern;
            }
            glyphs.push(PlacedGlyph { glyph, x: pen });
            pen += font.metrics_indexed(glyph, upem).advance_width;
            last = Some(glyph);
        }
        Line { glyphs, width: pen }
    }
}
