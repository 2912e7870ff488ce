//! Where each glyph's picture goes in the glyph pages: a few square textures of a fixed size,
//! each filled shelf by shelf (rows as tall as their tallest glyph). When every page is full,
//! the page least recently drawn from is emptied and filled again; a page drawn from in the
//! frame under way is never emptied, because the draw calls already queued still read it. So
//! the pages never grow past the GPU's texture limit, however many names, sizes and scripts
//! the screens show. Pure bookkeeping: the textures themselves are [`super::glyphs`]'s.

/// The side of a glyph page, in pixels: within the texture limit of every WebGL device (WebGL 2
/// guarantees 2048; phones have 4096 or more).
pub const PAGE_SIZE: u16 = 1024;

/// The pages kept while older ones can be emptied.
pub const PAGES: usize = 4;

/// The pages there may be at most, when one frame's text fills [`PAGES`] and more (a screen
/// of Chinese characters at a large size on a phone of high pixel density).
pub const MOST_PAGES: usize = 8;

/// Pixels left empty around each glyph, so that a glyph drawn between pixels does not pick up
/// its neighbour's edge.
pub const PADDING: u16 = 1;

/// A place in a page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    pub page: usize,
    pub x: u16,
    pub y: u16,
}

/// What making room did besides finding a slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Room {
    /// The slot is in a page that had room.
    Free(Slot),
    /// A new page was opened for it.
    NewPage(Slot),
    /// This page was emptied for it: every glyph it held must be forgotten.
    Emptied(Slot),
}

impl Room {
    /// The slot found.
    pub fn slot(self) -> Slot {
        match self {
            Room::Free(s) | Room::NewPage(s) | Room::Emptied(s) => s,
        }
    }
}

/// A row of a page, filled from the left.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Shelf {
    y: u16,
    h: u16,
    /// Where the next glyph goes.
    x: u16,
}

/// One page's bookkeeping.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Page {
    shelves: Vec<Shelf>,
    /// Where the next shelf goes.
    top: u16,
    /// The frame that last drew from this page.
    used: u64,
}

impl Page {
    fn new(frame: u64) -> Page {
        Page {
            shelves: Vec::new(),
            top: 0,
            used: frame,
        }
    }

    /// A place for a box of `w` x `h` (padding included), if the page has one.
    fn fit(&mut self, w: u16, h: u16, size: u16) -> Option<(u16, u16)> {
        // The lowest shelf it fits in without wasting more than a third of the shelf's height.
        let best = self
            .shelves
            .iter_mut()
            .filter(|s| s.h >= h && u32::from(h) * 3 >= u32::from(s.h) * 2 && size - s.x >= w)
            .min_by_key(|s| s.h);
        if let Some(shelf) = best {
            let at = (shelf.x, shelf.y);
            shelf.x += w;
            return Some(at);
        }
        if size - self.top >= h && w <= size {
            let y = self.top;
            self.shelves.push(Shelf { y, h, x: w });
            self.top += h;
            return Some((0, y));
        }
        None
    }
}

/// The bookkeeping of the glyph pages.
#[derive(Clone, Debug)]
pub struct Atlas {
    size: u16,
    pages: Vec<Page>,
    keep: usize,
    most: usize,
}

impl Default for Atlas {
    fn default() -> Self {
        Atlas::new(PAGE_SIZE, PAGES, MOST_PAGES)
    }
}

impl Atlas {
    /// Pages of `size` x `size` pixels: `keep` of them, or up to `most` while one frame needs
    /// more.
    pub fn new(size: u16, keep: usize, most: usize) -> Atlas {
        Atlas {
            size,
            pages: Vec::new(),
            keep: keep.max(1),
            most: most.max(keep.max(1)),
        }
    }

    /// The side of a page.
    pub fn page_size(&self) -> u16 {
        self.size
    }

    /// The pages open now.
    pub fn pages(&self) -> usize {
        self.pages.len()
    }

    /// The largest glyph (without padding) a page takes.
    pub fn largest(&self) -> u16 {
        self.size / 4
    }

    /// Notes that `frame` draws from `page`.
    pub fn touch(&mut self, page: usize, frame: u64) {
        if let Some(p) = self.pages.get_mut(page) {
            p.used = p.used.max(frame);
        }
    }

