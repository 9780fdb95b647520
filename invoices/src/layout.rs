//! The invoice page: where each block goes (mirrored in Arabic), table rows and page breaks, then drawing with krilla.

use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{Path, PathBuilder, Point, Rect};
use krilla::metadata::{DateTime, Metadata, TextDirection};
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};

use crate::format;
use crate::text::{Dir, Fonts, Line, Weight, fonts};
use crate::wording::{Wording, wording};
use crate::{Invoice, Lang, RenderError};

/// A4 in points.
const PAGE_W: f32 = 595.28;
const PAGE_H: f32 = 841.89;
const MARGIN: f32 = 50.0;
const CONTENT_W: f32 = PAGE_W - 2.0 * MARGIN;
/// Nothing but the footer goes below this.
const CONTENT_BOTTOM: f32 = PAGE_H - 100.0;

/// Table columns (logical, from the start side): description, quantity, unit price, total. The
/// two amount columns are as wide as their widest amount or heading; the description takes the rest.
const QTY_W: f32 = 44.0;
const MIN_AMOUNT_W: f32 = 78.0;
const CELL_PAD: f32 = 10.0;
const ROW_LINE: f32 = 13.5;

#[derive(Debug, Clone, Copy)]
struct Rgb(u8, u8, u8);

const INK: Rgb = Rgb(0x22, 0x1f, 0x1c);
const MUTED: Rgb = Rgb(0x6e, 0x67, 0x61);
const ACCENT: Rgb = Rgb(0xa8, 0x40, 0x1a);
const ACCENT_STRONG: Rgb = Rgb(0x84, 0x30, 0x0f);
const ACCENT_SURFACE: Rgb = Rgb(0xfb, 0xee, 0xe7);
const PANEL: Rgb = Rgb(0xf6, 0xf3, 0xf0);
const RULE: Rgb = Rgb(0xe2, 0xdc, 0xd6);
const PAID: Rgb = Rgb(0x1b, 0x6e, 0x3f);
const PAID_SURFACE: Rgb = Rgb(0xdf, 0xf2, 0xe6);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Align {
    Start,
    End,
    Center,
}

/// One drawing operation, in page coordinates (points, y downwards).
enum Op {
    Text { x: f32, baseline: f32, line: Line, color: Rgb },
    Rect { x: f32, y: f32, w: f32, h: f32, radius: f32, color: Rgb },
    Rule { x1: f32, x2: f32, y: f32, width: f32, color: Rgb },
}

struct Layout<'a> {
    invoice: &'a Invoice,
    dir: Dir,
    fonts: &'static Fonts,
    w: &'static Wording,
    pages: Vec<Vec<Op>>,
    /// Width of each amount column, padding included.
    amount_w: f32,
}

pub(crate) fn render(invoice: &Invoice, lang: Lang) -> Result<Vec<u8>, RenderError> {
    lay_out(invoice, lang).draw(lang)
}

/// Every page's drawing operations, before anything is written.
fn lay_out(invoice: &Invoice, lang: Lang) -> Layout<'_> {
    let mut layout = Layout {
        invoice,
        dir: if lang == Lang::Ar { Dir::Rtl } else { Dir::Ltr },
        fonts: fonts(),
        w: wording(lang),
        pages: vec![Vec::new()],
        amount_w: MIN_AMOUNT_W,
    };
    layout.amount_w = layout.amount_column_width();
    let mut y = layout.header();
    y = layout.parties(y + 30.0);
    y = layout.table(y + 30.0);
    layout.total(y + 16.0);
    layout.footers();
    layout
}

