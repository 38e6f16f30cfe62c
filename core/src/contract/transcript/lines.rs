//! The pieces both tools' transcripts are made of, and the tolerant reading of arguments they
//! share, so a call and a result look alike whichever tool they come from.

use serde_json::Value;
use smallvec::smallvec;

use crate::contract::tool::Tool;
use crate::draw::{Line, Role, Span, Style};

/// The cells the body lines under a headline are indented by.
const INDENT: usize = 2;

/// A span owning its text: a transcript outlives the arguments it was read from.
fn span(text: impl Into<String>, role: Role) -> Span<'static> {
    Span::new(text.into(), Style::new(role))
}

/// `<tool> <count>[ (<names joined ", ">)]`: the tool's name, then what it asks.
pub(super) fn headline(tool: Tool, count: &str, names: &[String]) -> Line<'static> {
    let summary = if names.is_empty() {
        format!(" {count}")
    } else {
        format!(" {count} ({})", names.join(", "))
    };
    smallvec![
        Span::new(tool.name(), Style::new(Role::Accent).bold()),
        span(summary, Role::Muted),
    ]
}

/// `  <name>: <choices>`, one question of a call.
pub(super) fn choices_line(name: &str, choices: &str) -> Line<'static> {
    smallvec![
        Span::spaces(INDENT),
        span(format!("{name}: "), Role::Text),
        span(choices, Role::Muted),
    ]
}

/// A line saying how the flow ended, in the role that says how well.
pub(super) fn status(text: &str, role: Role) -> Line<'static> {
    smallvec![span(text, role)]
}

/// `  <text>`: a detail under a status, such as one problem of a refused call.
pub(super) fn detail(text: &str) -> Line<'static> {
    smallvec![Span::spaces(INDENT), span(text, Role::Muted)]
}

/// `✓ <name>: <answer>`.
pub(super) fn answered(name: &str, answer: Vec<Span<'static>>) -> Line<'static> {
    let mut line: Line = smallvec![
        span("✓ ", Role::Success),
        span(format!("{name}: "), Role::Text),
    ];
    line.extend(answer);
    line
}

/// `? <name>: (no answer)`.
pub(super) fn unanswered(name: &str) -> Line<'static> {
    smallvec![
        span("? ", Role::Warning),
        span(format!("{name}: "), Role::Text),
        span("(no answer)", Role::Muted),
    ]
}

/// `? <name>: <prompt>`: a question the user wants clarified, by its full prompt.
pub(super) fn to_clarify(name: &str, prompt: &str) -> Line<'static> {
    smallvec![
        span("? ", Role::Warning),
        span(format!("{name}: {prompt}"), Role::Text),
    ]
}

/// `  <what>: <text>` under an answer: its note, an option's note, the current answer.
pub(super) fn under(what: &str, text: Vec<Span<'static>>) -> Line<'static> {
    let mut line: Line = smallvec![Span::spaces(INDENT), span(format!("{what}: "), Role::Muted)];
    line.extend(text);
    line
}

/// Plain answer text.
pub(super) fn text(text: &str) -> Span<'static> {
    span(text, Role::Text)
}

/// `(wrote) `, before a written answer.
pub(super) fn wrote() -> Span<'static> {
    span("(wrote) ", Role::Muted)
}

/// The string at `key` of `value`, trimmed, when `value` is an object with text there.
pub(super) fn text_field<'a>(value: &'a Value, key: &str) -> Option<&'a str> {
    value
        .get(key)
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|text| !text.is_empty())
}

/// The entries of the array at `key` of `value`; none when there is no array. An entry that
/// is no object still counts, and every field read from it is absent.
pub(super) fn entries<'a>(value: &'a Value, key: &str) -> &'a [Value] {
    value
        .get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}
