//! Everything that puts pixels on the screen, apart from the state it shows: the palette, the
//! fonts, text and shape helpers ([`paint`]), the four boards ([`boards`]), the widgets and
//! screens ([`ui`], [`screens`]), and the last picture kept to show again ([`canvas`]).
//! Screens return actions; they never change state.

pub mod boards;
pub mod canvas;
pub mod paint;
pub mod screens;
pub mod text;
pub mod ui;

mod fonts;

pub use fonts::Fonts;

/// The palette, in one place.
pub mod theme {
    use macroquad::color::Color;

    /// A colour from 0xRRGGBB.
    pub const fn hex(rgb: u32) -> Color {
        Color::new(
            ((rgb >> 16) & 0xff) as f32 / 255.0,
            ((rgb >> 8) & 0xff) as f32 / 255.0,
            (rgb & 0xff) as f32 / 255.0,
            1.0,
        )
    }

    /// The same colour with another opacity.
    pub const fn alpha(c: Color, a: f32) -> Color {
        Color::new(c.r, c.g, c.b, a)
    }

    pub const BACKGROUND: Color = hex(0x1d262c);
    pub const BOARD_SHADOW: Color = hex(0x12181c);
    pub const BACKGROUND_LIGHT: Color = hex(0x25313a);
    pub const PANEL: Color = hex(0x2b3943);
    pub const PANEL_EDGE: Color = hex(0x3b4d59);
    pub const TEXT: Color = hex(0xeee8da);
    pub const TEXT_DIM: Color = hex(0xa9b3ad);
    pub const ACCENT: Color = hex(0xf0b443);
    pub const GOOD: Color = hex(0x6cc070);
    pub const BAD: Color = hex(0xe5645a);

    pub const BUTTON: Color = hex(0x3a4d5a);
    pub const BUTTON_HOVER: Color = hex(0x4b6273);
    pub const BUTTON_ON: Color = hex(0xc98f2c);
    pub const BUTTON_OFF: Color = hex(0x2d3a43);

    /// Board wood and its lines.
    pub const WOOD: Color = hex(0xdcb880);
    pub const WOOD_DARK: Color = hex(0xb8884e);
    pub const WOOD_EDGE: Color = hex(0x7a5230);
    pub const INK: Color = hex(0x4a2f18);

    /// The first side (south) and the second (north) in Sholo Guti, Jungle and Kalah.
    pub const FIRST: Color = hex(0xc4433a);
    pub const FIRST_DARK: Color = hex(0x7e2620);
    pub const SECOND: Color = hex(0x2f6394);
    pub const SECOND_DARK: Color = hex(0x183a5c);

    /// Bagh Chal's pieces.
    pub const GOAT: Color = hex(0xf6f1e6);
    pub const GOAT_EDGE: Color = hex(0x8d8478);
    pub const TIGER: Color = hex(0xef9a2e);
    pub const TIGER_STRIPE: Color = hex(0x3a2412);

    /// Jungle's squares.
    pub const LAND: Color = hex(0x9cc46f);
    pub const LAND_ALT: Color = hex(0x93bb67);
    pub const WATER: Color = hex(0x4f9fd1);
    pub const WATER_LIGHT: Color = hex(0x7cc0e8);
    pub const TRAP: Color = hex(0xc7a06a);
    pub const DEN: Color = hex(0x8a5a33);

    /// Kalah's seeds.
    pub const SEED: Color = hex(0xf3e7c6);
    pub const SEED_EDGE: Color = hex(0x7b6a4c);
    pub const PIT: Color = hex(0x8a5b31);
    pub const PIT_DEEP: Color = hex(0x6b4322);

    /// Marks on the board.
    pub const SELECTED: Color = hex(0xffd54a);
    pub const TARGET: Color = hex(0x39b54a);
    pub const CAPTURE: Color = hex(0xe2463c);
    pub const LAST_MOVE: Color = hex(0xffe37a);
    pub const HINT: Color = hex(0x2e9cf0);
    /// The keyboard's cursor on the board.
    pub const CURSOR: Color = hex(0x16d9ff);
    /// The review's best move, and its marks on the advantage graph.
    pub const BEST: Color = hex(0xa05ee0);
    /// A mistake on the advantage graph and in the review's lists.
    pub const MISTAKE: Color = hex(0xf08a3c);
    /// An inaccuracy in the review's lists.
    pub const INACCURACY: Color = hex(0xe8d04a);
}
