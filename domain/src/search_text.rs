//! How search text is normalised (issue 32): the one function, `normalize_words`, that both the
//! listing index (an ad's title, description and text parameters) and a visitor's keyword go
//! through, so that the forms people type meet the forms ads are written in:
//!
//! - folding (`text::fold`): case, French accents, Arabic diacritics and tatweel, alef forms
//!   (أ إ آ ٱ → ا), ى → ي, ة → ه; Eastern Arabic and Persian digits → ASCII digits;
//! - French: elisions (l' d' qu' j' n' s' c' m' t') dropped, a plural `s`/`x` removed;
//! - Arabic, a light stemmer: the article (ال, وال, بال, فال, كال, لل) and one attached
//!   preposition (و ب ل ف ك) removed when what remains is long enough, then one of the suffixes
//!   ات (feminine plural), ون/ين (masculine plural), ه (feminine, folded ة), and a doubled last
//!   root letter (شقق → شق);
//! - the marketplace vocabulary (`data/search_vocabulary.json`): a word, or two words, naming a
//!   category in French, Arabic or Darija become that category's canonical word ("tomobil",
//!   "سيارات", "sayara" → "voiture").
//!
//! What a visitor typed stays theirs: the search box and the listing URL show `display_words`,
//! only the index and the query see the normalised words.

use crate::catalog::CategoryId;
use std::collections::HashMap;
use std::sync::LazyLock;

/// The vocabulary as shipped.
const VOCABULARY_JSON: &str = include_str!("../data/search_vocabulary.json");

/// One category word of the vocabulary, after loading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VocabularyEntry {
    /// The normalised word every synonym becomes.
    pub canonical: String,
    pub categories: Vec<CategoryId>,
}

#[derive(serde::Deserialize)]
struct RawVocabulary {
    entries: Vec<RawEntry>,
    #[serde(default)]
    fillers: Vec<String>,
}

#[derive(serde::Deserialize)]
struct RawEntry {
    canonical: String,
    categories: Vec<CategoryId>,
    words: Vec<String>,
    #[serde(default)]
    hints: Vec<String>,
}

/// The loaded vocabulary: normalised synonyms (one word, or two joined by a space) to their
/// entry, canonical words and hints (brands) to the categories they name.
pub struct Vocabulary {
    pub entries: Vec<VocabularyEntry>,
    synonyms: HashMap<String, usize>,
    pairs: HashMap<String, usize>,
    /// The first words of `pairs`: a pair is looked up only after one of them.
    pair_starts: std::collections::HashSet<String>,
    /// Canonical words and hints, normalised, to the categories they name.
    naming: HashMap<String, Vec<CategoryId>>,
    /// Category id to the canonical words its ads are indexed with.
    by_category: HashMap<CategoryId, Vec<String>>,
    /// Normalised single words (synonyms, canonical words, hints) to a spelling to show.
    spellings: HashMap<String, String>,
    /// Normalised words that say nothing of what is sought ("occasion", "à", "للبيع").
    fillers: std::collections::HashSet<String>,
}

