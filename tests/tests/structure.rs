//! The code's structure: no circle of files in any crate of the workspace, no arrow running
//! back up between the top-level rooms of a layered crate, no file over 800 lines outside
//! tests, and the engine and the rules link nothing of the wire.
//!
//! File A points at file B when A names something B defines: a `use` of `crate::…`,
//! `super::…`, `self::…` or a child module, or such a path written in the code. A circle is a
//! set of files that point at each other round a loop (A at B, B at C, C at A); it means none
//! of them can be read, tested or changed without the others, so the layers are gone. Each
//! crate's graph is checked (cargo itself forbids circles between crates).
//!
//! What is left out: test code (files declared under `#[cfg(test)]` and inline
//! `#[cfg(test)] mod … { … }` blocks), since tests may reach anywhere; and arrows between a
//! module and the modules it sits in (a child's `use super::…`, a parent's `pub use
//! child::…`): a folder's `mod.rs` (or the crate's `lib.rs`) is the folder's front door, which
//! declares its parts, re-exports them and holds what they share, so a folder and its front
//! door are one unit. Arrows between siblings, cousins and across folders all count.

#![allow(clippy::unwrap_used)] // a test: a failure should fail loudly

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The workspace's crates whose `src/` is checked.
const CRATES: [&str; 9] = [
    "rules",
    "shared",
    "engine",
    "tournament",
    "learn",
    "server",
    "lab",
    "client",
    "tests",
];

#[test]
fn no_crate_has_a_circle_of_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    for name in CRATES {
        let src = root.join(name).join("src");
        for circle in circles(&src) {
            let files: Vec<String> = circle.iter().map(|f| format!("{name}/src/{f}")).collect();
            found.push(files.join(" <-> "));
        }
    }
    assert!(found.is_empty(), "circles of files:\n{}", found.join("\n"));
}

/// The engine and the tournaments stand on the rules alone: neither they nor anything they depend on in the
/// workspace depends on the protocol crate or on bincode (`cargo tree -p chaupal-engine -e
/// normal` shows the same).
#[test]
fn the_engine_the_rules_and_the_tournaments_link_no_protocol_and_no_codec() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for start in ["engine", "rules", "tournament"] {
        let mut seen = BTreeSet::new();
        let mut todo = vec![start.to_owned()];
        while let Some(folder) = todo.pop() {
            if !seen.insert(folder.clone()) {
                continue;
            }
            for dep in normal_dependencies(&root.join(&folder).join("Cargo.toml")) {
                assert!(
                    dep != "chaupal-shared" && dep != "bincode",
                    "{folder} (reached from {start}) depends on {dep}"
                );
                if let Some(inner) = dep.strip_prefix("chaupal-") {
                    todo.push(inner.to_owned());
                }
            }
        }
    }
    // The check can fail: the server does link both.
    let server = normal_dependencies(&root.join("server/Cargo.toml"));
    assert!(server.contains(&"chaupal-shared".to_owned()), "{server:?}");
}

/// The crates whose folders stand in layers: in each, the graph of its top-level rooms (a file
/// or a folder directly under `src/`, a folder taken whole) has no circle, so every arrow
/// between them runs down and a floor can be drawn for each.
const LAYERED: [&str; 6] = ["rules", "shared", "engine", "tournament", "server", "lab"];

#[test]
fn no_arrow_runs_back_up_between_the_top_level_rooms() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    for name in LAYERED {
        for (rooms, arrows) in room_circles(&root.join(name).join("src")) {
            found.push(format!(
                "{name}: {} (through {})",
                rooms.join(", "),
                arrows.join("; ")
            ));
        }
    }
    assert!(
        found.is_empty(),
        "top-level rooms that point at each other:\n{}",
        found.join("\n")
    );
}

/// The longest a source file may be, in lines, outside test code.
const MOST_LINES: usize = 800;

/// The workspace's members whose `src/` is held to [`MOST_LINES`].
const MEMBERS: [&str; 10] = [
    "rules",
    "shared",
    "engine",
    "tournament",
    "learn",
    "server",
    "lab",
    "client",
    "tests",
    "tools/powercut",
];

#[test]
fn no_file_outside_tests_is_over_800_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut long = Vec::new();
    let mut counted = 0;
    for name in MEMBERS {
        let src = root.join(name).join("src");
        for (path, lines) in long_files(&src) {
            long.push(format!("{name}/src/{path}: {lines} lines"));
        }
        counted += modules(&src).len();
    }
    assert!(counted > 300, "only {counted} files were read");
    assert!(
        long.is_empty(),
        "files over {MOST_LINES} lines outside tests:\n{}",
        long.join("\n")
    );
}

