//! Reading, checking and writing back `ask_user` arguments keeps a small constant per option
//! beyond the arguments' text: each option is kept as its normalized option (no tree, no map
//! per option, no second copy of its texts).
//!
//! Counted in bytes the program asks its allocator for, so the figure is the program's own and
//! the same on every machine: a process's peak RSS for the same work moves by a third with
//! the C library's heap heuristics and the kernel's huge pages.

mod many_options;

use many_options::arguments;
use peakmem_alloc::{INSTRUMENTED_SYSTEM, PeakMemAlloc, PeakMemAllocTrait};
use pi_agent_ask_core::contract::ask_user::{NoPreviewFiles, ParseOptions};
use pi_agent_ask_core::contract::{Call, Tool};
use std::alloc::System;

#[global_allocator]
static ALLOCATOR: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

/// The most bytes held at once, beyond the text, while `text` is read into a call, checked,
/// and written out as `check` writes its verdict.
fn peak_beyond_text(text: &str) -> usize {
    ALLOCATOR.reset_peak_memory();
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let call = Call::read(
        Tool::AskUser,
        &mut deserializer,
        ParseOptions::default(),
        &mut NoPreviewFiles,
        || "request".to_owned(),
    )
    .unwrap()
    .unwrap();
    deserializer.end().unwrap();
    let verdict = (call.arguments_view(), call.normalized_request_view());
    pi_agent_ask_core::json::write_pretty(std::io::sink(), &verdict).unwrap();
    drop(call);
    ALLOCATOR.get_peak_memory()
}

#[test]
fn reading_checking_and_writing_keep_a_small_constant_per_option_beyond_its_text() {
    let (fewer, more) = (arguments(1_000), arguments(10_000));
    let added = peak_beyond_text(&more) - peak_beyond_text(&fewer);
    let per_option = added / 9_000;
    // Measured: 251 bytes (a 72-byte normalized option in a vector that doubles, its three
    // texts, how it is saved, the duplicate check's index). A map per option costs over 500
    // more, a second copy of the texts about 90.
    assert!(
        per_option < 300,
        "each option added {per_option} bytes beyond its text ({added} bytes for 9,000 options)"
    );
}
