//! Browser-side defences (docs/security.md): the headers every response carries (no MIME
//! sniffing, no framing, a strict referrer policy, no powerful browser features), the
//! Content-Security-Policy of HTML pages — scripts only from this origin, the social-login
//! providers' SDKs, and the one inline loader script by its hash; images from this origin and
//! the configured map tile server only —, HSTS when the public address
//! is https, and JSON placed inside HTML with every character that could end its element
//! escaped.

use actix_web::http::header::{HeaderMap, HeaderName, HeaderValue};
use base64::Engine;
use sha2::{Digest, Sha256};
use std::collections::BTreeSet;
use std::sync::RwLock;

/// Hashes (`'sha256-…'`) of the inline scripts the server writes into pages: the page loader,
/// one per client build (a rebuild while running adds one).
static INLINE_SCRIPTS: RwLock<BTreeSet<String>> = RwLock::new(BTreeSet::new());

/// Allows `js`, the text of an inline `<script>` the server wrote, in the pages' policy.
pub fn allow_inline_script(js: &str) {
    let hash = format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(Sha256::digest(js.as_bytes())));
    if INLINE_SCRIPTS.read().map(|s| s.contains(&hash)).unwrap_or(false) {
        return;
    }
    if let Ok(mut set) = INLINE_SCRIPTS.write() {
        set.insert(hash);
    }
}

/// Origins (`https://tile.openstreetmap.org`) pages may load images from besides their own: the
/// configured map tile server (`[web] map_tiles_url`), allowed when a page names it.
static IMAGE_ORIGINS: RwLock<BTreeSet<String>> = RwLock::new(BTreeSet::new());

/// The origin of a tile URL template, when it is a plain `http(s)://host[:port]/…` address.
pub fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    if scheme != "https" && scheme != "http" {
        return None;
    }
    let host = rest.split('/').next().unwrap_or_default();
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']');
    if host.is_empty() || !host.chars().all(plain) {
        return None;
    }
    Some(format!("{scheme}://{}", host.to_ascii_lowercase()))
}

/// Allows images from `origin` in the pages' policy.
pub fn allow_image_origin(origin: &str) {
    if IMAGE_ORIGINS.read().map(|s| s.contains(origin)).unwrap_or(false) {
        return;
    }
    if let Ok(mut set) = IMAGE_ORIGINS.write() {
        set.insert(origin.to_string());
    }
}

/// The Content-Security-Policy of HTML pages.
pub fn content_security_policy() -> String {
    let hashes: Vec<String> = INLINE_SCRIPTS.read().map(|s| s.iter().cloned().collect()).unwrap_or_default();
    let images: Vec<String> = IMAGE_ORIGINS.read().map(|s| s.iter().cloned().collect()).unwrap_or_default();
    let images = if images.is_empty() { String::new() } else { format!(" {}", images.join(" ")) };
    format!(
        "default-src 'self'; script-src 'self' {} https://accounts.google.com https://connect.facebook.net; \
         style-src 'self' 'unsafe-inline' https://accounts.google.com; img-src 'self' data: blob:{images}; font-src 'self' data:; \
         connect-src 'self' ws: wss: https://accounts.google.com; \
         frame-src https://accounts.google.com https://www.facebook.com; media-src 'self' blob:; \
         object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
        hashes.join(" ")
    )
}

fn set(headers: &mut HeaderMap, name: &'static str, value: &str) {
    if let Ok(v) = HeaderValue::from_str(value) {
        headers.insert(HeaderName::from_static(name), v);
    }
}

/// Adds the security headers to a response: all of them to every response, the policy to HTML.
pub fn add_headers(headers: &mut HeaderMap, https: bool) {
    set(headers, "x-content-type-options", "nosniff");
    set(headers, "x-frame-options", "DENY");
    set(headers, "referrer-policy", "strict-origin-when-cross-origin");
    set(headers, "permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if https {
        set(headers, "strict-transport-security", "max-age=31536000; includeSubDomains");
    }
    let html = headers
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("text/html"));
    if html {
        set(headers, "content-security-policy", &content_security_policy());
    }
}

/// JSON text safe inside an HTML `<script>` element (and anywhere in a page): `<`, `>`, `&`
/// and the line and paragraph separators are written as `\u` escapes, so no text can close
/// the element or start a comment.
pub fn json_for_html(value: &impl serde::Serialize) -> String {
    let text = serde_json::to_string(value).unwrap_or_else(|_| "null".into());
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_in_html_cannot_close_its_element() {
        let text = json_for_html(&serde_json::json!({ "d": "</script><!--<script>a&b\u{2028}" }));
        assert!(!text.contains('<') && !text.contains('>') && !text.contains('&'), "{text}");
        assert_eq!(text, r#"{"d":"\u003c/script\u003e\u003c!--\u003cscript\u003ea\u0026b\u2028"}"#);
        let back: serde_json::Value = serde_json::from_str(&text).expect("still JSON");
        assert_eq!(back["d"], "</script><!--<script>a&b\u{2028}");
    }

    #[test]
    fn pages_load_images_from_the_tile_server_s_origin_only() {
        assert_eq!(
            origin_of("https://Tile.OpenStreetMap.org/{z}/{x}/{y}.png").as_deref(),
            Some("https://tile.openstreetmap.org")
        );
        assert_eq!(origin_of("http://127.0.0.1:8081/tiles/{z}/{x}/{y}.png").as_deref(), Some("http://127.0.0.1:8081"));
        assert_eq!(origin_of("javascript:alert(1)"), None);
        assert_eq!(origin_of("https://a.example; script-src *"), None);
        assert_eq!(origin_of(""), None);
        allow_image_origin("https://tiles.example.test");
        let policy = content_security_policy();
        let img = policy.split(';').find(|d| d.trim().starts_with("img-src")).expect("img-src");
        assert!(img.contains("https://tiles.example.test"), "{policy}");
        let script = policy.split(';').find(|d| d.trim().starts_with("script-src")).expect("script-src");
        assert!(!script.contains("tiles.example.test"), "{policy}");
    }

    #[test]
    fn pages_allow_only_the_inline_scripts_the_server_wrote() {
        allow_inline_script("console.log('loader')");
        let policy = content_security_policy();
        let expected = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(b"console.log('loader')"));
        assert!(policy.contains(&format!("'sha256-{expected}'")), "{policy}");
        assert!(policy.contains("frame-ancestors 'none'") && policy.contains("object-src 'none'"), "{policy}");
        assert!(!policy.contains("'unsafe-eval'") && !policy.contains("script-src 'self' 'unsafe-inline'"));
    }
}
