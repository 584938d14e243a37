//! The simulator's modules import each other in one direction only. Issue 24 (item 6) found
//! `cdn -> media -> store -> urls -> views` going round in a circle; these tests read `src/`, build the graph of
//! which module names which, and fail on any cycle or any import of a higher layer, naming it.
//!
//! An edge is a path in a module's code (comments aside) that starts with `crate::`, with `super::`, or with the
//! name of a child module it declares; it points to the longest module that path names. The crate roots
//! (`lib.rs`, `main.rs`) are left out: they put the modules together and nothing imports them.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Bottom to top, each with its modules. A module may import its own layer and those below it, never one above.
/// A submodule (`api::actions`) is in its parent's layer unless listed itself.
const LAYERS: &[(&str, &str)] = &[
    ("basics", "error clock config ids story timeline faults request_log"),
    ("domain", "model ledger scene_ids vocabulary svg body generation"),
    ("store", "store"),
    ("addresses and bodies", "urls views"),
    ("handler state", "state"),
    ("handlers", "auth middleware alt_errors site media cdn control api"),
];

type Graph = BTreeMap<String, BTreeSet<String>>;

#[test]
fn modules_import_each_other_without_cycles() {
    let graph = source_graph();
    let cycles = cycles(&graph);
    assert!(cycles.is_empty(), "modules import each other in a circle:\n  {}", cycles.join("\n  "));
}

