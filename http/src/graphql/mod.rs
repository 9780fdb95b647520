//! The GraphQL gateway: one async-graphql schema, one module per area, served on the new
//! path (`POST /graphql`) and the old one (`POST /graphql-legacy`). The handler reads the
//! body within its size limit, checks the gateway's headers, parses the document, runs it
//! under depth and complexity limits and maps every failure to the error catalogue.

pub mod accounts;
pub mod ads;
pub mod cache;
pub mod catalog;
pub mod chat;
pub mod context;
pub mod credit;
pub mod documents;
pub mod errors;
pub mod orders;
pub mod payments;
pub mod products;
pub mod request;
pub mod search;
pub mod stats;
pub mod valuation;

use crate::body::read_limited;
use crate::state::AppState;
use actix_web::{HttpRequest, HttpResponse, web};
use async_graphql::parser::types::{DocumentOperations, ExecutableDocument, Selection};
use async_graphql::{EmptySubscription, MergedObject, Schema};
use context::{Gateway, RequestContext};
use souk_domain::{ErrorCode, SoukError};
use std::time::Instant;

/// Every query of the product, merged from the areas' modules.
#[derive(MergedObject, Default)]
pub struct QueryRoot(
    catalog::CatalogQuery,
    accounts::AccountQuery,
    ads::AdQuery,
    stats::StatsQuery,
    chat::ChatQuery,
    search::SearchQuery,
    orders::OrderQuery,
    payments::PaymentQuery,
    products::ProductQuery,
    credit::CreditQuery,
    valuation::ValuationQuery,
);

/// Every mutation of the product, merged from the areas' modules.
#[derive(MergedObject, Default)]
pub struct MutationRoot(
    accounts::AccountMutation,
    ads::AdMutation,
    stats::StatsMutation,
    chat::ChatMutation,
    search::SearchMutation,
    payments::PaymentMutation,
    orders::OrderMutation,
    products::ProductMutation,
    credit::CreditMutation,
    valuation::ValuationMutation,
);

pub type SoukSchema = Schema<QueryRoot, MutationRoot, EmptySubscription>;

/// Limits the schema enforces on every document.
pub struct SchemaLimits {
    pub max_depth: usize,
    pub max_complexity: usize,
    pub introspection: bool,
}

/// Builds the schema. The application state is added per request, so the schema can be
/// built (and its SDL printed) before the state exists.
pub fn build_schema(limits: &SchemaLimits) -> SoukSchema {
    let builder = Schema::build(QueryRoot::default(), MutationRoot::default(), EmptySubscription)
        .limit_depth(limits.max_depth)
        .limit_complexity(limits.max_complexity);
    if limits.introspection { builder.finish() } else { builder.disable_introspection().finish() }
}

/// `POST /graphql` — the new gateway.
pub async fn new_gateway(req: HttpRequest, body: web::Payload, state: web::Data<AppState>) -> HttpResponse {
    execute(req, body, state, Gateway::New).await
}

/// `POST /graphql-legacy` — the old gateway.
pub async fn legacy_gateway(req: HttpRequest, body: web::Payload, state: web::Data<AppState>) -> HttpResponse {
    execute(req, body, state, Gateway::Legacy).await
}

async fn execute(req: HttpRequest, body: web::Payload, state: web::Data<AppState>, gateway: Gateway) -> HttpResponse {
    let started = Instant::now();
    let (operation, outcome, response) = run(&req, body, &state, gateway).await;
    state.metrics.observe_graphql(&operation, outcome, started.elapsed());
    response
}

