//! The two interface languages (French by default, Arabic right to left) and text given in both.

use serde::{Deserialize, Serialize};

/// An interface language. French is the default (spec §1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    Fr,
    Ar,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::Fr, Lang::Ar];

    pub fn code(self) -> &'static str {
        match self {
            Lang::Fr => "fr",
            Lang::Ar => "ar",
        }
    }

    /// Parses an exact language code (`fr`, `ar`, any case). Used for the old gateway's `lang`
    /// header and the language cookie, where anything else is a client error.
    pub fn parse(code: &str) -> Option<Lang> {
        match code.trim().to_ascii_lowercase().as_str() {
            "fr" => Some(Lang::Fr),
            "ar" => Some(Lang::Ar),
            _ => None,
        }
    }

    /// Picks the preferred supported language of an `Accept-Language` value
    /// (`ar-MA,ar;q=0.9,fr;q=0.8`). `None` when the header names neither language, so the
    /// caller falls back to French as browsers expect.
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut best: Option<(Lang, f32)> = None;
        for part in header.split(',') {
            let mut pieces = part.split(';');
            let tag = pieces.next().unwrap_or("").trim();
            let primary = tag.split('-').next().unwrap_or("");
            let Some(lang) = Lang::parse(primary) else {
                continue;
            };
            let q = pieces
                .find_map(|p| p.trim().strip_prefix("q=").map(|v| v.trim().parse::<f32>()))
                .unwrap_or(Ok(1.0))
                .unwrap_or(0.0);
            if q > 0.0 && best.is_none_or(|(_, bq)| q > bq) {
                best = Some((lang, q));
            }
        }
        best.map(|(l, _)| l)
    }

    /// Whether the language is written right to left.
    pub fn is_rtl(self) -> bool {
        matches!(self, Lang::Ar)
    }
}

/// A text given in both interface languages.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Localized {
    pub fr: String,
    pub ar: String,
}

impl Localized {
    pub fn new(fr: impl Into<String>, ar: impl Into<String>) -> Self {
        Self { fr: fr.into(), ar: ar.into() }
    }

    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Fr => &self.fr,
            Lang::Ar => &self.ar,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_prefers_highest_quality_supported_language() {
        assert_eq!(Lang::from_accept_language("ar"), Some(Lang::Ar));
        assert_eq!(Lang::from_accept_language("ar-MA,ar;q=0.9,fr;q=0.8"), Some(Lang::Ar));
        assert_eq!(Lang::from_accept_language("en-US,fr;q=0.5,ar;q=0.7"), Some(Lang::Ar));
        assert_eq!(Lang::from_accept_language("fr-FR,fr;q=0.9"), Some(Lang::Fr));
        assert_eq!(Lang::from_accept_language("en-US,en;q=0.9"), None);
        assert_eq!(Lang::from_accept_language("ar;q=0"), None);
        assert_eq!(Lang::from_accept_language(""), None);
    }

    #[test]
    fn exact_codes_only() {
        assert_eq!(Lang::parse("AR"), Some(Lang::Ar));
        assert_eq!(Lang::parse("fr"), Some(Lang::Fr));
        assert_eq!(Lang::parse("en"), None);
        assert_eq!(Lang::parse("ar-MA"), None);
    }
}
