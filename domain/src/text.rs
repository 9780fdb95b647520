//! Text folding shared by search and slugs: lower case, Latin accents removed, Arabic
//! diacritics (harakat, tatweel) removed and alef/yeh/teh-marbuta variants unified, so that
//! "casa", "Casablanca" and "CASABLANCA" meet, and so do "الدار البيضاء" and "الدارالبيضاء".

/// Folds a text for matching: see the module documentation.
pub fn fold(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    for ch in input.chars() {
        match ch {
            // Arabic harakat, tanween, shadda, sukun, superscript alef, and tatweel: dropped.
            '\u{064B}'..='\u{0652}' | '\u{0670}' | '\u{0640}' => {}
            'أ' | 'إ' | 'آ' | 'ٱ' => out.push('ا'),
            'ى' => out.push('ي'),
            'ة' => out.push('ه'),
            _ => match fold_latin(ch) {
                Some(s) => out.push_str(s),
                None => out.extend(ch.to_lowercase()),
            },
        }
    }
    out
}

fn fold_latin(ch: char) -> Option<&'static str> {
    Some(match ch {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' => "a",
        'ç' | 'Ç' => "c",
        'è' | 'é' | 'ê' | 'ë' | 'È' | 'É' | 'Ê' | 'Ë' => "e",
        'ì' | 'í' | 'î' | 'ï' | 'Ì' | 'Í' | 'Î' | 'Ï' => "i",
        'ñ' | 'Ñ' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' => "o",
        'ù' | 'ú' | 'û' | 'ü' | 'Ù' | 'Ú' | 'Û' | 'Ü' => "u",
        'ý' | 'ÿ' | 'Ý' => "y",
        'œ' | 'Œ' => "oe",
        'æ' | 'Æ' => "ae",
        '’' | '\'' => "'",
        _ => return None,
    })
}

/// A URL slug of a French (Latin) text: folded, runs of anything but letters and digits
/// turned into one hyphen. Arabic letters are kept, so an Arabic label gets an Arabic slug.
pub fn slugify(input: &str) -> String {
    let folded = fold(input);
    let mut out = String::with_capacity(folded.len());
    let mut pending_dash = false;
    for ch in folded.chars() {
        if ch.is_alphanumeric() {
            if pending_dash && !out.is_empty() {
                out.push('-');
            }
            pending_dash = false;
            out.push(ch);
        } else {
            pending_dash = true;
        }
    }
    out
}

/// A whole number the French way, `98 000`: digits grouped by three with a space.
pub fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(ch);
    }
    out
}

/// User-written text without the Unicode bidirectional embeddings, overrides and isolates
/// (U+202A–U+202E, U+2066–U+2069): stored unbalanced they reverse what follows them in a
/// page title or a listing (a price and a city read backwards). The marks LRM, RLM and ALM,
/// which only nudge one character, are kept.
pub fn strip_bidi_controls(text: &str) -> std::borrow::Cow<'_, str> {
    let control = |c: char| matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}');
    if text.chars().any(control) {
        text.chars().filter(|c| !control(*c)).collect::<String>().into()
    } else {
        text.into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bidi_overrides_and_isolates_are_removed_marks_kept() {
        assert_eq!(strip_bidi_controls("Vélo \u{202E}000 5 DH\u{202C} Fès"), "Vélo 000 5 DH Fès");
        assert_eq!(strip_bidi_controls("\u{2067}سيارة\u{2069} \u{200F}"), "سيارة \u{200F}");
        assert!(matches!(strip_bidi_controls("plain"), std::borrow::Cow::Borrowed(_)));
    }

    #[test]
    fn folds_accents_case_and_arabic_variants() {
        assert_eq!(fold("Fès"), "fes");
        assert_eq!(fold("CASABLANCA"), "casablanca");
        assert_eq!(fold("Maârif"), "maarif");
        assert_eq!(fold("أكادير"), "اكادير");
        assert_eq!(fold("مُحَمَّد"), "محمد");
        assert_eq!(fold("طنجة"), "طنجه");
    }

    #[test]
    fn numbers_are_grouped_by_three() {
        assert_eq!(group_thousands(98_000), "98 000");
        assert_eq!(group_thousands(1_250_000), "1 250 000");
        assert_eq!(group_thousands(950), "950");
        assert_eq!(group_thousands(0), "0");
    }

    #[test]
    fn slugs_join_words_with_single_hyphens() {
        assert_eq!(slugify("Villas et riads"), "villas-et-riads");
        assert_eq!(slugify("  Pièces & accessoires  "), "pieces-accessoires");
        assert_eq!(slugify("الدار البيضاء"), "الدار-البيضاء");
    }
}
