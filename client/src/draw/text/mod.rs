//! Text, measured and drawn by the client itself. A line of text becomes glyphs with their
//! places ([`line`](mod@line)): cut into runs by the font that has their letters ([`fonts`]: DejaVu for
//! Latin, Greek and Cyrillic, Noto for Devanagari, Bengali and Chinese), each run shaped by
//! rustybuzz (conjuncts, vowel signs, kerning), measured in ems, so a width is the same at
//! every pixel density and needs no window (the layout tests measure with the same code).
//! Each glyph is drawn from its picture at its size in device pixels, rasterised from its
//! outline by ab_glyph, so text is sharp on a phone of pixel ratio 3; the pictures live in
//! pages of a fixed size ([`atlas`], [`glyphs`]), so they never outgrow the GPU's texture
//! limit.
//!
//! A [`Face`] is a style (regular or bold) with the [`Typesetter`] it shares with the other:
//! the fonts loaded so far, the glyph pages, the lines set so far, the frame under way and the
//! pixel density. A font not carried by the program is asked for when text needs it
//! ([`Typesetter::take_wanted`]) and given when it comes ([`Typesetter::add_font`]); its text
//! is set again then.

pub mod atlas;
pub mod fonts;
mod glyphs;
mod line;

use std::cell::{Cell, RefCell};
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

use macroquad::prelude::*;

use fonts::FontName;
use glyphs::{GlyphKey, Glyphs};
pub use line::{Line, PlacedGlyph};

/// Lines kept set before the cache starts again (a screen shows a few hundred).
const LINES_KEPT: usize = 4096;

/// Where the program finds the bytes of a font it carries (none: the font is fetched).
pub type FontSource = fn(FontName) -> Option<&'static [u8]>;

/// A font ready to set and draw text in.
struct LoadedFont {
    shaper: rustybuzz::Face<'static>,
    raster: ab_glyph::FontRef<'static>,
}

impl LoadedFont {
    fn new(name: FontName, bytes: &'static [u8]) -> Result<LoadedFont, FontError> {
        let why = |why| FontError {
            name: name.file(),
            why,
        };
        Ok(LoadedFont {
            shaper: rustybuzz::Face::from_slice(bytes, 0).ok_or_else(|| why("not a font"))?,
            raster: ab_glyph::FontRef::try_from_slice(bytes)
                .map_err(|_| why("no outlines to draw"))?,
        })
    }
}

/// The fonts loaded so far, by [`FontName::index`].
#[derive(Default)]
struct FontTable {
    loaded: Vec<Option<LoadedFont>>,
}

impl line::Shapeable for FontTable {
    fn face(&self, name: FontName) -> Option<&rustybuzz::Face<'static>> {
        self.loaded
            .get(name.index())
            .and_then(Option::as_ref)
            .map(|f| &f.shaper)
    }
}

impl FontTable {
    fn raster(&self, name: FontName) -> Option<&ab_glyph::FontRef<'static>> {
        self.loaded
            .get(name.index())
            .and_then(Option::as_ref)
            .map(|f| &f.raster)
    }
}

/// What the fonts share: the fonts loaded and wanted, the glyphs' pictures, the lines set, the
/// frame being drawn and the device pixels to a layout pixel; and, when asked for, a log of
/// the text drawn.
pub struct Typesetter {
    source: FontSource,
    fonts: RefCell<FontTable>,
    /// Fonts text needs that are neither loaded nor carried: the platform fetches them.
    wanted: RefCell<BTreeSet<FontName>>,
    /// Fonts asked of the platform already (each is asked once).
    asked: RefCell<BTreeSet<FontName>>,
    glyphs: RefCell<Glyphs>,
    lines: RefCell<HashMap<(Style, String), Rc<Line>>>,
    frame: Cell<u64>,
    scale: Cell<f32>,
    log: RefCell<Option<TextLog>>,
    /// While set, texts drawn are not logged (the letters on a piece, which belong together).
    quiet: Cell<bool>,
}

