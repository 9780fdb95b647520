//! Server-written SEO of ad, listing and shop pages: the SPA shell (`index.html` of the client
//! build, or a minimal one when the client is not built) with the page's title, description,
//! canonical link, fr/ar `hreflang` alternates, Open Graph tags and schema.org JSON-LD put into
//! its `<head>`, and `lang`/`dir` set on `<html>`.

use crate::state::AppState;
use actix_web::HttpResponse;
use actix_web::http::StatusCode;
use serde_json::Value;
use souk_domain::Lang;
use souk_domain::listing_url::percent_encode_path;

/// What a page says about itself.
pub struct PageMeta {
    pub lang: Lang,
    pub title: String,
    pub description: String,
    /// Canonical path (unescaped) and the path of each language version.
    pub canonical: String,
    pub alternates: Vec<(Lang, String)>,
    pub og_type: &'static str,
    pub image: Option<String>,
    /// The page's largest picture (the ad's first photo), fetched with the HTML rather than
    /// once the client has asked for the ad.
    pub preload_image: Option<String>,
    pub json_ld: Option<Value>,
    pub noindex: bool,
}

/// Escapes text for HTML content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn absolute(base: &str, path: &str) -> String {
    if path.starts_with("http://") || path.starts_with("https://") {
        return path.to_string();
    }
    format!("{}{}", base.trim_end_matches('/'), percent_encode_path(path))
}

/// The head tags of a page.
pub fn head_tags(meta: &PageMeta, base: &str) -> String {
    let mut h = String::new();
    h.push_str(&format!("<title>{}</title>\n", escape(&meta.title)));
    h.push_str(&format!("<meta name=\"description\" content=\"{}\">\n", escape(&meta.description)));
    if meta.noindex {
        h.push_str("<meta name=\"robots\" content=\"noindex\">\n");
    }
    let canonical = absolute(base, &meta.canonical);
    h.push_str(&format!("<link rel=\"canonical\" href=\"{}\">\n", escape(&canonical)));
    for (lang, path) in &meta.alternates {
        h.push_str(&format!(
            "<link rel=\"alternate\" hreflang=\"{}\" href=\"{}\">\n",
            lang.code(),
            escape(&absolute(base, path))
        ));
    }
    if let Some((_, fr)) = meta.alternates.iter().find(|(l, _)| *l == Lang::Fr) {
        h.push_str(&format!(
            "<link rel=\"alternate\" hreflang=\"x-default\" href=\"{}\">\n",
            escape(&absolute(base, fr))
        ));
    }
    h.push_str(&format!("<meta property=\"og:type\" content=\"{}\">\n", meta.og_type));
    h.push_str(&format!("<meta property=\"og:title\" content=\"{}\">\n", escape(&meta.title)));
    h.push_str(&format!("<meta property=\"og:description\" content=\"{}\">\n", escape(&meta.description)));
    h.push_str(&format!("<meta property=\"og:url\" content=\"{}\">\n", escape(&canonical)));
    h.push_str("<meta property=\"og:site_name\" content=\"Souk\">\n");
    h.push_str(&format!(
        "<meta property=\"og:locale\" content=\"{}\">\n",
        if meta.lang == Lang::Ar { "ar_MA" } else { "fr_MA" }
    ));
    if let Some(img) = &meta.image {
        h.push_str(&format!("<meta property=\"og:image\" content=\"{}\">\n", escape(&absolute(base, img))));
    }
    if let Some(img) = &meta.preload_image {
        h.push_str(&format!(
            "<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"{}\">\n",
            escape(&percent_encode_path(img))
        ));
    }
    if let Some(ld) = &meta.json_ld {
        // `</` inside a string would end the script element early.
        let json = serde_json::to_string(ld).unwrap_or_default().replace("</", "<\\/");
        h.push_str(&format!("<script type=\"application/ld+json\">{json}</script>\n"));
    }
    h
}

/// Puts the tags into the shell: replaces its `<title>`, adds the rest before `</head>`, and
/// sets the document language and direction.
pub fn inject(shell: &str, meta: &PageMeta, base: &str) -> String {
    let tags = head_tags(meta, base);
    let mut html = shell.to_string();
    if let (Some(a), Some(b)) = (html.find("<title>"), html.find("</title>"))
        && a < b
    {
        html.replace_range(a..b + "</title>".len(), "");
    }
    match html.find("</head>") {
        Some(i) => html.insert_str(i, &tags),
        None => html = format!("<head>{tags}</head>{html}"),
    }
    let dir = if meta.lang == Lang::Ar { "rtl" } else { "ltr" };
    match html.find("<html") {
        Some(i) => {
            let end = html[i..].find('>').map(|e| i + e).unwrap_or(i + 5);
            html.replace_range(i..end, &format!("<html lang=\"{}\" dir=\"{dir}\"", meta.lang.code()));
        }
        None => html = format!("<!doctype html><html lang=\"{}\" dir=\"{dir}\">{html}</html>", meta.lang.code()),
    }
    html
}

const MINIMAL_SHELL: &str = "<!doctype html><html><head><meta charset=\"utf-8\"><title>Souk</title></head><body><div id=\"root\"></div></body></html>";

/// Answers the SPA shell with the page's tags.
pub async fn render(state: &AppState, meta: &PageMeta, status: StatusCode) -> HttpResponse {
    let path = state.settings.client_dir().join("index.html");
    let shell = tokio::fs::read_to_string(&path).await.unwrap_or_else(|_| MINIMAL_SHELL.to_string());
    let html = inject(&shell, meta, &state.settings.auth.public_base_url);
    HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .insert_header(("Cache-Control", "no-cache"))
        .body(html)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_escaped_and_placed_in_the_head() {
        let meta = PageMeta {
            lang: Lang::Ar,
            title: "Vélo <script>".into(),
            description: "a \"b\"".into(),
            canonical: "/ar/الدار-البيضاء".into(),
            alternates: vec![(Lang::Fr, "/casablanca".into()), (Lang::Ar, "/ar/الدار-البيضاء".into())],
            og_type: "website",
            image: None,
            preload_image: Some("/media/ads/1/large.jpg".into()),
            json_ld: Some(serde_json::json!({ "name": "</script><b>" })),
            noindex: false,
        };
        let html = inject("<html><head><title>x</title></head><body></body></html>", &meta, "https://souk.ma");
        assert!(html.starts_with("<html lang=\"ar\" dir=\"rtl\">"), "{html}");
        assert!(html.contains("<title>Vélo &lt;script&gt;</title>"));
        assert!(!html.contains("<title>x</title>"));
        assert!(html.contains("href=\"https://souk.ma/ar/%D8%A7"));
        assert!(html.contains("hreflang=\"x-default\" href=\"https://souk.ma/casablanca\""));
        assert!(html.contains("<\\/script><b>"));
        let head = &html[..html.find("</head>").expect("head")];
        assert!(
            head.contains("<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"/media/ads/1/large.jpg\">")
        );
    }
}