impl Layout<'_> {
    fn ops(&mut self) -> &mut Vec<Op> {
        self.pages.last_mut().expect("a layout has a page")
    }

    fn rtl(&self) -> bool {
        self.dir == Dir::Rtl
    }

    /// The left edge of a box `width` wide whose start edge is `start` points from the start margin
    /// (the left one in French, the right one in Arabic).
    fn x(&self, start: f32, width: f32) -> f32 {
        if self.rtl() { PAGE_W - MARGIN - start - width } else { MARGIN + start }
    }

    /// Fixed wording or text in the buyer's words: laid out in its own direction, the document's when neutral.
    fn shape(&self, text: &str, weight: Weight, size: f32) -> Line {
        self.fonts.shape(text, weight, size, Dir::of(text, self.dir))
    }

    /// Numbers, amounts, dates, e-mail addresses and phone numbers: always one left-to-right run.
    fn shape_ltr(&self, text: &str, weight: Weight, size: f32) -> Line {
        self.fonts.shape(text, weight, size, Dir::Ltr)
    }

    fn wrap(&self, text: &str, weight: Weight, size: f32, width: f32) -> Vec<Line> {
        self.fonts.wrap(text, weight, size, Dir::of(text, self.dir), width)
    }

    /// Puts `line` in the cell `[start, start + width]` (logical), aligned on its start, end or centre.
    fn text(&mut self, line: Line, start: f32, width: f32, align: Align, baseline: f32, color: Rgb) {
        let left = self.x(start, width);
        let x = match (align, self.rtl()) {
            (Align::Start, false) | (Align::End, true) => left,
            (Align::End, false) | (Align::Start, true) => left + width - line.width,
            (Align::Center, _) => left + (width - line.width) / 2.0,
        };
        self.ops().push(Op::Text { x, baseline, line, color });
    }

    fn rect(&mut self, start: f32, y: f32, width: f32, h: f32, radius: f32, color: Rgb) {
        let x = self.x(start, width);
        self.ops().push(Op::Rect { x, y, w: width, h, radius, color });
    }

    fn rule(&mut self, y: f32, width: f32, color: Rgb) {
        self.ops().push(Op::Rule { x1: MARGIN, x2: PAGE_W - MARGIN, y, width, color });
    }

    /// The first page's head: wordmark and seller at the start, title, number, dates at the end.
    /// Returns the y of the rule under it.
    fn header(&mut self) -> f32 {
        let w = self.w;
        self.ops().push(Op::Rect { x: 0.0, y: 0.0, w: PAGE_W, h: 6.0, radius: 0.0, color: ACCENT });
        let brand = self.shape(w.brand, Weight::Bold, 28.0);
        self.text(brand, 0.0, CONTENT_W, Align::Start, 80.0, ACCENT);
        for (i, seller) in w.seller.iter().enumerate() {
            let line = self.shape(seller, Weight::Regular, 9.0);
            self.text(line, 0.0, CONTENT_W, Align::Start, 102.0 + 13.0 * i as f32, MUTED);
        }

        let title = self.shape(w.title, Weight::Bold, 24.0);
        self.text(title, 0.0, CONTENT_W, Align::End, 78.0, INK);
        let rows = [
            (w.number, self.invoice.number.clone()),
            (w.issued, format::date(self.invoice.issued_at)),
            (w.order, self.invoice.order_id.clone()),
        ];
        let labels: Vec<Line> = rows.iter().map(|(label, _)| self.shape(label, Weight::Regular, 9.0)).collect();
        let label_w = labels.iter().map(|l| l.width).fold(0.0, f32::max);
        // The block takes at most 300 points; a longer value (an unusual order id) wraps.
        let max_value_w = 300.0 - 20.0 - label_w;
        let values: Vec<Vec<Line>> =
            rows.iter().map(|(_, value)| self.fonts.wrap(value, Weight::Bold, 9.0, Dir::Ltr, max_value_w)).collect();
        let value_w = values.iter().flatten().map(|v| v.width).fold(0.0, f32::max);
        let block_w = label_w + 20.0 + value_w;
        let start = CONTENT_W - block_w;
        let mut baseline = 102.0;
        for (label, value) in labels.into_iter().zip(values) {
            self.text(label, start, block_w, Align::Start, baseline, MUTED);
            for line in value {
                self.text(line, start, block_w, Align::End, baseline, INK);
                baseline += 13.0;
            }
        }
        let y = (baseline + 9.0).max(150.0);
        self.rule(y, 0.75, RULE);
        y
    }

    /// Who is billed (start side) and how it was paid (a panel at the end side). Returns the y under both.
    fn parties(&mut self, top: f32) -> f32 {
        let (w, invoice) = (self.w, self.invoice);
        let col_w = 250.0;
        let label = self.shape(w.billed_to, Weight::Bold, 7.5);
        self.text(label, 0.0, col_w, Align::Start, top + 14.0, ACCENT);
        let mut baseline = top + 34.0;
        for line in self.wrap(&invoice.buyer_name, Weight::Bold, 12.0, col_w) {
            self.text(line, 0.0, col_w, Align::Start, baseline, INK);
            baseline += 16.0;
        }
        baseline += 1.0;
        let contacts: Vec<(&str, &String)> = [(w.email, &invoice.buyer_email), (w.phone, &invoice.buyer_phone)]
            .into_iter()
            .filter_map(|(label, value)| Some((label, value.as_ref()?)))
            .collect();
        let labels: Vec<Line> = contacts.iter().map(|(label, _)| self.shape(label, Weight::Regular, 8.5)).collect();
        let label_w = labels.iter().map(|l| l.width).fold(0.0, f32::max) + 10.0;
        for (label, (_, value)) in labels.into_iter().zip(contacts) {
            self.text(label, 0.0, label_w, Align::Start, baseline, MUTED);
            for line in self.fonts.wrap(value, Weight::Regular, 9.5, Dir::Ltr, col_w - label_w) {
                self.text(line, label_w, col_w - label_w, Align::Start, baseline, INK);
                baseline += 14.0;
            }
        }
        let left_bottom = baseline - 10.0;

        let panel_w = 224.0;
        let start = CONTENT_W - panel_w;
        let pad = 14.0;
        let inner = panel_w - 2.0 * pad;
        let method_label = self.shape(w.method, Weight::Regular, 9.0);
        let paid_label = self.shape(w.paid_at, Weight::Regular, 9.0);
        let value_w = inner - method_label.width.max(paid_label.width) - 12.0;
        let method = self.wrap(&invoice.method, Weight::Bold, 9.0, value_w);
        let panel_h = 76.0 + 13.0 * (method.len() as f32 - 1.0);
        self.rect(start, top, panel_w, panel_h, 6.0, PANEL);
        let label = self.shape(w.payment, Weight::Bold, 7.5);
        self.text(label, start + pad, inner, Align::Start, top + 22.0, ACCENT);
        let stamp = self.shape(w.paid_stamp, Weight::Bold, 7.5);
        let stamp_w = stamp.width + 16.0;
        self.rect(start + pad + inner - stamp_w, top + 10.0, stamp_w, 17.0, 8.5, PAID_SURFACE);
        self.text(stamp, start + pad + inner - stamp_w, stamp_w, Align::Center, top + 21.5, PAID);

        let mut baseline = top + 46.0;
        self.text(method_label, start + pad, inner, Align::Start, baseline, MUTED);
        for line in method {
            self.text(line, start + pad + inner - value_w, value_w, Align::End, baseline, INK);
            baseline += 13.0;
        }
        baseline += 3.0;
        self.text(paid_label, start + pad, inner, Align::Start, baseline, MUTED);
        let paid = self.shape_ltr(&format::date(invoice.paid_at), Weight::Bold, 9.0);
        self.text(paid, start + pad, inner, Align::End, baseline, INK);

        left_bottom.max(top + panel_h)
    }

    fn amount_column_width(&self) -> f32 {
        let heads = [self.w.col_unit, self.w.col_total].map(|t| self.shape(t, Weight::Bold, 7.5).width);
        let amounts = self.invoice.lines.iter().flat_map(|l| {
            [
                self.shape_ltr(&format::amount(l.unit_centimes), Weight::Regular, 9.5).width,
                self.shape_ltr(&format::amount(l.total_centimes), Weight::Bold, 9.5).width,
            ]
        });
        let widest = heads.into_iter().chain(amounts).fold(0.0, f32::max);
        (widest + 2.0 * CELL_PAD).clamp(MIN_AMOUNT_W, 150.0)
    }

    fn label_w(&self) -> f32 {
        CONTENT_W - QTY_W - 2.0 * self.amount_w
    }

    /// The column heads of the table at `top`; returns the y under them.
    fn table_head(&mut self, top: f32) -> f32 {
        let w = self.w;
        let h = 26.0;
        let (label_w, amount_w) = (self.label_w(), self.amount_w);
        self.rect(0.0, top, CONTENT_W, h, 4.0, PANEL);
        let baseline = top + 16.5;
        let cells = [
            (w.col_label, 0.0, label_w, Align::Start),
            (w.col_quantity, label_w, QTY_W, Align::Center),
            (w.col_unit, label_w + QTY_W, amount_w, Align::End),
            (w.col_total, label_w + QTY_W + amount_w, amount_w, Align::End),
        ];
        for (text, start, width, align) in cells {
            let line = self.shape(text, Weight::Bold, 7.5);
            self.text(line, start + CELL_PAD, width - 2.0 * CELL_PAD, align, baseline, MUTED);
        }
        top + h
    }

    /// The invoice lines from `top`, onto new pages when they do not fit. Returns the y under the last.
    fn table(&mut self, top: f32) -> f32 {
        let (label_w, amount_w) = (self.label_w(), self.amount_w);
        let mut y = self.table_head(top);
        for item in &self.invoice.lines {
            let lines = self.wrap(&item.label, Weight::Regular, 9.5, label_w - 2.0 * CELL_PAD);
            let row_h = 2.0 * 9.0 + 4.0 + ROW_LINE * lines.len() as f32;
            if y + row_h > CONTENT_BOTTOM {
                y = self.next_page();
                y = self.table_head(y);
            }
            let first = y + 9.0 + 11.0;
            for (i, line) in lines.into_iter().enumerate() {
                self.text(line, CELL_PAD, label_w - 2.0 * CELL_PAD, Align::Start, first + ROW_LINE * i as f32, INK);
            }
            let qty = self.shape_ltr(&item.quantity.to_string(), Weight::Regular, 9.5);
            self.text(qty, label_w + CELL_PAD, QTY_W - 2.0 * CELL_PAD, Align::Center, first, INK);
            let unit = self.shape_ltr(&format::amount(item.unit_centimes), Weight::Regular, 9.5);
            self.text(unit, label_w + QTY_W + CELL_PAD, amount_w - 2.0 * CELL_PAD, Align::End, first, INK);
            let total = self.shape_ltr(&format::amount(item.total_centimes), Weight::Bold, 9.5);
            let start = label_w + QTY_W + amount_w + CELL_PAD;
            self.text(total, start, amount_w - 2.0 * CELL_PAD, Align::End, first, INK);
            y += row_h;
            self.rule(y, 0.5, RULE);
        }
        y
    }

    /// The amount paid, in a panel at the end side under the table.
    fn total(&mut self, top: f32) {
        let h = 42.0;
        let top = if top + h > CONTENT_BOTTOM { self.next_page() } else { top };
        let width = (2.0 * self.amount_w + QTY_W + 40.0).max(250.0);
        let start = CONTENT_W - width;
        self.rect(start, top, width, h, 6.0, ACCENT_SURFACE);
        let label = self.shape(self.w.total, Weight::Bold, 10.5);
        self.text(label, start + 14.0, width - 28.0, Align::Start, top + 26.0, ACCENT_STRONG);
        let amount = self.shape_ltr(&format::amount(self.invoice.total_centimes), Weight::Bold, 14.0);
        self.text(amount, start + CELL_PAD, width - 2.0 * CELL_PAD, Align::End, top + 26.5, ACCENT_STRONG);
    }

    /// Starts a page that continues the invoice; returns the y where content goes on.
    fn next_page(&mut self) -> f32 {
        self.pages.push(Vec::new());
        self.ops().push(Op::Rect { x: 0.0, y: 0.0, w: PAGE_W, h: 6.0, radius: 0.0, color: ACCENT });
        let brand = self.shape(self.w.brand, Weight::Bold, 16.0);
        self.text(brand, 0.0, CONTENT_W, Align::Start, 54.0, ACCENT);
        let title = format!("{} {} ({})", self.w.title, self.invoice.number, self.w.continued);
        let title = self.shape(&title, Weight::Regular, 9.0);
        self.text(title, 0.0, CONTENT_W, Align::End, 54.0, MUTED);
        self.rule(70.0, 0.75, RULE);
        90.0
    }

    /// Thanks, legal line and page number at the bottom of every page.
    fn footers(&mut self) {
        let count = self.pages.len();
        for index in 0..count {
            let ops = std::mem::take(&mut self.pages[index]);
            self.pages.push(ops);
            let top = PAGE_H - 86.0;
            self.rule(top, 0.75, RULE);
            if index + 1 == count {
                let thanks = self.shape(self.w.thanks, Weight::Bold, 10.0);
                self.text(thanks, 0.0, CONTENT_W, Align::Start, top + 22.0, INK);
            }
            let page = format!("{} {} / {}", self.w.page, index + 1, count);
            let page = self.shape(&page, Weight::Regular, 8.0);
            self.text(page, 0.0, CONTENT_W, Align::End, top + 22.0, MUTED);
            let mut baseline = top + 38.0;
            for line in self.wrap(self.w.legal, Weight::Regular, 7.0, CONTENT_W) {
                self.text(line, 0.0, CONTENT_W, Align::Start, baseline, MUTED);
                baseline += 10.0;
            }
            let ops = self.pages.pop().expect("the page just pushed");
            self.pages[index] = ops;
        }
    }

    fn draw(self, lang: Lang) -> Result<Vec<u8>, RenderError> {
        let mut document = Document::new();
        let (year, month, day) = format::civil_date(self.invoice.issued_at + format::MOROCCO_OFFSET_SECONDS);
        let metadata = Metadata::new()
            .title(format!("{} {}", self.w.title, self.invoice.number))
            .creator("Souk".to_owned())
            .language(if lang == Lang::Ar { "ar" } else { "fr" }.to_owned())
            .text_direction(if lang == Lang::Ar { TextDirection::RightToLeft } else { TextDirection::LeftToRight })
            .creation_date(DateTime::new(year as u16).month(month as u8).day(day as u8));
        document.set_metadata(metadata);
        let size = PageSettings::from_wh(PAGE_W, PAGE_H).expect("A4 is a valid page size");
        for ops in &self.pages {
            let mut page = document.start_page_with(size.clone());
            let mut surface = page.surface();
            for op in ops {
                match op {
                    Op::Rect { x, y, w, h, radius, color } => {
                        surface.set_stroke(None);
                        surface.set_fill(Some(fill(*color)));
                        if let Some(path) = rounded_rect(*x, *y, *w, *h, *radius) {
                            surface.draw_path(&path);
                        }
                    }
                    Op::Rule { x1, x2, y, width, color } => {
                        surface.set_fill(None);
                        surface.set_stroke(Some(Stroke { paint: paint(*color), width: *width, ..Stroke::default() }));
                        let mut path = PathBuilder::new();
                        path.move_to(*x1, *y);
                        path.line_to(*x2, *y);
                        if let Some(path) = path.finish() {
                            surface.draw_path(&path);
                        }
                    }
                    Op::Text { x, baseline, line, color } => {
                        surface.set_stroke(None);
                        surface.set_fill(Some(fill(*color)));
                        let mut x = *x;
                        for piece in &line.pieces {
                            let font = self.fonts.pdf_font(piece.face);
                            let start = Point::from_xy(x, *baseline);
                            surface.draw_glyphs(start, &piece.glyphs, font, &piece.text, line.size, false);
                            x += piece.width;
                        }
                    }
                }
            }
            surface.finish();
            page.finish();
        }
        document.finish().map_err(|e| RenderError::Pdf(format!("{e:?}")))
    }
}

