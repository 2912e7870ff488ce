//! Text, measured and drawn by the client itself: a line of text becomes glyphs with their
//! places ([`line`]), measured in the font's own units, so a width is the same at every pixel
//! density and needs no window (the layout tests measure with the same code); each glyph is
//! drawn from its picture at the size it has in device pixels, so text is sharp on a phone
//! of pixel ratio 3, and the pictures live in pages of a fixed size ([`atlas`], [`glyphs`]),
//! so they never outgrow the GPU's texture limit.
//!
//! A [`Face`] is one font with the [`Typesetter`] it shares with the others: the glyph pages,
//! the lines measured so far, the frame under way and the pixel density.

pub mod atlas;
mod glyphs;
mod line;

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use macroquad::prelude::*;

use glyphs::{GlyphKey, Glyphs};
pub use line::Line;

/// Lines kept measured before the cache starts again (a screen shows a few hundred).
const LINES_KEPT: usize = 4096;

/// What the fonts share: the glyphs' pictures, the lines measured, the frame being drawn and
/// the device pixels to a layout pixel; and, when asked for, a log of the text drawn.
pub struct Typesetter {
    glyphs: RefCell<Glyphs>,
    lines: RefCell<HashMap<(u8, String), Rc<Line>>>,
    frame: Cell<u64>,
    scale: Cell<f32>,
    log: RefCell<Option<TextLog>>,
    /// While set, texts drawn are not logged (the letters on a piece, which belong together).
    quiet: Cell<bool>,
}

impl Default for Typesetter {
    fn default() -> Self {
        Typesetter {
            glyphs: RefCell::new(Glyphs::default()),
            lines: RefCell::new(HashMap::new()),
            frame: Cell::new(0),
            scale: Cell::new(1.0),
            log: RefCell::new(None),
            quiet: Cell::new(false),
        }
    }
}

/// A text drawn, as the log keeps it: where it went (the box from its top to its bottom, in
/// layout pixels), on which layer (a card or a notice over the screen is a layer above it),
/// and whether it was cut short to fit.
#[derive(Clone, Debug, PartialEq)]
pub struct DrawnText {
    pub text: String,
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
    pub layer: u32,
    pub cut: bool,
}

/// The texts drawn while the log is on.
#[derive(Debug, Default)]
struct TextLog {
    texts: Vec<DrawnText>,
    layer: u32,
    /// Texts cut short to fit, as they will be drawn.
    cuts: Vec<String>,
}

impl Typesetter {
    /// A new frame begins, drawn at `scale` device pixels to a layout pixel.
    pub fn begin_frame(&self, scale: f32) {
        self.frame.set(self.frame.get() + 1);
        self.scale.set(if scale.is_finite() && scale > 0.0 {
            scale
        } else {
            1.0
        });
    }

    /// The glyph pages open now.
    pub fn pages(&self) -> usize {
        self.glyphs.borrow().pages()
    }

    /// Starts a log of the texts drawn (from now, on the bottom layer).
    pub fn start_log(&self) {
        *self.log.borrow_mut() = Some(TextLog::default());
    }

    /// The texts drawn since the log started; the log stops.
    pub fn take_log(&self) -> Vec<DrawnText> {
        self.log
            .borrow_mut()
            .take()
            .map(|l| l.texts)
            .unwrap_or_default()
    }

    /// What is drawn from now is on a layer above what was drawn before (a card, a notice).
    pub fn overlay(&self) {
        if let Some(log) = self.log.borrow_mut().as_mut() {
            log.layer += 1;
        }
    }

    /// `shown` is a text cut short to fit: the log marks it when it is drawn.
    pub fn note_cut(&self, shown: &str) {
        if let Some(log) = self.log.borrow_mut().as_mut() {
            log.cuts.push(shown.to_owned());
        }
    }

    /// Draws with `draw` without logging its texts: texts that are one picture together (a
    /// piece's name and its badge), not words laid out beside one another.
    pub fn quietly<T>(&self, draw: impl FnOnce() -> T) -> T {
        let was = self.quiet.replace(true);
        let out = draw();
        self.quiet.set(was);
        out
    }

    fn note_drawn(&self, text: &str, left: f32, baseline: f32, size: f32, width: f32) {
        if self.quiet.get() {
            return;
        }
        if let Some(log) = self.log.borrow_mut().as_mut() {
            let cut = match log.cuts.iter().position(|c| c == text) {
                Some(i) => {
                    log.cuts.swap_remove(i);
                    true
                }
                None => false,
            };
            log.texts.push(DrawnText {
                text: text.to_owned(),
                x: left,
                // From the top of the tallest letters to the bottom of the descenders.
                y: baseline - size * 0.76,
                w: width,
                h: size * 0.98,
                layer: log.layer,
                cut,
            });
        }
    }
}

/// Why a font could not be read.
#[derive(Debug, thiserror::Error)]
#[error("the font {name} cannot be read: {why}")]
pub struct FontError {
    pub name: &'static str,
    pub why: &'static str,
}

