//! Keeps reference labels within the spec §5 ad-text rule (`souk_domain::ad_text`) when the
//! demo seed quotes them in an ad.

use souk_domain::ad_text::FORBIDDEN_CHARS;

/// A reference label made safe to quote in ad text: forbidden characters become spaces
/// and runs of spaces collapse.
pub fn clean(label: &str) -> String {
    let replaced: String = label.chars().map(|c| if FORBIDDEN_CHARS.contains(&c) { ' ' } else { c }).collect();
    replaced.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_cleaned() {
        assert_eq!(clean("Mode, beauté ; santé"), "Mode beauté santé");
    }
}
