//! What every resolver starts with: the request's language, the application state, the
//! request context (headers, address) and the signed-in caller.

use super::context::RequestContext;
use super::errors::to_graphql_error;
use crate::state::AppState;
use async_graphql::{Context, Result};
use souk_domain::{ErrorCode, Lang, SoukError};
use souk_services::accounts::service::Caller;

pub struct Req<'a> {
    pub lang: Lang,
    pub state: &'a AppState,
    pub ctx: Option<&'a RequestContext>,
}

pub fn req<'a>(ctx: &Context<'a>) -> Req<'a> {
    let rc = ctx.data_opt::<RequestContext>();
    Req { lang: rc.map(|r| r.lang).unwrap_or_default(), state: ctx.data_unchecked::<AppState>(), ctx: rc }
}

impl<'a> Req<'a> {
    pub fn err(&self, e: SoukError) -> async_graphql::Error {
        to_graphql_error(&e, self.lang)
    }

    /// The signed-in caller, or `LOGIN_REQUIRED` / `SESSION_EXPIRED` / `INVALID_TOKEN`.
    pub async fn caller(&self) -> Result<Caller> {
        self.caller_or_token(None).await
    }

    /// The caller from the request's token or, when the request has none, from a `token`
    /// argument (the spec's `deactivateAd(adId, accountId, token)` style).
    pub async fn caller_or_token(&self, token: Option<&str>) -> Result<Caller> {
        let header = self.ctx.and_then(|c| c.bearer_token.as_deref());
        let Some(token) = header.or(token.filter(|t| !t.is_empty())) else {
            return Err(self.err(SoukError::new(ErrorCode::LoginRequired)));
        };
        self.state.accounts.authenticate(token).await.map_err(|e| self.err(e))
    }

    /// The caller when a token came, `None` for a visitor; a bad token is still an error.
    pub async fn optional_caller(&self) -> Result<Option<Caller>> {
        match self.ctx.and_then(|c| c.bearer_token.as_deref()) {
            None => Ok(None),
            Some(_) => self.caller().await.map(Some),
        }
    }

    /// Counts this request against an abuse limit for `subject` (`TOO_MANY_ATTEMPTS` over it).
    pub async fn limit(&self, limit: &souk_domain::limits::Limit, subject: &str) -> Result<()> {
        self.state.limits.hit(limit, subject).await.map_err(|e| self.err(e))
    }

    pub fn address(&self) -> String {
        self.ctx.map(|c| c.address.clone()).unwrap_or_else(|| "unknown".into())
    }

    /// Who is looking, for the statistics' counting rules: the visitor id and the user agent.
    pub fn visitor(&self) -> (Option<&'a str>, &'a str) {
        (self.ctx.and_then(|c| c.visitor_id.as_deref()), self.ctx.map_or("", |c| c.user_agent.as_str()))
    }
}