/// One font, and the typesetter it draws with.
#[derive(Clone)]
pub struct Face {
    id: u8,
    font: Rc<fontdue::Font>,
    /// Font units to the em.
    upem: f32,
    /// The height of a capital letter, in font units.
    cap: f32,
    setter: Rc<Typesetter>,
}

impl std::fmt::Debug for Face {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Face").field("id", &self.id).finish()
    }
}

impl Face {
    /// Reads a TrueType or OpenType font (`name` for messages), as font `id` of `setter`.
    pub fn load(
        name: &'static str,
        bytes: &'static [u8],
        id: u8,
        setter: Rc<Typesetter>,
    ) -> Result<Face, FontError> {
        let font = fontdue::Font::from_bytes(bytes, fontdue::FontSettings::default())
            .map_err(|why| FontError { name, why })?;
        let upem = font.units_per_em();
        let h = font.metrics('H', upem).bounds;
        Ok(Face {
            id,
            upem,
            cap: (h.ymin + h.height).max(upem * 0.5),
            font: Rc::new(font),
            setter,
        })
    }

    /// The line of `text` in this font (measured once, then kept).
    pub fn line(&self, text: &str) -> Rc<Line> {
        let mut lines = self.setter.lines.borrow_mut();
        if let Some(line) = lines.get(&(self.id, text.to_owned())) {
            return Rc::clone(line);
        }
        if lines.len() >= LINES_KEPT {
            lines.clear();
        }
        let line = Rc::new(Line::shape(&self.font, text));
        lines.insert((self.id, text.to_owned()), Rc::clone(&line));
        line
    }

    /// The width of `text` at `size` layout pixels.
    pub fn width(&self, text: &str, size: f32) -> f32 {
        self.line(text).width * size / self.upem
    }

    /// The height of a capital letter at `size`.
    pub fn cap_height(&self, size: f32) -> f32 {
        self.cap * size / self.upem
    }

    /// What this font draws with.
    pub fn typesetter(&self) -> &Typesetter {
        &self.setter
    }

    /// Whether the font has a glyph for `c`.
    pub fn covers(&self, c: char) -> bool {
        self.font.has_glyph(c)
    }

    /// Draws `text` at `size` from `left` on the baseline `baseline` (layout pixels).
    pub fn draw(&self, text: &str, left: f32, baseline: f32, size: f32, color: Color) {
        let line = self.line(text);
        let setter = &self.setter;
        if !text.trim().is_empty() {
            setter.note_drawn(text, left, baseline, size, line.width * size / self.upem);
        }
        let scale = setter.scale.get();
        let frame = setter.frame.get();
        let mut glyphs = setter.glyphs.borrow_mut();
        // The size in device pixels; text too large for a glyph page is drawn from smaller
        // pictures, stretched.
        let want = (size * scale).round().max(1.0);
        let px = want.min(f32::from(glyphs.largest() / 2));
        let stretch = want / px;
        let to_layout = stretch / scale;
        let units = size / self.upem;
        let base = (baseline * scale).round();
        for g in &line.glyphs {
            let key = GlyphKey {
                face: self.id,
                glyph: g.glyph,
                px: px as u16,
            };
            let Some(p) = glyphs.get(key, &self.font, frame) else {
                continue;
            };
            let Some(texture) = glyphs.texture(p.page) else {
                continue;
            };
            let pen = ((left + g.x * units) * scale).round();
            let x = (pen + p.left as f32 * stretch) / scale;
            let y = (base - p.top as f32 * stretch) / scale;
            draw_texture_ex(
                texture,
                x,
                y,
                color,
                DrawTextureParams {
                    dest_size: Some(vec2(f32::from(p.w) * to_layout, f32::from(p.h) * to_layout)),
                    source: Some(Rect::new(
                        f32::from(p.x),
                        f32::from(p.y),
                        f32::from(p.w),
                        f32::from(p.h),
                    )),
                    ..Default::default()
                },
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regular() -> Face {
        Face::load(
            "DejaVu Sans",
            include_bytes!("../../../assets/fonts/DejaVuSans.ttf"),
            0,
            Rc::default(),
        )
        .expect("the bundled font")
    }

    #[test]
    fn widths_grow_with_the_size_and_the_text() {
        let f = regular();
        let w = f.width("Chaupal", 20.0);
        assert!((f.width("Chaupal", 40.0) - 2.0 * w).abs() < 1e-3);
        assert!(f.width("Chaupal!", 20.0) > w);
        assert_eq!(f.width("", 20.0), 0.0);
        // DejaVu Sans at 20 px: "Chaupal" is about 78 px wide.
        assert!((70.0..90.0).contains(&w), "{w}");
        assert!(
            (f.cap_height(20.0) - 14.6).abs() < 0.5,
            "{}",
            f.cap_height(20.0)
        );
    }

    #[test]
    fn every_letter_typed_is_measured_and_kept() {
        let f = regular();
        let line = f.line("José Ñandú");
        assert_eq!(line.glyphs.len(), 10);
        assert!(
            line.glyphs.iter().all(|g| g.glyph != 0),
            "the font has each"
        );
        assert!(f.width("José", 16.0) > f.width("Jos", 16.0));
    }
}
