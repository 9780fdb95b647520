//! What the gateway knows about a request before any resolver runs: the language, the
//! visitor and session ids, the bearer token, and which of the two gateways was called.
//! Both gateways' headers are read here and nowhere else.

use actix_web::HttpRequest;
use souk_domain::{ErrorCode, Lang, SoukError};

/// Which path the request came through (spec §7: old and new gateway).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gateway {
    /// `POST /graphql`: `Accept-Language`, `visitorId`, `sessionId`, `Authorization: Bearer`.
    New,
    /// `POST /graphql-legacy`: `token`, `lang`, `visitorId`.
    Legacy,
}

/// The request's identity and language, given to every resolver.
#[derive(Debug, Clone)]
pub struct RequestContext {
    pub gateway: Gateway,
    pub lang: Lang,
    pub visitor_id: Option<String>,
    pub session_id: Option<String>,
    /// The access token as sent (bearer header, legacy `token` header, or the `souk_token`
    /// cookie the client stores); checked when a resolver needs a caller.
    pub bearer_token: Option<String>,
    /// The client's address, for per-address limits.
    pub address: String,
    /// The `User-Agent`, for leaving robots out of the statistics.
    pub user_agent: String,
    /// The web client's session mode (`X-Souk-Session: cookie`): the refresh token travels
    /// only in the HttpOnly cookie (docs/security.md "The refresh cookie"), never in a body.
    pub cookie_session: bool,
    /// The HttpOnly refresh cookie, when the browser sent one (same-origin requests only).
    pub refresh_cookie: Option<String>,
}

const MAX_ID_LEN: usize = 64;
const MAX_TOKEN_LEN: usize = 4096;

fn header<'r>(req: &'r HttpRequest, name: &str) -> Result<Option<&'r str>, SoukError> {
    match req.headers().get(name) {
        None => Ok(None),
        Some(v) => v
            .to_str()
            .map(|s| Some(s.trim()))
            .map_err(|_| SoukError::with_detail(ErrorCode::InvalidHeader, format!("{name}: not visible ASCII"))),
    }
}

/// A visitor or session id: 1 to 64 letters, digits, `-`, `_` or `.`.
fn id_header(req: &HttpRequest, name: &str) -> Result<Option<String>, SoukError> {
    let Some(value) = header(req, name)? else {
        return Ok(None);
    };
    let ok = !value.is_empty()
        && value.len() <= MAX_ID_LEN
        && value.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if ok {
        Ok(Some(value.to_string()))
    } else {
        Err(SoukError::with_detail(
            ErrorCode::InvalidHeader,
            format!("{name}: 1 to {MAX_ID_LEN} letters, digits, - _ ."),
        ))
    }
}

fn token_value(name: &str, value: &str) -> Result<String, SoukError> {
    let ok = !value.is_empty()
        && value.len() <= MAX_TOKEN_LEN
        && value.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '=' | '+' | '/'));
    if ok {
        Ok(value.to_string())
    } else {
        Err(SoukError::with_detail(ErrorCode::InvalidHeader, format!("{name}: not a token")))
    }
}

/// The `souk_token` cookie, when the browser sent one. A cookie rides along with requests
/// other sites make the browser send, so it is taken only from this site's own pages: a
/// request the browser marks cross-site (`Sec-Fetch-Site`), or whose `Origin` is another host,
/// is refused (`PERMISSION_DENIED`) rather than run as the cookie's owner.
fn cookie_token(req: &HttpRequest) -> Result<Option<String>, SoukError> {
    same_origin_cookie(req, "souk_token", false)
}

/// The HttpOnly refresh cookie (`souk_refresh`, sent by the browser to the gateway's path
/// only), from this site's own pages only, like the access token's cookie; an emptied one (an
/// older client's, cleared) counts as none.
fn refresh_cookie(req: &HttpRequest) -> Result<Option<String>, SoukError> {
    same_origin_cookie(req, crate::session_cookie::REFRESH_COOKIE, true)
}

/// The first cookie `name` holding a token, checked same-origin once found.
fn same_origin_cookie(req: &HttpRequest, name: &str, skip_empty: bool) -> Result<Option<String>, SoukError> {
    let Some(cookies) = req.headers().get("Cookie").and_then(|v| v.to_str().ok()) else { return Ok(None) };
    for pair in cookies.split(';') {
        let Some((key, value)) = pair.trim().split_once('=') else { continue };
        let value = value.trim();
        if key != name || (skip_empty && value.is_empty()) {
            continue;
        }
        check_same_origin(req)?;
        return token_value(&format!("Cookie {name}"), value).map(Some);
    }
    Ok(None)
}

