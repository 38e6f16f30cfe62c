//! Rebuilds the tests when a golden case folder is added, so `#[files]` sees it.

fn main() {
    println!("cargo:rerun-if-changed=fixtures");
}
