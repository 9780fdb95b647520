//! The first paint of ad and listing pages: the markup `souk serve` writes inside the page's
//! `#root` so that the title, the price and the largest photo show before any JavaScript runs
//! (the client's styles are a file linked from the head). It copies the React pages' structure
//! and class names (`client/src/app/Layout.tsx`, `features/ad-view`, `features/listing`) and
//! takes its words from the client's own message files; its links are plain links, so the
//! page works before the client starts. The client replaces it with the same page once its code
//! and the page's data have arrived (`client/src/index.tsx`).

use super::seo::escape;
use serde_json::Value;
use souk_domain::Lang;
use souk_domain::listing_url::percent_encode_path;
use std::sync::LazyLock;

/// The client's messages, read at build time: one source for every word of the interface.
static MESSAGES: LazyLock<[Value; 2]> = LazyLock::new(|| {
    let parse = |text: &str| serde_json::from_str(text).unwrap_or(Value::Null);
    [
        parse(include_str!("../../../client/src/locales/fr.json")),
        parse(include_str!("../../../client/src/locales/ar.json")),
    ]
});

/// The message `id` in `lang` with its `{name}` arguments replaced (plain arguments only: the
/// first paint uses no plural or select message); the id itself when the message is missing.
pub fn message(lang: Lang, id: &str, args: &[(&str, &str)]) -> String {
    let table = &MESSAGES[usize::from(lang == Lang::Ar)];
    let mut text = table.get(id).and_then(Value::as_str).unwrap_or(id).to_string();
    for (name, value) in args {
        text = text.replace(&format!("{{{name}}}"), value);
    }
    text
}

/// The CLDR plural category of a whole number (French: 0 and 1 are "one"; Arabic: six forms).
fn plural_category(lang: Lang, n: u64) -> &'static str {
    match lang {
        Lang::Fr if n < 2 => "one",
        Lang::Fr => "other",
        Lang::Ar => match (n, n % 100) {
            (0, _) => "zero",
            (1, _) => "one",
            (2, _) => "two",
            (_, 3..=10) => "few",
            (_, 11..=99) => "many",
            _ => "other",
        },
    }
}

/// A whole number with its thousands apart, as the client shows counts.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('\u{a0}');
        }
        out.push(ch);
    }
    out
}

/// The message `id`, an ICU `{count, plural, ...}` (or `{count, number}`) message, for `count`.
pub fn counted(lang: Lang, id: &str, count: u64) -> String {
    plural(lang, id, "count", count)
}

/// The message `id` whose argument `arg` is a number, in an ICU `{arg, plural, ...}` (or
/// `{arg, number}`): the exact branch (`=0`) first, then the language's plural category, then
/// `other`.
fn plural(lang: Lang, id: &str, arg: &str, count: u64) -> String {
    let text = message(lang, id, &[]);
    let number = grouped(count);
    let head = format!("{{{arg}, plural,");
    let Some(start) = text.find(&head) else {
        return text.replace(&format!("{{{arg}, number}}"), &number).replace(&format!("{{{arg}}}"), &number);
    };
    // The branches: `key {text}` pairs up to the closing brace of the plural.
    let mut branches: Vec<(String, String)> = Vec::new();
    let rest = &text[start + head.len()..];
    let mut chars = rest.char_indices().peekable();
    let mut key = String::new();
    let mut end = rest.len();
    while let Some((i, ch)) = chars.next() {
        match ch {
            '{' => {
                let mut depth = 1;
                let body_start = i + 1;
                let mut body_end = body_start;
                for (j, c) in chars.by_ref() {
                    match c {
                        '{' => depth += 1,
                        '}' => depth -= 1,
                        _ => {}
                    }
                    if depth == 0 {
                        body_end = j;
                        break;
                    }
                }
                branches.push((key.trim().to_string(), rest[body_start..body_end].to_string()));
                key.clear();
            }
            '}' => {
                end = i + 1;
                break;
            }
            c => key.push(c),
        }
    }
    let exact = format!("={count}");
    let category = plural_category(lang, count);
    let branch = [exact.as_str(), category, "other"]
        .iter()
        .find_map(|k| branches.iter().find(|(key, _)| key == k))
        .map(|(_, body)| body.replace('#', &number))
        .unwrap_or(number);
    format!("{}{branch}{}", &text[..start], &rest[end..])
}