/// The check itself: a circle between two folders is found though no two files point at each
/// other, a parent's front door is no room, and a long file is found, its tests not counted.
#[test]
fn the_layer_and_length_checks_find_what_they_look_for() {
    let dir = made_up_tree("layers");
    let write = |path: &str, text: &str| write_file(&dir, path, text);
    // low/a.rs -> high.rs -> low/b.rs: no circle of files, but low/ and high.rs point at each
    // other.
    write("up/lib.rs", "mod low;\nmod high;\nmod ok;\n");
    write("up/low/mod.rs", "mod a;\nmod b;\n");
    write("up/low/a.rs", "fn f() { crate::high::H; }\n");
    write("up/low/b.rs", "pub struct B;\n");
    write(
        "up/high.rs",
        "pub struct H;\nfn f() { crate::low::b::B; }\n",
    );
    write("up/ok.rs", "use crate::high::H;\n");
    // The same without the arrow back up.
    write(
        "down/lib.rs",
        "mod low;\nmod high;\npub fn root_item() {}\n",
    );
    write(
        "down/low/mod.rs",
        "mod a;\nmod b;\nfn f() { crate::root_item(); }\n",
    );
    write("down/low/a.rs", "pub struct A;\n");
    write("down/low/b.rs", "pub struct B;\n");
    write("down/high.rs", "fn f() { crate::low::b::B; }\n");
    // 801 lines of code; 900 lines of which 200 are a test module.
    let code = "fn f() {}\n".repeat(MOST_LINES + 1);
    write(
        "long/lib.rs",
        &format!("mod over;\nmod under;\n{}", "\n".repeat(10)),
    );
    write("long/over.rs", &code);
    let tests = format!(
        "#[cfg(test)]\nmod tests {{\n{}}}\n",
        "fn t() {}\n".repeat(197)
    );
    write(
        "long/under.rs",
        &format!("{}{tests}", "fn f() {}\n".repeat(700)),
    );
    let up = room_circles(&dir.join("up"));
    let down = room_circles(&dir.join("down"));
    let long = long_files(&dir.join("long"));
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(up.len(), 1, "{up:?}");
    assert_eq!(up[0].0, ["high.rs", "low/"]);
    assert!(down.is_empty(), "{down:?}");
    assert_eq!(long, [("over.rs".to_owned(), MOST_LINES + 1)]);
}

/// The circles between the top-level rooms under `src` (the crate's root file, the front door
/// that declares them all, is none), each with the arrows that tie it, file to file.
fn room_circles(src: &Path) -> Vec<(Vec<String>, Vec<String>)> {
    let modules = modules(src);
    let room = |path: &[String]| -> Option<String> {
        let first = path.first()?;
        Some(if modules[path].key.contains('/') {
            format!("{first}/")
        } else {
            modules[path].key.clone()
        })
    };
    let mut names = BTreeSet::new();
    let mut ties: Vec<(String, String, String, String)> = Vec::new();
    for (path, module) in &modules {
        let Some(from) = room(path) else { continue };
        names.insert(from.clone());
        for target in arrows(path, &module.text, &module.children, &modules) {
            if let Some(to) = room(&target).filter(|to| *to != from) {
                ties.push((
                    from.clone(),
                    to,
                    module.key.clone(),
                    modules[&target].key.clone(),
                ));
            }
        }
    }
    let mut edges: BTreeMap<&String, BTreeSet<&String>> = BTreeMap::new();
    for name in &names {
        edges.entry(name).or_default();
    }
    for (from, to, _, _) in &ties {
        edges.entry(from).or_default().insert(to);
    }
    strongly_connected(&edges)
        .into_iter()
        .filter(|c| c.len() > 1)
        .map(|c| {
            let inside: BTreeSet<&String> = c.iter().copied().collect();
            let mut through: Vec<String> = ties
                .iter()
                .filter(|(f, t, _, _)| inside.contains(f) && inside.contains(t))
                .map(|(_, _, a, b)| format!("{a} -> {b}"))
                .collect();
            through.dedup();
            (c.into_iter().cloned().collect(), through)
        })
        .collect()
}

