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
    /// Markup put inside the page's `#root` (see `first_paint.rs`): what shows before the
    /// client's JavaScript has run. The client replaces it.
    pub first_paint: Option<String>,
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
        // Nothing in a string may end the script element early (docs/security.md).
        let json = super::security::json_for_html(ld);
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
    // The shell's own description (the site's) gives way to the page's.
    for open in ["<meta name=description ", "<meta name=\"description\" "] {
        if let Some(a) = html.find(open)
            && let Some(len) = html[a..].find('>')
        {
            html.replace_range(a..a + len + 1, "");
        }
    }
    match html.find("</head>") {
        Some(i) => html.insert_str(i, &tags),
        None => html = format!("<head>{tags}</head>{html}"),
    }
    if let Some(markup) = &meta.first_paint {
        put_first_paint(&mut html, markup);
        load_scripts_after_the_page(&mut html);
    }
    set_document_language(&mut html, meta.lang);
    html
}

/// Sets `lang` and `dir` on the page's `<html>` (the built shell says French, left to right).
pub fn set_document_language(html: &mut String, lang: Lang) {
    let dir = if lang == Lang::Ar { "rtl" } else { "ltr" };
    match html.find("<html") {
        Some(i) => {
            let end = html[i..].find('>').map(|e| i + e).unwrap_or(i + 5);
            html.replace_range(i..end, &format!("<html lang=\"{}\" dir=\"{dir}\"", lang.code()));
        }
        None => *html = format!("<!doctype html><html lang=\"{}\" dir=\"{dir}\">{html}</html>", lang.code()),
    }
}

/// Fills the shell's empty root element (`<div id="root"></div>`, quoted or not, as the
/// client's minified build writes it) with `markup`, marked `data-first-paint` so that the client
/// knows to let it stand until it can draw the same page. A shell without that element is left
/// alone.
fn put_first_paint(html: &mut String, markup: &str) {
    for open in ["<div id=\"root\">", "<div id=root>"] {
        if let Some(i) = html.find(open) {
            let end = i + open.len();
            html.replace_range(i..end, &format!("<div id=\"root\" data-first-paint>{markup}"));
            return;
        }
    }
}

/// The `src` of each `<script defer src=...></script>` of the shell, in order, with the tags
/// taken out.
fn take_deferred_scripts(html: &mut String) -> Vec<String> {
    let mut sources = Vec::new();
    let mut from = 0;
    while let Some(found) = html[from..].find("<script defer src=") {
        let start = from + found;
        let Some(close) = html[start..].find("</script>").map(|i| start + i + "</script>".len()) else {
            break;
        };
        let tag = &html[start..close];
        let value = &tag["<script defer src=".len()..];
        let src = match value.strip_prefix('"') {
            Some(quoted) => quoted.split('"').next().unwrap_or_default(),
            None => value.split(['>', ' ']).next().unwrap_or_default(),
        };
        if src.is_empty() {
            from = close;
            continue;
        }
        sources.push(src.to_string());
        html.replace_range(start..close, "");
        from = start;
    }
    sources
}

/// A page drawn by the server shows its photo before the client's code is fetched: the shell's
/// deferred scripts are asked for once the page has loaded (its styles and photos), in their
/// order, instead of competing with the photo for the connection. Until then the page reads
/// and its links work (plain links).
fn load_scripts_after_the_page(html: &mut String) {
    let sources = take_deferred_scripts(html);
    if sources.is_empty() {
        return;
    }
    let list = super::security::json_for_html(&sources);
    // It also remembers a language chosen with the first paint's switch (cookie `lang`, a
    // year), as the client's LanguageSwitch does.
    let js = format!(
        "addEventListener('load',function(){{{list}.forEach(function(s){{var e=document.createElement('script');e.src=s;e.async=false;document.head.appendChild(e)}})}});\
         addEventListener('click',function(e){{var a=e.target.closest&&e.target.closest('a.language-switch');\
         if(a){{document.cookie='lang='+a.getAttribute('hreflang')+'; Path=/; Max-Age=31536000; SameSite=Lax'+(location.protocol==='https:'?'; Secure':'')}}}})"
    );
    // The pages' Content-Security-Policy names this script by its hash.
    super::security::allow_inline_script(&js);
    let loader = format!("<script>{js}</script>");
    match html.rfind("</body>") {
        Some(i) => html.insert_str(i, &loader),
        None => html.push_str(&loader),
    }
}

/// The site's configuration the client reads from every page's head: the map's tile server
/// (`<meta name="souk-map-tiles">` and `<meta name="souk-map-attribution">`, read by the ad
/// view's map). Naming the tile server allows its origin in the pages' image policy
/// (`security::allow_image_origin`); a URL that is no plain http(s) address is left out.
pub fn site_tags(web: &crate::config::WebSettings) -> String {
    let Some(origin) = super::security::origin_of(&web.map_tiles_url) else {
        return String::new();
    };
    super::security::allow_image_origin(&origin);
    format!(
        "<meta name=\"souk-map-tiles\" content=\"{}\">\n<meta name=\"souk-map-attribution\" content=\"{}\">\n",
        escape(&web.map_tiles_url),
        escape(&web.map_tiles_attribution)
    )
}

