//! Parsed GraphQL documents, kept by their text. Clients send the same few documents over and
//! over (a page's query, `collectPerformanceEvent` on every view), so each text is parsed once
//! and its syntax tree cloned afterwards. Bounded in entries and in text length; emptied when
//! full. Only documents that parsed are kept: a parse error is computed again each time.

use async_graphql::parser::types::ExecutableDocument;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};

/// The longest document text kept.
const MAX_QUERY_BYTES: usize = 16 * 1024;

/// The cache; `capacity` 0 disables it.
pub struct DocumentCache {
    capacity: usize,
    parsed: RwLock<HashMap<Box<str>, Arc<ExecutableDocument>>>,
}

impl DocumentCache {
    pub fn new(capacity: usize) -> Self {
        Self { capacity, parsed: RwLock::new(HashMap::new()) }
    }

    /// The syntax tree of `query`, parsed now or earlier.
    pub fn parse(&self, query: &str) -> Result<ExecutableDocument, async_graphql::parser::Error> {
        if let Some(doc) = self.parsed.read().ok().and_then(|m| m.get(query).cloned()) {
            return Ok(ExecutableDocument::clone(&doc));
        }
        let doc = async_graphql::parser::parse_query(query)?;
        if self.capacity > 0
            && query.len() <= MAX_QUERY_BYTES
            && let Ok(mut map) = self.parsed.write()
        {
            if map.len() >= self.capacity {
                map.clear();
            }
            map.insert(query.into(), Arc::new(doc.clone()));
        }
        Ok(doc)
    }

    /// How many documents are kept.
    pub fn len(&self) -> usize {
        self.parsed.read().map(|m| m.len()).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VIEW: &str = r#"mutation($l: Int!) { collectPerformanceEvent(event: { name: "view", listId: $l }) }"#;

    #[test]
    fn a_document_parsed_again_is_the_same_tree_and_kept_once() {
        let cache = DocumentCache::new(8);
        let first = cache.parse(VIEW).expect("parses");
        let again = cache.parse(VIEW).expect("parses");
        assert_eq!(format!("{first:?}"), format!("{again:?}"));
        assert_eq!(cache.len(), 1);
        assert_eq!(
            format!("{again:?}"),
            format!("{:?}", async_graphql::parser::parse_query(VIEW).expect("parses")),
            "the kept tree is the parser's"
        );
    }

    #[test]
    fn parse_errors_are_not_kept_and_the_cache_empties_when_full() {
        let cache = DocumentCache::new(2);
        assert!(cache.parse("{ unclosed").is_err());
        assert!(cache.is_empty());
        cache.parse("{ a }").expect("a");
        cache.parse("{ b }").expect("b");
        assert_eq!(cache.len(), 2);
        cache.parse("{ c }").expect("c");
        assert_eq!(cache.len(), 1, "emptied, then c kept");
        let off = DocumentCache::new(0);
        off.parse("{ a }").expect("a");
        assert!(off.is_empty(), "capacity 0 keeps nothing");
        let long = format!("{{ {} }}", "a ".repeat(MAX_QUERY_BYTES));
        cache.parse(&long).expect("long");
        assert_eq!(cache.len(), 1, "a text over the limit is not kept");
    }
}