    /// Room for a glyph of `w` x `h` pixels drawn in `frame` (which then counts as drawing
    /// from its page); none for a glyph larger than [`Atlas::largest`].
    pub fn place(&mut self, w: u16, h: u16, frame: u64) -> Option<Room> {
        if w > self.largest() || h > self.largest() {
            return None;
        }
        let (w, h) = (w + 2 * PADDING, h + 2 * PADDING);
        let size = self.size;
        let slot = |page: usize, (x, y): (u16, u16)| Slot {
            page,
            x: x + PADDING,
            y: y + PADDING,
        };
        // A page with room, the one drawn from last first (its glyphs are the live ones).
        let mut order: Vec<usize> = (0..self.pages.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.pages[i].used));
        for i in order {
            if let Some(at) = self.pages[i].fit(w, h, size) {
                self.pages[i].used = frame;
                return Some(Room::Free(slot(i, at)));
            }
        }
        // The least recently used page, if this frame has not drawn from it.
        let oldest = (0..self.pages.len()).min_by_key(|&i| self.pages[i].used);
        let idle = oldest.filter(|&i| self.pages[i].used < frame);
        let open = self.pages.len() < self.keep || (idle.is_none() && self.pages.len() < self.most);
        if open {
            let mut page = Page::new(frame);
            let at = page.fit(w, h, size)?;
            self.pages.push(page);
            return Some(Room::NewPage(slot(self.pages.len() - 1, at)));
        }
        // Every page is full: the oldest is emptied (even one this frame drew from, once
        // there may be no more pages: that frame may show a wrong glyph, the next is right).
        let i = idle.or(oldest)?;
        self.pages[i] = Page::new(frame);
        let at = self.pages[i].fit(w, h, size)?;
        Some(Room::Emptied(slot(i, at)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glyphs_fill_shelves_without_overlap() {
        let mut atlas = Atlas::new(64, 1, 1);
        let mut boxes = Vec::new();
        for (w, h) in [(10, 12), (8, 12), (16, 10), (5, 5), (14, 15), (9, 12)] {
            let slot = atlas.place(w, h, 1).expect("room").slot();
            assert_eq!(slot.page, 0);
            boxes.push((slot.x, slot.y, w, h));
        }
        for (i, a) in boxes.iter().enumerate() {
            assert!(
                a.0 + a.2 + PADDING <= 64 && a.1 + a.3 + PADDING <= 64,
                "{a:?}"
            );
            for b in &boxes[i + 1..] {
                let apart = a.0 + a.2 + PADDING <= b.0
                    || b.0 + b.2 + PADDING <= a.0
                    || a.1 + a.3 + PADDING <= b.1
                    || b.1 + b.3 + PADDING <= a.1;
                assert!(apart, "{a:?} and {b:?} overlap");
            }
        }
    }

    /// Glyphs of 12 x 12 pixels (14 x 14 with padding) in pages of 56: sixteen to a page.
    const PER_PAGE: u64 = 16;

    #[test]
    fn a_full_atlas_opens_pages_up_to_its_keep_then_empties_the_oldest() {
        let mut atlas = Atlas::new(56, 2, 3);
        let mut rooms = Vec::new();
        for frame in 1..=2 * PER_PAGE {
            rooms.push(atlas.place(12, 12, frame).expect("room"));
        }
        assert!(matches!(rooms[0], Room::NewPage(Slot { page: 0, .. })));
        assert!(
            rooms[1..16]
                .iter()
                .all(|r| matches!(r, Room::Free(Slot { page: 0, .. })))
        );
        assert!(matches!(rooms[16], Room::NewPage(Slot { page: 1, .. })));
        assert_eq!(atlas.pages(), 2);
        // Both pages are full; page 0 was last drawn from in frame 16, page 1 in frame 32.
        let room = atlas.place(12, 12, 2 * PER_PAGE + 1).expect("room");
        assert_eq!(
            room,
            Room::Emptied(Slot {
                page: 0,
                x: 1,
                y: 1
            })
        );
        assert_eq!(atlas.pages(), 2, "no third page while an old one can go");
    }

    #[test]
    fn a_page_drawn_from_this_frame_is_never_emptied_while_more_pages_may_open() {
        let mut atlas = Atlas::new(56, 1, 3);
        for _ in 0..PER_PAGE {
            atlas.place(12, 12, 5).expect("room");
        }
        // Frame 5 fills page 0 and wants more: a second page opens beyond the keep.
        assert!(matches!(
            atlas.place(12, 12, 5),
            Some(Room::NewPage(Slot { page: 1, .. }))
        ));
        // In a later frame that draws only from page 1, page 0 is the one emptied.
        atlas.touch(1, 6);
        for _ in 1..PER_PAGE {
            assert!(matches!(
                atlas.place(12, 12, 6),
                Some(Room::Free(Slot { page: 1, .. }))
            ));
        }
        assert_eq!(
            atlas.place(12, 12, 6),
            Some(Room::Emptied(Slot {
                page: 0,
                x: 1,
                y: 1
            }))
        );
    }

    #[test]
    fn pages_never_pass_the_most_and_never_take_a_glyph_too_large() {
        let mut atlas = Atlas::new(56, 1, 2);
        for _ in 0..10 * PER_PAGE {
            assert!(
                atlas.place(12, 12, 1).is_some(),
                "one frame, far too much text"
            );
        }
        assert_eq!(atlas.pages(), 2);
        assert_eq!(atlas.place(15, 15, 1), None, "over a quarter of a page");
        assert!(atlas.place(14, 14, 1).is_some());
    }

    #[test]
    fn the_default_pages_stay_within_every_webgl_limit() {
        let atlas = Atlas::default();
        assert!(atlas.page_size() <= 2048);
        assert!(
            usize::from(PAGE_SIZE).pow(2) * 4 * MOST_PAGES <= 32 << 20,
            "32 MiB at most"
        );
    }
}
