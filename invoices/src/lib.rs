//! Payment invoices as PDF: the public API (`Invoice`, `Lang`, `render`) of the invoices crate.
//!
//! The document is written by [krilla](https://docs.rs/krilla) with the Noto Sans and Noto Sans
//! Arabic fonts embedded (and subset); text is reordered with the Unicode bidirectional algorithm
//! and shaped by rustybuzz, so Arabic is joined and reads right to left. In Arabic the whole page
//! is mirrored. Numbering invoices (sequential per year) is the caller's business: this crate
//! prints the number it is given.

mod format;
mod layout;
mod text;
mod wording;

/// The language of the document, the buyer's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    Fr,
    Ar,
}

/// One line of an invoice. Amounts are in centimes of a dirham.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceLine {
    /// Already in the buyer's language, e.g. `Pack Bump 7 jours — Annonce 12345678 « Peugeot 208 »`.
    pub label: String,
    pub quantity: u32,
    pub unit_centimes: i64,
    pub total_centimes: i64,
}

/// A paid order's invoice, as printed.
///
/// Dates (`issued_at`, `paid_at`) are Unix seconds (UTC) and are printed as the calendar day
/// (`27/11/2026`) in Morocco's usual time, UTC+1, all year: during Ramadan, when Morocco is at
/// UTC+0, something paid between 23:00 and 24:00 local time shows the next day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invoice {
    /// `F-2026-000042`.
    pub number: String,
    pub issued_at: i64,
    pub order_id: String,
    /// Arabic or Latin text; laid out in its own direction whatever the document's.
    pub buyer_name: String,
    pub buyer_email: Option<String>,
    pub buyer_phone: Option<String>,
    /// Already in the buyer's language, e.g. `Carte bancaire` / `بطاقة بنكية`.
    pub method: String,
    pub lines: Vec<InvoiceLine>,
    pub total_centimes: i64,
    pub paid_at: i64,
}

/// Why an invoice could not be rendered.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("the invoice PDF could not be written: {0}")]
    Pdf(String),
}

/// The invoice as a PDF document (A4, one page or more when the lines need it) in `lang`.
pub fn render(invoice: &Invoice, lang: Lang) -> Result<Vec<u8>, RenderError> {
    layout::render(invoice, lang)
}
