//! Reads rendered invoices back as PDF: pages, embedded fonts, text, and what differs between French and Arabic.

use lopdf::{Document, Object};
use souk_invoices::{Invoice, InvoiceLine, Lang, render};

fn invoice(lang: Lang) -> Invoice {
    let (buyer, method, bump, fee) = match lang {
        Lang::Fr => (
            "Salma Bennani",
            "Carte bancaire",
            "Pack Bump 7 jours — Annonce 12345678 « Peugeot 208 »",
            "Frais de transaction",
        ),
        Lang::Ar => {
            ("سلمى بناني", "بطاقة بنكية", "باقة الإبراز 7 أيام — الإعلان 12345678 « Peugeot 208 »", "رسوم المعاملة")
        }
    };
    Invoice {
        number: "F-2026-000042".into(),
        issued_at: 1_795_790_700,
        order_id: "ord-12345678".into(),
        buyer_name: buyer.into(),
        buyer_email: Some("salma@example.ma".into()),
        buyer_phone: None,
        method: method.into(),
        lines: vec![
            InvoiceLine { label: bump.into(), quantity: 1, unit_centimes: 4_900, total_centimes: 4_900 },
            InvoiceLine { label: fee.into(), quantity: 1, unit_centimes: 350, total_centimes: 350 },
        ],
        total_centimes: 5_250,
        paid_at: 1_795_790_640,
    }
}

fn parse(pdf: &[u8]) -> Document {
    assert!(pdf.starts_with(b"%PDF-"), "not a PDF header");
    Document::load_mem(pdf).expect("the PDF parses")
}

/// The base names of the embedded fonts (`ABCDEF+NotoSans-Regular`), with their font files.
fn embedded_fonts(doc: &Document) -> Vec<String> {
    doc.objects
        .values()
        .filter_map(|o| o.as_dict().ok())
        .filter(|d| d.has(b"FontFile2"))
        .filter_map(|d| d.get(b"FontName").ok().and_then(|n| n.as_name().ok()))
        .map(|n| String::from_utf8_lossy(n).into_owned())
        .collect()
}

#[test]
fn a_french_invoice_is_one_page_with_its_text() {
    let pdf = render(&invoice(Lang::Fr), Lang::Fr).unwrap();
    let doc = parse(&pdf);
    assert_eq!(doc.get_pages().len(), 1);
    let fonts = embedded_fonts(&doc);
    assert!(fonts.iter().any(|f| f.ends_with("+NotoSans-Regular")), "{fonts:?}");
    assert!(!fonts.iter().any(|f| f.contains("Arabic")), "no Arabic text, no Arabic font: {fonts:?}");
    let text = doc.extract_text(&[1]).unwrap();
    for expected in
        ["Facture", "F-2026-000042", "27/11/2026", "Salma Bennani", "Carte bancaire", "Total TTC", "Payée le"]
    {
        assert!(text.contains(expected), "{expected:?} not in {text:?}");
    }
    assert!(text.contains("52,50\u{a0}DH"), "{text:?}");
}

#[test]
fn an_arabic_invoice_embeds_the_arabic_font_and_keeps_latin_runs_readable() {
    let pdf = render(&invoice(Lang::Ar), Lang::Ar).unwrap();
    let doc = parse(&pdf);
    assert_eq!(doc.get_pages().len(), 1);
    let fonts = embedded_fonts(&doc);
    assert!(fonts.iter().any(|f| f.ends_with("+NotoSansArabic-Regular")), "{fonts:?}");
    assert!(fonts.iter().any(|f| f.ends_with("+NotoSansArabic-Bold")), "{fonts:?}");
    let text = doc.extract_text(&[1]).unwrap();
    // Left-to-right runs inside the Arabic page come out in reading order.
    for expected in ["F-2026-000042", "27/11/2026", "salma@example.ma", "Peugeot 208", "12345678"] {
        assert!(text.contains(expected), "{expected:?} not in {text:?}");
    }
    assert!(text.contains("52,50\u{a0}DH"), "{text:?}");
    // Arabic glyphs map back to Arabic letters.
    assert!(text.chars().filter(|c| ('\u{0600}'..='\u{06FF}').contains(c)).count() > 50, "{text:?}");
    let french = render(&invoice(Lang::Fr), Lang::Fr).unwrap();
    assert_ne!(pdf, french);
}

#[test]
fn the_document_says_its_language_and_title() {
    for (lang, code, title) in [(Lang::Fr, "fr", "Facture F-2026-000042"), (Lang::Ar, "ar", "فاتورة F-2026-000042")]
    {
        let doc = parse(&render(&invoice(lang), lang).unwrap());
        let catalog = doc.catalog().unwrap();
        let declared = catalog.get(b"Lang").and_then(Object::as_str).unwrap();
        assert_eq!(declared, code.as_bytes());
        let info = doc.trailer.get(b"Info").and_then(Object::as_reference).unwrap();
        let info = doc.get_dictionary(info).unwrap();
        let found = lopdf::decode_text_string(info.get(b"Title").unwrap()).unwrap();
        assert_eq!(found, title);
    }
}

#[test]
fn many_lines_start_a_second_page() {
    let mut invoice = invoice(Lang::Fr);
    invoice.lines = (0..60)
        .map(|i| InvoiceLine {
            label: format!("Pack Bump 7 jours — Annonce {i:08}"),
            quantity: 1,
            unit_centimes: 100,
            total_centimes: 100,
        })
        .collect();
    let doc = parse(&render(&invoice, Lang::Fr).unwrap());
    assert!(doc.get_pages().len() >= 2);
    let second = doc.extract_text(&[2]).unwrap();
    assert!(second.contains("(suite)") && second.contains("Page 2"), "{second:?}");
}

#[test]
fn the_same_invoice_gives_the_same_bytes() {
    for lang in [Lang::Fr, Lang::Ar] {
        assert_eq!(render(&invoice(lang), lang).unwrap(), render(&invoice(lang), lang).unwrap());
    }
}
