//! Which module of a crate names which, read from its sources, for tests that keep a crate's modules
//! in layers: no cycle, and no import of a higher layer. The simulator and the app each state their
//! layers in a test of their own (`sim/tests/layers.rs`, `tests/layers.rs`) and check them with this.
//!
//! An edge is a path in a module's code (comments aside) that starts with `crate::`, with `super::`, or with the
//! name of a child module it declares; it points to the longest module that path names. The crate roots
//! (`lib.rs`, `main.rs`) are left out: they put the modules together and nothing imports them.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Each module with the modules it names.
pub type Graph = BTreeMap<String, BTreeSet<String>>;

/// Layers bottom to top, each a name and its modules separated by spaces. A submodule (`api::actions`)
/// is in its parent's layer unless listed itself.
pub type Layers<'a> = &'a [(&'a str, &'a str)];

/// The graph of the crate whose sources are under `src`.
pub fn source_graph(src: &Path) -> Graph {
    let mut sources = Vec::new();
    collect(src, src, &mut sources);
    graph_of(&sources)
}

/// Every import of a module in a higher layer, and every module in no layer, one line each.
pub fn wrong_layers(graph: &Graph, layers: Layers) -> Vec<String> {
    let mut wrong = Vec::new();
    for (module, imports) in graph {
        let Some(own) = layer_of(layers, module) else {
            wrong.push(format!("{module} is in no layer: add it to the layers of the test"));
            continue;
        };
        for import in imports {
            if let Some(higher) = layer_of(layers, import).filter(|&l| l > own) {
                let (own, higher) = (layers[own].0, layers[higher].0);
                wrong.push(format!("{module} ({own}) imports {import} ({higher}), a higher layer"));
            }
        }
    }
    wrong
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

/// The graph of the given (module path, source text) pairs. A path through a module's re-export
/// (`pub use banner::Banner;` in `components`) leads to the module that defines the item, not to the
/// re-exporting one: otherwise every child reached through its parent's facade would close a circle.
pub fn graph_of(sources: &[(String, String)]) -> Graph {
    let modules: BTreeSet<&str> = sources.iter().map(|(m, _)| m.as_str()).collect();
    let named: Vec<(&String, Vec<Vec<String>>)> = sources.iter().map(|(m, text)| (m, paths_named(m, text))).collect();
    // Each module's re-exported names, with the module each comes from.
    let mut reexports: BTreeMap<&str, BTreeMap<String, String>> = BTreeMap::new();
    for (module, text) in sources {
        let own: Vec<String> = module.split("::").map(String::from).collect();
        let code = without_comments(text);
        for (i, _) in code.match_indices("pub use ") {
            for path in use_tree(&code[i + "pub use ".len()..]) {
                let full = match path.first().map(String::as_str) {
                    Some("crate") => path[1..].to_vec(),
                    Some("self") => [&own[..], &path[1..]].concat(),
                    _ => [&own[..], &path[..]].concat(),
                };
                if let (Some(name), Some(from)) = (full.last(), longest_module(&modules, full.clone())) {
                    reexports.entry(module.as_str()).or_default().insert(name.clone(), from);
                }
            }
        }
    }
    let resolve = |path: Vec<String>| {
        let mut found = longest_module(&modules, path.clone())?;
        for _ in 0..4 {
            let next = path.get(found.split("::").count());
            match next.and_then(|name| reexports.get(found.as_str())?.get(name)) {
                Some(from) if *from != found => found = from.clone(),
                _ => break,
            }
        }
        Some(found)
    };
    let mut graph = Graph::new();
    for (module, paths) in named {
        let imports = paths.into_iter().filter_map(&resolve);
        graph.insert(module.clone(), imports.filter(|m| m != module).collect());
    }
    graph
}

/// Every path one module's code names, from the crate root: through `crate::`, `super::` and its children.
fn paths_named(module: &str, text: &str) -> Vec<Vec<String>> {
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
    named
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
pub fn cycles(graph: &Graph) -> Vec<String> {
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

fn layer_of(layers: Layers, module: &str) -> Option<usize> {
    let top = module.split("::").next().unwrap_or(module);
    let listed = |name: &str| layers.iter().position(|(_, modules)| modules.split(' ').any(|m| m == name));
    listed(module).or_else(|| listed(top))
}

/// The graph of the crate at `manifest_dir`, checked to have read something: `module` must name `import`
/// (a reader that silently found nothing would pass every check).
pub fn crate_graph(manifest_dir: &str, module: &str, import: &str) -> Graph {
    let src = Path::new(manifest_dir).join("src");
    let graph = source_graph(&src);
    assert!(graph.get(module).is_some_and(|imports| imports.contains(import)), "no edges read from {src:?}");
    graph
}

/// Fails naming every circle of imports.
pub fn assert_no_cycles(graph: &Graph) {
    let cycles = cycles(graph);
    assert!(cycles.is_empty(), "modules import each other in a circle:\n  {}", cycles.join("\n  "));
}

/// Fails naming every import of a higher layer and every module in no layer.
pub fn assert_in_layers(graph: &Graph, layers: Layers) {
    let wrong = wrong_layers(graph, layers);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let sources: Vec<(String, String)> =
            sources.iter().map(|(m, code)| (m.to_string(), code.to_string())).collect();
        let graph = graph_of(&sources);
        let imports = |module: &str| graph[module].iter().map(String::as_str).collect::<Vec<_>>();
        assert_eq!(imports("b"), ["c", "d"]);
        assert_eq!(imports("c"), ["c::inner"]);
        assert_eq!(imports("c::inner"), ["a"], "a test module's `super` is its own file");
        assert_eq!(cycles(&graph), ["a -> b -> c -> c::inner -> a", "a -> b -> d -> a"]);
    }

    #[test]
    fn a_path_through_a_re_export_leads_to_the_module_that_defines_the_item() {
        let sources = [
            ("parts", "mod a;\nmod b;\npub use a::A;\npub use self::b::{B, Other};"),
            ("parts::a", "pub struct A;"),
            ("parts::b", "use crate::parts::A;\npub struct B;"),
            ("user", "use crate::parts::{A, B};"),
        ];
        let sources: Vec<(String, String)> =
            sources.iter().map(|(m, code)| (m.to_string(), code.to_string())).collect();
        let graph = graph_of(&sources);
        let imports = |module: &str| graph[module].iter().map(String::as_str).collect::<Vec<_>>();
        assert_eq!(imports("parts::b"), ["parts::a"], "not the facade `parts`, which would close a circle");
        assert_eq!(imports("user"), ["parts::a", "parts::b"]);
        assert_eq!(cycles(&graph), Vec::<String>::new());
    }

    #[test]
    fn a_module_above_its_layer_or_in_none_is_named() {
        let sources = [("low", "use crate::high::X;"), ("high", "use crate::low::Y;"), ("stray", "")];
        let sources: Vec<(String, String)> =
            sources.iter().map(|(m, code)| (m.to_string(), code.to_string())).collect();
        let wrong = wrong_layers(&graph_of(&sources), &[("bottom", "low"), ("top", "high")]);
        assert_eq!(
            wrong,
            [
                "low (bottom) imports high (top), a higher layer",
                "stray is in no layer: add it to the layers of the test"
            ]
        );
    }
}
