//! Text to glyphs: the embedded fonts, bidirectional reordering, per-script font choice, shaping and line wrapping.

use std::sync::LazyLock;

use krilla::text::{GlyphId, KrillaGlyph};
use rustybuzz::{Direction, UnicodeBuffer};
use unicode_bidi::{BidiInfo, Level};

/// Latin text (Noto Sans, SIL Open Font License, see fonts/OFL.txt).
static LATIN_REGULAR: &[u8] = include_bytes!("../fonts/NotoSans-Regular.ttf");
static LATIN_BOLD: &[u8] = include_bytes!("../fonts/NotoSans-Bold.ttf");
/// Arabic text (Noto Sans Arabic, same licence).
static ARABIC_REGULAR: &[u8] = include_bytes!("../fonts/NotoSansArabic-Regular.ttf");
static ARABIC_BOLD: &[u8] = include_bytes!("../fonts/NotoSansArabic-Bold.ttf");

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Weight {
    Regular,
    Bold,
}

/// The direction a paragraph is laid out in (its bidi base level).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dir {
    Ltr,
    Rtl,
}

impl Dir {
    /// The direction of `text` taken from its first strong character (as Unicode's FSI does),
    /// `fallback` when it has none (digits, punctuation).
    pub(crate) fn of(text: &str, fallback: Dir) -> Dir {
        match unicode_bidi::get_base_direction(text) {
            unicode_bidi::Direction::Ltr => Dir::Ltr,
            unicode_bidi::Direction::Rtl => Dir::Rtl,
            unicode_bidi::Direction::Mixed => fallback,
        }
    }
}

/// One of the four embedded faces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FaceId(usize);

struct Face {
    shaping: rustybuzz::Face<'static>,
    pdf: krilla::text::Font,
    units_per_em: f32,
}

/// The embedded faces, parsed once.
pub(crate) struct Fonts {
    faces: [Face; 4],
}

static FONTS: LazyLock<Fonts> = LazyLock::new(|| {
    let face = |data: &'static [u8]| {
        let shaping = rustybuzz::Face::from_slice(data, 0).expect("embedded font parses");
        let units_per_em = shaping.units_per_em() as f32;
        let pdf = krilla::text::Font::new(data.into(), 0).expect("embedded font loads");
        Face { shaping, pdf, units_per_em }
    };
    Fonts { faces: [face(LATIN_REGULAR), face(LATIN_BOLD), face(ARABIC_REGULAR), face(ARABIC_BOLD)] }
});

pub(crate) fn fonts() -> &'static Fonts {
    &FONTS
}

impl Fonts {
    fn latin(weight: Weight) -> FaceId {
        FaceId(if weight == Weight::Bold { 1 } else { 0 })
    }

    fn arabic(weight: Weight) -> FaceId {
        FaceId(if weight == Weight::Bold { 3 } else { 2 })
    }

    pub(crate) fn pdf_font(&self, id: FaceId) -> krilla::text::Font {
        self.faces[id.0].pdf.clone()
    }

    fn covers(&self, id: FaceId, c: char) -> bool {
        self.faces[id.0].shaping.glyph_index(c).is_some()
    }

    /// The face that draws `c` inside a run of direction `run`: Arabic letters in the Arabic face,
    /// spaces and punctuation of a right-to-left run too (so a run is not cut in two), the rest
    /// in the Latin face; the other face when the preferred one has no glyph.
    fn face_for(&self, c: char, run: Dir, weight: Weight) -> FaceId {
        let (latin, arabic) = (Self::latin(weight), Self::arabic(weight));
        let preferred = if is_arabic(c) || (run == Dir::Rtl && !c.is_alphanumeric()) { arabic } else { latin };
        let other = if preferred == arabic { latin } else { arabic };
        if self.covers(preferred, c) || !self.covers(other, c) { preferred } else { other }
    }

    /// `text` shaped on one line at `size` points, its pieces in visual order (left to right).
    pub(crate) fn shape(&self, text: &str, weight: Weight, size: f32, base: Dir) -> Line {
        let mut pieces = Vec::new();
        if !text.is_empty() {
            let level = if base == Dir::Rtl { Level::rtl() } else { Level::ltr() };
            let bidi = BidiInfo::new(text, Some(level));
            for para in &bidi.paragraphs {
                let (levels, runs) = bidi.visual_runs(para, para.range.clone());
                for run in runs {
                    let dir = if levels[run.start].is_rtl() { Dir::Rtl } else { Dir::Ltr };
                    let mut segments = self.segments(&text[run.clone()], run.start, dir, weight);
                    if dir == Dir::Rtl {
                        segments.reverse();
                    }
                    for (face, range) in segments {
                        pieces.push(self.shape_segment(&text[range], face, dir, size));
                    }
                }
            }
        }
        let width = pieces.iter().map(|p| p.width).sum();
        Line { pieces, width, size }
    }