/// Runs one request; answers the metrics labels (operation, outcome: `ok` or the first error's
/// code) and the response.
async fn run(
    req: &HttpRequest,
    body: web::Payload,
    state: &AppState,
    gateway: Gateway,
) -> (String, &'static str, HttpResponse) {
    let fallback_lang = RequestContext::fallback_lang(req);
    let invalid = |e: SoukError, lang| ("invalid".to_string(), e.code.code(), errors::request_failure(&e, lang));
    let ctx = match RequestContext::from_request(req, gateway) {
        Ok(ctx) => ctx,
        Err(e) => return invalid(e, fallback_lang),
    };
    let lang = ctx.lang;
    // Only JSON: a form or a `text/plain` body (what another site can make a browser send
    // without asking) never reaches the engine.
    let json = req
        .headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.trim_start().to_ascii_lowercase().starts_with("application/json"));
    if !json {
        return invalid(
            SoukError::with_detail(ErrorCode::MalformedRequest, "Content-Type: application/json is required"),
            lang,
        );
    }
    let bytes = match read_limited(body, state.settings.graphql.max_body_bytes).await {
        Ok(b) => b,
        Err(e) => return invalid(e, lang),
    };
    let mut request: async_graphql::Request = match serde_json::from_slice(&bytes) {
        Ok(r) => r,
        Err(e) => {
            return invalid(SoukError::with_detail(ErrorCode::MalformedRequest, format!("body: {e}")), lang);
        }
    };
    let document = match state.documents.parse(&request.query) {
        Ok(d) => d,
        Err(e) => {
            return invalid(SoukError::with_detail(ErrorCode::GraphqlParseFailed, e.to_string()), lang);
        }
    };
    let operation = root_field(&document, request.operation_name.as_deref());
    let slot = match state.reference_cache.lookup(&document, &request, lang) {
        Some(Ok(answer)) => {
            let label = operation.unwrap_or_else(|| "unknown".into());
            return (label, "ok", HttpResponse::Ok().content_type("application/json").body(answer.to_vec()));
        }
        Some(Err(slot)) => Some(slot),
        None => None,
    };
    // The engine runs the tree parsed above instead of parsing the text again.
    request.set_parsed_query(document);
    let response = state.schema.execute(request.data(ctx).data(state.clone())).await;
    let is_engine_error = |e: &async_graphql::ServerError| e.path.is_empty() && e.extensions.is_none();
    if let Some(first) = response.errors.iter().find(|e| is_engine_error(e)) {
        let code = errors::classify_engine_error(&first.message);
        let err = SoukError::with_detail(code, first.message.clone());
        return invalid(err, lang);
    }
    let succeeded = response.errors.is_empty();
    let outcome = response
        .errors
        .first()
        .map(|e| {
            let code = e.extensions.as_ref().and_then(|x| x.get("code")).map(|v| v.to_string());
            ErrorCode::ALL
                .into_iter()
                .find(|c| code.as_deref().is_some_and(|t| t.trim_matches('"') == c.code()))
                .map_or("INTERNAL_ERROR", ErrorCode::code)
        })
        .unwrap_or("ok");
    // `data`, then `errors` when there are any: serialised straight from the response.
    let bytes = serde_json::to_vec(&response).unwrap_or_default();
    if let (Some(slot), true) = (slot, succeeded) {
        state.reference_cache.store(slot, &bytes);
    }
    let label = operation.unwrap_or_else(|| "unknown".into());
    let mut answer = HttpResponse::Ok();
    answer.content_type("application/json");
    // Headers a resolver added (the refresh cookie of docs/security.md).
    for (name, value) in response.http_headers.iter() {
        answer.append_header((name.as_str(), value.as_bytes()));
    }
    (label, outcome, answer.body(bytes))
}

/// The first root field of the operation that will run: the metrics label. It is taken from
/// the parsed document and used only once validation passed, so it is always a schema field.
fn root_field(doc: &ExecutableDocument, operation_name: Option<&str>) -> Option<String> {
    let op = match (&doc.operations, operation_name) {
        (DocumentOperations::Single(op), _) => op,
        (DocumentOperations::Multiple(ops), Some(name)) => ops.get(name)?,
        (DocumentOperations::Multiple(ops), None) => ops.values().next()?,
    };
    op.node.selection_set.node.items.iter().find_map(|s| match &s.node {
        Selection::Field(f) => Some(f.node.name.node.to_string()),
        _ => None,
    })
}
