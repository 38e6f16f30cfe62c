//! Rebuilds the tests when a golden case folder is added, so `#[files]` sees it; lays out the
//! release program's code so that what a form runs lies together, packs its relocations, and
//! links its unwinder in.

use std::env;
use std::path::Path;
use std::process::Command;

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
    if !links_for_this_system() {
        return;
    }
    if env::var_os(PLAIN_LAYOUT).is_none() {
        let manifest_dir = env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
        let script = Path::new(&manifest_dir).join(HOT_TEXT);
        for arg in ["-Xlinker", "-T", "-Xlinker", &script.to_string_lossy()] {
            println!("cargo:rustc-link-arg-bin=pi-agent-ask={arg}");
        }
    }
    if loads_packed_relocations() {
        println!("cargo:rustc-link-arg-bin=pi-agent-ask=-Wl,-z,pack-relative-relocs");
    }
    if has_static_unwinder() {
        println!("cargo:rustc-link-lib=static={STATIC_UNWINDER}");
    }
}

/// GCC's unwinder as a static archive (`libgcc_eh.a`), the one `gcc -static-libgcc` and Rust's
/// static builds link.
const STATIC_UNWINDER: &str = "gcc_eh";

/// Whether the unwinder can be linked into the program from [`STATIC_UNWINDER`] instead of
/// loaded from `libgcc_s.so.1` at every start: the program then loads no shared library but
/// the C library, and reached its first frame about 0.2 ms sooner. The archive comes first on
/// the link line, ahead of the standard library's `-lgcc_s`, which `--as-needed` then drops.
/// Asked of `cc`, the linker driver the toolchain runs (a linker the user chose is left alone
/// by [`links_for_this_system`]): `-print-file-name` names the archive's path when it has one,
/// and only the bare name when not.
fn has_static_unwinder() -> bool {
    let archive = format!("-print-file-name=lib{STATIC_UNWINDER}.a");
    let Ok(output) = Command::new("cc").arg(archive).output() else {
        return false;
    };
    let path = String::from_utf8_lossy(&output.stdout);
    let path = Path::new(path.trim());
    output.status.success() && path.is_absolute() && path.is_file()
}

/// Whether the C library the program will run with applies packed relative relocations
/// (`DT_RELR`, glibc 2.36 and later): then the program's 5,600 relocations take a few KiB
/// instead of 138 KB, which the loader reads whole at every start. Asked of the machine that
/// builds, so only for a build that runs where it is built, as `cargo install`'s does; a
/// program linked so would not start on an older glibc.
fn loads_packed_relocations() -> bool {
    if env::var("HOST").ok() != env::var("TARGET").ok() {
        return false;
    }
    let Ok(output) = Command::new("getconf").arg("GNU_LIBC_VERSION").output() else {
        return false;
    };
    let text = String::from_utf8_lossy(&output.stdout);
    let mut numbers = text
        .trim()
        .trim_start_matches("glibc ")
        .split('.')
        .map(|part| part.parse::<u32>().ok());
    matches!(
        (numbers.next().flatten(), numbers.next().flatten()),
        (Some(major), Some(minor)) if (major, minor) >= (2, 36)
    )
}

/// Whether the release link is shaped for the system: for a release build on Linux with glibc,
/// linked by the toolchain's own linker (GNU ld or lld, which both read a script that only
/// inserts an output section, and both pack relocations). A linker or linker flags chosen by
/// the user (mold, say, which reads no such script) are left alone.
fn links_for_this_system() -> bool {
    let var = |name: &str| env::var(name).unwrap_or_default();
    // `-C linker=cc` arrives as one flag or two (`-C`, `linker=cc`); `-C linker-plugin-lto`
    // chooses no linker.
    let own_linker = env::var_os("RUSTC_LINKER").is_none()
        && !var("CARGO_ENCODED_RUSTFLAGS")
            .split('\u{1f}')
            .any(|flag| flag.contains("fuse-ld") || flag.contains("linker="));
    var("PROFILE") == "release"
        && var("CARGO_CFG_TARGET_OS") == "linux"
        && var("CARGO_CFG_TARGET_ENV") == "gnu"
        && own_linker
}