/// The module files under `src` with more than [`MOST_LINES`] lines outside test code, with
/// their counts.
fn long_files(src: &Path) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    for module in modules(src).values() {
        let lines = module.text.lines().count();
        if lines > MOST_LINES {
            out.push((module.key.clone(), lines));
        }
    }
    out.sort();
    out
}

/// The names in a manifest's `[dependencies]` table.
fn normal_dependencies(manifest: &Path) -> Vec<String> {
    let text = fs::read_to_string(manifest).unwrap();
    let mut out = Vec::new();
    let mut inside = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == "[dependencies]";
            continue;
        }
        if inside && !line.is_empty() && !line.starts_with('#') {
            let name: String = line
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            out.push(name);
        }
    }
    out
}

/// The check itself finds a circle, through each kind of arrow, and passes a tree without.
#[test]
fn the_check_finds_circles_through_each_kind_of_arrow() {
    let dir = made_up_tree("structure");
    let write = |path: &str, text: &str| write_file(&dir, path, text);
    // a -> b by a grouped `use crate::{…}`, b -> a by a path in the code.
    write("one/lib.rs", "mod a;\nmod b;\npub use a::A;\n");
    write("one/a.rs", "use crate::{b::{B, C}};\npub struct A;\n");
    write(
        "one/b.rs",
        "pub struct B;\npub struct C;\nfn f() { crate::a::A; }\n",
    );
    // Siblings through `super::`, and a cousin in another folder through a child path.
    write("two/lib.rs", "mod p;\nmod r;\n");
    write(
        "two/p/mod.rs",
        "mod q;\nmod s;\npub struct P;\nfn f() { q::g(); }\n",
    );
    write(
        "two/p/q.rs",
        "use super::P;\nuse super::s::S;\npub fn g() {}\n",
    );
    write("two/p/s.rs", "pub struct S;\nfn f() { crate::r::t::T; }\n");
    write("two/r/mod.rs", "pub mod t;\n");
    write(
        "two/r/t.rs",
        "pub struct T;\nfn f() { super::super::p::q::g(); }\n",
    );
    // Layers without a circle; test code may point anywhere; a parent and its child are one.
    write(
        "three/lib.rs",
        "mod low;\nmod high;\npub use high::H;\npub fn root_item() {}\n",
    );
    write(
        "three/low.rs",
        "use crate::root_item;\npub struct L;\n#[cfg(test)]\nmod tests {\n    use crate::high::H;\n}\n",
    );
    write(
        "three/high.rs",
        "use crate::low::L;\npub struct H;\n#[cfg(test)]\nmod tests;\n",
    );
    write(
        "three/high/tests.rs",
        "use crate::high::H;\nuse crate::low::L;\n",
    );
    let one = circles(&dir.join("one"));
    let two = circles(&dir.join("two"));
    let three = circles(&dir.join("three"));
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(one, [vec!["a.rs".to_owned(), "b.rs".to_owned()]]);
    assert_eq!(
        two,
        [vec![
            "p/q.rs".to_owned(),
            "p/s.rs".to_owned(),
            "r/t.rs".to_owned()
        ]]
    );
    assert!(three.is_empty(), "{three:?}");
}

/// A fresh folder for a made-up tree of files.
fn made_up_tree(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("chaupal-{name}-{}", std::process::id()))
}

/// Writes `text` to `path` under `dir`, making its folders.
fn write_file(dir: &Path, path: &str, text: &str) {
    let path = dir.join(path);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, text).unwrap();
}

/// The circles of files under `src`, each as its files' paths relative to `src`, sorted.
fn circles(src: &Path) -> Vec<Vec<String>> {
    let modules = modules(src);
    let mut edges: BTreeMap<&String, BTreeSet<&String>> = BTreeMap::new();
    for (path, module) in &modules {
        let targets = edges.entry(&module.key).or_default();
        for target in arrows(path, &module.text, &module.children, &modules) {
            // A module and its ancestors are one unit: a folder's `mod.rs` is its front door,
            // which declares, re-exports and holds what its parts share.
            let related = target.starts_with(path) || path.starts_with(&target);
            if !target.is_empty() && !related {
                targets.insert(&modules[&target].key);
            }
        }
    }
    strongly_connected(&edges)
        .into_iter()
        .filter(|c| c.len() > 1)
        .map(|c| c.into_iter().cloned().collect())
        .collect()
}

/// One module file: its path under `src/`, its text without test code, and its children
/// declared outside tests.
struct Module {
    key: String,
    text: String,
    children: BTreeSet<String>,
}

