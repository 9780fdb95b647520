//! Answers to reference-data queries, kept ready. The catalog's data changes only with a
//! migration, so a query whose root fields are all catalog reads has one answer per
//! (document, variables, operation name, language): it is computed once and served from
//! memory afterwards. Bounded in entries and in size; emptied when full.

use async_graphql::parser::types::{ExecutableDocument, OperationType, Selection};
use souk_domain::Lang;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Root fields whose answers depend only on their arguments and the language.
const REFERENCE_FIELDS: &[&str] = &[
    "getCategories",
    "getCitiesFormattedNext",
    "getPopularCitiesFormattedNext",
    "getAreas",
    "getCarBrands",
    "getCarModels",
    "getCarFuels",
    "getCarGearboxes",
    "__typename",
];

/// The longest document + variables text kept as a key.
const MAX_KEY_BYTES: usize = 8 * 1024;
/// The largest answer kept.
const MAX_ANSWER_BYTES: usize = 512 * 1024;

#[derive(Hash, PartialEq, Eq)]
struct Key {
    lang: Lang,
    operation_name: Option<String>,
    query: String,
    variables: String,
}

/// The cache; `capacity` 0 disables it.
pub struct ReferenceCache {
    capacity: usize,
    entries: Mutex<HashMap<Key, Arc<[u8]>>>,
}

/// Where a cacheable request's answer goes once computed.
pub struct Slot(Key);

impl ReferenceCache {
    pub fn new(capacity: usize) -> Self {
        ReferenceCache { capacity, entries: Mutex::new(HashMap::new()) }
    }

    /// For a query made only of reference fields: the stored answer, or the slot to store it.
    pub fn lookup(
        &self,
        doc: &ExecutableDocument,
        request: &async_graphql::Request,
        lang: Lang,
    ) -> Option<Result<Arc<[u8]>, Slot>> {
        if self.capacity == 0 || !is_reference_query(doc, request.operation_name.as_deref()) {
            return None;
        }
        let variables = serde_json::to_string(&request.variables).ok()?;
        if request.query.len() + variables.len() > MAX_KEY_BYTES {
            return None;
        }
        let key = Key { lang, operation_name: request.operation_name.clone(), query: request.query.clone(), variables };
        let entries = self.entries.lock().ok()?;
        Some(match entries.get(&key) {
            Some(answer) => Ok(Arc::clone(answer)),
            None => Err(Slot(key)),
        })
    }

    /// Keeps a successful answer (one without errors) for the slot's request.
    pub fn store(&self, slot: Slot, answer: &[u8]) {
        if answer.len() > MAX_ANSWER_BYTES {
            return;
        }
        if let Ok(mut entries) = self.entries.lock() {
            if entries.len() >= self.capacity {
                entries.clear();
            }
            entries.insert(slot.0, Arc::from(answer));
        }
    }

    pub fn len(&self) -> usize {
        self.entries.lock().map(|e| e.len()).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

fn is_reference_query(doc: &ExecutableDocument, operation_name: Option<&str>) -> bool {
    use async_graphql::parser::types::DocumentOperations;
    let op = match (&doc.operations, operation_name) {
        (DocumentOperations::Single(op), _) => op,
        (DocumentOperations::Multiple(ops), Some(name)) => match ops.get(name) {
            Some(op) => op,
            None => return false,
        },
        (DocumentOperations::Multiple(_), None) => return false,
    };
    op.node.ty == OperationType::Query
        && !op.node.selection_set.node.items.is_empty()
        && op.node.selection_set.node.items.iter().all(|s| match &s.node {
            Selection::Field(f) => REFERENCE_FIELDS.contains(&f.node.name.node.as_str()),
            // Fragments could hide any field: not worth following for a cache.
            _ => false,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(query: &str) -> (ExecutableDocument, async_graphql::Request) {
        let doc = async_graphql::parser::parse_query(query).expect("valid document");
        (doc, async_graphql::Request::new(query))
    }

    #[test]
    fn only_reference_queries_are_kept_and_per_language() {
        let cache = ReferenceCache::new(8);
        let (doc, req) = request("{ getCategories { id } }");
        let Some(Err(slot)) = cache.lookup(&doc, &req, Lang::Fr) else { panic!("a miss with a slot") };
        cache.store(slot, b"{\"data\":1}");
        assert!(matches!(cache.lookup(&doc, &req, Lang::Fr), Some(Ok(a)) if &*a == b"{\"data\":1}"));
        assert!(matches!(cache.lookup(&doc, &req, Lang::Ar), Some(Err(_))), "another language, another answer");
        let (doc, req) = request("{ getCategories { id } __schema { types { name } } }");
        assert!(cache.lookup(&doc, &req, Lang::Fr).is_none(), "introspection is not reference data");
        let (doc, req) = request("mutation { getCategories { id } }");
        assert!(cache.lookup(&doc, &req, Lang::Fr).is_none(), "never a mutation");
        let (doc, req) = request("query { ...F } fragment F on Query { getCategories { id } }");
        assert!(cache.lookup(&doc, &req, Lang::Fr).is_none(), "fragments are not followed");
    }

    #[test]
    fn bounded_and_disabled_when_capacity_is_zero() {
        let cache = ReferenceCache::new(2);
        for i in 0..3 {
            let q = format!("{{ getAreas(cityId: {i}) {{ id }} }}");
            let (doc, req) = request(&q);
            if let Some(Err(slot)) = cache.lookup(&doc, &req, Lang::Fr) {
                cache.store(slot, b"x");
            }
        }
        assert!(cache.len() <= 2);
        let off = ReferenceCache::new(0);
        let (doc, req) = request("{ getCategories { id } }");
        assert!(off.lookup(&doc, &req, Lang::Fr).is_none());
    }
}