fn href(path: &str) -> String {
    escape(&percent_encode_path(path))
}

fn home_path(lang: Lang) -> &'static str {
    if lang == Lang::Ar { "/ar" } else { "/fr" }
}

fn prefixed(lang: Lang, path: &str) -> String {
    if lang == Lang::Ar { format!("/ar{path}") } else { path.to_string() }
}

/// The app's header and the `<main>` around `content`, as the client's Layout draws them for a
/// visitor. `other_language_path`: the same page in the other language.
fn layout(lang: Lang, other_language_path: &str, content: &str) -> String {
    let other = if lang == Lang::Ar { Lang::Fr } else { Lang::Ar };
    format!(
        concat!(
            "<a class=\"skip-link\" href=\"#main\">{skip}</a>",
            "<header class=\"app-header\"><a class=\"app-header__brand\" href=\"{home}\" aria-label=\"{home_label}\">{name}</a>",
            "<div class=\"app-header__actions\"><a class=\"button button--primary app-header__post\" href=\"{post}\">{post_label}</a>",
            "<a class=\"app-header__shops\" href=\"{shops}\">{shops_label}</a>",
            "<a class=\"app-header__account\" href=\"{sign_in}\">{sign_in_label}</a>",
            // Like the client's LanguageSwitch, the choice is remembered (cookie `lang`, a year):
            // the page's loader script sets it on a click (no inline handler: the pages'
            // Content-Security-Policy allows none, docs/security.md).
            "<a class=\"language-switch\" lang=\"{other}\" hreflang=\"{other}\" href=\"{switch}\" title=\"{switch_title}\">{switch_label}</a>",
            "</div></header><main id=\"main\" class=\"app-main\" tabindex=\"-1\">{content}</main>"
        ),
        skip = escape(&message(lang, "app.skipToContent", &[])),
        home = home_path(lang),
        home_label = escape(&message(lang, "app.homeLink", &[])),
        name = escape(&message(lang, "app.name", &[])),
        // Like the client's PostAdLink: step 1 of the ad form, behind the login wall for a visitor.
        post = format!("{}/ad/insert/1", home_path(lang)),
        post_label = escape(&message(lang, "header.postAd", &[])),
        shops = prefixed(lang, "/boutiques"),
        shops_label = escape(&message(lang, "shops.link", &[])),
        sign_in = prefixed(lang, "/account/signin"),
        sign_in_label = escape(&message(lang, "header.signIn", &[])),
        other = other.code(),
        switch = href(other_language_path),
        switch_title = escape(&message(lang, "language.switchLabel", &[])),
        switch_label = escape(&message(lang, "language.switch", &[])),
        content = content,
    )
}

/// A price as the client's `PriceText` (client/src/ui/Price.tsx) shows it: the amount with its
/// currency in a `<bdi>`, so that an Arabic line keeps "120 000 DH" in that order instead of
/// turning it into "DH 000 120"; the page's "no price" wording without one.
fn price_text(lang: Lang, price: Option<&str>) -> String {
    match price {
        Some(amount) => format!("<bdi class=\"amount\">{}</bdi>", escape(amount)),
        None => escape(&message(lang, "ad.price.none", &[])),
    }
}

/// What the first paint shows of an ad.
pub struct AdPaint<'a> {
    pub lang: Lang,
    pub other_language_path: &'a str,
    pub title: &'a str,
    pub price: Option<&'a str>,
    pub category: &'a str,
    pub place: &'a str,
    pub description: &'a str,
    /// The first photo (large) and how many there are.
    pub photo: Option<&'a str>,
    pub photos: usize,
}