/// Puts the site's tags (`site_tags`) before the shell's `</head>`.
pub fn add_site_tags(html: &mut String, web: &crate::config::WebSettings) {
    let tags = site_tags(web);
    if tags.is_empty() {
        return;
    }
    if let Some(i) = html.find("</head>") {
        html.insert_str(i, &tags);
        return;
    }
    // A shell without a head: one after the `<html>` tag, or after the doctype, else first.
    let after = |open: &str| html.find(open).and_then(|i| html[i..].find('>').map(|e| i + e + 1));
    let at = after("<html").or_else(|| after("<!doctype")).or_else(|| after("<!DOCTYPE")).unwrap_or(0);
    html.insert_str(at, &format!("<head>{tags}</head>"));
}

const MINIMAL_SHELL: &str = "<!doctype html><html><head><meta charset=\"utf-8\"><title>Souk</title></head><body><div id=\"root\"></div></body></html>";

/// Answers the SPA shell with the page's tags.
pub async fn render(state: &AppState, meta: &PageMeta, status: StatusCode) -> HttpResponse {
    let path = state.settings.client_dir().join("index.html");
    let shell = tokio::fs::read_to_string(&path).await.unwrap_or_else(|_| MINIMAL_SHELL.to_string());
    let mut html = inject(&shell, meta, &state.settings.auth.public_base_url);
    add_site_tags(&mut html, &state.settings.web);
    HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .insert_header(("Cache-Control", "no-cache"))
        .body(html)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_site_s_tags_go_into_the_head_or_right_after_the_html_tag() {
        let web = crate::config::WebSettings {
            client_dir: "client/dist".into(),
            sitemap_urls_per_file: 1,
            map_tiles_url: "https://tiles.example.test/{z}/{x}/{y}.png".into(),
            map_tiles_attribution: "© <OSM>".into(),
        };
        let mut html = "<html><head><title>t</title></head><body></body></html>".to_string();
        add_site_tags(&mut html, &web);
        assert!(html.contains("<meta name=\"souk-map-tiles\" content=\"https://tiles.example.test/{z}/{x}/{y}.png\">\n<meta name=\"souk-map-attribution\" content=\"© &lt;OSM&gt;\">\n</head>"), "{html}");
        let mut bare = "<!doctype html><html lang=\"ar\" dir=\"rtl\"><div id=root></div></html>".to_string();
        add_site_tags(&mut bare, &web);
        assert!(
            bare.starts_with("<!doctype html><html lang=\"ar\" dir=\"rtl\"><head><meta name=\"souk-map-tiles\""),
            "{bare}"
        );
        let mut none = "<html><head></head></html>".to_string();
        add_site_tags(&mut none, &crate::config::WebSettings { map_tiles_url: "javascript:x".into(), ..web });
        assert_eq!(none, "<html><head></head></html>", "no tile server, no tags");
    }

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
            first_paint: None,
            json_ld: Some(serde_json::json!({ "name": "</script><b>" })),
            noindex: false,
        };
        let html = inject("<html><head><title>x</title></head><body></body></html>", &meta, "https://souk.ma");
        assert!(html.starts_with("<html lang=\"ar\" dir=\"rtl\">"), "{html}");
        assert!(html.contains("<title>Vélo &lt;script&gt;</title>"));
        assert!(!html.contains("<title>x</title>"));
        assert!(html.contains("href=\"https://souk.ma/ar/%D8%A7"));
        assert!(html.contains("hreflang=\"x-default\" href=\"https://souk.ma/casablanca\""));
        assert!(html.contains("\\u003c/script\\u003e\\u003cb\\u003e"), "{html}");
        assert!(!html.contains("data-first-paint"), "no first paint was given");
        let head = &html[..html.find("</head>").expect("head")];
        assert!(
            head.contains("<link rel=\"preload\" as=\"image\" fetchpriority=\"high\" href=\"/media/ads/1/large.jpg\">")
        );
    }

    #[test]
    fn the_first_paint_goes_inside_the_root_of_either_shell() {
        let mut meta = PageMeta {
            lang: Lang::Fr,
            title: "t".into(),
            description: "d".into(),
            canonical: "/x".into(),
            alternates: vec![],
            og_type: "website",
            image: None,
            preload_image: None,
            first_paint: Some("<h1>Golf</h1>".into()),
            json_ld: None,
            noindex: false,
        };
        let built = "<html><head><meta name=description content=\"Souk\"><title>Souk</title></head><body><div id=root></div></body></html>";
        for shell in [built, MINIMAL_SHELL] {
            let html = inject(shell, &meta, "https://souk.ma");
            assert_eq!(
                html.matches("name=\"description\"").count() + html.matches("name=description").count(),
                1,
                "{html}"
            );
            assert!(html.contains("<div id=\"root\" data-first-paint><h1>Golf</h1></div>"), "{html}");
        }
        // The client's scripts wait for the page to load, in their order.
        let built = "<html><head><script defer src=/assets/runtime.1.js></script><script defer src=\"/assets/main.2.js\"></script></head><body><div id=root></div></body></html>";
        let html = inject(built, &meta, "https://souk.ma");
        assert!(!html.contains("<script defer"), "{html}");
        assert!(
            html.contains(
                "<script>addEventListener('load',function(){[\"/assets/runtime.1.js\",\"/assets/main.2.js\"].forEach("
            ) && html.ends_with("</script></body></html>"),
            "{html}"
        );
        meta.first_paint = None;
        let html = inject(built, &meta, "https://souk.ma");
        assert!(
            html.contains("<script defer src=/assets/runtime.1.js></script>"),
            "scripts as they were without a first paint"
        );
        let html = inject(MINIMAL_SHELL, &meta, "https://souk.ma");
        assert!(html.contains("<div id=\"root\"></div>"));
    }
}
