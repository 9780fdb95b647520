//! The modules of this crate (and of `souk-actors`) import one another without a circle: each
//! `use crate::x` (or `crate::x::`) is an edge, and the graph must have no cycle. A cycle is how
//! the listing index and the ads' module once kept each other's helpers (issue 30).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Module → the crate modules it names (`crate::x`), read from the sources under `src/`.
fn edges(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in files {
        let relative = file.strip_prefix(src).expect("under src");
        // The top-level module a file belongs to: `ads.rs` → ads, `sqlite/chat.rs` → sqlite.
        let first = relative.components().next().expect("component").as_os_str().to_string_lossy().to_string();
        let module = first.trim_end_matches(".rs").to_string();
        if module == "lib" {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("source");
        // Test code may reach anywhere: only what the module itself is made of counts.
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for (i, _) in code.match_indices("crate::") {
            let name: String =
                code[i + "crate::".len()..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            let is_module = src.join(format!("{name}.rs")).exists() || src.join(&name).is_dir();
            if !name.is_empty() && name != module && is_module {
                graph.entry(module.clone()).or_default().insert(name);
            }
        }
    }
    graph
}

/// A cycle of the graph, if it has one.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            let mut found = path[at..].to_vec();
            found.push(node.to_string());
            return Some(found);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, graph, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

/// Fails on a cycle among `crate_dir`'s modules, `hubs` left out (with their reason at the call).
fn no_cycle_in(crate_dir: &str, hubs: &[&str]) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(crate_dir).join("src");
    let mut graph = edges(&src);
    graph.retain(|module, _| !hubs.contains(&module.as_str()));
    for targets in graph.values_mut() {
        targets.retain(|t| !hubs.contains(&t.as_str()));
    }
    assert!(graph.len() > 3, "{crate_dir}: the sources were read: {graph:?}");
    if let Some(found) = cycle(&graph) {
        panic!("{crate_dir}: modules import each other in a circle: {}", found.join(" → "));
    }
}

#[test]
fn storage_modules_import_each_other_without_a_cycle() {
    // `sqlite` is still the one hub: every area implements its trait for `SqliteStore`, and the
    // migrations call the areas' schema and backfills. Moving each area's SQLite code under
    // `sqlite/` (issue 30 item 3) is what removes it; until then the areas among themselves
    // must stay a tree.
    no_cycle_in("storage", &["sqlite"]);
}

#[test]
fn actors_modules_import_each_other_without_a_cycle() {
    no_cycle_in("actors", &[]);
}
