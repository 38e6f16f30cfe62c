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
use std::sync::{Mutex, PoisonError};

#[global_allocator]
static ALLOCATOR: &PeakMemAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Held by each test while it measures: the allocator's peak is one for the whole process.
static MEASURING: Mutex<()> = Mutex::new(());

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
    let _measuring = MEASURING.lock().unwrap_or_else(PoisonError::into_inner);
    let (fewer, more) = (arguments(1_000), arguments(10_000));
    let added = peak_beyond_text(&more) - peak_beyond_text(&fewer);
    let per_option = added / 9_000;
    // Measured: 260 bytes (an 80-byte normalized option in a vector that doubles, its texts,
    // a value held inline, a label of 25 to 28 bytes in compact_str's 32-byte least heap
    // buffer, how it is saved, the duplicate check's index). A map per option costs over 500
    // more, a second copy of the texts about 90.
    assert!(
        per_option < 300,
        "each option added {per_option} bytes beyond its text ({added} bytes for 9,000 options)"
    );
}

/// Arguments of one preview question whose first option's preview is `preview`.
fn preview_arguments(preview: &str) -> String {
    serde_json::json!({"questions": [{"id": "code", "prompt": "Which version?", "type": "preview",
    "options": [
        {"value": "big", "label": "Big", "preview": preview},
        {"value": "small", "label": "Small", "preview": "small"}
    ]}]})
    .to_string()
}

/// The most bytes held at once while `text` is read into a `Value`, `serde_json`'s own tree.
fn peak_of_a_value(text: &str) -> usize {
    ALLOCATOR.reset_peak_memory();
    let value: serde_json::Value = serde_json::from_str(text).unwrap();
    drop(value);
    ALLOCATOR.get_peak_memory()
}

/// The size of the large preview: 3 MiB.
const PREVIEW: usize = 3 << 20;

#[test]
fn a_preview_is_held_once_as_written_and_trimmed() {
    let _measuring = MEASURING.lock().unwrap_or_else(PoisonError::into_inner);
    let line = "let kept = a_line_of_code_in_a_long_preview();\n";
    let mut preview = line.repeat(PREVIEW / line.len());
    preview.push_str(&"\n".repeat(PREVIEW - preview.len()));
    let text = preview_arguments(&preview);
    drop(preview);
    // serde_json unescapes the text into a buffer of its own, then copies it out once; that
    // copy is all the call keeps. A trimmed copy beside it would take 3 MiB more.
    let (call, value) = (peak_beyond_text(&text), peak_of_a_value(&text));
    assert!(
        call < value + PREVIEW / 8,
        "a preview of {PREVIEW} bytes: {call} bytes at the peak, {value} read as a Value"
    );
}