/// The ad view's first paint: its gallery's first photo, title, price, category and place, and
/// description, in the ad view's columns.
pub fn ad_view(ad: &AdPaint<'_>) -> String {
    let lang = ad.lang;
    let gallery = match ad.photo {
        Some(photo) => {
            let total = ad.photos.to_string();
            format!(
                "<section class=\"gallery\" aria-label=\"{}\"><img class=\"gallery__large\" src=\"{}\" fetchpriority=\"high\" width=\"800\" height=\"600\" alt=\"{}\"></section>",
                escape(&message(lang, "ad.gallery.label", &[])),
                href(photo),
                escape(&message(lang, "ad.gallery.photo", &[("title", ad.title), ("n", "1"), ("total", &total)])),
            )
        }
        None => format!("<p class=\"gallery gallery--empty\">{}</p>", escape(&message(lang, "ad.gallery.none", &[]))),
    };
    let content = format!(
        concat!(
            "<div class=\"page ad-view\"><div class=\"ad-view__main\">{gallery}<h1 dir=\"auto\">{title}</h1>",
            "<p class=\"ad-view__price\">{price}</p><p class=\"ad-view__meta\">{category} · {place}</p>",
            "<section aria-label=\"{description_label}\"><h2>{description_label}</h2>",
            "<p class=\"ad-view__description\" dir=\"auto\">{description}</p></section></div></div>"
        ),
        gallery = gallery,
        title = escape(ad.title),
        price = price_text(lang, ad.price),
        category = escape(ad.category),
        place = escape(ad.place),
        description_label = escape(&message(lang, "ad.description", &[])),
        description = escape(ad.description),
    );
    layout(lang, ad.other_language_path, &content)
}

/// The homepage figures of spec §9: 73% of goods sell in under 3 days, 92% of users satisfied
/// (the client's `HOME_FIGURES`).
const SOLD_PERCENT: u64 = 73;
const SOLD_DAYS: u64 = 3;
const SATISFIED_PERCENT: u64 = 92;

/// A share as the client's `formatNumber(.., {style: 'percent'})` writes it in `lang`.
fn percent(lang: Lang, n: u64) -> String {
    match lang {
        Lang::Fr => format!("{n}\u{a0}%"),
        Lang::Ar => format!("{n}\u{200e}%\u{200e}"),
    }
}

/// The home page's first paint: the hero's title and subtitle (the page's largest text: drawn
/// here, it is the LCP before any script) and the homepage figures, in the client's classes (the
/// search bar, the ads and the category directory follow with the client).
pub fn home(lang: Lang, other_language_path: &str) -> String {
    let content = format!(
        concat!(
            "<div class=\"page home\"><div class=\"home__intro home-hero\"><h1 class=\"home-hero__title\">{title}</h1>",
            "<p class=\"home-hero__subtitle\">{subtitle}</p>",
            "<ul class=\"home-figures\" aria-label=\"{label}\">",
            "<li class=\"home-figures__item\"><strong class=\"home-figures__value\">{sold_share}</strong> {sold}</li>",
            "<li class=\"home-figures__item\"><strong class=\"home-figures__value\">{satisfied_share}</strong> {satisfied}</li>",
            "</ul></div></div>"
        ),
        title = escape(&message(lang, "home.title", &[])),
        subtitle = escape(&message(lang, "home.hero.subtitle", &[])),
        label = escape(&message(lang, "home.figures.label", &[])),
        sold_share = percent(lang, SOLD_PERCENT),
        sold = escape(&plural(lang, "home.figures.sold", "days", SOLD_DAYS)),
        satisfied_share = percent(lang, SATISFIED_PERCENT),
        satisfied = escape(&message(lang, "home.figures.satisfied", &[])),
    );
    layout(lang, other_language_path, &content)
}

/// One result of a listing's first paint.
pub struct CardPaint<'a> {
    pub path: String,
    pub title: &'a str,
    pub price: Option<String>,
    pub city: String,
    /// The medium photo.
    pub photo: Option<String>,
    pub premium: bool,
}

/// How many results a phone shows before scrolling: their photos load first (as in the client's
/// ListingPage).
const FIRST_ON_SCREEN: usize = 2;

