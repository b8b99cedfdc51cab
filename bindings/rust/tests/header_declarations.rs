//! The hand-written declarations of `src/sys.rs` against `meeple.h`: every function
//! declared in Rust must exist in the header with the same parameter and return types,
//! every `#[repr(C)]` struct must have the header's fields in the header's order with
//! the same types, every constant the header's value. The header checked is the one
//! installed with the library the crate links (build.rs passes its path), and the
//! repository's own when the crate sits in the repository.
//!
//! A small parser on each side: C prototypes (`MEEPLE_API ret name(params);`), struct
//! typedefs and integer `#define`s; Rust `extern "C"` functions, `pub struct`s and
//! `pub const`s. Types are compared in one spelling: the C type turned into the Rust
//! type it must be declared as (`const char *const *` is `*const *const c_char`).

use std::collections::BTreeMap;
use std::path::PathBuf;

#[derive(Debug, Default)]
struct Declarations {
    /// name -> (parameter types, return type), types canonical ("" for void returns).
    functions: BTreeMap<String, (Vec<String>, String)>,
    /// name -> fields (name, type) in order; opaque structs are absent.
    structs: BTreeMap<String, Vec<(String, String)>>,
    /// typedef name -> canonical type (meeple_status_t -> i32).
    aliases: BTreeMap<String, String>,
    /// constant name -> value.
    constants: BTreeMap<String, i64>,
}

fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn no_space(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

// ---- C side --------------------------------------------------------------------------

fn strip_c_comments(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i..].starts_with(b"/*") {
            let end = text[i + 2..].find("*/").map_or(bytes.len(), |e| i + 2 + e + 2);
            // Keep line breaks so that preprocessor lines stay lines.
            out.extend(text[i..end].chars().filter(|&c| c == '\n'));
            out.push(' ');
            i = end;
        } else if bytes[i..].starts_with(b"//") {
            let end = text[i..].find('\n').map_or(bytes.len(), |e| i + e);
            i = end;
        } else {
            let c = text[i..].chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

fn c_base(name: &str) -> String {
    match name {
        "int8_t" => "i8",
        "uint8_t" => "u8",
        "int16_t" => "i16",
        "uint16_t" => "u16",
        "int32_t" => "i32",
        "uint32_t" => "u32",
        "int64_t" => "i64",
        "uint64_t" => "u64",
        "size_t" => "usize",
        "double" => "f64",
        "float" => "f32",
        "char" => "c_char",
        "void" => "c_void",
        other => other,
    }
    .to_string()
}

/// A C type written as tokens (`const char * const *`) as the Rust type it must be.
/// Read left to right: the base with its const, then each `*` makes a pointer whose
/// mutability follows the constness of what it points to; a `const` after a `*` makes
/// that pointer itself const for the next level.
fn c_type_to_rust(tokens: &[&str]) -> String {
    let mut base = None;
    let mut pointee_const = false;
    let mut ty = String::new();
    let mut seen_star = false;
    for &token in tokens {
        match token {
            "const" => pointee_const = true,
            "*" => {
                if !seen_star {
                    ty = c_base(base.expect("a pointer without a base type"));
                    seen_star = true;
                }
                ty = format!("*{} {}", if pointee_const { "const" } else { "mut" }, ty);
                pointee_const = false;
            }
            name => {
                assert!(base.is_none(), "two base types in {tokens:?}");
                base = Some(name);
            }
        }
    }
    if !seen_star {
        ty = c_base(base.expect("no type"));
    }
    ty
}

fn tokenize_c(decl: &str) -> Vec<String> {
    decl.replace('*', " * ").split_whitespace().map(str::to_string).collect()
}

/// `const uint64_t *seeds` -> ("seeds", "*const u64"); `void` -> None.
fn c_param(decl: &str) -> Option<(String, String)> {
    let tokens = tokenize_c(decl);
    if tokens == ["void"] {
        return None;
    }
    let refs: Vec<&str> = tokens.iter().map(String::as_str).collect();
    let (name, ty) = refs.split_last().expect("an empty parameter");
    assert!(!ty.is_empty() && *name != "*", "parameter without a name: {decl}");
    Some((name.to_string(), c_type_to_rust(ty)))
}

/// An integer #define value: 2, (-1), ((int32_t)INT32_MIN).
fn c_value(text: &str) -> Option<i64> {
    let mut t = text.replace(' ', "");
    for cast in ["(int32_t)", "(uint32_t)", "(int64_t)", "(uint64_t)"] {
        t = t.replace(cast, "");
    }
    let t = t.trim_matches(|c| c == '(' || c == ')');
    match t {
        "INT32_MIN" => Some(i32::MIN as i64),
        "INT32_MAX" => Some(i32::MAX as i64),
        _ => t.parse().ok(),
    }
}

fn parse_header(text: &str) -> Declarations {
    let text = strip_c_comments(text);
    let mut decls = Declarations::default();
    // Preprocessor lines out (defines recorded), C++-only blocks skipped.
    let mut code = String::new();
    let mut skip_depth = 0usize;
    let mut depth = 0usize;
    for line in text.lines() {
        let t = line.trim();
        if let Some(directive) = t.strip_prefix('#') {
            let directive = squash(directive);
            if directive.starts_with("if") {
                depth += 1;
                if skip_depth == 0 && directive == "ifdef __cplusplus" {
                    skip_depth = depth;
                }
            } else if directive.starts_with("endif") {
                if skip_depth == depth {
                    skip_depth = 0;
                }
                depth -= 1;
            } else if let Some(rest) = directive.strip_prefix("define ") {
                let mut parts = rest.splitn(2, ' ');
                let name = parts.next().unwrap_or_default();
                if let Some(value) = parts.next().and_then(c_value) {
                    decls.constants.insert(name.to_string(), value);
                }
            }
            continue;
        }
        if skip_depth == 0 {
            code.push_str(line);
            code.push('\n');
        }
    }
    // Struct definitions: typedef struct tag { fields } name;
    while let Some(start) = code.find("typedef struct") {
        let semicolon = start + code[start..].find(';').expect("typedef without ;");
        match code[start..semicolon].find('{') {
            None => {
                code.replace_range(start..=semicolon, " "); // opaque: typedef struct x x_t;
            }
            Some(open) => {
                let open = start + open;
                let close = open + code[open..].find('}').expect("struct without }");
                let end = close + code[close..].find(';').expect("struct without ;");
                let name = code[close + 1..end].trim().to_string();
                let mut fields = Vec::new();
                for field in code[open + 1..close].split(';').map(str::trim).filter(|f| !f.is_empty()) {
                    // `double sprt_elo0, sprt_elo1` declares two fields of one type.
                    let mut declarators = field.split(',');
                    let (first_name, ty) = c_param(declarators.next().unwrap()).unwrap();
                    fields.push((first_name, ty.clone()));
                    for more in declarators {
                        fields.push((more.trim().to_string(), ty.clone()));
                    }
                }
                decls.structs.insert(name, fields);
                code.replace_range(start..=end, " ");
            }
        }
    }
    for statement in code.split(';').map(squash).filter(|s| !s.is_empty()) {
        if let Some(rest) = statement.strip_prefix("typedef ") {
            let tokens = tokenize_c(rest);
            let refs: Vec<&str> = tokens.iter().map(String::as_str).collect();
            let (name, ty) = refs.split_last().unwrap();
            decls.aliases.insert(name.to_string(), c_type_to_rust(ty));
            continue;
        }
        let Some(proto) = statement.strip_prefix("MEEPLE_API ") else { continue };
        let open = proto.find('(').expect("prototype without (");
        let close = proto.rfind(')').expect("prototype without )");
        let head = tokenize_c(&proto[..open]);
        let refs: Vec<&str> = head.iter().map(String::as_str).collect();
        let (name, ret) = refs.split_last().unwrap();
        let ret = match c_type_to_rust(ret).as_str() {
            "c_void" => String::new(),
            other => other.to_string(),
        };
        let params = proto[open + 1..close].split(',').filter_map(c_param).map(|(_, ty)| ty).collect::<Vec<_>>();
        decls.functions.insert(name.to_string(), (params, ret));
    }
    decls
}

// ---- Rust side -----------------------------------------------------------------------

fn strip_rust_comments(text: &str) -> String {
    text.lines().map(|l| l.find("//").map_or(l, |i| &l[..i])).collect::<Vec<_>>().join("\n")
}

fn rust_type(text: &str) -> String {
    no_space(text.trim().trim_end_matches(','))
}

fn parse_rust(text: &str) -> Declarations {
    let text = strip_rust_comments(text);
    let mut decls = Declarations::default();
    // extern "C" blocks
    let mut rest = text.as_str();
    while let Some(at) = rest.find("extern \"C\" {") {
        let body_start = at + "extern \"C\" {".len();
        let body_end = body_start + rest[body_start..].find("\n}").expect("extern block without }");
        for item in rest[body_start..body_end].split(';').map(squash).filter(|s| !s.is_empty()) {
            let item = item.strip_prefix("pub ").unwrap_or(&item);
            let item = item.strip_prefix("fn ").unwrap_or_else(|| panic!("not a function: {item}"));
            let open = item.find('(').unwrap();
            let close = item.rfind(')').unwrap();
            let name = item[..open].trim().to_string();
            let params = item[open + 1..close]
                .split(',')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(|p| rust_type(p.split_once(':').unwrap_or_else(|| panic!("parameter {p} of {name}")).1))
                .collect();
            let ret = item[close + 1..].trim().strip_prefix("->").map_or(String::new(), rust_type);
            decls.functions.insert(name, (params, ret));
        }
        rest = &rest[body_end..];
    }
    // structs
    let mut rest = text.as_str();
    while let Some(at) = rest.find("pub struct ") {
        let after = &rest[at + "pub struct ".len()..];
        let open = after.find('{').unwrap();
        let close = after.find('}').unwrap();
        let name = after[..open].trim().to_string();
        let fields: Vec<(String, String)> = after[open + 1..close]
            .split(',')
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .map(|f| {
                let (n, t) = f.split_once(':').unwrap();
                (n.trim().trim_start_matches("pub ").trim().to_string(), rust_type(t))
            })
            .collect();
        if !(fields.len() == 1 && fields[0].0 == "_opaque") {
            decls.structs.insert(name, fields);
        }
        rest = &after[close..];
    }
    for line in text.lines().map(str::trim) {
        if let Some(def) = line.strip_prefix("pub const ") {
            let (name, rest) = def.split_once(':').unwrap();
            let value = rest.split_once('=').unwrap().1.trim().trim_end_matches(';').trim();
            let value = match value {
                "i32::MIN" => i32::MIN as i64,
                v => v.parse().unwrap_or_else(|_| panic!("constant {name} = {v}")),
            };
            decls.constants.insert(name.trim().to_string(), value);
        } else if let Some(def) = line.strip_prefix("pub type ") {
            let (name, ty) = def.split_once('=').unwrap();
            decls.aliases.insert(name.trim().to_string(), rust_type(ty.trim_end_matches(';')));
        }
    }
    decls
}

// ---- Comparison ----------------------------------------------------------------------

/// Every difference between the Rust declarations and the header, as sentences;
/// functions the header has and Rust lacks go to `undeclared`.
fn compare(header: &Declarations, rust: &Declarations, undeclared: &mut Vec<String>) -> Vec<String> {
    let mut problems = Vec::new();
    let canon = |t: &str| no_space(t);
    for (name, (params, ret)) in &rust.functions {
        match header.functions.get(name) {
            None => problems.push(format!("{name} is declared in sys.rs but not in the header")),
            Some((c_params, c_ret)) => {
                let c_params: Vec<String> = c_params.iter().map(|t| canon(t)).collect();
                if &c_params != params {
                    problems.push(format!(
                        "{name}: parameters are ({}) in the header, ({}) in sys.rs",
                        c_params.join(", "),
                        params.join(", ")
                    ));
                }
                if &canon(c_ret) != ret {
                    problems.push(format!("{name}: returns `{c_ret}` in the header, `{ret}` in sys.rs"));
                }
            }
        }
    }
    for name in header.functions.keys() {
        if !rust.functions.contains_key(name) {
            undeclared.push(name.clone());
        }
    }
    for (name, fields) in &rust.structs {
        match header.structs.get(name) {
            None => problems.push(format!("struct {name} is in sys.rs but not in the header")),
            Some(c_fields) => {
                let c_fields: Vec<(String, String)> = c_fields.iter().map(|(n, t)| (n.clone(), canon(t))).collect();
                if &c_fields != fields {
                    problems.push(format!("struct {name}: fields {c_fields:?} in the header, {fields:?} in sys.rs"));
                }
            }
        }
    }
    for name in header.structs.keys() {
        if !rust.structs.contains_key(name) {
            problems.push(format!("struct {name} of the header is missing from sys.rs"));
        }
    }
    for (name, value) in &rust.constants {
        match header.constants.get(name) {
            None => problems.push(format!("constant {name} is in sys.rs but not the header")),
            Some(c) if c != value => problems.push(format!("{name} is {c} in the header, {value} in sys.rs")),
            Some(_) => {}
        }
    }
    for (name, ty) in &rust.aliases {
        match header.aliases.get(name) {
            Some(c) if &canon(c) == ty => {}
            other => problems.push(format!("type {name} is {other:?} in the header, {ty} in sys.rs")),
        }
    }
    problems
}

fn headers() -> Vec<PathBuf> {
    let mut paths = vec![PathBuf::from(env!("MEEPLE_HEADER"))];
    let repo = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../include/meeple/meeple.h");
    if repo.is_file() {
        paths.push(repo);
    }
    paths
}

const SYS_RS: &str = include_str!("../src/sys.rs");

#[test]
fn sys_declarations_match_the_header() {
    let rust = parse_rust(SYS_RS);
    assert!(rust.functions.len() > 100, "the Rust parser found only {} functions", rust.functions.len());
    for path in headers() {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let header = parse_header(&text);
        assert!(
            header.functions.len() > 100,
            "the C parser found only {} functions in {}",
            header.functions.len(),
            path.display()
        );
        let mut undeclared = Vec::new();
        let problems = compare(&header, &rust, &mut undeclared);
        // Every function of the header is declared: a Rust user reaches all of the ABI.
        assert!(undeclared.is_empty(), "{}: not declared in sys.rs: {}", path.display(), undeclared.join(", "));
        assert!(problems.is_empty(), "sys.rs differs from {}:\n  {}", path.display(), problems.join("\n  "));
    }
}

#[test]
fn c_types_read_as_their_rust_equivalents() {
    let t = |s: &str| no_space(&c_type_to_rust(&tokenize_c(s).iter().map(String::as_str).collect::<Vec<_>>()));
    assert_eq!(t("const char *const *"), "*const*constc_char");
    assert_eq!(t("char *const *"), "*const*mutc_char");
    assert_eq!(t("meeple_state_t **"), "*mut*mutmeeple_state_t");
    assert_eq!(t("const uint8_t *"), "*constu8");
    assert_eq!(t("uint8_t const *"), "*constu8");
    assert_eq!(t("size_t"), "usize");
    assert_eq!(c_value("((int32_t)INT32_MIN)"), Some(i32::MIN as i64));
    assert_eq!(c_value("(-12)"), Some(-12));
}

/// The check fails on a changed parameter type, a changed return type, a function the
/// header lost, a reordered struct field and a changed constant.
#[test]
fn the_check_catches_each_kind_of_drift() {
    let text = std::fs::read_to_string(env!("MEEPLE_HEADER")).unwrap();
    let rust = parse_rust(SYS_RS);
    let drifts: [(&str, &str, &str); 5] = [
        (
            "meeple_state_apply(meeple_state_t *state, int32_t player,",
            "meeple_state_apply(meeple_state_t *state, int64_t player,",
            "meeple_state_apply: parameters",
        ),
        (
            "MEEPLE_API uint32_t meeple_abi_version(void);",
            "MEEPLE_API int32_t meeple_abi_version(void);",
            "meeple_abi_version: returns",
        ),
        (
            "MEEPLE_API void meeple_state_free(meeple_state_t *state);",
            "",
            "meeple_state_free is declared in sys.rs but not in the header",
        ),
        (
            "    int32_t num_actions;        /* actions are 0..num_actions-1 */\n    int32_t mask_words;",
            "    int32_t mask_words;\n    int32_t num_actions;",
            "struct meeple_game_info_t",
        ),
        ("#define MEEPLE_ERR_BUSY (-12)", "#define MEEPLE_ERR_BUSY (-13)", "MEEPLE_ERR_BUSY is -13"),
    ];
    for (from, to, expected) in drifts {
        assert!(text.contains(from), "the header no longer contains {from:?}; update this test");
        let header = parse_header(&text.replacen(from, to, 1));
        let problems = compare(&header, &rust, &mut Vec::new());
        assert!(
            problems.iter().any(|p| p.starts_with(expected)),
            "changing {from:?} was not caught as {expected:?}: {problems:?}"
        );
    }
    // And the unchanged header passes.
    assert!(compare(&parse_header(&text), &rust, &mut Vec::new()).is_empty());
}
