//! The linker script that gathers the functions a form runs (`link/hot-text.ld`, handed to
//! the linker by `build.rs` for release builds): its shape, and that GNU ld links with it (the
//! linker of toolchains before rust-lld; the release build in CI shows lld does).

use std::path::Path;
use std::process::Command;

fn script() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("link/hot-text.ld"))
        .expect("link/hot-text.ld")
}

#[test]
fn the_script_only_inserts_one_section_of_code_before_the_rest() {
    let script = script();
    let body: Vec<&str> = script
        .lines()
        .skip_while(|line| !line.starts_with("SECTIONS"))
        .collect();
    assert_eq!(body[..4], ["SECTIONS", "{", "  .text.hot :", "  {"]);
    assert_eq!(body[body.len() - 3..], ["  }", "}", "INSERT BEFORE .text;"]);
    let start_code = ["    *crt1.o(.text)", "    *crtbegin*.o(.text)"];
    assert_eq!(body[4..6], start_code, "the C runtime's start code first");
    let patterns = &body[6..body.len() - 3];
    assert!(patterns.len() > 100, "{} patterns", patterns.len());
    for pattern in patterns {
        let name = pattern
            .strip_prefix("    *(.text.*")
            .and_then(|rest| rest.strip_suffix(')'))
            .unwrap_or_else(|| panic!("not a code section pattern: {pattern:?}"));
        // Rust's mangled names, the program's modules, and the C names of functions the
        // program links in (its `main`, the compiler's runtime helpers such as `__udivti3`):
        // names a linker knows, never a profiler's placeholder for code it could not name.
        let c_name = name.starts_with(|first: char| first.is_ascii_alphabetic() || first == '_')
            && name
                .chars()
                .all(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '_' | '.' | '$'));
        assert!(
            name.starts_with("_ZN")
                || name.starts_with("_R")
                || name.starts_with("pi_agent_ask")
                || c_name,
            "neither a Rust symbol, one of the program's modules nor a C name: {name:?}"
        );
        assert!(
            !name.contains([' ', '(', ')', '"', ';']),
            "a character a script cannot hold unquoted: {name:?}"
        );
    }
    assert!(
        patterns
            .iter()
            .any(|pattern| pattern.contains("_ZN12pi_agent_ask3run17h")),
        "the program's command runner is gathered"
    );
    assert!(
        patterns.contains(&"    *(.text.*main)"),
        "the program's entry is gathered"
    );
}

#[test]
fn gnu_ld_links_a_program_with_the_script() {
    let scratch = tempfile::tempdir().expect("a temporary folder");
    let source = scratch.path().join("main.c");
    std::fs::write(&source, "int main(void) { return 0; }\n").expect("write");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("link/hot-text.ld");
    let linked = Command::new("cc")
        .arg("-fuse-ld=bfd")
        .arg(&source)
        .arg("-o")
        .arg(scratch.path().join("main"))
        .arg("-Xlinker")
        .arg("-T")
        .arg("-Xlinker")
        .arg(&script)
        .output();
    let Ok(linked) = linked else {
        eprintln!("no C compiler here: GNU ld is not tried");
        return;
    };
    assert!(
        linked.status.success(),
        "{}",
        String::from_utf8_lossy(&linked.stderr)
    );
}
