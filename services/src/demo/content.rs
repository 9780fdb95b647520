//! What a demo ad says: title, description, price and parameters, written per category
//! family in French or Arabic. The families live in their own files (vehicles, real estate,
//! jobs and services, market); this one chooses among them and holds what they share.

use super::rng::Rng;
use super::text_rules::clean;
use super::{jobs, market, real_estate, vehicles};
use souk_domain::Lang;
use souk_domain::ad::ParamValue;
use souk_domain::catalog::{Area, Category, City, Vertical};
use souk_domain::money::Money;
use souk_domain::text::fold;
use souk_domain::text::group_thousands;
use souk_storage::reference::Reference;
use std::collections::BTreeMap;

/// What the seller wants, from the ad type key of the category.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Intent {
    Sell,
    Buy,
    Rent,
    RentWanted,
    Vacation,
    JobOffer,
    JobRequest,
    ServiceOffer,
    ServiceRequest,
}

impl Intent {
    pub fn of(key: &str) -> Intent {
        match key {
            "sell" => Intent::Sell,
            "buy" => Intent::Buy,
            "rent" => Intent::Rent,
            "rent_wanted" => Intent::RentWanted,
            "vacation_rent" => Intent::Vacation,
            "job_offer" => Intent::JobOffer,
            "job_request" => Intent::JobRequest,
            "service_offer" => Intent::ServiceOffer,
            "service_request" => Intent::ServiceRequest,
            k if k.contains("vacation") => Intent::Vacation,
            k if k.starts_with("rent") && (k.contains("want") || k.contains("request")) => Intent::RentWanted,
            k if k.starts_with("rent") => Intent::Rent,
            k if k.contains("job") && k.contains("request") => Intent::JobRequest,
            k if k.contains("job") => Intent::JobOffer,
            k if k.contains("service") && k.contains("request") => Intent::ServiceRequest,
            k if k.contains("service") => Intent::ServiceOffer,
            k if k.contains("buy") || k.contains("want") || k.contains("request") => Intent::Buy,
            _ => Intent::Sell,
        }
    }

    /// How often this kind of ad appears when a category offers several.
    pub fn weight(self) -> u64 {
        match self {
            Intent::Sell => 20,
            Intent::Rent => 12,
            Intent::Vacation => 16,
            Intent::JobOffer => 14,
            Intent::ServiceOffer => 16,
            Intent::JobRequest => 6,
            Intent::Buy | Intent::RentWanted | Intent::ServiceRequest => 2,
        }
    }

    /// Whether the author is looking for something rather than offering it.
    pub fn is_wanted(self) -> bool {
        matches!(self, Intent::Buy | Intent::RentWanted | Intent::ServiceRequest | Intent::JobRequest)
    }
}

/// Where the ad is: a city and, when the city has neighbourhoods, one of them.
pub struct Place<'a> {
    pub city: &'a City,
    pub area: Option<&'a Area>,
}

impl Place<'_> {
    /// The neighbourhood's name, or the city's when there is none.
    pub fn local(&self, lang: Lang) -> String {
        clean(self.area.map(|a| a.label.get(lang)).unwrap_or_else(|| self.city.label.get(lang)))
    }

    pub fn city(&self, lang: Lang) -> String {
        clean(self.city.label.get(lang))
    }

    /// The city's name folded (`fes`, `casablanca`) for price tiers.
    pub fn city_key(&self) -> String {
        fold(&self.city.label.fr)
    }
}

/// Everything a family needs to write one ad.
pub struct Ctx<'a> {
    pub reference: &'a Reference,
    pub leaf: &'a Category,
    pub vertical: Vertical,
    pub intent: Intent,
    pub lang: Lang,
    pub place: Place<'a>,
    pub now_year: i64,
    /// Whether the seller offers home delivery (market ads only).
    pub delivery: bool,
}

impl Ctx<'_> {
    pub fn fr(&self) -> bool {
        self.lang == Lang::Fr
    }

    /// The French or the Arabic text, by the ad's language.
    pub fn t(&self, fr: impl Into<String>, ar: impl Into<String>) -> String {
        if self.fr() { fr.into() } else { ar.into() }
    }

    /// The leaf category's label in the ad's language, safe to quote.
    pub fn leaf_label(&self) -> String {
        clean(self.leaf.label.get(self.lang))
    }

    /// The words of the leaf's French label, folded, for choosing a template by keyword.
    pub fn leaf_words(&self) -> Vec<String> {
        fold(&self.leaf.label.fr)
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(String::from)
            .collect()
    }

    /// Whether a word of the leaf's label starts with one of `keywords`.
    pub fn leaf_has(&self, keywords: &[&str]) -> bool {
        let words = self.leaf_words();
        words.iter().any(|w| keywords.iter().any(|k| w.starts_with(k)))
    }
}