/// Every non-test module file under `src`, by module path (the root is the empty path).
fn modules(src: &Path) -> BTreeMap<Vec<String>, Module> {
    let mut out = BTreeMap::new();
    let root = ["lib.rs", "main.rs"]
        .iter()
        .map(|f| src.join(f))
        .find(|p| p.exists());
    let Some(root) = root else {
        return out;
    };
    let mut todo = vec![(Vec::new(), root)];
    while let Some((path, file)) = todo.pop() {
        let raw = fs::read_to_string(&file).unwrap_or_default();
        let (text, children) = strip_tests(&raw);
        // A root or mod.rs holds its children beside it; a.rs holds them in a/.
        let dir = if path.is_empty() || file.ends_with("mod.rs") {
            file.parent().unwrap().to_path_buf()
        } else {
            file.with_extension("")
        };
        for child in &children {
            let candidates = [
                dir.join(format!("{child}.rs")),
                dir.join(child).join("mod.rs"),
            ];
            if let Some(found) = candidates.into_iter().find(|p| p.exists()) {
                let mut child_path = path.clone();
                child_path.push(child.clone());
                todo.push((child_path, found));
            }
        }
        let key = relative(src, &file);
        out.insert(
            path,
            Module {
                key,
                text,
                children,
            },
        );
    }
    out
}

fn relative(src: &Path, file: &Path) -> String {
    file.strip_prefix(src)
        .unwrap_or(file)
        .to_string_lossy()
        .replace('\\', "/")
}

/// The text without comments and test code, and the child modules declared outside tests.
fn strip_tests(raw: &str) -> (String, BTreeSet<String>) {
    let lines: Vec<&str> = raw.lines().collect();
    let mut text = String::new();
    let mut children = BTreeSet::new();
    let mut i = 0;
    let mut test_attr = false;
    while i < lines.len() {
        let line = lines[i].trim();
        let code = line.split("//").next().unwrap_or("").trim();
        if is_test_attribute(code) {
            test_attr = true;
            i += 1;
            continue;
        }
        let declared = code
            .trim_start_matches("pub(crate) ")
            .trim_start_matches("pub(super) ")
            .trim_start_matches("pub ");
        if let Some(rest) = declared.strip_prefix("mod ") {
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if rest.trim_end().ends_with('{') || !rest.contains(';') {
                // An inline module: skipped whole when it is test code.
                if test_attr {
                    let mut depth = 0i32;
                    loop {
                        let l = lines.get(i).copied().unwrap_or("");
                        depth += l.matches('{').count() as i32 - l.matches('}').count() as i32;
                        i += 1;
                        if depth <= 0 || i >= lines.len() {
                            break;
                        }
                    }
                    test_attr = false;
                    continue;
                }
            } else if !test_attr {
                children.insert(name);
            }
        }
        if test_attr && code.starts_with("use ") {
            // A test-only import.
            while i < lines.len() && !lines[i].contains(';') {
                i += 1;
            }
            i += 1;
            test_attr = false;
            continue;
        }
        if !code.starts_with("#[") {
            test_attr = false;
        }
        text.push_str(code);
        text.push('\n');
        i += 1;
    }
    (text, children)
}

/// Whether `code` is an attribute that keeps what follows for tests: `#[cfg(test)]`, or code
/// built only with the `test-support` feature that test crates turn on.
fn is_test_attribute(code: &str) -> bool {
    let code: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    code.starts_with("#[cfg(test)]")
        || code.starts_with("#[cfg(all(test")
        || code.starts_with("#[cfg(any(test,feature=\"test-support\"))]")
        || code.starts_with("#[cfg(feature=\"test-support\")]")
}