/// Refuses a request another site made the browser send (docs/security.md).
pub fn check_same_origin(req: &HttpRequest) -> Result<(), SoukError> {
    let refuse =
        |why: &str| Err(SoukError::with_detail(ErrorCode::PermissionDenied, format!("cross-origin request: {why}")));
    if let Some(site) = req.headers().get("Sec-Fetch-Site").and_then(|v| v.to_str().ok())
        && !matches!(site, "same-origin" | "none")
    {
        return refuse(site);
    }
    if let Some(origin) = req.headers().get("Origin").and_then(|v| v.to_str().ok()) {
        // Host names compared without ports: a proxy's `Host: $host` drops the port the
        // browser's `Origin` keeps.
        let name = |h: &str| {
            h.rsplit_once(':')
                .filter(|(_, p)| p.chars().all(|c| c.is_ascii_digit()))
                .map_or(h, |(n, _)| n)
                .to_ascii_lowercase()
        };
        let host = req.headers().get("Host").and_then(|v| v.to_str().ok()).unwrap_or("");
        let origin_host = origin.split("://").nth(1).unwrap_or("");
        if origin == "null" || name(origin_host) != name(host) {
            return refuse(origin);
        }
    }
    Ok(())
}

/// The `User-Agent` header (statistics leave obvious robots out), at most 512 bytes.
fn user_agent(req: &HttpRequest) -> String {
    let ua = req.headers().get("User-Agent").and_then(|v| v.to_str().ok()).unwrap_or("");
    ua.chars().take(512).collect()
}

/// The client's IP address, for per-address limits.
pub fn client_address(req: &HttpRequest) -> String {
    address_of(req.peer_addr().map(|a| a.ip()), req.headers())
}

/// The client's IP address from the TCP peer and the request's headers (any transport).
pub fn address_of(peer: Option<std::net::IpAddr>, headers: &actix_web::http::header::HeaderMap) -> String {
    let Some(peer) = peer else { return "unknown".into() };
    // Behind the shipped nginx (a proxy on this machine) every peer is loopback: the client is
    // the address the proxy appended last to `X-Forwarded-For`. From any other peer the header
    // is the client's own word and is ignored.
    if peer.is_loopback()
        && let Some(forwarded) = headers.get("X-Forwarded-For").and_then(|v| v.to_str().ok())
        && let Some(last) = forwarded.rsplit(',').map(str::trim).find(|a| !a.is_empty())
        && let Ok(ip) = last.parse::<std::net::IpAddr>()
    {
        return ip.to_string();
    }
    peer.to_string()
}

impl RequestContext {
    /// Reads the headers of the gateway the request came through.
    pub fn from_request(req: &HttpRequest, gateway: Gateway) -> Result<RequestContext, SoukError> {
        let visitor_id = id_header(req, "visitorId")?;
        match gateway {
            Gateway::New => {
                // Accept-Language is a preference list: anything we do not speak means French.
                let lang = header(req, "Accept-Language")?.and_then(Lang::from_accept_language).unwrap_or_default();
                let bearer_token = match header(req, "Authorization")? {
                    None => None,
                    Some(v) => {
                        let (scheme, token) = v.split_once(' ').unwrap_or((v, ""));
                        if !scheme.eq_ignore_ascii_case("bearer") {
                            return Err(SoukError::with_detail(
                                ErrorCode::InvalidHeader,
                                "Authorization: expected Bearer",
                            ));
                        }
                        Some(token_value("Authorization", token.trim())?)
                    }
                };
                let bearer_token = match bearer_token {
                    Some(t) => Some(t),
                    None => cookie_token(req)?,
                };
                let session_id = id_header(req, "sessionId")?;
                let cookie_session = header(req, crate::session_cookie::MODE_HEADER)?.is_some_and(|v| v == "cookie");
                Ok(RequestContext {
                    gateway,
                    lang,
                    visitor_id,
                    session_id,
                    bearer_token,
                    address: client_address(req),
                    user_agent: user_agent(req),
                    cookie_session,
                    refresh_cookie: refresh_cookie(req)?,
                })
            }
            Gateway::Legacy => {
                // The old gateway names its language exactly: anything else is a client bug.
                let lang = match header(req, "lang")? {
                    None => Lang::default(),
                    Some(v) => Lang::parse(v)
                        .ok_or_else(|| SoukError::with_detail(ErrorCode::InvalidHeader, "lang: fr or ar"))?,
                };
                let bearer_token = header(req, "token")?.map(|t| token_value("token", t)).transpose()?;
                Ok(RequestContext {
                    gateway,
                    lang,
                    visitor_id,
                    session_id: None,
                    bearer_token,
                    address: client_address(req),
                    user_agent: user_agent(req),
                    cookie_session: false,
                    refresh_cookie: None,
                })
            }
        }
    }

    /// The language to answer a request whose headers could not be read: the best guess
    /// from `Accept-Language` or `lang`, so that even a header error is worded for the user.
    pub fn fallback_lang(req: &HttpRequest) -> Lang {
        let get = |n: &str| req.headers().get(n).and_then(|v| v.to_str().ok());
        get("lang")
            .and_then(Lang::parse)
            .or_else(|| get("Accept-Language").and_then(Lang::from_accept_language))
            .unwrap_or_default()
    }
}