fn paint(color: Rgb) -> krilla::paint::Paint {
    rgb::Color::new(color.0, color.1, color.2).into()
}

fn fill(color: Rgb) -> Fill {
    Fill { paint: paint(color), opacity: NormalizedF32::ONE, rule: Default::default() }
}

/// A rectangle with corners rounded by `r` (cubic quarter circles).
fn rounded_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<Path> {
    let mut path = PathBuilder::new();
    if r <= 0.0 {
        path.push_rect(Rect::from_xywh(x, y, w, h)?);
        return path.finish();
    }
    let r = r.min(w / 2.0).min(h / 2.0);
    let k = r * 0.552_284_8;
    let (right, bottom) = (x + w, y + h);
    path.move_to(x + r, y);
    path.line_to(right - r, y);
    path.cubic_to(right - r + k, y, right, y + r - k, right, y + r);
    path.line_to(right, bottom - r);
    path.cubic_to(right, bottom - r + k, right - r + k, bottom, right - r, bottom);
    path.line_to(x + r, bottom);
    path.cubic_to(x + r - k, bottom, x, bottom - r + k, x, bottom - r);
    path.line_to(x, y + r);
    path.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    path.close();
    path.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::InvoiceLine;

    fn long_invoice() -> Invoice {
        Invoice {
            number: "F-2026-000042".into(),
            issued_at: 1_795_790_700,
            order_id: "0193f2a4-7c1e-7b3a-9d2f-5e8c1a2b3c4d".into(),
            buyer_name: "محمد أمين بن عبد الرحمن الإدريسي العلوي Société Générale des Transports et Logistique du Grand Casablanca"
                .into(),
            buyer_email: Some("un.tres.long.identifiant.de.messagerie.sans.espace@sous-domaine.example.ma".into()),
            buyer_phone: Some("+212 6 12 34 56 78".into()),
            method: "Paiement en agence avec code (Cash Plus, Wafacash, Barid Bank)".into(),
            lines: (0..40)
                .map(|i| InvoiceLine {
                    label: format!("Pack Bump 7 jours — Annonce {i:08} « Peugeot 208 1.2 PureTech 82 ch Active, première main, carnet d’entretien »"),
                    quantity: 1 + i % 3,
                    unit_centimes: 4_900,
                    total_centimes: 4_900 * i64::from(1 + i % 3),
                })
                .collect(),
            total_centimes: 3_900_000,
            paid_at: 1_795_790_640,
        }
    }

    #[test]
    fn long_content_wraps_within_the_margins_and_flows_onto_more_pages() {
        for lang in [Lang::Fr, Lang::Ar] {
            let invoice = long_invoice();
            let layout = lay_out(&invoice, lang);
            assert!(layout.pages.len() >= 2, "{lang:?}: {} page(s)", layout.pages.len());
            for (p, page) in layout.pages.iter().enumerate() {
                for op in page {
                    if let Op::Text { x, baseline, line, .. } = op {
                        let text: String = line.pieces.iter().map(|p| p.text.as_str()).collect();
                        assert!(*x >= MARGIN - 0.01, "{lang:?} page {p}: {text:?} starts at {x}");
                        assert!(
                            x + line.width <= PAGE_W - MARGIN + 0.01,
                            "{lang:?} page {p}: {text:?} runs past the margin"
                        );
                        // Content stays above the footer's rule; the footer below it.
                        let footer_rule = PAGE_H - 86.0;
                        assert!(
                            *baseline <= CONTENT_BOTTOM || *baseline > footer_rule,
                            "{lang:?}: {text:?} at {baseline}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn no_two_texts_overlap() {
        for lang in [Lang::Fr, Lang::Ar] {
            let invoice = long_invoice();
            let layout = lay_out(&invoice, lang);
            for page in &layout.pages {
                let boxes: Vec<(f32, f32, f32, f32, String)> = page
                    .iter()
                    .filter_map(|op| match op {
                        Op::Text { x, baseline, line, .. } => {
                            let text = line.pieces.iter().map(|p| p.text.as_str()).collect();
                            Some((*x, x + line.width, baseline - 0.7 * line.size, baseline + 0.2 * line.size, text))
                        }
                        _ => None,
                    })
                    .collect();
                for (i, a) in boxes.iter().enumerate() {
                    for b in &boxes[i + 1..] {
                        let apart = a.1 <= b.0 || b.1 <= a.0 || a.3 <= b.2 || b.3 <= a.2;
                        assert!(apart, "{lang:?}: {:?} overlaps {:?}", a.4, b.4);
                    }
                }
            }
        }
    }

    #[test]
    fn arabic_mirrors_the_page() {
        let first_text = |lang| {
            let invoice = long_invoice();
            let layout = lay_out(&invoice, lang);
            layout.pages[0]
                .iter()
                .find_map(|op| match op {
                    Op::Text { x, line, .. } => Some((*x, line.width)),
                    _ => None,
                })
                .expect("the wordmark")
        };
        // The wordmark opens the page at the left margin in French and at the right one in Arabic.
        let (x, _) = first_text(Lang::Fr);
        assert!((x - MARGIN).abs() < 0.01);
        let (x, width) = first_text(Lang::Ar);
        assert!((x + width - (PAGE_W - MARGIN)).abs() < 0.01);
    }
}