impl Vocabulary {
    fn load() -> Vocabulary {
        let raw: RawVocabulary = match serde_json::from_str(VOCABULARY_JSON) {
            Ok(r) => r,
            // The file is compiled in and tested (`the_vocabulary_loads_and_is_consistent`).
            Err(_) => RawVocabulary { entries: Vec::new(), fillers: Vec::new() },
        };
        let mut v = Vocabulary {
            entries: Vec::new(),
            synonyms: HashMap::new(),
            pairs: HashMap::new(),
            pair_starts: std::collections::HashSet::new(),
            naming: HashMap::new(),
            by_category: HashMap::new(),
            spellings: HashMap::new(),
            fillers: raw.fillers.iter().flat_map(|f| base_words(f)).collect(),
        };
        for (i, e) in raw.entries.into_iter().enumerate() {
            let canonical = base_words(&e.canonical).join(" ");
            for w in &e.words {
                let words = base_words(w);
                match words.len() {
                    1 => {
                        v.synonyms.entry(words[0].clone()).or_insert(i);
                        v.spellings.entry(words[0].clone()).or_insert_with(|| w.to_lowercase());
                    }
                    2 => {
                        v.pair_starts.insert(words[0].clone());
                        v.pairs.entry(words.join(" ")).or_insert(i);
                    }
                    _ => {}
                }
            }
            v.naming.entry(canonical.clone()).or_default().extend(e.categories.iter().copied());
            v.spellings.entry(canonical.clone()).or_insert_with(|| e.canonical.clone());
            for h in &e.hints {
                if let [w] = base_words(h).as_slice() {
                    v.spellings.entry(w.clone()).or_insert_with(|| h.to_lowercase());
                }
                for w in base_words(h) {
                    v.naming.entry(w).or_default().extend(e.categories.iter().copied());
                }
            }
            for c in &e.categories {
                v.by_category.entry(*c).or_default().push(canonical.clone());
            }
            v.entries.push(VocabularyEntry { canonical, categories: e.categories });
        }
        v
    }

    /// The categories a normalised word names (a canonical word or a brand); empty if none.
    pub fn categories_named(&self, word: &str) -> &[CategoryId] {
        self.naming.get(word).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The canonical words an ad of `category` is indexed with (see `index_text`).
    pub fn category_words(&self, category: CategoryId) -> &[String] {
        self.by_category.get(&category).map(Vec::as_slice).unwrap_or(&[])
    }

    /// Whether a normalised word says nothing of what is sought: a keyword's fillers are dropped
    /// when it has other words (`search::keyword_words`), never from the index.
    pub fn is_filler(&self, word: &str) -> bool {
        self.fillers.contains(word)
    }

    /// Whether a normalised word (after `normalize_words`) is one of the vocabulary's: a
    /// canonical word or a hint.
    pub fn knows(&self, word: &str) -> bool {
        self.naming.contains_key(word)
    }

    /// Every single word of the vocabulary as (normalised form, spelling to show): where a
    /// misspelt word is looked for first.
    pub fn spellings(&self) -> impl Iterator<Item = (&str, &str)> {
        self.spellings.iter().map(|(n, d)| (n.as_str(), d.as_str()))
    }

    fn canonical_of(&self, word: &str) -> Option<&str> {
        self.synonyms.get(word).map(|&i| self.entries[i].canonical.as_str())
    }

    fn canonical_of_pair(&self, a: &str, b: &str) -> Option<&str> {
        if !self.pair_starts.contains(a) {
            return None;
        }
        self.pairs.get(&format!("{a} {b}")).map(|&i| self.entries[i].canonical.as_str())
    }
}

/// The vocabulary shipped with the domain.
pub fn vocabulary() -> &'static Vocabulary {
    static V: LazyLock<Vocabulary> = LazyLock::new(Vocabulary::load);
    &V
}

/// The words a visitor typed, as they typed them (lower case, split on anything but letters and
/// digits, apostrophes kept inside a word): what the search box and the listing URL show.
pub fn display_words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’'))
        .map(|w| w.trim_matches(|c| c == '\'' || c == '’'))
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase())
        .collect()
}

/// The normalised words of a text, with the marketplace vocabulary applied: what the index
/// holds for an ad and what a query looks for (see the module).
pub fn normalize_words(text: &str) -> Vec<String> {
    let words = base_words(text);
    let voc = vocabulary();
    let mut out = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        if i + 1 < words.len()
            && let Some(c) = voc.canonical_of_pair(&words[i], &words[i + 1])
        {
            out.push(c.to_string());
            i += 2;
            continue;
        }
        out.push(voc.canonical_of(&words[i]).unwrap_or(&words[i]).to_string());
        i += 1;
    }
    out
}