/// The module paths that `text` (of module `path`, with `children`) names.
fn arrows(
    path: &[String],
    text: &str,
    children: &BTreeSet<String>,
    modules: &BTreeMap<Vec<String>, Module>,
) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    // `use` declarations (each from the start of a line to its `;`), expanded into paths.
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i]
            .trim_start_matches("pub(crate) ")
            .trim_start_matches("pub(super) ")
            .trim_start_matches("pub ");
        if let Some(tree) = line.strip_prefix("use ") {
            let mut tree = tree.to_owned();
            while !tree.contains(';') && i + 1 < lines.len() {
                i += 1;
                tree.push_str(lines[i]);
            }
            let end = tree.find(';').unwrap_or(tree.len());
            for p in expand(&tree[..end]) {
                out.extend(resolve(path, &p, children, modules));
            }
        }
        i += 1;
    }
    // Paths in the code.
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let starts = i == 0
            || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_' || chars[i - 1] == ':');
        if starts && (chars[i].is_alphabetic() || chars[i] == '_') {
            let mut j = i;
            while j < chars.len()
                && (chars[j].is_alphanumeric() || chars[j] == '_' || chars[j] == ':')
            {
                j += 1;
            }
            let word: String = chars[i..j].iter().collect();
            if word.contains("::") {
                let segments: Vec<String> = word
                    .split("::")
                    .filter(|s| !s.is_empty())
                    .map(str::to_owned)
                    .collect();
                out.extend(resolve(path, &segments, children, modules));
            }
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// `a::{b, c::{d, e}}` as `[a, b]`, `[a, c, d]`, `[a, c, e]`.
fn expand(tree: &str) -> Vec<Vec<String>> {
    let tree: String = tree.chars().filter(|c| !c.is_whitespace()).collect();
    let mut out = Vec::new();
    expand_into(&tree, Vec::new(), &mut out);
    out
}

fn expand_into(tree: &str, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    if let Some(open) = tree.find('{') {
        let mut head = prefix.clone();
        head.extend(
            tree[..open]
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_owned),
        );
        let close = tree.rfind('}').filter(|c| *c > open).unwrap_or(tree.len());
        let inner = &tree[open + 1..close];
        let mut depth = 0;
        let mut start = 0;
        for (k, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand_into(&inner[start..k], head.clone(), out);
                    start = k + 1;
                }
                _ => {}
            }
        }
        expand_into(&inner[start..], head, out);
    } else if !tree.is_empty() {
        let mut p = prefix;
        let item = tree.split(" as ").next().unwrap_or(tree);
        p.extend(
            item.split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_owned),
        );
        out.push(p);
    }
}

/// The module a path lands in, seen from module `from`: the longest prefix that is a module.
fn resolve(
    from: &[String],
    segments: &[String],
    children: &BTreeSet<String>,
    modules: &BTreeMap<Vec<String>, Module>,
) -> Option<Vec<String>> {
    let (first, rest) = segments.split_first()?;
    let mut base: Vec<String> = match first.as_str() {
        "crate" => Vec::new(),
        "self" => from.to_vec(),
        "super" => from[..from.len().saturating_sub(1)].to_vec(),
        name if children.contains(name) => {
            let mut b = from.to_vec();
            b.push(name.to_owned());
            b
        }
        _ => return None,
    };
    let mut rest = rest;
    while first == "super" && rest.first().is_some_and(|s| s == "super") {
        base.pop();
        rest = &rest[1..];
    }
    let mut best = base.clone();
    let mut walk = base;
    for segment in rest {
        walk.push(segment.clone());
        if modules.contains_key(&walk) {
            best = walk.clone();
        } else {
            break;
        }
    }
    Some(best)
}

/// Tarjan's strongly connected components.
fn strongly_connected<'a>(
    edges: &BTreeMap<&'a String, BTreeSet<&'a String>>,
) -> Vec<Vec<&'a String>> {
    struct State<'a> {
        index: BTreeMap<&'a String, usize>,
        low: BTreeMap<&'a String, usize>,
        stack: Vec<&'a String>,
        on_stack: BTreeSet<&'a String>,
        next: usize,
        out: Vec<Vec<&'a String>>,
    }
    fn visit<'a>(
        v: &'a String,
        edges: &BTreeMap<&'a String, BTreeSet<&'a String>>,
        s: &mut State<'a>,
    ) {
        s.index.insert(v, s.next);
        s.low.insert(v, s.next);
        s.next += 1;
        s.stack.push(v);
        s.on_stack.insert(v);
        for &w in edges.get(v).into_iter().flatten() {
            if !s.index.contains_key(w) {
                visit(w, edges, s);
                let low = s.low[w].min(s.low[v]);
                s.low.insert(v, low);
            } else if s.on_stack.contains(w) {
                let low = s.index[w].min(s.low[v]);
                s.low.insert(v, low);
            }
        }
        if s.low[v] == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                component.push(w);
                if w == v {
                    break;
                }
            }
            component.sort();
            s.out.push(component);
        }
    }
    let mut s = State {
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        next: 0,
        out: Vec::new(),
    };
    for &v in edges.keys() {
        if !s.index.contains_key(v) {
            visit(v, edges, &mut s);
        }
    }
    s.out.sort();
    s.out
}
