//! The web client's refresh cookie (issue 27, docs/security.md "The refresh cookie"): the
//! refresh token lives in an HttpOnly, SameSite=Strict cookie scoped to the gateway's path,
//! Secure when the site is served over TLS, so that no script of the page can read it; the
//! web client asks for this mode with `X-Souk-Session: cookie` and then never sees the token.

/// The header by which the web client asks for the cookie mode.
pub const MODE_HEADER: &str = "X-Souk-Session";
/// The cookie's name.
pub const REFRESH_COOKIE: &str = "souk_refresh";
/// The only path the browser sends it to: the GraphQL gateway, where `refreshAccessToken` and
/// `logout` read it.
pub const REFRESH_PATH: &str = "/graphql";

/// `Set-Cookie` for a refresh token living `max_age_secs`.
pub fn set(token: &str, max_age_secs: i64, secure: bool) -> String {
    format!(
        "{REFRESH_COOKIE}={token}; Path={REFRESH_PATH}; Max-Age={}; HttpOnly; SameSite=Strict{}",
        max_age_secs.max(0),
        if secure { "; Secure" } else { "" }
    )
}

/// `Set-Cookie` that removes the refresh cookie (logout, a refused refresh).
pub fn clear(secure: bool) -> String {
    set("", 0, secure)
}

/// Whether cookies must be `Secure`: the site's public address is https.
pub fn secure_for(public_base_url: &str) -> bool {
    public_base_url.trim_start().to_ascii_lowercase().starts_with("https://")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cookie_is_http_only_strict_scoped_to_the_gateway_and_secure_over_tls() {
        let c = set("abc", 60, true);
        assert_eq!(c, "souk_refresh=abc; Path=/graphql; Max-Age=60; HttpOnly; SameSite=Strict; Secure");
        assert!(!set("abc", 60, false).contains("Secure"));
        assert!(clear(false).starts_with("souk_refresh=; Path=/graphql; Max-Age=0; HttpOnly"));
        assert!(secure_for("https://souk.ma") && !secure_for("http://127.0.0.1:8080"));
    }
}