/// The normalised words of a text without the vocabulary: folded, elisions dropped, stemmed.
pub fn base_words(text: &str) -> Vec<String> {
    let folded = crate::text::fold(&ascii_digits(text));
    let mut out = Vec::new();
    for piece in folded.split(|c: char| !(c.is_alphanumeric() || c == '\'')) {
        // French elisions: l'appartement, d'occasion, qu'il; the rest of an apostrophe is a word.
        let mut parts = piece.split('\'').filter(|p| !p.is_empty()).peekable();
        while let Some(p) = parts.next() {
            if parts.peek().is_some() && is_elision(p) {
                continue;
            }
            out.push(stem(p));
        }
    }
    out
}

fn is_elision(w: &str) -> bool {
    matches!(w, "l" | "d" | "qu" | "j" | "n" | "s" | "c" | "m" | "t" | "jusqu" | "lorsqu" | "puisqu")
}

/// Eastern Arabic (٠–٩) and Persian (۰–۹) digits as ASCII digits.
fn ascii_digits(text: &str) -> std::borrow::Cow<'_, str> {
    let eastern = |c: char| matches!(c, '\u{0660}'..='\u{0669}' | '\u{06F0}'..='\u{06F9}');
    if !text.chars().any(eastern) {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(
        text.chars()
            .map(|c| match c {
                '\u{0660}'..='\u{0669}' => char::from(b'0' + (c as u32 - 0x0660) as u8),
                '\u{06F0}'..='\u{06F9}' => char::from(b'0' + (c as u32 - 0x06F0) as u8),
                _ => c,
            })
            .collect(),
    )
}

fn is_arabic(c: char) -> bool {
    ('\u{0600}'..='\u{06FF}').contains(&c)
}

/// One folded word, stemmed: Arabic by the light stemmer, Latin by the plural rule.
fn stem(word: &str) -> String {
    if word.chars().any(is_arabic) { stem_arabic(word) } else { stem_latin(word) }
}

/// French plural: a final `s` or `x` removed from a word of more than three letters (not `ss`,
/// and not from a word with a digit, a model name).
fn stem_latin(word: &str) -> String {
    let n = word.chars().count();
    if n > 3
        && !word.ends_with("ss")
        && (word.ends_with('s') || word.ends_with('x'))
        && !word.chars().any(|c| c.is_ascii_digit())
    {
        return word[..word.len() - 1].to_string();
    }
    word.to_string()
}

/// The light Arabic stemmer (see the module): prefixes then one suffix, each only when what
/// remains is long enough to still be a word.
fn stem_arabic(word: &str) -> String {
    let mut w: Vec<char> = word.chars().collect();
    let starts = |w: &[char], p: &str| {
        let p: Vec<char> = p.chars().collect();
        w.len() >= p.len() && w[..p.len()] == p[..]
    };
    // The article with an attached preposition, or alone; `لل` is `ل` + `ال`.
    let mut article = false;
    for p in ["وال", "بال", "فال", "كال", "لل", "ال"] {
        let n = p.chars().count();
        if starts(&w, p) && w.len() - n >= 3 {
            w.drain(..n);
            article = true;
            break;
        }
    }
    // One attached preposition or conjunction without the article.
    if !article && w.len() >= 5 && matches!(w[0], 'و' | 'ب' | 'ل' | 'ف' | 'ك') {
        w.remove(0);
    }
    let ends = |w: &[char], s: &str| {
        let s: Vec<char> = s.chars().collect();
        w.len() >= s.len() && w[w.len() - s.len()..] == s[..]
    };
    if (ends(&w, "ات") || ends(&w, "ون") || ends(&w, "ين")) && w.len() >= 5 {
        w.truncate(w.len() - 2);
    } else if ends(&w, "ه") && w.len() >= 3 {
        w.truncate(w.len() - 1);
    } else if w.len() == 3 && w[1] == w[2] {
        // A doubled last root letter, the plural of a geminate noun: شقق → شق (as شقة → شق).
        w.truncate(2);
    }
    w.into_iter().collect()
}