impl Typesetter {
    /// A typesetter whose carried fonts come from `source`; the fonts every text starts in
    /// (the Latin ones) are loaded now.
    pub fn new(source: FontSource) -> Result<Typesetter, FontError> {
        let setter = Typesetter {
            source,
            fonts: RefCell::new(FontTable {
                loaded: fonts::ALL.iter().map(|_| None).collect(),
            }),
            wanted: RefCell::new(BTreeSet::new()),
            asked: RefCell::new(BTreeSet::new()),
            glyphs: RefCell::new(Glyphs::default()),
            lines: RefCell::new(HashMap::new()),
            frame: Cell::new(0),
            scale: Cell::new(1.0),
            log: RefCell::new(None),
            quiet: Cell::new(false),
        };
        for name in [FontName::Latin, FontName::LatinBold] {
            let bytes = source(name).ok_or(FontError {
                name: name.file(),
                why: "not carried by the program",
            })?;
            setter.fonts.borrow_mut().loaded[name.index()] = Some(LoadedFont::new(name, bytes)?);
        }
        Ok(setter)
    }

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

    /// The fonts text has needed since the last call that the program does not carry: the
    /// platform fetches each (once) and gives it with [`Typesetter::add_font`].
    pub fn take_wanted(&self) -> Vec<FontName> {
        let wanted = std::mem::take(&mut *self.wanted.borrow_mut());
        let mut asked = self.asked.borrow_mut();
        wanted.into_iter().filter(|f| asked.insert(*f)).collect()
    }

    /// A font fetched for text that needed it: the lines are set again, with it.
    pub fn add_font(&self, name: FontName, bytes: Vec<u8>) -> Result<(), FontError> {
        // A font is kept for the program's life: its bytes are never freed.
        let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
        let font = LoadedFont::new(name, bytes)?;
        self.fonts.borrow_mut().loaded[name.index()] = Some(font);
        self.lines.borrow_mut().clear();
        Ok(())
    }

    /// The fonts text has asked for that have not come yet (the text they are for waits).
    pub fn awaited(&self) -> usize {
        let fonts = self.fonts.borrow();
        self.asked
            .borrow()
            .iter()
            .chain(self.wanted.borrow().iter())
            .filter(|name| fonts.raster(**name).is_none())
            .count()
    }

    /// Whether `name` is loaded.
    pub fn has(&self, name: FontName) -> bool {
        self.fonts.borrow().raster(name).is_some()
    }

    /// The line of `text` in `style` (set once, then kept): fonts carried by the program are
    /// loaded as text needs them, the others asked for.
    fn line(&self, style: Style, text: &str) -> Rc<Line> {
        if let Some(line) = self.lines.borrow().get(&(style, text.to_owned())) {
            return Rc::clone(line);
        }
        let chain = style.chain();
        let mut line = line::shape(text, chain, &*self.fonts.borrow());
        // A font loaded may not have every letter it might (Chinese comes in three parts):
        // the next one is tried then, at most once each.
        for _ in 0..chain.len() {
            let mut carried = false;
            for name in std::mem::take(&mut line.waiting) {
                match (self.source)(name).map(|bytes| LoadedFont::new(name, bytes)) {
                    Some(Ok(font)) => {
                        self.fonts.borrow_mut().loaded[name.index()] = Some(font);
                        carried = true;
                    }
                    _ => {
                        self.wanted.borrow_mut().insert(name);
                    }
                }
            }
            if !carried {
                break;
            }
            line = line::shape(text, chain, &*self.fonts.borrow());
        }
        let line = Rc::new(line);
        let mut lines = self.lines.borrow_mut();
        if lines.len() >= LINES_KEPT {
            lines.clear();
        }
        lines.insert((style, text.to_owned()), Rc::clone(&line));
        line
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

/// Regular or bold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    Regular,
    Bold,
}

impl Style {
    /// The fonts text of this style is set in, in the order they are tried.
    pub fn chain(self) -> &'static [FontName] {
        match self {
            Style::Regular => &fonts::REGULAR,
            Style::Bold => &fonts::BOLD,
        }
    }
}