/// One written ad.
#[derive(Debug, Clone, Default)]
pub struct AdContent {
    pub title: String,
    pub description: String,
    pub price: Option<Money>,
    pub params: BTreeMap<String, ParamValue>,
    /// Set when home delivery makes no sense for this ad (a business, a stock, tickets).
    pub no_delivery: bool,
}

impl AdContent {
    pub fn text(&mut self, key: &str, value: impl Into<String>) {
        self.params.insert(key.to_string(), ParamValue::Text(value.into()));
    }

    pub fn num(&mut self, key: &str, value: i64) {
        self.params.insert(key.to_string(), ParamValue::Number(value));
    }

    pub fn flag(&mut self, key: &str, value: bool) {
        self.params.insert(key.to_string(), ParamValue::Bool(value));
    }
}

/// A bilingual piece of text.
#[derive(Debug, Clone, Copy)]
pub struct Bi {
    pub fr: &'static str,
    pub ar: &'static str,
}

pub const fn bi(fr: &'static str, ar: &'static str) -> Bi {
    Bi { fr, ar }
}

impl Bi {
    pub fn get(self, lang: Lang) -> &'static str {
        match lang {
            Lang::Fr => self.fr,
            Lang::Ar => self.ar,
        }
    }
}

/// The condition of a used item (`params.condition`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Condition {
    New,
    VeryGood,
    Good,
}

impl Condition {
    pub fn pick(rng: &mut Rng) -> Condition {
        match rng.weighted(&[2, 5, 3]) {
            Some(0) => Condition::New,
            Some(1) => Condition::VeryGood,
            _ => Condition::Good,
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            Condition::New => "neuf",
            Condition::VeryGood => "tres_bon_etat",
            Condition::Good => "bon_etat",
        }
    }

    /// As it reads at the end of a title.
    pub fn title_words(self, rng: &mut Rng) -> Bi {
        match self {
            Condition::New => *rng.choose(&[bi("neuf", "جديد"), bi("neuf sous emballage", "جديد في علبته")]),
            Condition::VeryGood => *rng.choose(&[bi("comme neuf", "كالجديد"), bi("très bon état", "بحالة ممتازة")]),
            Condition::Good => bi("bon état", "بحالة جيدة"),
        }
    }

    /// A sentence about it for a description.
    pub fn sentence(self) -> Bi {
        match self {
            Condition::New => bi("Article neuf jamais utilisé.", "منتوج جديد لم يستعمل قط."),
            Condition::VeryGood => bi("Très peu servi et en très bon état.", "استعمال خفيف وفي حالة ممتازة."),
            Condition::Good => bi("En bon état avec de légères traces d'usage.", "في حالة جيدة مع بعض آثار الاستعمال."),
        }
    }

    /// The share of the new price a buyer expects.
    pub fn price_factor(self) -> f64 {
        match self {
            Condition::New => 1.0,
            Condition::VeryGood => 0.78,
            Condition::Good => 0.6,
        }
    }
}

/// Prices are shown rounded the way sellers write them.
pub fn round_to(value: i64, step: i64) -> i64 {
    if step <= 1 {
        return value.max(1);
    }
    ((value + step / 2) / step).max(1) * step
}

/// A price between `lo` and `hi` dirhams scaled by `factor`, rounded to `step`.
pub fn price_between(rng: &mut Rng, lo: i64, hi: i64, factor: f64, step: i64) -> Money {
    let raw = rng.range(lo, hi) as f64 * factor;
    Money::from_dirhams(round_to(raw as i64, step))
}

/// A description of 2 to 5 sentences: the `lead` ones first, then some of `more` in their
/// given order (so the text still reads naturally), ending with `close` when given.
pub fn describe(rng: &mut Rng, lead: Vec<String>, more: Vec<String>, close: Option<String>) -> String {
    let fixed = lead.len() + usize::from(close.is_some());
    let target = rng.range(3, 5) as usize;
    let wanted = target.saturating_sub(fixed).min(more.len());
    let mut order: Vec<usize> = (0..more.len()).collect();
    rng.shuffle(&mut order);
    let mut chosen: Vec<usize> = order.into_iter().take(wanted).collect();
    chosen.sort_unstable();
    let mut sentences = lead;
    sentences.extend(chosen.into_iter().filter_map(|i| more.get(i).cloned()));
    sentences.extend(close);
    let mut text = sentences.into_iter().filter(|s| !s.is_empty()).collect::<Vec<_>>();
    text.truncate(5);
    text.join(" ")
}