/// What the first paint shows of a listing.
pub struct ListingPaint<'a> {
    pub lang: Lang,
    pub other_language_path: &'a str,
    pub heading: &'a str,
    pub total: u64,
    pub total_capped: bool,
    /// The page of results, premium slots first.
    pub cards: Vec<CardPaint<'a>>,
    /// A corrected keyword and the path of its listing ("Vouliez-vous dire …", issue 32).
    pub did_you_mean: Option<(&'a str, String)>,
}

/// "Did you mean {keyword}?" around a link: the client's `listing.didYouMean` message when its
/// files have it (split at `{keyword}`), else this page's own wording.
fn did_you_mean(lang: Lang, keyword: &str, path: &str) -> String {
    let own = match lang {
        Lang::Fr => "Vouliez-vous dire {keyword} ?",
        Lang::Ar => "هل تقصد {keyword}؟",
    };
    let table = &MESSAGES[usize::from(lang == Lang::Ar)];
    let text =
        table.get("listing.didYouMean").and_then(Value::as_str).filter(|t| t.contains("{keyword}")).unwrap_or(own);
    let (before, after) = text.split_once("{keyword}").unwrap_or((text, ""));
    format!(
        "<p class=\"listing__did-you-mean\" dir=\"auto\">{}<a href=\"{}\">{}</a>{}</p>",
        escape(before),
        href(path),
        escape(keyword),
        escape(after)
    )
}