/// A style of text, and the typesetter it draws with.
#[derive(Clone)]
pub struct Face {
    style: Style,
    /// The height of a capital letter, in ems.
    cap: f32,
    setter: Rc<Typesetter>,
}

impl std::fmt::Debug for Face {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Face").field("style", &self.style).finish()
    }
}

impl Face {
    /// The text of `style` set by `setter`.
    pub fn new(style: Style, setter: Rc<Typesetter>) -> Face {
        let primary = style.chain()[0];
        let cap = {
            let fonts = setter.fonts.borrow();
            line::Shapeable::face(&*fonts, primary)
                .and_then(|f| {
                    let upem = f.units_per_em().max(1) as f32;
                    let h = f.glyph_index('H')?;
                    Some(f32::from(f.glyph_bounding_box(h)?.y_max) / upem)
                })
                .unwrap_or(0.73)
        };
        Face { style, cap, setter }
    }

    /// The line of `text` in this style (set once, then kept).
    pub fn line(&self, text: &str) -> Rc<Line> {
        self.setter.line(self.style, text)
    }

    /// The width of `text` at `size` layout pixels.
    pub fn width(&self, text: &str, size: f32) -> f32 {
        self.line(text).width * size
    }

    /// The height of a capital letter at `size`.
    pub fn cap_height(&self, size: f32) -> f32 {
        self.cap * size
    }

    /// What this style draws with.
    pub fn typesetter(&self) -> &Typesetter {
        &self.setter
    }

