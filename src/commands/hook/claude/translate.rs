//! `AskUserQuestion` questions as `ask_user` arguments: the same questions, asked by our form
//! with everything it offers (a written answer on every question, notes on questions and
//! options), and validated by the `ask_user` contract like any other call.

use serde_json::{Map, Value, json};

use super::input::ClaudeQuestion;

/// The `ask_user` id of the question at `position` (from 0): `q1`, `q2`, …
pub fn question_id(position: usize) -> String {
    format!("q{}", position + 1)
}

/// The position (from 0) of the question an `ask_user` id names, if it names one of `count`.
pub fn question_position(id: &str, count: usize) -> Option<usize> {
    let number: usize = id.strip_prefix('q')?.parse().ok()?;
    (1..=count)
        .contains(&number)
        .then(|| number - 1)
        .filter(|position| question_id(*position) == id)
}

/// The `ask_user` arguments asking `questions`: the question text as the prompt, the header
/// as the tab label, each option's label as its value and label, `multiSelect` as `multi`.
pub fn arguments(questions: &[ClaudeQuestion]) -> Value {
    let questions: Vec<Value> = questions
        .iter()
        .enumerate()
        .map(|(position, question)| {
            let mut entry = Map::new();
            entry.insert("id".into(), question_id(position).into());
            if let Some(header) = &question.header {
                entry.insert("label".into(), header.clone().into());
            }
            entry.insert("prompt".into(), question.question.clone().into());
            entry.insert(
                "type".into(),
                if question.multi_select {
                    "multi"
                } else {
                    "single"
                }
                .into(),
            );
            let options: Vec<Value> = question
                .options
                .iter()
                .map(|option| {
                    let mut spec = Map::new();
                    spec.insert("value".into(), option.label.clone().into());
                    spec.insert("label".into(), option.label.clone().into());
                    if let Some(description) = &option.description {
                        spec.insert("description".into(), description.clone().into());
                    }
                    Value::Object(spec)
                })
                .collect();
            entry.insert("options".into(), options.into());
            Value::Object(entry)
        })
        .collect();
    json!({ "questions": questions })
}