/// A listing's first paint: its head (title, count, the save and view buttons), the folded
/// filters and its page of results as cards of the grid view.
pub fn listing(page: &ListingPaint<'_>) -> String {
    let (lang, cards) = (page.lang, &page.cards);
    let mut items = String::new();
    for (i, card) in cards.iter().enumerate() {
        let photo = match &card.photo {
            Some(src) if i < FIRST_ON_SCREEN => format!(
                "<img class=\"listing-card__image\" src=\"{}\" alt=\"\" loading=\"eager\" fetchpriority=\"high\" width=\"320\" height=\"240\">",
                href(src)
            ),
            Some(src) => format!(
                "<img class=\"listing-card__image\" src=\"{}\" alt=\"\" loading=\"lazy\" width=\"320\" height=\"240\">",
                href(src)
            ),
            None => "<div class=\"listing-card__image\" aria-hidden=\"true\"></div>".to_string(),
        };
        let (class, mark) = if card.premium {
            (
                "listing-card listing-card--premium",
                format!(
                    "<ul class=\"ad-labels\"><li class=\"ad-label\">{}</li></ul>",
                    escape(&message(lang, "listing.premium", &[]))
                ),
            )
        } else {
            ("listing-card", String::new())
        };
        items.push_str(&format!(
            concat!(
                "<li><article class=\"{class}\">{photo}<div class=\"listing-card__body\">",
                "<h2 class=\"listing-card__title\" dir=\"auto\"><a href=\"{path}\">{title}</a></h2>",
                "<p class=\"listing-card__price\">{price}</p><p class=\"listing-card__meta\">{city}</p>{mark}</div></article></li>"
            ),
            class = class,
            photo = photo,
            path = href(&card.path),
            title = escape(card.title),
            price = price_text(lang, card.price.as_deref()),
            city = escape(&card.city),
            mark = mark,
        ));
    }
    let results_label = escape(&message(lang, "listing.results", &[]));
    let count = if page.total_capped {
        counted(lang, "listing.countCapped", page.total)
    } else {
        counted(lang, "listing.count", page.total)
    };
    let content = format!(
        concat!(
            "<div class=\"page listing\"><div class=\"listing__head\"><h1>{heading}</h1><p class=\"listing__count\">{count}</p>{suggestion}",
            // The buttons work once the client has taken over: until then they are disabled.
            "<div class=\"listing__tools\"><button type=\"button\" class=\"button\" disabled>{save}</button>",
            "<div class=\"view-switch\" role=\"group\" aria-label=\"{view}\"><button type=\"button\" class=\"button\" aria-pressed=\"true\" disabled>{grid}</button>",
            "<button type=\"button\" class=\"button\" aria-pressed=\"false\" disabled>{list}</button></div></div></div>",
            "<div class=\"listing__body\"><aside class=\"listing__side\"><details class=\"listing-filters-toggle\"><summary>{filters}</summary></details></aside>",
            "<section class=\"listing__main\" aria-label=\"{label}\"><ul class=\"listing-results listing-results--grid\" aria-label=\"{label}\">{items}</ul></section>",
            "</div></div>"
        ),
        heading = escape(page.heading),
        count = escape(&count),
        suggestion = page.did_you_mean.as_ref().map(|(k, p)| did_you_mean(lang, k, p)).unwrap_or_default(),
        save = escape(&message(lang, "listing.saveSearch", &[])),
        view = escape(&message(lang, "listing.view", &[])),
        grid = escape(&message(lang, "listing.view.grid", &[])),
        list = escape(&message(lang, "listing.view.list", &[])),
        filters = escape(&message(lang, "listing.filters", &[])),
        label = results_label,
        items = items,
    );
    layout(lang, page.other_language_path, &content)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_come_from_the_client_files_in_both_languages() {
        assert_eq!(message(Lang::Fr, "header.signIn", &[]), "Se connecter");
        assert_ne!(message(Lang::Ar, "header.signIn", &[]), "Se connecter");
        assert_eq!(message(Lang::Fr, "listing.title", &[("name", "Voitures"), ("city", "Rabat")]), "Voitures à Rabat");
        assert_eq!(message(Lang::Fr, "no.such.message", &[]), "no.such.message");
    }

    #[test]
    fn counts_take_the_plural_form_of_their_language() {
        assert_eq!(counted(Lang::Fr, "listing.count", 0), "Aucune annonce");
        assert_eq!(counted(Lang::Fr, "listing.count", 1), "1 annonce");
        assert_eq!(counted(Lang::Fr, "listing.count", 12_345), "12\u{a0}345 annonces");
        assert_eq!(counted(Lang::Fr, "listing.countCapped", 10_000), "Plus de 10\u{a0}000 annonces");
        assert_eq!(counted(Lang::Ar, "listing.count", 2), "إعلانان");
        assert_eq!(counted(Lang::Ar, "listing.count", 5), "5 إعلانات");
        assert_eq!(counted(Lang::Ar, "listing.count", 11), "11 إعلاناً");
        assert_eq!(counted(Lang::Ar, "listing.count", 100), "100 إعلان");
    }

    #[test]
    fn the_home_page_shows_its_figures_in_both_languages() {
        let html = home(Lang::Fr, "/ar");
        assert!(html.contains(">Petites annonces au Maroc</h1>"), "{html}");
        assert!(html.contains("<p class=\"home-hero__subtitle\">Achetez et vendez près de chez vous"), "{html}");
        assert!(html.contains("73\u{a0}%</strong> des biens se vendent en moins de 3 jours"), "{html}");
        let html = home(Lang::Ar, "/fr");
        assert!(html.contains("في أقل من 3 أيام"), "{html}");
        assert!(html.contains("بيع واشترِ بالقرب منك"), "{html}");
        assert!(html.contains("href=\"/fr\""), "{html}");
    }

    #[test]
    fn the_header_offers_to_post_an_ad_like_the_client() {
        let html = home(Lang::Fr, "/ar");
        assert!(
            html.contains(
                "class=\"button button--primary app-header__post\" href=\"/fr/ad/insert/1\">Déposer une annonce</a>"
            ),
            "{html}"
        );
        let html = home(Lang::Ar, "/fr");
        assert!(html.contains("href=\"/ar/ad/insert/1\">"), "{html}");
        assert!(!html.contains(">Déposer une annonce<"), "{html}");
    }

    #[test]
    fn an_area_is_joined_to_its_city_with_the_languages_comma() {
        let pair = [("area", "Maarif"), ("city", "Casablanca")];
        assert_eq!(message(Lang::Fr, "listing.areaInCity", &pair), "Maarif, Casablanca");
        assert_eq!(message(Lang::Ar, "listing.areaInCity", &pair), "Maarif، Casablanca");
    }

    #[test]
    fn ad_view_markup_escapes_text_and_shows_the_first_photo() {
        let html = ad_view(&AdPaint {
            lang: Lang::Ar,
            other_language_path: "/casablanca/voitures/golf_7.htm",
            title: "Golf <7>",
            price: Some("120 000 DH"),
            category: "سيارات",
            place: "الدار البيضاء",
            description: "a & b",
            photo: Some("/media/ads/1/large.jpg"),
            photos: 3,
        });
        assert!(html.contains("<h1 dir=\"auto\">Golf &lt;7&gt;</h1>"), "{html}");
        assert!(html.contains("class=\"gallery__large\" src=\"/media/ads/1/large.jpg\" fetchpriority=\"high\""));
        assert!(html.contains("a &amp; b"));
        assert!(html.contains("href=\"/ar/boutiques\""));
        assert!(html.contains("hreflang=\"fr\" href=\"/casablanca/voitures/golf_7.htm\""));
        assert!(html.contains("class=\"language-switch\" lang=\"fr\" hreflang=\"fr\""), "{html}");
        assert!(!html.contains("onclick="), "no inline handler: {html}");
        assert!(html.contains("Golf &lt;7&gt;، الصورة 1 من 3"));
        // The price is isolated, so that the Arabic line does not reorder it.
        assert!(html.contains("<p class=\"ad-view__price\"><bdi class=\"amount\">120 000 DH</bdi></p>"), "{html}");
    }

    #[test]
    fn listing_cards_isolate_their_prices_in_both_languages() {
        for lang in [Lang::Fr, Lang::Ar] {
            let html = listing(&ListingPaint {
                lang,
                other_language_path: "/x",
                heading: "Voitures",
                total: 1,
                total_capped: false,
                cards: vec![CardPaint {
                    path: "/rabat/voitures/ad_1.htm".into(),
                    title: "Dacia",
                    price: Some("196 000 DH".into()),
                    city: "Rabat".into(),
                    photo: None,
                    premium: false,
                }],
                did_you_mean: None,
            });
            assert!(
                html.contains("<p class=\"listing-card__price\"><bdi class=\"amount\">196 000 DH</bdi></p>"),
                "{html}"
            );
        }
    }

    #[test]
    fn listing_markup_loads_the_first_photos_first() {
        let card = |n: usize, premium: bool| CardPaint {
            path: format!("/rabat/voitures/ad_{n}.htm"),
            title: "Dacia",
            price: None,
            city: "Rabat".into(),
            photo: Some(format!("/media/ads/{n}/medium.jpg")),
            premium,
        };
        let html = listing(&ListingPaint {
            lang: Lang::Fr,
            other_language_path: "/ar/x",
            heading: "Voitures à Rabat",
            total: 1234,
            total_capped: false,
            cards: vec![card(1, true), card(2, false), card(3, false)],
            did_you_mean: None,
        });
        assert!(!html.contains("listing__did-you-mean"), "{html}");
        let offered = |lang| {
            listing(&ListingPaint {
                lang,
                other_language_path: "/x",
                heading: "h",
                total: 1,
                total_capped: false,
                cards: vec![],
                did_you_mean: Some(("appartement", "/maroc/appartement".into())),
            })
        };
        assert!(
            offered(Lang::Fr).contains("Vouliez-vous dire <a href=\"/maroc/appartement\">appartement</a> ?"),
            "{}",
            offered(Lang::Fr)
        );
        assert!(offered(Lang::Ar).contains("هل تقصد <a href=\"/maroc/appartement\">appartement</a>؟"));
        assert!(html.contains("<p class=\"listing__count\">1\u{a0}234 annonces</p>"), "{html}");
        assert_eq!(html.matches("loading=\"eager\"").count(), 2, "{html}");
        assert_eq!(html.matches("loading=\"lazy\"").count(), 1);
        assert_eq!(html.matches("listing-card--premium").count(), 1);
        assert!(html.contains("Prix non indiqué"));
        assert!(html.contains("<a href=\"/rabat/voitures/ad_2.htm\">Dacia</a>"));
    }
}
