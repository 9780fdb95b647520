//! Writes sample invoices to look at: target/invoice-sample-{fr,ar}.pdf, and a long one in Arabic that runs onto more pages.

use souk_invoices::{Invoice, InvoiceLine, Lang, render};

fn sample(lang: Lang) -> Invoice {
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
        order_id: "0193f2a4-7c1e-7b3a-9d2f-5e8c1a2b3c4d".into(),
        buyer_name: buyer.into(),
        buyer_email: Some("salma.bennani@example.ma".into()),
        buyer_phone: Some("+212 6 12 34 56 78".into()),
        method: method.into(),
        lines: vec![
            InvoiceLine { label: bump.into(), quantity: 1, unit_centimes: 4_900, total_centimes: 4_900 },
            InvoiceLine { label: fee.into(), quantity: 1, unit_centimes: 350, total_centimes: 350 },
            InvoiceLine {
                label: match lang {
                    Lang::Fr => "Vitrine Pro 30 jours — Boutique « Auto Prestige Casablanca »",
                    Lang::Ar => "واجهة احترافية 30 يومًا — متجر « Auto Prestige Casablanca »",
                }
                .into(),
                quantity: 3,
                unit_centimes: 43_300,
                total_centimes: 129_900,
            },
        ],
        total_centimes: 135_150,
        paid_at: 1_795_790_640,
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let target = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target");
    for (lang, name) in [(Lang::Fr, "fr"), (Lang::Ar, "ar")] {
        let path = target.join(format!("invoice-sample-{name}.pdf"));
        std::fs::write(&path, render(&sample(lang), lang)?)?;
        println!("{}", path.display());
    }
    let mut long = sample(Lang::Ar);
    long.buyer_name = "محمد أمين بن عبد الرحمن الإدريسي — Société Générale des Transports du Grand Casablanca".into();
    long.method = "الأداء في الوكالة برمز (كاش بلوس، وفاكاش، بريد بنك)".into();
    let lines = long.lines.clone();
    long.lines = lines.iter().cycle().take(36).cloned().collect();
    long.total_centimes = long.lines.iter().map(|l| l.total_centimes).sum();
    let path = target.join("invoice-sample-long-ar.pdf");
    std::fs::write(&path, render(&long, Lang::Ar)?)?;
    println!("{}", path.display());
    Ok(())
}