    /// The byte ranges (absolute, from `offset`) of `run` that one face draws, in logical order.
    fn segments(&self, run: &str, offset: usize, dir: Dir, weight: Weight) -> Vec<(FaceId, std::ops::Range<usize>)> {
        let mut out: Vec<(FaceId, std::ops::Range<usize>)> = Vec::new();
        for (i, c) in run.char_indices() {
            let face = self.face_for(c, dir, weight);
            let range = offset + i..offset + i + c.len_utf8();
            match out.last_mut() {
                Some((last, r)) if *last == face => r.end = range.end,
                _ => out.push((face, range)),
            }
        }
        out
    }

    fn shape_segment(&self, text: &str, id: FaceId, dir: Dir, size: f32) -> Piece {
        let face = &self.faces[id.0];
        let mut buffer = UnicodeBuffer::new();
        buffer.push_str(text);
        buffer.guess_segment_properties();
        buffer.set_direction(if dir == Dir::Rtl { Direction::RightToLeft } else { Direction::LeftToRight });
        let output = rustybuzz::shape(&face.shaping, &[], buffer);
        let infos = output.glyph_infos();
        let mut starts: Vec<usize> = infos.iter().map(|i| i.cluster as usize).collect();
        starts.sort_unstable();
        starts.dedup();
        let upem = face.units_per_em;
        let glyphs: Vec<KrillaGlyph> = infos
            .iter()
            .zip(output.glyph_positions())
            .map(|(info, pos)| {
                let start = info.cluster as usize;
                let end = starts.iter().copied().find(|&s| s > start).unwrap_or(text.len());
                KrillaGlyph::new(
                    GlyphId::new(info.glyph_id),
                    pos.x_advance as f32 / upem,
                    pos.x_offset as f32 / upem,
                    pos.y_offset as f32 / upem,
                    pos.y_advance as f32 / upem,
                    start..end,
                    None,
                )
            })
            .collect();
        let width = glyphs.iter().map(|g| g.x_advance).sum::<f32>() * size;
        Piece { face: id, text: text.to_owned(), glyphs, width }
    }

    /// `text` broken into lines no wider than `max_width` (between words, or inside a word
    /// too long for a line), each shaped.
    pub(crate) fn wrap(&self, text: &str, weight: Weight, size: f32, base: Dir, max_width: f32) -> Vec<Line> {
        let mut lines = Vec::new();
        let mut current = String::new();
        let mut words: std::collections::VecDeque<String> = glued_words(text).into();
        while let Some(word) = words.pop_front() {
            let candidate = if current.is_empty() { word.to_owned() } else { format!("{current} {word}") };
            if self.shape(&candidate, weight, size, base).width <= max_width {
                current = candidate;
                continue;
            }
            if word.contains(' ') && self.shape(&word, weight, size, base).width > max_width {
                // Glued words that do not fit on a line together are broken apart again.
                for (i, part) in word.split(' ').enumerate() {
                    words.insert(i, part.to_owned());
                }
                continue;
            }
            if !current.is_empty() {
                lines.push(self.shape(&current, weight, size, base));
            }
            current = word;
            // A word wider than the line (an e-mail address, a long name) is cut where it must be.
            while self.shape(&current, weight, size, base).width > max_width {
                let mut cut = current.len();
                while let Some((i, _)) = current[..cut].char_indices().next_back() {
                    if i == 0 {
                        break;
                    }
                    cut = i;
                    if self.shape(&current[..cut], weight, size, base).width <= max_width {
                        break;
                    }
                }
                if cut == current.len() || cut == 0 {
                    break;
                }
                lines.push(self.shape(&current[..cut], weight, size, base));
                current = current[cut..].to_owned();
            }
        }
        if !current.is_empty() || lines.is_empty() {
            lines.push(self.shape(&current, weight, size, base));
        }
        lines
    }
}

/// The words of `text`, where a line may break between two of them: an opening guillemet
/// stays with the word after it; a closing one, a dash and high punctuation (`: ; ! ?`) with
/// the word before it, as French typography wants; a short quotation (`« Peugeot 208 »`) is kept
/// whole while it fits on a line (`wrap` splits it again when it does not).
fn glued_words(text: &str) -> Vec<String> {
    const SHORT_QUOTE: usize = 32;
    let mut words: Vec<String> = Vec::new();
    let mut glue_next = false;
    let mut quote_start: Option<usize> = None;
    for word in text.split_whitespace() {
        let to_previous = matches!(word, "»" | "—" | "–" | ":" | ";" | "!" | "?" | "؟" | "؛");
        match words.last_mut() {
            Some(last) if glue_next || to_previous => {
                last.push(' ');
                last.push_str(word);
            }
            _ => words.push(word.to_owned()),
        }
        glue_next = word == "«";
        if word.starts_with('«') {
            quote_start = Some(words.len() - 1);
        }
        if word.ends_with('»')
            && let Some(start) = quote_start.take()
        {
            let quote = words[start..].join(" ");
            if quote.chars().count() <= SHORT_QUOTE {
                words.truncate(start);
                words.push(quote);
            }
        }
    }
    words
}

