//! The client's fonts: the regular and the bold face over one typesetter, loaded from the
//! bundled files, and how they measure text for the layout.

use std::rc::Rc;

use super::paint::text_width;
use super::text::{self, Face, FontError, Style, Typesetter};
use crate::layout::Measure;

/// The two styles of text (DejaVu Sans and Sans Bold, see assets/fonts/LICENSE-DejaVu.txt,
/// with Noto for other scripts, see assets/fonts/LICENSE-Noto.txt), and the typesetter they
/// share.
pub struct Fonts {
    pub regular: Face,
    pub bold: Face,
    setter: Rc<Typesetter>,
}

impl Fonts {
    /// Loads the bundled fonts. Nothing here needs a window: text can be measured without one.
    pub fn load() -> Result<Fonts, FontError> {
        let setter = Rc::new(Typesetter::new(text::fonts::carried)?);
        Ok(Fonts {
            regular: Face::new(Style::Regular, Rc::clone(&setter)),
            bold: Face::new(Style::Bold, Rc::clone(&setter)),
            setter,
        })
    }

    /// The regular or the bold font.
    pub fn face(&self, bold: bool) -> &Face {
        if bold { &self.bold } else { &self.regular }
    }

    /// What the fonts share: call [`Typesetter::begin_frame`] before each frame is drawn.
    pub fn typesetter(&self) -> &Typesetter {
        &self.setter
    }
}

impl Measure for Fonts {
    fn width(&self, text: &str, bold: bool, size: f32) -> f32 {
        text_width(text, self.face(bold), size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::paint::{first_fitting, wrap};
    use crate::geometry::Area;
    use crate::layout::{grid, per_row};

    #[test]
    fn chinese_breaks_between_characters_but_never_before_a_closing_mark() {
        let fonts = Fonts::load().expect("the bundled fonts");
        let f = &fonts.regular;
        let text = "虎从c3跳过d3的羊，落在e3：羊被吃掉了。它也可以吃b3或c2。";
        for w in [60.0, 90.0, 130.0, 200.0] {
            let lines = wrap(text, f, 16.0, w);
            assert!(lines.len() > 1, "{w}: {lines:?}");
            for l in &lines {
                assert!(text_width(l, f, 16.0) <= w, "{l:?} in {w}");
                assert!(
                    !l.starts_with(['，', '。', '：']),
                    "a line starts with a closing mark: {lines:?}"
                );
            }
            // Nothing is lost, and "c3" is never split.
            assert_eq!(lines.concat(), text, "{w}");
            assert!(!lines.iter().any(|l| l.ends_with('c')), "{lines:?}");
        }
    }

    #[test]
    fn long_words_break_after_a_hyphen_or_between_letters_and_every_line_fits() {
        let fonts = Fonts::load().expect("the bundled fonts");
        let f = &fonts.bold;
        let name = "Bartholomew-Maximilian-Wolfgang (1523) vs Ngozi Adaeze";
        for w in [60.0, 120.0, 180.0, 260.0] {
            let lines = wrap(name, f, 16.0, w);
            for l in &lines {
                assert!(text_width(l, f, 16.0) <= w, "{l:?} in {w}");
            }
            // Nothing is lost: the lines hold the text, spaces aside.
            let joined: String = lines.concat().chars().filter(|c| *c != ' ').collect();
            let whole: String = name.chars().filter(|c| *c != ' ').collect();
            assert_eq!(joined, whole, "{w}");
        }
        let lines = wrap("Bartholomew-Maximilian-Wolfgang", f, 16.0, 180.0);
        assert_eq!(lines[0], "Bartholomew-", "broken after the hyphen");
        // Words that fit are never broken.
        assert_eq!(
            wrap("take back your last move", f, 16.0, 140.0),
            ["take back your", "last move"]
        );
        assert_eq!(
            wrap("two  spaces\nand a new line", f, 16.0, 400.0),
            ["two spaces", "and a new line"]
        );
        assert_eq!(
            first_fitting(&["Online as Bartholomew", "Online"], f, 16.0, 90.0),
            "Online"
        );
    }

    #[test]
    fn buttons_go_as_many_to_a_row_as_keeps_their_labels_whole() {
        let m = Fonts::load().expect("the bundled fonts");
        let labels = [
            "Flip board",
            "Rules",
            "Take back",
            "Hint",
            "Offer draw",
            "Resign",
            "Lobby",
        ];
        let n = per_row(&m, &labels, 340.0, 40.0, 16.0, 3);
        assert_eq!(n, 3);
        let n = per_row(&m, &labels, 150.0, 40.0, 16.0, 3);
        assert!(n <= 2);
        let cells = grid(
            Area {
                x: 0.0,
                y: 0.0,
                w: 340.0,
                h: 0.0,
            },
            10.0,
            7,
            3,
            40.0,
        );
        assert_eq!(cells.len(), 7);
        assert_eq!(cells[6].w, 340.0, "the last, alone, spans the row");
        assert!(cells[3].y > cells[2].y);
    }
}
