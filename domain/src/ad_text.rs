//! The spec §5 rule for ad text: no e-mail address, phone number or link anywhere. Titles
//! (and the names and free-text parameters that follow the title rule) also refuse the
//! characters ! = " : ; _ , % + (the Arabic comma and semicolon count too); descriptions are
//! prose and accept ordinary punctuation (commas, colons, semicolons, percent, exclamation
//! and quotation marks, the Arabic comma, semicolon and question mark), refusing only `=` and
//! `_`, which make links' queries and social-network handles rather than sentences
//! (docs/ads.md "Text rules"). The demo seed applies the title rule to everything it writes;
//! posting and editing ads apply both.

/// The characters spec §5 forbids in titles and names. The Arabic comma and semicolon are
/// refused too: they are the same punctuation in the other script.
pub const FORBIDDEN_CHARS: [char; 11] = ['!', '=', '"', ':', ';', '_', ',', '%', '+', '،', '؛'];

/// The characters a description refuses: not punctuation of a sentence, but the pieces of a
/// link's query (`?wa=06…`) and of a handle (`insta_souk`) that pass contact details on.
pub const DESCRIPTION_FORBIDDEN_CHARS: [char; 2] = ['=', '_'];

/// Top-level domains that make a word look like a link (`souk.ma`, `exemple.com`).
const LINK_TLDS: [&str; 8] = ["ma", "com", "net", "org", "fr", "io", "info", "co"];

/// What makes an ad text break the rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdTextProblem {
    ForbiddenCharacter,
    Email,
    Phone,
    Link,
}

impl AdTextProblem {
    pub fn as_str(self) -> &'static str {
        match self {
            AdTextProblem::ForbiddenCharacter => "forbidden character",
            AdTextProblem::Email => "e-mail address",
            AdTextProblem::Phone => "phone number",
            AdTextProblem::Link => "link",
        }
    }
}

/// Why a title (or a name, or a free-text parameter) breaks the rule, or `None` when it is fine.
pub fn ad_text_problem(text: &str) -> Option<AdTextProblem> {
    problem_with(text, &FORBIDDEN_CHARS)
}

/// Why a description breaks the rule, or `None`: the title rule without its punctuation.
pub fn description_problem(text: &str) -> Option<AdTextProblem> {
    problem_with(text, &DESCRIPTION_FORBIDDEN_CHARS)
}

fn problem_with(text: &str, forbidden: &[char]) -> Option<AdTextProblem> {
    if text.chars().any(|c| forbidden.contains(&c)) {
        return Some(AdTextProblem::ForbiddenCharacter);
    }
    if text.contains('@') {
        return Some(AdTextProblem::Email);
    }
    if looks_like_phone(text) {
        return Some(AdTextProblem::Phone);
    }
    if looks_like_link(text) {
        return Some(AdTextProblem::Link);
    }
    None
}

/// Nine digits or more in a row, allowing one space, dot, dash or slash between groups
/// (`06 12 34 56 78`, `0612.345.678`): that is a phone number, while prices and mileages
/// (`1 250 000`, `98 000`) stay below.
fn looks_like_phone(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    let mut run = 0;
    for (i, c) in chars.iter().enumerate() {
        if c.is_ascii_digit() {
            run += 1;
            if run >= 9 {
                return true;
            }
        } else {
            let joins = matches!(c, ' ' | '.' | '-' | '/' | '\u{a0}')
                && i > 0
                && chars[i - 1].is_ascii_digit()
                && chars.get(i + 1).is_some_and(|n| n.is_ascii_digit());
            if !joins {
                run = 0;
            }
        }
    }
    false
}

