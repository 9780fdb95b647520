//! Moderation rules: the automatic checks run on every new or edited ad before a person looks
//! at it (banned words, duplicates of the same account's ads), the refusal reasons a
//! moderator picks from, worded in both languages for the e-mail sent to the seller, and the
//! reasons a moderator closes an ad's abuse reports for without refusing the ad.

use crate::Lang;
use crate::text::fold;

/// Words and phrases that refuse an ad without waiting for a moderator: goods the law forbids
/// to sell, in French, Arabic and Darija. Compared folded (accents and case ignored), as whole
/// words or phrases.
pub const BANNED_WORDS: &[&str] = &[
    "cannabis",
    "haschich",
    "hachich",
    "kif",
    "cocaine",
    "heroine",
    "arme a feu",
    "pistolet",
    "munitions",
    "contrefacon",
    "replique",
    "faux billets",
    "faux papiers",
    "organe",
    "حشيش",
    "الحشيش",
    "مخدرات",
    "سلاح ناري",
    "مسدس",
    "ذخيرة",
    "أوراق مزورة",
];

/// Refusal reasons offered to moderators (and written automatically by the checks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RefusalReason {
    Duplicate,
    ForbiddenContent,
    WrongCategory,
    BadPhotos,
    MisleadingPrice,
    ContactInText,
    Other,
}

impl RefusalReason {
    pub const ALL: [RefusalReason; 7] = [
        RefusalReason::Duplicate,
        RefusalReason::ForbiddenContent,
        RefusalReason::WrongCategory,
        RefusalReason::BadPhotos,
        RefusalReason::MisleadingPrice,
        RefusalReason::ContactInText,
        RefusalReason::Other,
    ];

    pub fn key(self) -> &'static str {
        match self {
            RefusalReason::Duplicate => "duplicate",
            RefusalReason::ForbiddenContent => "forbidden_content",
            RefusalReason::WrongCategory => "wrong_category",
            RefusalReason::BadPhotos => "bad_photos",
            RefusalReason::MisleadingPrice => "misleading_price",
            RefusalReason::ContactInText => "contact_in_text",
            RefusalReason::Other => "other",
        }
    }

    pub fn parse(s: &str) -> Option<RefusalReason> {
        RefusalReason::ALL.into_iter().find(|r| r.key() == s)
    }

    /// The sentence the seller reads.
    pub fn text(self, lang: Lang) -> &'static str {
        let (fr, ar) = match self {
            RefusalReason::Duplicate => ("Vous avez déjà publié une annonce identique", "لقد نشرت من قبل إعلانًا مطابقًا"),
            RefusalReason::ForbiddenContent => {
                ("L'annonce propose un article ou un service interdit", "الإعلان يعرض منتجًا أو خدمة ممنوعة")
            }
            RefusalReason::WrongCategory => {
                ("L'annonce n'est pas dans la bonne catégorie", "الإعلان ليس في الفئة المناسبة")
            }
            RefusalReason::BadPhotos => ("Les photos ne correspondent pas à l'annonce", "الصور لا تطابق الإعلان"),
            RefusalReason::MisleadingPrice => ("Le prix indiqué n'est pas réel", "الثمن المذكور غير حقيقي"),
            RefusalReason::ContactInText => (
                "Les coordonnées doivent figurer dans les champs prévus, pas dans le texte",
                "يجب وضع معلومات الاتصال في الخانات المخصصة لها وليس في النص",
            ),
            RefusalReason::Other => ("L'annonce ne respecte pas nos règles", "الإعلان لا يحترم قواعدنا"),
        };
        match lang {
            Lang::Fr => fr,
            Lang::Ar => ar,
        }
    }
}

/// The longest note a moderator may add when closing an ad's abuse reports.
pub const DISMISSAL_NOTE_MAX: usize = 500;

/// Why a moderator closes (dismisses) the open abuse reports of an ad: nothing wrong with it,
/// the seller corrected it, it was dealt with already (refused, deleted, sold), or another
/// reason the note says. Recorded with the reports and in the admin audit log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DismissalReason {
    NoViolation,
    AdCorrected,
    AlreadyHandled,
    Other,
}

