//! The fonts the client draws with, and which letters each is for. DejaVu Sans (Latin, Greek,
//! Cyrillic, with their accents; regular and bold) is bundled with the client. The others are
//! Noto fonts (SIL Open Font License) for the scripts of the games' players: Devanagari
//! (Nepali, Hindi), Bengali, and Chinese in three parts (the characters of the Chinese
//! interface, the common ones, the rest), each loaded only when text in its script appears: on
//! the desktop from the program itself, in the browser fetched from the server.
//! `scripts/subset-fonts.sh` writes them all from Debian's packages.

/// A font of the client's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FontName {
    Latin,
    LatinBold,
    Devanagari,
    DevanagariBold,
    Bengali,
    BengaliBold,
    /// The Chinese characters of the client's Chinese words.
    ChineseInterface,
    /// The Chinese characters in common use (GB 2312 and Big5's first level).
    ChineseCommon,
    /// The other Chinese characters of GB 2312 and Big5.
    ChineseRest,
}

/// Every font, in the order of [`FontName`].
pub const ALL: [FontName; 9] = [
    FontName::Latin,
    FontName::LatinBold,
    FontName::Devanagari,
    FontName::DevanagariBold,
    FontName::Bengali,
    FontName::BengaliBold,
    FontName::ChineseInterface,
    FontName::ChineseCommon,
    FontName::ChineseRest,
];

/// The fonts text in the regular style is set in, the first that has a letter's glyph first.
pub const REGULAR: [FontName; 6] = [
    FontName::Latin,
    FontName::Devanagari,
    FontName::Bengali,
    FontName::ChineseInterface,
    FontName::ChineseCommon,
    FontName::ChineseRest,
];

/// The same for bold text (Chinese has one weight here: bold Chinese is the regular).
pub const BOLD: [FontName; 6] = [
    FontName::LatinBold,
    FontName::DevanagariBold,
    FontName::BengaliBold,
    FontName::ChineseInterface,
    FontName::ChineseCommon,
    FontName::ChineseRest,
];

impl FontName {
    /// The font's index in [`ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The font's file, in `client/assets/fonts/` and (with a hash) in the browser's site.
    pub fn file(self) -> &'static str {
        match self {
            FontName::Latin => "DejaVuSans.ttf",
            FontName::LatinBold => "DejaVuSans-Bold.ttf",
            FontName::Devanagari => "NotoSansDevanagari.ttf",
            FontName::DevanagariBold => "NotoSansDevanagari-Bold.ttf",
            FontName::Bengali => "NotoSansBengali.ttf",
            FontName::BengaliBold => "NotoSansBengali-Bold.ttf",
            FontName::ChineseInterface => "NotoSansSC-Interface.otf",
            FontName::ChineseCommon => "NotoSansSC-Common.otf",
            FontName::ChineseRest => "NotoSansSC-Rest.otf",
        }
    }

    /// Whether the font comes with the client (in the browser, inside the wasm).
    pub fn bundled(self) -> bool {
        matches!(self, FontName::Latin | FontName::LatinBold)
    }

    /// Whether the font may have a glyph for `c`: what decides, before it is loaded, whether
    /// to load it for a text.
    pub fn may_cover(self, c: char) -> bool {
        let u = u32::from(c);
        match self {
            FontName::Latin | FontName::LatinBold => true,
            FontName::Devanagari | FontName::DevanagariBold => {
                (0x0900..=0x097F).contains(&u) || (0xA8E0..=0xA8FF).contains(&u)
            }
            // Bengali's sentences end with the dandas of the Devanagari block.
            FontName::Bengali | FontName::BengaliBold => {
                (0x0980..=0x09FF).contains(&u) || (0x0964..=0x0965).contains(&u)
            }
            FontName::ChineseInterface | FontName::ChineseCommon | FontName::ChineseRest => {
                is_han(c)
            }
        }
    }
}