    /// Draws `text` at `size` from `left` on the baseline `baseline` (layout pixels).
    pub fn draw(&self, text: &str, left: f32, baseline: f32, size: f32, color: Color) {
        let line = self.line(text);
        let setter = &self.setter;
        if !text.trim().is_empty() {
            setter.note_drawn(text, left, baseline, size, line.width * size);
        }
        let scale = setter.scale.get();
        let frame = setter.frame.get();
        let fonts = setter.fonts.borrow();
        let mut glyphs = setter.glyphs.borrow_mut();
        // The size in device pixels; text too large for a glyph page is drawn from smaller
        // pictures, stretched.
        let want = (size * scale).round().max(1.0);
        let px = want.min(f32::from(glyphs.largest() / 2));
        let stretch = want / px;
        let to_layout = stretch / scale;
        let base = (baseline * scale).round();
        for g in &line.glyphs {
            let Some(font) = fonts.raster(g.font) else {
                continue;
            };
            let key = GlyphKey {
                font: g.font,
                glyph: g.glyph,
                px: px as u16,
            };
            let Some(p) = glyphs.get(key, font, frame) else {
                continue;
            };
            let Some(texture) = glyphs.texture(p.page) else {
                continue;
            };
            let pen = ((left + g.x * size) * scale).round();
            let rise = (g.y * size * scale).round();
            let x = (pen + p.left as f32 * stretch) / scale;
            let y = (base - rise - p.top as f32 * stretch) / scale;
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

    fn setter() -> Rc<Typesetter> {
        Rc::new(Typesetter::new(fonts::carried).expect("the fonts"))
    }

    fn glyphs(face: &Face, text: &str) -> Vec<(FontName, u16)> {
        face.line(text)
            .glyphs
            .iter()
            .map(|g| (g.font, g.glyph))
            .collect()
    }

    #[test]
    fn widths_grow_with_the_size_and_the_text() {
        let f = Face::new(Style::Regular, setter());
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
        // Kerned: "AV" is narrower than "A" and "V" side by side.
        assert!(f.width("AV", 20.0) < f.width("A", 20.0) + f.width("V", 20.0) - 0.5);
    }

    #[test]
    fn every_letter_typed_is_set_in_a_font_that_has_it() {
        let f = Face::new(Style::Regular, setter());
        let line = f.line("José Ñandú");
        assert_eq!(line.glyphs.len(), 10);
        assert!(
            line.glyphs.iter().all(|g| g.glyph != 0),
            "the font has each"
        );
        assert!(f.width("José", 16.0) > f.width("Jos", 16.0));
        for text in ["राम", "ষোলো গুটি", "斗兽棋", "鬥獸棋", "बाघचाल"]
        {
            let line = f.line(text);
            assert!(
                line.glyphs.iter().all(|g| g.glyph != 0),
                "{text}: a missing glyph in {:?}",
                line.glyphs
            );
            assert!(line.waiting.is_empty(), "the desktop carries every font");
        }
    }

    #[test]
    fn conjuncts_and_vowel_signs_are_shaped_as_a_reader_expects() {
        let setter = setter();
        let f = Face::new(Style::Regular, Rc::clone(&setter));
        // क्ष: three code points (ka, virama, ssa), one conjunct glyph.
        let ksha = glyphs(&f, "क्ष");
        assert_eq!(ksha.len(), 1, "{ksha:?}");
        assert_eq!(ksha[0].0, FontName::Devanagari);
        // The short i's sign is written before the consonant it follows in speech: त्रि
        // starts with the sign's glyph, not the consonant's.
        let tri = glyphs(&f, "त्रि");
        let t = glyphs(&f, "त")[0].1;
        assert!(tri.len() <= 3 && tri[0].1 != t, "{tri:?}");
        // স্ত্রী: stacked in the conjunct, fewer glyphs than its six code points.
        let stri = glyphs(&f, "স্ত্রী");
        assert!(
            stri.len() < 6 && stri.iter().all(|g| g.0 == FontName::Bengali),
            "{stri:?}"
        );
        // 斗兽棋: three characters, three glyphs of the Chinese interface's font.
        let doushouqi = glyphs(&f, "斗兽棋");
        assert_eq!(doushouqi.len(), 3);
        assert!(doushouqi.iter().all(|g| g.0 == FontName::ChineseInterface));
        // क्षत्रिय: the conjunct क्ष first, then त्रि with its sign before it, then य; fewer
        // glyphs than its eight code points, all Devanagari.
        let kshatriya = glyphs(&f, "क्षत्रिय");
        assert_eq!(kshatriya[0], ksha[0], "{kshatriya:?}");
        assert!(
            kshatriya.len() < 8 && kshatriya.iter().all(|g| g.0 == FontName::Devanagari),
            "{kshatriya:?}"
        );
        assert_eq!(
            kshatriya.last().map(|g| g.1),
            glyphs(&f, "य").first().map(|g| g.1)
        );
        // A space between Devanagari words stays in their font's run.
        let line = f.line("राम श्याम");
        assert!(line.glyphs.iter().all(|g| g.font == FontName::Devanagari));
    }

    #[test]
    fn an_emoji_is_a_face_and_a_font_the_program_lacks_is_asked_for() {
        let f = Face::new(Style::Regular, setter());
        let smile = glyphs(&f, "Asha 😀");
        let face_glyph = glyphs(&f, "\u{263A}")[0];
        assert_eq!(*smile.last().expect("a glyph"), face_glyph);
        // A typesetter that carries only the Latin fonts asks for the others, once.
        let bare = Rc::new(
            Typesetter::new(|name| name.bundled().then(|| fonts::carried(name)).flatten())
                .expect("the Latin fonts"),
        );
        let f = Face::new(Style::Bold, Rc::clone(&bare));
        // A danda ends a Bengali sentence: it waits for the Bengali font, not asking for the
        // Devanagari one.
        let _ = Face::new(Style::Regular, Rc::clone(&bare)).line("আমি ২টি।");
        assert_eq!(bare.take_wanted(), [FontName::Bengali]);
        let line = f.line("राम and 斗兽棋");
        assert!(line.glyphs.iter().all(|g| g.font == FontName::LatinBold));
        assert_eq!(
            bare.take_wanted(),
            [FontName::DevanagariBold, FontName::ChineseInterface]
        );
        assert!(bare.take_wanted().is_empty(), "asked once");
        let bytes = fonts::carried(FontName::DevanagariBold).expect("the desktop's copy");
        bare.add_font(FontName::DevanagariBold, bytes.to_vec())
            .expect("a font");
        let line = f.line("राम");
        assert!(
            line.glyphs
                .iter()
                .all(|g| g.font == FontName::DevanagariBold)
        );
    }
}
