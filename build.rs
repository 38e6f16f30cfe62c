//! Rebuilds the tests when a golden case folder is added, so `#[files]` sees it; lays out the
//! release program's code so that what a form runs lies together.

use std::env;
use std::path::Path;

/// The linker script that gathers the functions a form runs (written by `benches/hot_text.py`).
const HOT_TEXT: &str = "link/hot-text.ld";

/// Set to leave the code where the linker puts it: profilers such as callgrind name only the
/// functions of a program's `.text`, so the script is written from a build without it.
const PLAIN_LAYOUT: &str = "PI_AGENT_ASK_PLAIN_LAYOUT";

fn main() {
    println!("cargo:rerun-if-changed=fixtures");
    println!("cargo:rerun-if-changed={HOT_TEXT}");
    println!("cargo:rerun-if-env-changed=RUSTC_LINKER");
    println!("cargo:rerun-if-env-changed={PLAIN_LAYOUT}");
    if gathers_hot_text() {
        let script = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap_or_default()).join(HOT_TEXT);
        for arg in ["-Xlinker", "-T", "-Xlinker", &script.to_string_lossy()] {
            println!("cargo:rustc-link-arg-bin=pi-agent-ask={arg}");
        }
    }
}

/// Whether the script goes to the linker: for a release build on Linux with glibc, linked by
/// the toolchain's own linker (GNU ld or lld, which both read a script that only inserts an
/// output section). A linker or linker flags chosen by the user (mold, say, which reads no
/// such script) are left alone.
fn gathers_hot_text() -> bool {
    let var = |name: &str| env::var(name).unwrap_or_default();
    let own_linker = env::var_os("RUSTC_LINKER").is_none()
        && !var("CARGO_ENCODED_RUSTFLAGS")
            .split('\u{1f}')
            .any(|flag| flag.contains("fuse-ld") || flag.contains("linker"));
    env::var_os(PLAIN_LAYOUT).is_none()
        && var("PROFILE") == "release"
        && var("CARGO_CFG_TARGET_OS") == "linux"
        && var("CARGO_CFG_TARGET_ENV") == "gnu"
        && own_linker
}