impl DismissalReason {
    pub const ALL: [DismissalReason; 4] = [
        DismissalReason::NoViolation,
        DismissalReason::AdCorrected,
        DismissalReason::AlreadyHandled,
        DismissalReason::Other,
    ];

    pub fn key(self) -> &'static str {
        match self {
            DismissalReason::NoViolation => "no_violation",
            DismissalReason::AdCorrected => "ad_corrected",
            DismissalReason::AlreadyHandled => "already_handled",
            DismissalReason::Other => "other",
        }
    }

    pub fn parse(s: &str) -> Option<DismissalReason> {
        DismissalReason::ALL.into_iter().find(|r| r.key() == s)
    }
}

/// The note of a dismissal, trimmed: none when empty, `VALUE_TOO_LARGE` past `DISMISSAL_NOTE_MAX`
/// characters.
pub fn dismissal_note(note: Option<&str>) -> Result<Option<String>, crate::error::SoukError> {
    let note = note.map(str::trim).filter(|n| !n.is_empty());
    match note {
        Some(n) if n.chars().count() > DISMISSAL_NOTE_MAX => {
            Err(crate::error::SoukError::with_detail(crate::error::ErrorCode::ValueTooLarge, "note")
                .with_param("max", DISMISSAL_NOTE_MAX as i64))
        }
        other => Ok(other.map(str::to_string)),
    }
}

fn words(text: &str) -> Vec<String> {
    fold(text).split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_string).collect()
}

/// The first banned word or phrase the text contains, as whole words.
pub fn banned_word(text: &str) -> Option<&'static str> {
    let text_words = words(text);
    BANNED_WORDS.iter().copied().find(|banned| {
        let phrase = words(banned);
        !phrase.is_empty() && text_words.windows(phrase.len()).any(|w| w == phrase.as_slice())
    })
}

/// The comparison key of an ad for duplicate detection: its folded words, in order.
pub fn duplicate_key(title: &str, description: &str) -> String {
    let mut w = words(title);
    w.push("|".into());
    w.extend(words(description));
    w.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn banned_words_match_whole_words_ignoring_accents() {
        assert_eq!(banned_word("Vends RÉPLIQUE de montre"), Some("replique"));
        assert_eq!(banned_word("بيع مسدس قديم"), Some("مسدس"));
        assert_eq!(banned_word("Arme à feu de collection"), Some("arme a feu"));
        assert_eq!(banned_word("Kifaya de vêtements"), None, "a word that merely starts with one");
        assert_eq!(banned_word("Canapé en cuir"), None);
    }

    #[test]
    fn dismissal_reasons_round_trip_and_notes_are_bounded() {
        for r in DismissalReason::ALL {
            assert_eq!(DismissalReason::parse(r.key()), Some(r));
        }
        assert_eq!(DismissalReason::parse("fraud"), None);
        assert_eq!(dismissal_note(Some("  ")).ok(), Some(None));
        assert_eq!(dismissal_note(Some(" vu ")).ok(), Some(Some("vu".to_string())));
        let long = "م".repeat(DISMISSAL_NOTE_MAX + 1);
        assert_eq!(dismissal_note(Some(&long)).map_err(|e| e.code).err(), Some(crate::error::ErrorCode::ValueTooLarge));
    }

    #[test]
    fn duplicates_ignore_case_accents_and_punctuation() {
        assert_eq!(
            duplicate_key("Canapé  d'angle", "Très bon état."),
            duplicate_key("canape d angle", "tres bon etat")
        );
        assert_ne!(duplicate_key("Canapé d'angle", "Très bon état"), duplicate_key("Canapé d'angle", "Neuf"));
    }

    #[test]
    fn reasons_have_keys_and_both_languages() {
        for r in RefusalReason::ALL {
            assert_eq!(RefusalReason::parse(r.key()), Some(r));
            assert_ne!(r.text(Lang::Fr), r.text(Lang::Ar));
        }
    }
}