/// Letters of the Arabic script (Arabic, Supplement, Extended-A and the presentation forms).
fn is_arabic(c: char) -> bool {
    matches!(c, '\u{0600}'..='\u{06FF}' | '\u{0750}'..='\u{077F}' | '\u{08A0}'..='\u{08FF}' | '\u{FB50}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFF}')
}

/// Glyphs of one face, in visual order, with the text they come from.
#[derive(Debug, Clone)]
pub(crate) struct Piece {
    pub face: FaceId,
    pub text: String,
    pub glyphs: Vec<KrillaGlyph>,
    /// Width in points at the line's size.
    pub width: f32,
}

/// One shaped line, ready to be drawn from its left end.
#[derive(Debug, Clone)]
pub(crate) struct Line {
    pub pieces: Vec<Piece>,
    /// Width in points.
    pub width: f32,
    pub size: f32,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn glyph_ids(line: &Line) -> Vec<u32> {
        line.pieces.iter().flat_map(|p| p.glyphs.iter().map(|g| g.glyph_id.to_u32())).collect()
    }

    #[test]
    fn arabic_letters_are_joined_not_isolated() {
        let fonts = fonts();
        // فاتورة: joined, each letter takes its contextual form, unlike the same letters apart.
        let word = fonts.shape("فاتورة", Weight::Regular, 10.0, Dir::Rtl);
        let apart: Vec<u32> = "فاتورة"
            .chars()
            .flat_map(|c| glyph_ids(&fonts.shape(&c.to_string(), Weight::Regular, 10.0, Dir::Rtl)))
            .collect();
        let mut apart_visual = apart.clone();
        apart_visual.reverse();
        assert_eq!(glyph_ids(&word).len(), apart.len());
        assert_ne!(glyph_ids(&word), apart_visual);
        assert!(word.pieces.iter().all(|p| p.face == Fonts::arabic(Weight::Regular)));
    }

    #[test]
    fn right_to_left_runs_are_in_visual_order() {
        let fonts = fonts();
        // The Latin name comes after the Arabic word logically, so it stands at its left.
        let line = fonts.shape("فاتورة Peugeot 208", Weight::Regular, 10.0, Dir::Rtl);
        let texts: Vec<&str> = line.pieces.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(texts.first(), Some(&"Peugeot 208"), "{texts:?}");
        assert!(texts.last().unwrap().contains("فاتورة"), "{texts:?}");
        // A right-to-left run drawn with two faces (the em dash is only in the Latin one) is
        // mirrored as a whole: its last word stands at the left.
        let line = fonts.shape("متجر — سوق", Weight::Regular, 10.0, Dir::Rtl);
        let texts: Vec<&str> = line.pieces.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(texts, [" سوق", "—", "متجر "]);
        // Digits inside Arabic keep their left-to-right order.
        let line = fonts.shape("الإعلان 12345678", Weight::Regular, 10.0, Dir::Rtl);
        assert_eq!(line.pieces.first().map(|p| p.text.as_str()), Some("12345678"));
    }

    #[test]
    fn every_character_of_the_wording_has_a_glyph() {
        let fonts = fonts();
        for lang in [crate::Lang::Fr, crate::Lang::Ar] {
            let w = crate::wording::wording(lang);
            let texts = [
                w.brand,
                w.seller[0],
                w.seller[1],
                w.title,
                w.number,
                w.issued,
                w.order,
                w.billed_to,
                w.email,
                w.phone,
                w.payment,
                w.method,
                w.paid_at,
                w.paid_stamp,
                w.col_label,
                w.col_quantity,
                w.col_unit,
                w.col_total,
                w.total,
                w.thanks,
                w.legal,
                w.continued,
                w.page,
            ];
            let amount = crate::format::amount(129_900);
            for text in texts.into_iter().chain([amount.as_str(), "« Peugeot 208 » — n°"]) {
                for weight in [Weight::Regular, Weight::Bold] {
                    let line = fonts.shape(text, weight, 10.0, Dir::of(text, Dir::Ltr));
                    assert!(!glyph_ids(&line).contains(&0), "missing glyph in {text:?}");
                }
            }
        }
    }

    #[test]
    fn guillemets_and_dashes_do_not_start_or_end_a_line() {
        assert_eq!(glued_words("Pack — Annonce « Peugeot 208 » !"), ["Pack —", "Annonce", "« Peugeot 208 » !"]);
        let long = "Boutique « Auto Prestige Casablanca Maârif Bourgogne Gauthier »";
        assert_eq!(
            glued_words(long),
            ["Boutique", "« Auto", "Prestige", "Casablanca", "Maârif", "Bourgogne", "Gauthier »"]
        );
    }

    #[test]
    fn wrapping_keeps_lines_within_the_width() {
        let fonts = fonts();
        let text = "Pack Bump 7 jours — Annonce 12345678 « Peugeot 208 » ".repeat(4) + &"x".repeat(120);
        let lines = fonts.wrap(&text, Weight::Regular, 10.0, Dir::Ltr, 150.0);
        assert!(lines.len() > 4);
        assert!(lines.iter().all(|l| l.width <= 150.0), "{:?}", lines.iter().map(|l| l.width).collect::<Vec<_>>());
    }
}
