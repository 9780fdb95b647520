//! The payment endpoints outside GraphQL (docs/payments.md): the providers' signed callbacks
//! (`POST /payments/callback/{provider}`), the sandbox card provider's hosted page
//! (`GET`/`POST /sandbox/card/{order}`), and the PDF invoice of a paid order
//! (`GET /api/invoices/{order}.pdf`). One payment-service call each.

use super::caller_of;
use crate::graphql::context::RequestContext;
use crate::graphql::errors::request_failure;
use crate::state::AppState;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use serde_json::json;
use souk_domain::{ErrorCode, Lang, SoukError};

/// `POST /payments/callback/{provider}`: `X-Souk-Timestamp`, `X-Souk-Signature`, a JSON event.
pub async fn callback(
    req: HttpRequest,
    provider: web::Path<String>,
    body: web::Bytes,
    state: web::Data<AppState>,
) -> HttpResponse {
    let header = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok());
    let outcome = state
        .payments
        .provider_callback(&provider, header("X-Souk-Timestamp"), header("X-Souk-Signature"), &body)
        .await;
    match outcome {
        Ok(o) => HttpResponse::Ok().json(json!({ "outcome": o.as_str() })),
        Err(e) => request_failure(&e, Lang::Fr),
    }
}

#[derive(Deserialize)]
pub struct CardQuery {
    sig: String,
    lang: Option<String>,
}

fn lang_of(word: Option<&str>) -> Lang {
    word.and_then(Lang::parse).unwrap_or(Lang::Fr)
}

fn html(body: String) -> HttpResponse {
    HttpResponse::Ok().content_type("text/html; charset=utf-8").insert_header(("Cache-Control", "no-store")).body(body)
}

/// `GET /sandbox/card/{order}?sig=&lang=`: the card page (the order becomes ongoing).
pub async fn card_page(order: web::Path<String>, q: web::Query<CardQuery>, state: web::Data<AppState>) -> HttpResponse {
    let lang = lang_of(q.lang.as_deref());
    match state.payments.card_page(&order, &q.sig).await {
        Ok(page) => html(crate::web::sandbox::card_page(&page, lang, false)),
        Err(e) => request_failure(&e, lang),
    }
}

#[derive(Deserialize)]
pub struct CardForm {
    sig: String,
    lang: Option<String>,
    number: Option<String>,
    cancel: Option<String>,
}

/// `POST /sandbox/card/{order}`: pays (or refuses) with the test card, or cancels; redirects
/// to the order's result page. A number the sandbox does not know shows the page again.
pub async fn card_submit(
    order: web::Path<String>,
    form: web::Form<CardForm>,
    state: web::Data<AppState>,
) -> HttpResponse {
    let lang = lang_of(form.lang.as_deref());
    let outcome = if form.cancel.is_some() {
        state.payments.card_cancel(&order, &form.sig, lang.code()).await
    } else {
        state.payments.card_submit(&order, &form.sig, form.number.as_deref().unwrap_or(""), lang.code()).await
    };
    match outcome {
        Ok(to) => HttpResponse::SeeOther().insert_header((header::LOCATION, to)).finish(),
        Err(e) if e.code == ErrorCode::InvalidArgument => match state.payments.card_page(&order, &form.sig).await {
            Ok(page) => html(crate::web::sandbox::card_page(&page, lang, true)),
            Err(e) => request_failure(&e, lang),
        },
        Err(e) => request_failure(&e, lang),
    }
}

/// `GET /api/invoices/{order}.pdf?lang=`: the invoice of one of my paid orders, in my language.
pub async fn invoice(req: HttpRequest, file: web::Path<String>, state: web::Data<AppState>) -> HttpResponse {
    let lang = RequestContext::fallback_lang(&req);
    let lang = web::Query::<CardLang>::from_query(req.query_string())
        .ok()
        .and_then(|q| q.lang.as_deref().and_then(Lang::parse))
        .unwrap_or(lang);
    let result = async {
        let order_id =
            file.strip_suffix(".pdf").ok_or_else(|| SoukError::with_detail(ErrorCode::NotFound, "invoice file"))?;
        let caller = caller_of(&req, &state).await?;
        state.payments.invoice_pdf(&caller, order_id, lang).await.map(|pdf| (order_id.to_string(), pdf))
    }
    .await;
    match result {
        Ok((order_id, pdf)) => HttpResponse::Ok()
            .content_type("application/pdf")
            .insert_header(("Cache-Control", "private, no-store"))
            .insert_header((header::CONTENT_DISPOSITION, format!("inline; filename=\"souk-invoice-{order_id}.pdf\"")))
            .body(pdf),
        Err(e) => request_failure(&e, lang),
    }
}

#[derive(Deserialize)]
pub struct CardLang {
    lang: Option<String>,
}