#[test]
fn no_module_imports_a_higher_layer() {
    let graph = source_graph();
    let mut wrong = Vec::new();
    for (module, imports) in &graph {
        let Some(own) = layer_of(module) else {
            wrong.push(format!("{module} is in no layer: add it to LAYERS in tests/layers.rs"));
            continue;
        };
        for import in imports {
            if let Some(higher) = layer_of(import).filter(|&l| l > own) {
                let (own, higher) = (LAYERS[own].0, LAYERS[higher].0);
                wrong.push(format!("{module} ({own}) imports {import} ({higher}), a higher layer"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The walk itself must see edges in every form the sources use, or a passing test would prove nothing.
#[test]
fn a_planted_cycle_is_found() {
    let sources = [
        ("a", "use crate::b::Thing;"),
        ("b", "// crate::d is only mentioned\nuse crate::{\n    c::{self, More},\n    d,\n};"),
        ("c", "mod inner;\nfn f() { inner::g() }"),
        ("c::inner", "pub fn g() { super::super::a::h() }\n#[cfg(test)]\nmod tests { use super::g; }"),
        ("d", "fn f() -> crate::a::X { todo!() }"),
    ];
    let sources: Vec<(String, String)> = sources.iter().map(|(m, code)| (m.to_string(), code.to_string())).collect();
    let graph = graph_of(&sources);
    let imports = |module: &str| graph[module].iter().map(String::as_str).collect::<Vec<_>>();
    assert_eq!(imports("b"), ["c", "d"]);
    assert_eq!(imports("c"), ["c::inner"]);
    assert_eq!(imports("c::inner"), ["a"], "a test module's `super` is its own file");
    assert_eq!(cycles(&graph), ["a -> b -> c -> c::inner -> a", "a -> b -> d -> a"]);
}

fn source_graph() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut sources = Vec::new();
    collect(&src, &src, &mut sources);
    let graph = graph_of(&sources);
    // A reader that silently found nothing would pass; the store's own imports show it reads.
    assert!(graph.get("store").is_some_and(|imports| imports.contains("model")), "no edges read from {src:?}");
    graph
}

/// Every `.rs` file under `dir` with its module path: `api/actions.rs` is `api::actions`, `api/mod.rs` is `api`.
fn collect(src: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(src, &path, out);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let relative = path.strip_prefix(src).unwrap().with_extension("");
        let mut parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
        if parts.last().is_some_and(|p| p == "mod") {
            parts.pop();
        }
        if parts == ["lib"] || parts == ["main"] {
            continue;
        }
        out.push((parts.join("::"), fs::read_to_string(&path).unwrap()));
    }
}

fn graph_of(sources: &[(String, String)]) -> Graph {
    let modules: BTreeSet<&str> = sources.iter().map(|(m, _)| m.as_str()).collect();
    let mut graph = Graph::new();
    for (module, text) in sources {
        let code = without_comments(text);
        let own: Vec<String> = module.split("::").map(String::from).collect();
        let mut named = paths_after(&code, "crate");
        // Test modules conventionally come last, and their `super` is this module itself.
        let before_tests = code.split("#[cfg(test)]").next().unwrap_or_default();
        for path in paths_after(before_tests, "super") {
            let up = 1 + path.iter().take_while(|s| *s == "super").count();
            if let Some(base) = own.len().checked_sub(up) {
                named.push([&own[..base], &path[up - 1..]].concat());
            }
        }
        for child in children(&code) {
            let base = [own.clone(), vec![child.clone()]].concat();
            named.extend(paths_after(&code, &child).into_iter().map(|path| [&base[..], &path].concat()));
        }
        let imports = named.into_iter().filter_map(|path| longest_module(&modules, path));
        graph.insert(module.clone(), imports.filter(|m| m != module).collect());
    }
    graph
}

/// Line comments (doc comments included) name modules in prose; only code counts.
fn without_comments(text: &str) -> String {
    text.lines().map(line_code).collect::<Vec<_>>().join("\n")
}

fn line_code(line: &str) -> &str {
    match line.trim_start().starts_with("//") {
        true => "",
        false => line.split_once(" //").map_or(line, |(code, _)| code),
    }
}

/// The modules declared here in files of their own (`mod actions;`).
fn children(code: &str) -> Vec<String> {
    let declared = |line: &str| {
        let line = line.trim().strip_prefix("pub ").unwrap_or(line.trim());
        Some(line.strip_prefix("mod ")?.strip_suffix(';')?.trim().to_string())
    };
    code.lines().filter_map(declared).collect()
}

/// The paths that follow the word `start` and `::`, as segments: `crate::urls::{self, MediaRef}` gives
/// `[urls, self]` and `[urls, MediaRef]`. A `start` that ends a longer path or word does not count.
fn paths_after(code: &str, start: &str) -> Vec<Vec<String>> {
    let prefix = format!("{start}::");
    let mut found = Vec::new();
    for (i, _) in code.match_indices(&prefix) {
        let before = code[..i].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        found.extend(use_tree(&code[i + prefix.len()..]));
    }
    found
}

/// Expands a path or a `use` tree from its start, up to where it ends.
fn use_tree(rest: &str) -> Vec<Vec<String>> {
    let rest = rest.trim_start();
    if let Some(group) = rest.strip_prefix('{') {
        return group_items(group).into_iter().flat_map(use_tree).collect();
    }
    let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    if name.is_empty() {
        return Vec::new();
    }
    let tails = rest[name.len()..].strip_prefix("::").map(use_tree).unwrap_or_default();
    if tails.is_empty() {
        return vec![vec![name]];
    }
    tails.into_iter().map(|tail| [vec![name.clone()], tail].concat()).collect()
}

/// The items of a `{...}` group, from just after its opening brace: split at its own commas, up to its close.
fn group_items(group: &str) -> Vec<&str> {
    let (mut depth, mut start, mut items) = (0, 0, Vec::new());
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                items.push(&group[start..i]);
                break;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&group[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items
}

/// The module a path names: `[api, actions, approve]` is `api::actions`; a path to the crate root is none.
fn longest_module(modules: &BTreeSet<&str>, mut path: Vec<String>) -> Option<String> {
    while !path.is_empty() {
        let name = path.join("::");
        if modules.contains(name.as_str()) {
            return Some(name);
        }
        path.pop();
    }
    None
}

/// One cycle for each edge that leads back into the current path of a depth-first walk, as `a -> b -> a`.
/// None means the graph has a layering.
fn cycles(graph: &Graph) -> Vec<String> {
    fn walk<'g>(
        graph: &'g Graph,
        node: &'g str,
        path: &mut Vec<&'g str>,
        done: &mut BTreeSet<&'g str>,
        found: &mut Vec<String>,
    ) {
        path.push(node);
        for next in graph.get(node).into_iter().flatten() {
            if let Some(i) = path.iter().position(|n| n == next) {
                found.push([&path[i..], &[next.as_str()]].concat().join(" -> "));
            } else if !done.contains(next.as_str()) {
                walk(graph, next, path, done, found);
            }
        }
        path.pop();
        done.insert(node);
    }
    let (mut done, mut found) = (BTreeSet::new(), Vec::new());
    for node in graph.keys() {
        if !done.contains(node.as_str()) {
            walk(graph, node, &mut Vec::new(), &mut done, &mut found);
        }
    }
    found
}

fn layer_of(module: &str) -> Option<usize> {
    let top = module.split("::").next().unwrap_or(module);
    let listed = |name: &str| LAYERS.iter().position(|(_, modules)| modules.split(' ').any(|m| m == name));
    listed(module).or_else(|| listed(top))
}