/// The Damerau–Levenshtein distance (optimal string alignment) between two words, in
/// characters, giving up (answering `max + 1`) once it exceeds `max`.
pub fn edit_distance(a: &str, b: &str, max: usize) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > max {
        return max + 1;
    }
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for (j, cell) in d.iter_mut().enumerate().take(w) {
        *cell = j;
    }
    for i in 1..=a.len() {
        d[i * w] = i;
        let mut row_min = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[(i - 1) * w + j] + 1).min(d[i * w + j - 1] + 1).min(d[(i - 1) * w + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[(i - 2) * w + j - 2] + 1);
            }
            d[i * w + j] = v;
            row_min = row_min.min(v);
        }
        if row_min > max {
            return max + 1;
        }
    }
    d[a.len() * w + b.len()].min(max + 1)
}

/// How far a correction of a normalised word may be: none under 4 letters (too many neighbours),
/// one edit up to 7, two beyond.
pub fn max_typo_distance(word: &str) -> usize {
    match word.chars().count() {
        0..=3 => 0,
        4..=7 => 1,
        _ => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (what is typed, what the index and the query see).
    const PAIRS: &[(&str, &str)] = &[
        // Arabic letters and marks.
        ("مكتبة", "مكتب"),
        ("مستشفى", "مستشفي"),
        ("أحمد", "احمد"),
        ("إبراهيم", "ابراهيم"),
        ("آسيا", "اسيا"),
        ("أَحْمَد", "احمد"),
        ("جميــــل", "جميل"),
        // The article and attached prepositions.
        ("المغرب", "مغرب"),
        ("والمغرب", "مغرب"),
        ("بالمغرب", "مغرب"),
        ("للبيع", "بيع"),
        ("وكتاب", "livre"),
        ("ومكتبة", "مكتب"),
        ("بنك", "بنك"),
        ("بيت", "maison"),
        // Plurals and feminine: one form (then the vocabulary's canonical word for categories).
        ("سيارة", "voiture"),
        ("سيارات", "voiture"),
        ("السيارات", "voiture"),
        ("بالسيارة", "voiture"),
        ("شقة", "appartement"),
        ("شقق", "appartement"),
        ("الشقق", "appartement"),
        ("مهندسين", "مهندس"),
        ("جميلة", "جميل"),
        // Digits.
        ("٢٠١٩", "2019"),
        ("۱۲۳", "123"),
        // French.
        ("Étagère", "etagere"),
        ("CRÈME", "creme"),
        ("étagères", "etagere"),
        ("bijoux", "montre"),
        ("l'appartement", "appartement"),
        ("L’APPARTEMENT", "appartement"),
        ("d'occasion", "occasion"),
        ("qu'il", "il"),
        ("bus", "bus"),
        ("mt07", "mt07"),
        ("classe", "classe"),
        // The vocabulary: Darija in Latin letters, French and Arabic.
        ("tomobil", "voiture"),
        ("Tonobil", "voiture"),
        ("automobiles", "voiture"),
        ("chqa", "appartement"),
        ("appart", "appartement"),
        ("motor", "moto"),
        ("tilifoun", "telephone"),
        ("hatif", "telephone"),
        ("هواتف", "telephone"),
    ];

    #[test]
    fn normalisation_table() {
        let mut wrong = Vec::new();
        for (typed, want) in PAIRS {
            let got = normalize_words(typed).join(" ");
            if got != *want {
                wrong.push(format!("{typed} -> {got} (want {want})"));
            }
        }
        assert!(wrong.is_empty(), "{wrong:#?}");
    }

    #[test]
    fn singular_and_plural_meet() {
        for (a, b) in
            [("سيارة", "سيارات"), ("شقة", "شقق"), ("voiture", "voitures"), ("vélo", "VELOS"), ("مكتبة", "مكتبات")]
        {
            assert_eq!(normalize_words(a), normalize_words(b), "{a} / {b}");
        }
    }

    #[test]
    fn two_word_names_become_one_word() {
        assert_eq!(normalize_words("دراجة نارية ياماها"), vec!["moto", "ياماها"]);
        assert_eq!(normalize_words("PC portable Dell"), vec!["laptop", "dell"]);
        assert_eq!(normalize_words("pc"), vec!["ordinateur"]);
        assert_eq!(normalize_words("portable samsung"), vec!["telephone", "samsung"]);
        assert_eq!(normalize_words("vélo d'appartement"), vec!["velo", "appartement"]);
    }

    #[test]
    fn what_was_typed_is_displayed_as_typed() {
        assert_eq!(display_words("سيارة  للبيع"), vec!["سيارة", "للبيع"]);
        assert_eq!(display_words("Vélo d'appartement!"), vec!["vélo", "d'appartement"]);
        assert_eq!(display_words("  ...  "), Vec::<String>::new());
    }

    #[test]
    fn the_vocabulary_loads_and_is_consistent() {
        let v = vocabulary();
        assert!(v.entries.len() >= 25, "{} entries", v.entries.len());
        assert_eq!(v.categories_named("voiture"), &[2010, 2072, 2073]);
        assert_eq!(v.categories_named("peugeot"), &[2010, 2072, 2073]);
        assert_eq!(v.categories_named("yamaha"), &[2020]);
        assert!(v.categories_named("rouge").is_empty());
        assert_eq!(v.category_words(1010), &["appartement".to_string()]);
        // Every canonical word is its own normal form (the index and the query agree on it).
        for e in &v.entries {
            assert_eq!(normalize_words(&e.canonical), vec![e.canonical.clone()], "{}", e.canonical);
        }
    }

    /// The cost of normalising at index time against folding alone (what the index did before
    /// issue 32), on French and Arabic ad text. `cargo test -p souk-domain --release --
    /// --ignored normalisation_speed --nocapture` (figures in docs/benchmarks.md).
    #[test]
    #[ignore = "a measurement, not a test: cargo test -p souk-domain --release --lib -- --ignored normalisation_speed --nocapture"]
    fn normalisation_speed() {
        let text = "Appartement de 90 m² au 3e étage à Maârif, lumineux, cuisine équipée, deux chambres et un salon marocain. \
                    شقة للبيع في الدار البيضاء مساحتها 90 متر مربع في الطابق الثالث مع مطبخ مجهز وغرفتين وصالون مغربي. \
                    Voiture Dacia Logan 2015 diesel, première main, jamais accidentée, vignette payée. سيارة داسيا لوغان ٢٠١٥";
        let words = text.split_whitespace().count();
        let rounds = 20_000;
        let started = std::time::Instant::now();
        let mut n = 0;
        for _ in 0..rounds {
            n += crate::text::fold(std::hint::black_box(text))
                .split(|c: char| !c.is_alphanumeric())
                .filter(|w| !w.is_empty())
                .count();
        }
        let fold = started.elapsed();
        let started = std::time::Instant::now();
        for _ in 0..rounds {
            n += normalize_words(std::hint::black_box(text)).len();
        }
        let normalise = started.elapsed();
        let per = |d: std::time::Duration| d.as_nanos() as f64 / (rounds * words) as f64;
        println!(
            "{words} words x {rounds}: fold+split {:.0} ns/word, normalize_words {:.0} ns/word ({n})",
            per(fold),
            per(normalise)
        );
    }

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("appartement", "appartement", 2), 0);
        assert_eq!(edit_distance("apartement", "appartement", 2), 1);
        assert_eq!(edit_distance("appartemnet", "appartement", 2), 1);
        assert_eq!(edit_distance("apartemnt", "appartement", 2), 2);
        assert_eq!(edit_distance("voiture", "maison", 2), 3);
        assert_eq!(edit_distance("سيار", "سيارا", 1), 1);
        assert_eq!(max_typo_distance("tel"), 0);
        assert_eq!(max_typo_distance("voiture"), 1);
        assert_eq!(max_typo_distance("appartement"), 2);
    }
}