/// `1 chambre`, `3 chambres` / `غرفة واحدة`, `غرفتان`, `3 غرف`.
pub fn count_words(lang: Lang, n: i64, fr_one: &str, fr_many: &str, ar: [&str; 3]) -> String {
    match lang {
        Lang::Fr if n == 1 => format!("1 {fr_one}"),
        Lang::Fr => format!("{n} {fr_many}"),
        Lang::Ar if n == 1 => ar[0].to_string(),
        Lang::Ar if n == 2 => ar[1].to_string(),
        Lang::Ar => format!("{n} {}", ar[2]),
    }
}

/// Writes the ad for a leaf category, an intent and a place.
pub fn write(ctx: &Ctx<'_>, rng: &mut Rng) -> AdContent {
    match ctx.intent {
        Intent::JobOffer => jobs::offer(ctx, rng),
        Intent::JobRequest => jobs::request(ctx, rng),
        Intent::ServiceOffer | Intent::ServiceRequest => jobs::service(ctx, rng),
        _ => match ctx.vertical {
            Vertical::RealEstate => real_estate::write(ctx, rng),
            Vertical::Vehicles => vehicles::write(ctx, rng),
            Vertical::Market => market::write(ctx, rng),
            Vertical::JobsAndServices => jobs::service(ctx, rng),
        },
    }
}

/// The last resort for a category no family knows: the category's own name, a condition
/// and a modest price, so a new leaf in the reference data still gets believable ads.
pub fn generic(ctx: &Ctx<'_>, rng: &mut Rng, lo: i64, hi: i64) -> AdContent {
    let condition = Condition::pick(rng);
    let label = ctx.leaf_label();
    let words = condition.title_words(rng).get(ctx.lang);
    let city = ctx.place.city(ctx.lang);
    let title = match ctx.intent {
        i if i.is_wanted() => ctx.t(format!("Recherche {label} à {city}"), format!("أبحث عن {label} في {city}")),
        Intent::Rent | Intent::Vacation => {
            ctx.t(format!("{label} à louer à {city}"), format!("{label} للكراء في {city}"))
        }
        _ => ctx.t(format!("{label} — {words}"), format!("{label} — {words}")),
    };
    let mut c = AdContent { title, ..AdContent::default() };
    c.description = describe(
        rng,
        vec![
            ctx.t(format!("Annonce dans la rubrique {label} à {city}."), format!("إعلان في قسم {label} بمدينة {city}.")),
        ],
        vec![
            condition.sentence().get(ctx.lang).to_string(),
            ctx.t("Photos réelles et disponible immédiatement.", "الصور حقيقية ومتوفر حالا."),
            ctx.t("Visite possible sur rendez-vous.", "المعاينة ممكنة بموعد مسبق."),
            ctx.t("Prix raisonnable et légèrement négociable.", "الثمن مناسب وقابل للنقاش."),
        ],
        Some(ctx.t("Contactez-moi via la messagerie Souk.", "تواصلوا معي عبر رسائل سوق.")),
    );
    c.text("condition", condition.key());
    if !ctx.intent.is_wanted() {
        c.price = Some(price_between(rng, lo, hi, condition.price_factor(), if hi > 20_000 { 500 } else { 50 }));
    }
    c
}

/// `98 000 km` in either language.
pub fn km(lang: Lang, n: i64) -> String {
    match lang {
        Lang::Fr => format!("{} km", group_thousands(n.unsigned_abs())),
        Lang::Ar => format!("{} كلم", group_thousands(n.unsigned_abs())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn intents_follow_ad_type_keys() {
        assert_eq!(Intent::of("sell"), Intent::Sell);
        assert_eq!(Intent::of("rent_wanted"), Intent::RentWanted);
        assert_eq!(Intent::of("vacation_rent"), Intent::Vacation);
        assert_eq!(Intent::of("job_request"), Intent::JobRequest);
        assert_eq!(Intent::of("service_offer"), Intent::ServiceOffer);
        assert_eq!(Intent::of("exchange"), Intent::Sell);
        assert!(Intent::of("buy").is_wanted());
    }

    #[test]
    fn descriptions_have_two_to_five_sentences() {
        let mut rng = Rng::new(1);
        for _ in 0..200 {
            let more = (0..8).map(|i| format!("Phrase {i}.")).collect();
            let d = describe(&mut rng, vec!["Début.".into()], more, Some("Fin.".into()));
            let n = d.matches('.').count();
            assert!((2..=5).contains(&n), "{d}");
            assert!(d.starts_with("Début.") && d.ends_with("Fin."), "{d}");
        }
        assert_eq!(round_to(98_730, 1000), 99_000);
        assert_eq!(round_to(120, 500), 500);
        assert_eq!(count_words(Lang::Fr, 1, "chambre", "chambres", ["غرفة واحدة", "غرفتان", "غرف"]), "1 chambre");
        assert_eq!(count_words(Lang::Ar, 3, "chambre", "chambres", ["غرفة واحدة", "غرفتان", "غرف"]), "3 غرف");
    }
}
