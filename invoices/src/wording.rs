//! The fixed wording of an invoice (titles, seller, column headers, footer) in French and in Arabic.

use crate::Lang;

/// Every fixed text printed on an invoice, in one language.
pub(crate) struct Wording {
    /// The wordmark at the top of the page.
    pub brand: &'static str,
    /// The seller's legal name and seat, one entry a line.
    pub seller: [&'static str; 2],
    pub title: &'static str,
    pub number: &'static str,
    pub issued: &'static str,
    pub order: &'static str,
    pub billed_to: &'static str,
    pub email: &'static str,
    pub phone: &'static str,
    pub payment: &'static str,
    pub method: &'static str,
    pub paid_at: &'static str,
    /// The stamp that says the invoice is settled.
    pub paid_stamp: &'static str,
    pub col_label: &'static str,
    pub col_quantity: &'static str,
    pub col_unit: &'static str,
    pub col_total: &'static str,
    pub total: &'static str,
    pub thanks: &'static str,
    pub legal: &'static str,
    /// `{title} {number}` continued on a following page.
    pub continued: &'static str,
    pub page: &'static str,
}

const FR: Wording = Wording {
    brand: "Souk",
    seller: ["Souk SARL", "Casablanca, Maroc"],
    title: "Facture",
    number: "Numéro",
    issued: "Date d’émission",
    order: "Commande",
    billed_to: "FACTURÉ À",
    email: "E-mail",
    phone: "Téléphone",
    payment: "PAIEMENT",
    method: "Moyen de paiement",
    paid_at: "Payée le",
    paid_stamp: "PAYÉE",
    col_label: "DÉSIGNATION",
    col_quantity: "QTÉ",
    col_unit: "PRIX UNITAIRE",
    col_total: "TOTAL",
    total: "Total TTC",
    thanks: "Merci de votre confiance.",
    legal: "Facture acquittée, émise électroniquement par Souk SARL, Casablanca, Maroc. Dates à l’heure du Maroc (UTC+1).",
    continued: "suite",
    page: "Page",
};

const AR: Wording = Wording {
    brand: "سوق",
    seller: ["سوق ش.م.م", "الدار البيضاء، المغرب"],
    title: "فاتورة",
    number: "رقم الفاتورة",
    issued: "تاريخ الإصدار",
    order: "رقم الطلب",
    billed_to: "فاتورة باسم",
    email: "البريد الإلكتروني",
    phone: "الهاتف",
    payment: "الأداء",
    method: "طريقة الأداء",
    paid_at: "تاريخ الأداء",
    paid_stamp: "مؤداة",
    col_label: "البيان",
    col_quantity: "الكمية",
    col_unit: "سعر الوحدة",
    col_total: "المبلغ",
    total: "المجموع شامل الرسوم",
    thanks: "شكرًا على ثقتكم.",
    legal: "فاتورة مؤداة، صادرة إلكترونيًا عن سوق ش.م.م، الدار البيضاء، المغرب. التواريخ بتوقيت المغرب (UTC+1).",
    continued: "تتمة",
    page: "صفحة",
};

/// The wording of `lang`.
pub(crate) fn wording(lang: Lang) -> &'static Wording {
    match lang {
        Lang::Fr => &FR,
        Lang::Ar => &AR,
    }
}