fn looks_like_link(text: &str) -> bool {
    let lower = text.to_lowercase();
    if lower.contains("http") || lower.contains("www") || lower.contains("://") {
        return true;
    }
    // `word.tld` followed by the end of the word.
    let chars: Vec<char> = lower.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        if *c != '.' || i == 0 || !chars[i - 1].is_alphanumeric() {
            continue;
        }
        let tail: String = chars[i + 1..].iter().take_while(|c| c.is_ascii_alphabetic()).collect();
        if LINK_TLDS.contains(&tail.as_str()) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_text_passes() {
        for ok in [
            "Dacia Logan 1.5 dCi 2019 — 98 000 km",
            "Appartement 3 chambres 110 m² à Maârif",
            "شقة 3 غرف 110 م² للبيع في المعاريف",
            "Prix 1 250 000 DH. Titre foncier.",
            "Recrute commercial terrain H/F",
            "Canon EOS 2000D avec objectif 18-55",
            "Disponible 7j/7 à Casablanca.",
        ] {
            assert_eq!(ad_text_problem(ok), None, "{ok}");
        }
    }

    #[test]
    fn contact_details_links_and_forbidden_characters_are_caught() {
        for (bad, why) in [
            ("Appelez le 0612345678", "phone number"),
            ("Tél 06 12 34 56 78", "phone number"),
            ("tel 0612.345.678", "phone number"),
            ("écrivez à contact@souk.ma", "e-mail address"),
            ("voir www.souk.ma", "link"),
            ("voir https//souk", "link"),
            ("voir souk.ma", "link"),
            ("voir annonces.com/123", "link"),
            ("Super affaire!", "forbidden character"),
            ("prix: 100", "forbidden character"),
            ("remise 10%", "forbidden character"),
            ("a, b", "forbidden character"),
            ("نعم، لا", "forbidden character"),
            ("x_y", "forbidden character"),
        ] {
            assert_eq!(ad_text_problem(bad).map(AdTextProblem::as_str), Some(why), "{bad}");
        }
    }

    #[test]
    fn descriptions_accept_ordinary_punctuation_in_both_scripts() {
        for ok in [
            "Très bon état, peu servi : écran intact, batterie à 90 %.",
            "Vendu avec chargeur; boîte d'origine! Livraison possible \"en main propre\"?",
            "Appartement 2+1 chambres, 110 m², 3e étage.",
            "هاتف في حالة جيدة، مع الشاحن؛ هل تريد رؤيته؟",
            "Prix : 1 250 000 DH, à débattre.",
        ] {
            assert_eq!(description_problem(ok), None, "{ok}");
            // The same punctuation stays refused in a title.
            assert_eq!(ad_text_problem(ok), Some(AdTextProblem::ForbiddenCharacter), "{ok}");
        }
    }

    /// The examples the client's mirror (client/src/features/ad-form/adText.ts) is tested with
    /// too, so that the browser and the server judge a text alike.
    #[test]
    fn the_examples_shared_with_the_client_are_judged_as_written() {
        let cases: serde_json::Value = serde_json::from_str(include_str!("ad_text_cases.json")).expect("JSON");
        let mut count = 0;
        for (kind, rule) in
            [("title", ad_text_problem as fn(&str) -> Option<AdTextProblem>), ("description", description_problem)]
        {
            for case in cases[kind].as_array().expect("cases") {
                let text = case["text"].as_str().expect("text");
                assert_eq!(rule(text).map(AdTextProblem::as_str), case["problem"].as_str(), "{kind}: {text}");
                count += 1;
            }
        }
        assert!(count >= 20, "{count} examples");
    }

    #[test]
    fn descriptions_still_refuse_contact_details_links_and_handles() {
        for (bad, why) in [
            ("Appelez-moi, 06 12 34 56 78.", "phone number"),
            ("Numéro : +212 612 345 678", "phone number"),
            ("Écrivez-moi, vendeur@exemple.ma", "e-mail address"),
            ("Photos : https://exemple.ma/annonce", "link"),
            ("Voir www.souk.ma, merci", "link"),
            ("Plus de photos sur souk.ma, merci", "link"),
            ("هاتف، اتصل على 0612345678", "phone number"),
            ("Insta : vendeur_casa", "forbidden character"),
            ("wa.me?text=bonjour", "forbidden character"),
        ] {
            assert_eq!(description_problem(bad).map(AdTextProblem::as_str), Some(why), "{bad}");
        }
    }
}
