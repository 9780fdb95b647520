//! The page a visitor's confirmation link opens, `GET /confirmer-message/{token}?lang=`
//! (issue 27, docs/security.md): it delivers the visitor's waiting message to the seller and
//! says so, says a link opened before was already confirmed, or refuses an expired one with
//! the catalogue's `MESSAGE_LINK_EXPIRED` wording — in French or Arabic (right to left).

use super::seo::escape;
use crate::graphql::errors::report;
use crate::state::AppState;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use souk_domain::{Lang, SoukError};
use souk_services::chat::VisitorConfirmation;

struct Words {
    delivered_title: &'static str,
    delivered: &'static str,
    others: &'static str,
    already_title: &'static str,
    already: &'static str,
    refused_title: &'static str,
    home: &'static str,
}

const FR: Words = Words {
    delivered_title: "Message confirmé",
    delivered: "Votre adresse e-mail est confirmée et votre message au sujet de « {title} » a été transmis au vendeur. Vos prochains messages partiront directement.",
    others: "Vos autres messages en attente ont aussi été transmis.",
    already_title: "Message déjà confirmé",
    already: "Ce lien a déjà été utilisé : votre message a été transmis au vendeur.",
    refused_title: "Lien non valable",
    home: "Retour à Souk",
};

const AR: Words = Words {
    delivered_title: "تم تأكيد الرسالة",
    delivered: "تم تأكيد بريدك الإلكتروني وإيصال رسالتك بخصوص «{title}» إلى البائع. ستُرسل رسائلك التالية مباشرة.",
    others: "تم أيضًا إيصال رسائلك الأخرى التي كانت في الانتظار.",
    already_title: "الرسالة مؤكدة من قبل",
    already: "سبق استخدام هذا الرابط: تم إيصال رسالتك إلى البائع.",
    refused_title: "الرابط غير صالح",
    home: "العودة إلى Souk",
};

#[derive(serde::Deserialize)]
pub struct ConfirmQuery {
    lang: Option<String>,
}

/// `GET /confirmer-message/{token}?lang=fr|ar`.
pub async fn confirm(
    req: HttpRequest,
    token: web::Path<String>,
    q: web::Query<ConfirmQuery>,
    state: web::Data<AppState>,
) -> HttpResponse {
    let asked = q
        .lang
        .as_deref()
        .and_then(Lang::parse)
        .unwrap_or_else(|| crate::graphql::context::RequestContext::fallback_lang(&req));
    match state.chat.confirm_visitor_message(&token).await {
        Ok(VisitorConfirmation::Delivered { lang, title, others }) => {
            let w = words(lang);
            let mut text = vec![w.delivered.replace("{title}", &escape(&title))];
            if others > 0 {
                text.push(w.others.to_owned());
            }
            page(StatusCode::OK, lang, w.delivered_title, &text)
        }
        Ok(VisitorConfirmation::AlreadyConfirmed { lang }) => {
            let w = words(lang);
            page(StatusCode::OK, lang, w.already_title, &[w.already.to_owned()])
        }
        Err(e) => refused(&e, asked),
    }
}

fn words(lang: Lang) -> &'static Words {
    if lang == Lang::Ar { &AR } else { &FR }
}

/// A refusal: the code's catalogue wording, its status, and the request id of a failure.
fn refused(e: &SoukError, lang: Lang) -> HttpResponse {
    let request_id = report(e);
    let status = StatusCode::from_u16(e.code.http_status()).unwrap_or(StatusCode::BAD_REQUEST);
    let mut text = vec![escape(e.code.message(lang))];
    if status.is_server_error() {
        text.push(format!("<small dir=\"ltr\">{}</small>", escape(&request_id)));
    }
    let mut res = page(status, lang, words(lang).refused_title, &text);
    if let Ok(v) = actix_web::http::header::HeaderValue::from_str(e.code.code()) {
        res.headers_mut().insert(actix_web::http::header::HeaderName::from_static("x-souk-code"), v);
    }
    res
}

/// The page: `paragraphs` are already escaped.
fn page(status: StatusCode, lang: Lang, title: &str, paragraphs: &[String]) -> HttpResponse {
    let dir = if lang.is_rtl() { "rtl" } else { "ltr" };
    let body: String = paragraphs.iter().map(|p| format!("<p>{p}</p>")).collect();
    let html = format!(
        r#"<!doctype html><html lang="{code}" dir="{dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>{title} — Souk</title>
<style>body{{margin:0;font-family:Arial,Helvetica,sans-serif;background:#f4f4f4;color:#222}}
main{{max-width:560px;margin:48px auto;padding:24px;background:#fff;border-radius:8px;line-height:1.5}}
h1{{font-size:22px;margin:0 0 16px}}a{{color:#e4572e;font-weight:bold}}small{{color:#666}}</style>
</head><body><main><h1>{title}</h1>{body}<p><a href="/{code}">{home}</a></p></main></body></html>"#,
        code = lang.code(),
        title = escape(title),
        home = escape(words(lang).home),
    );
    HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .insert_header(("Cache-Control", "no-store"))
        .body(html)
}
