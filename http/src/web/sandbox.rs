//! The sandbox card provider's hosted page (docs/payments.md): what a real provider's page
//! does, served by `souk serve` in embedded mode — the amount and what it pays, a card form,
//! the test numbers, and a way back. It is the provider's page, not Souk's: its wording lives
//! here, in French and Arabic.

use super::seo::escape;
use souk_domain::Lang;
use souk_domain::payments::PaymentStatus;
use souk_services::payments::CardPage;

struct Words {
    title: &'static str,
    merchant: &'static str,
    amount: &'static str,
    number: &'static str,
    expiry: &'static str,
    cvc: &'static str,
    holder: &'static str,
    pay: &'static str,
    cancel: &'static str,
    test: &'static str,
    closed: &'static str,
    invalid: &'static str,
    reference: &'static str,
}

const FR: Words = Words {
    title: "Paiement sécurisé — bac à sable",
    merchant: "Marchand : Souk",
    amount: "Montant à payer",
    number: "Numéro de carte",
    expiry: "Expiration (MM/AA)",
    cvc: "Cryptogramme",
    holder: "Titulaire de la carte",
    pay: "Payer",
    cancel: "Annuler et revenir au site",
    test: "Cartes de test : {ok} (acceptée), {ko} (refusée).",
    closed: "Cette commande ne peut plus être payée par carte.",
    invalid: "Ce numéro de carte n'est pas accepté par le bac à sable.",
    reference: "Référence",
};

const AR: Words = Words {
    title: "أداء آمن — بيئة تجريبية",
    merchant: "التاجر: سوق",
    amount: "المبلغ المطلوب",
    number: "رقم البطاقة",
    expiry: "تاريخ الانتهاء (شهر/سنة)",
    cvc: "رمز التحقق",
    holder: "صاحب البطاقة",
    pay: "أداء",
    cancel: "إلغاء والعودة إلى الموقع",
    test: "بطاقات تجريبية: {ok} (مقبولة)، {ko} (مرفوضة).",
    closed: "لم يعد بالإمكان أداء هذا الطلب بالبطاقة.",
    invalid: "رقم البطاقة هذا غير مقبول في البيئة التجريبية.",
    reference: "المرجع",
};

/// The page of an order; `error` when the last number was refused.
pub fn card_page(page: &CardPage, lang: Lang, error: bool) -> String {
    let w = if lang == Lang::Ar { &AR } else { &FR };
    let o = &page.order;
    let dir = if lang.is_rtl() { "rtl" } else { "ltr" };
    let open = matches!(o.status, PaymentStatus::Pending | PaymentStatus::Ongoing);
    let action = format!("/sandbox/card/{}", escape(&o.order_id));
    let body = if open {
        format!(
            r#"<form method="post" action="{action}" class="card">
  <input type="hidden" name="sig" value="{sig}"><input type="hidden" name="lang" value="{lang}">
  <label>{number}<input name="number" inputmode="numeric" autocomplete="cc-number" dir="ltr" required placeholder="4242 4242 4242 4242"></label>
  <div class="row"><label>{expiry}<input name="expiry" dir="ltr" autocomplete="cc-exp" placeholder="12/30" required></label>
  <label>{cvc}<input name="cvc" dir="ltr" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></label></div>
  <label>{holder}<input name="holder" autocomplete="cc-name"></label>
  {error}
  <button type="submit">{pay} <bdi>{total}</bdi></button>
</form>
<p class="test">{test}</p>"#,
            sig = escape(&page.sig),
            lang = lang.code(),
            number = w.number,
            expiry = w.expiry,
            cvc = w.cvc,
            holder = w.holder,
            error = if error { format!(r#"<p class="error" role="alert">{}</p>"#, w.invalid) } else { String::new() },
            pay = w.pay,
            total = escape(&o.total.with_currency()),
            test = w
                .test
                .replace("{ok}", r#"<bdi dir="ltr">4242 4242 4242 4242</bdi>"#)
                .replace("{ko}", r#"<bdi dir="ltr">4000 0000 0000 0002</bdi>"#),
        )
    } else {
        format!(r#"<p class="error" role="alert">{}</p>"#, w.closed)
    };
    format!(
        r#"<!doctype html><html lang="{code}" dir="{dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>{title}</title>
<style>
body{{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Arabic",sans-serif;background:#eef1f6;color:#1c2430}}
main{{max-width:440px;margin:6vh auto;background:#fff;border-radius:16px;box-shadow:0 8px 30px rgba(20,30,60,.12);padding:28px}}
@media (max-width:480px){{body{{background:#fff}} main{{margin:0;border-radius:0;box-shadow:none;padding:24px 20px}}}}
h1{{font-size:1.15rem;margin:0 0 4px}} .merchant{{color:#5b6576;margin:0 0 18px;font-size:.9rem}}
.amount{{display:flex;justify-content:space-between;align-items:baseline;background:#f5f7fb;border-radius:12px;padding:14px 16px;margin-bottom:18px}}
.amount strong{{font-size:1.4rem}} .what{{color:#3a4456;font-size:.9rem;margin:-6px 0 18px;line-height:1.5}} .ref{{color:#5b6576;font-size:.8rem}}
label{{display:block;font-size:.85rem;color:#3a4456;margin-bottom:12px}}
input{{display:block;width:100%;box-sizing:border-box;margin-top:6px;padding:12px;border:1px solid #cfd6e2;border-radius:10px;font-size:1rem}}
input:focus{{outline:2px solid #2357d9;border-color:#2357d9}}
.row{{display:grid;grid-template-columns:1fr 1fr;gap:12px}}
button{{width:100%;padding:14px;border:0;border-radius:10px;background:#2357d9;color:#fff;font-size:1rem;font-weight:600;cursor:pointer;margin-top:6px}}
.error{{color:#b42318;background:#fef3f2;border-radius:8px;padding:10px 12px}} .test{{color:#5b6576;font-size:.8rem;line-height:1.6}} .test bdi{{white-space:nowrap}}
button.link{{background:none;color:#2357d9;font-weight:400;padding:8px 0;text-decoration:underline}} .badge{{display:inline-block;background:#fff4d6;color:#8a5a00;border-radius:999px;padding:2px 10px;font-size:.75rem;margin-bottom:10px}}
</style></head><body><main>
<span class="badge">SANDBOX</span>
<h1>{title}</h1><p class="merchant">{merchant}</p>
<div class="amount"><span>{amount}</span><strong><bdi>{total}</bdi></strong></div>
<p class="what"><bdi>{what}</bdi><br><span class="ref">{reference_word} <bdi dir="ltr">{reference}</bdi></span></p>
{body}
<form method="post" action="{action}"><input type="hidden" name="sig" value="{sig}"><input type="hidden" name="lang" value="{code}">
<button type="submit" name="cancel" value="1" class="link">{cancel_words}</button></form>
</main></body></html>"#,
        code = lang.code(),
        title = w.title,
        merchant = w.merchant,
        amount = w.amount,
        total = escape(&o.total.with_currency()),
        what = escape(&o.ad_title),
        reference = escape(&o.code),
        cancel_words = w.cancel,
        reference_word = w.reference,
        sig = escape(&page.sig),
    )
}