/// Whether `c` is a Chinese character, or the punctuation and full-width forms that go with
/// them.
pub fn is_han(c: char) -> bool {
    let u = u32::from(c);
    (0x3000..=0x303F).contains(&u)
        || (0x3400..=0x4DBF).contains(&u)
        || (0x4E00..=0x9FFF).contains(&u)
        || (0xF900..=0xFAFF).contains(&u)
        || (0xFF00..=0xFFEF).contains(&u)
}

/// Whether `c` is drawn as an emoji (a picture the client's fonts do not have): the client
/// draws a face in its place, never an empty box.
pub fn is_emoji(c: char) -> bool {
    let u = u32::from(c);
    (0x1F300..=0x1FAFF).contains(&u)
        || (0x1F000..=0x1F2FF).contains(&u)
        || (0x2700..=0x27BF).contains(&u)
        || (0x1F1E6..=0x1F1FF).contains(&u)
}

/// Whether `c` has no glyph of its own: a joiner, a variation selector, an emoji modifier. It
/// goes with the letters around it.
pub fn is_invisible(c: char) -> bool {
    let u = u32::from(c);
    matches!(u, 0x200B..=0x200F | 0x2060..=0x2064 | 0xFE00..=0xFE0F | 0xFEFF)
        || (0x1F3FB..=0x1F3FF).contains(&u)
        || (0xE0020..=0xE007F).contains(&u)
}

/// The bytes of a font the program carries: DejaVu everywhere; on the desktop every font (the
/// browser fetches the others).
pub fn carried(name: FontName) -> Option<&'static [u8]> {
    match name {
        FontName::Latin => Some(include_bytes!("../../../assets/fonts/DejaVuSans.ttf")),
        FontName::LatinBold => Some(include_bytes!("../../../assets/fonts/DejaVuSans-Bold.ttf")),
        #[cfg(not(target_arch = "wasm32"))]
        other => Some(desktop(other)),
        #[cfg(target_arch = "wasm32")]
        _ => None,
    }
}

/// The fonts the desktop program carries besides DejaVu.
#[cfg(not(target_arch = "wasm32"))]
fn desktop(name: FontName) -> &'static [u8] {
    match name {
        FontName::Latin | FontName::LatinBold => &[],
        FontName::Devanagari => include_bytes!("../../../assets/fonts/NotoSansDevanagari.ttf"),
        FontName::DevanagariBold => {
            include_bytes!("../../../assets/fonts/NotoSansDevanagari-Bold.ttf")
        }
        FontName::Bengali => include_bytes!("../../../assets/fonts/NotoSansBengali.ttf"),
        FontName::BengaliBold => include_bytes!("../../../assets/fonts/NotoSansBengali-Bold.ttf"),
        FontName::ChineseInterface => {
            include_bytes!("../../../assets/fonts/NotoSansSC-Interface.otf")
        }
        FontName::ChineseCommon => include_bytes!("../../../assets/fonts/NotoSansSC-Common.otf"),
        FontName::ChineseRest => include_bytes!("../../../assets/fonts/NotoSansSC-Rest.otf"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_script_has_its_font_and_the_chains_share_the_chinese() {
        assert!(FontName::Devanagari.may_cover('क'));
        assert!(!FontName::Devanagari.may_cover('ক'));
        assert!(FontName::BengaliBold.may_cover('ক'));
        assert!(FontName::ChineseCommon.may_cover('斗'));
        assert!(!FontName::ChineseCommon.may_cover('a'));
        assert!(is_emoji('😀') && is_emoji('🇳') && !is_emoji('a'));
        assert!(is_invisible('\u{200D}') && is_invisible('\u{FE0F}'));
        for (i, name) in ALL.iter().enumerate() {
            assert_eq!(name.index(), i);
        }
        assert_eq!(REGULAR[3..], BOLD[3..]);
        assert!(ALL.iter().filter(|f| f.bundled()).count() == 2);
    }
}
