//! A call asked as one MCP form elicitation: the questions become the flat properties an
//! elicitation schema allows, and the accepted content becomes a remote response, checked by
//! the call exactly like `--answer`.
//!
//! Everything that differs per tool comes from the call's rules: whether notes exist, whether
//! the form ends with Submit or Elaborate, whether every question must be answered, and what
//! the written-answer row is called. What differs per revision of the protocol is the
//! [`Shape`] of a choice: titled (`oneOf`, arrays) from 2025-11-25, a plain `enum` with
//! `enumNames` and a checkbox per option of a multiple choice in 2025-06-18, whose forms hold
//! primitive properties only.

use std::fmt::Write as _;

use pi_agent_ask_core::contract::Call;
use pi_agent_ask_core::contract::request::{OptionSpec, Question, QuestionType};
use pi_agent_ask_core::contract::rules::ReviewAction;
use pi_agent_ask_core::text::sanitize;
use serde_json::{Map, Value, json};

use shown::sanitize_shown;

mod shown;

/// The most lines of one option's preview a form shows.
const PREVIEW_LINES: usize = 6;
/// The most characters of one option's preview a form shows.
const PREVIEW_CHARS: usize = 300;
/// The property that holds how the user finished (Submit or Elaborate).
const FINISH: &str = "finish";

/// How a form's choices are written, by the revision of the protocol the client speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// 2025-11-25 and later: a single choice is a string of titled `oneOf` constants, a
    /// multiple choice an array of titled `anyOf` items.
    Titled,
    /// 2025-06-18: a single choice is a string `enum` with `enumNames`; a multiple choice, one
    /// boolean per option (the form takes no arrays).
    Primitive,
}

/// One form for the whole call: the message above it and its flat schema.
#[derive(Clone, Debug, PartialEq)]
pub struct Form {
    /// What the client shows above the fields.
    pub message: String,
    /// The `requestedSchema`: an object of string, enum and array properties.
    pub schema: Value,
}

/// The property names of question `index` (0-based): its choice, its written answer, its note.
fn keys(index: usize) -> (String, String, String) {
    let n = index + 1;
    (format!("q{n}"), format!("q{n}_own"), format!("q{n}_note"))
}

/// The property of option `option` (0-based) of question `index` in a [`Shape::Primitive`]
/// multiple choice: a checkbox.
fn option_key(index: usize, option: usize) -> String {
    format!("q{}_option{}", index + 1, option + 1)
}

/// The form that asks every question of `call`, its choices written in `shape`.
pub fn form(call: &Call, shape: Shape) -> Form {
    let rules = call.rules();
    let request = call.request();
    let mut properties = Map::new();
    let mut required = Vec::new();
    for (index, question) in request.questions.iter().enumerate() {
        let (choice, own, note) = keys(index);
        let description = describe(question);
        let other = other_choice(call, question);
        let checkboxes_only =
            shape == Shape::Primitive && question.presented == QuestionType::Multi;
        if checkboxes_only {
            properties.extend(checkboxes(index, question, &description, other));
        } else if !question.options.is_empty() {
            properties.insert(
                choice.clone(),
                choice_property(question, &description, other, shape),
            );
        }
        let own_title = if question.options.is_empty() {
            question.label.clone()
        } else {
            format!("{}: {}", question.label, rules.custom_label)
        };
        let own_description = if question.options.is_empty() {
            description
        } else if let Some(other) = other {
            format!(
                "Written instead of a choice above (choose {other:?} there); when filled in, it \
                 is the answer."
            )
        } else if rules.custom_is_exclusive(question) {
            "Written instead of a choice above; when filled in, it is the answer.".to_owned()
        } else {
            "Written beside the choices above.".to_owned()
        };
        properties.insert(
            own.clone(),
            json!({"type": "string", "title": own_title, "description": own_description}),
        );
        if rules.notes {
            properties.insert(
                note,
                json!({
                    "type": "string",
                    "title": format!("{}: note", question.label),
                    "description": "A note for the agent about this question.",
                }),
            );
        }
        // A multiple choice of checkboxes has no one property to require: the answer's
        // check asks for it instead.
        if rules.submit_needs_every_answer && (!checkboxes_only || question.options.is_empty()) {
            required.push(if question.options.is_empty() {
                own
            } else {
                choice
            });
        }
    }
    if rules.actions.contains(&ReviewAction::Elaborate) {
        let finishes = [
            ("submit", ReviewAction::Submit.label()),
            ("elaborate", ReviewAction::Elaborate.label()),
        ];
        let mut finish = json!({
            "type": "string",
            "title": "Finish",
            "description": "Submit the answers, or ask the agent to elaborate on your notes first.",
        });
        match shape {
            Shape::Titled => {
                finish["oneOf"] = finishes
                    .iter()
                    .map(|(value, title)| json!({"const": value, "title": title}))
                    .collect();
                finish["default"] = json!("submit");
            }
            // No defaults before 2025-11-25: a finish left out submits.
            Shape::Primitive => {
                finish["enum"] = finishes.iter().map(|(value, _)| json!(value)).collect();
                finish["enumNames"] = finishes.iter().map(|(_, title)| json!(title)).collect();
            }
        }
        properties.insert(FINISH.to_owned(), finish);
    }
    let mut schema = json!({"type": "object", "properties": properties});
    if !required.is_empty() {
        schema["required"] = json!(required);
    }
    sanitize_shown(&mut schema);
    Form {
        message: sanitize(&message(call)).into_owned(),
        schema,
    }
}

fn message(call: &Call) -> String {
    let count = call.request().questions.len();
    let asks = if count == 1 {
        "The agent asks one question.".to_owned()
    } else {
        format!("The agent asks {count} questions.")
    };
    match call.title() {
        Some(title) => format!("{title}\n\n{asks}"),
        None => asks,
    }
}

/// The prompt, then each option's preview shortened, for the property's description.
fn describe(question: &Question) -> String {
    let mut text = question.prompt.clone();
    for option in &question.options {
        if let Some(preview) = &option.preview {
            // Writing to a `String` cannot fail.
            let _ = write!(text, "\n\n{}:\n{}", option.label, shorten(preview));
        }
    }
    text
}

/// At most [`PREVIEW_LINES`] lines and [`PREVIEW_CHARS`] characters, `…` where cut.
fn shorten(preview: &str) -> String {
    let mut lines: Vec<&str> = preview.lines().take(PREVIEW_LINES + 1).collect();
    let mut cut = lines.len() > PREVIEW_LINES;
    lines.truncate(PREVIEW_LINES);
    let joined = lines.join("\n");
    let mut text: String = joined.chars().take(PREVIEW_CHARS).collect();
    cut |= text.len() < joined.len();
    if cut {
        text.push('…');
    }
    text
}

fn option_title(option: &OptionSpec) -> String {
    let mut title = option.label.to_string();
    if option.recommended == Some(true) {
        title.push_str(" (recommended)");
    }
    if let Some(description) = &option.description {
        title.push_str(" | ");
        title.push_str(description);
    }
    title
}

/// The choice a required single-choice question adds for a written answer: without it a
/// client that holds to `required` makes the user pick an option they do not mean before the
/// written answer can go. `None` for a question that needs none, or whose options already
/// take the value.
fn other_choice(call: &Call, question: &Question) -> Option<&'static str> {
    let rules = call.rules();
    let other = rules.custom_label;
    (rules.submit_needs_every_answer
        && rules.custom_is_exclusive(question)
        && !question.options.is_empty()
        && question.options.iter().all(|option| option.value != other))
    .then_some(other)
}

fn choice_property(
    question: &Question,
    description: &str,
    other: Option<&str>,
    shape: Shape,
) -> Value {
    if shape == Shape::Primitive {
        let (values, titles): (Vec<Value>, Vec<Value>) = question
            .options
            .iter()
            .map(|option| (json!(option.value), json!(option_title(option))))
            .chain(other.map(|other| (json!(other), json!(other))))
            .unzip();
        return json!({
            "type": "string",
            "title": question.label,
            "description": description,
            "enum": values,
            "enumNames": titles,
        });
    }
    let choices: Vec<Value> = question
        .options
        .iter()
        .map(|option| json!({"const": option.value, "title": option_title(option)}))
        .chain(other.map(|other| json!({"const": other, "title": other})))
        .collect();
    match question.presented {
        QuestionType::Multi => json!({
            "type": "array",
            "title": question.label,
            "description": description,
            "items": {"anyOf": choices},
        }),
        QuestionType::Single | QuestionType::Preview => json!({
            "type": "string",
            "title": question.label,
            "description": description,
            "oneOf": choices,
        }),
    }
}

/// A [`Shape::Primitive`] multiple choice: a checkbox per option titled with the question's
/// label, the first holding the question's description, and one for `other` last.
fn checkboxes(
    index: usize,
    question: &Question,
    description: &str,
    other: Option<&str>,
) -> Map<String, Value> {
    let titles = question
        .options
        .iter()
        .map(option_title)
        .chain(other.map(str::to_owned));
    titles
        .enumerate()
        .map(|(option, title)| {
            let mut checkbox = json!({
                "type": "boolean",
                "title": format!("{}: {title}", question.label),
            });
            if option == 0 {
                checkbox["description"] = json!(description);
            }
            (option_key(index, option), checkbox)
        })
        .collect()
}

/// The values a form's content chose for question `index`: its choice property (a string or
/// an array), then the options whose checkboxes are ticked, in option order, `other` standing
/// for the checkbox after them. A checkbox that is neither true, false nor left out is no
/// form's answer: the error says which.
fn chosen(
    content: &Map<String, Value>,
    index: usize,
    question: &Question,
    other: Option<&str>,
) -> Result<Vec<Value>, String> {
    let (choice, _, _) = keys(index);
    let mut chosen = match content.get(&choice) {
        Some(Value::Array(values)) => values.clone(),
        Some(Value::Null) | None => Vec::new(),
        Some(value) => vec![value.clone()],
    };
    let values = question
        .options
        .iter()
        .map(|option| option.value.as_str())
        .chain(other);
    for (option, value) in values.enumerate() {
        let key = option_key(index, option);
        match content.get(&key) {
            Some(Value::Bool(true)) => chosen.push(json!(value)),
            Some(Value::Bool(false) | Value::Null) | None => {}
            Some(_) => {
                return Err(format!(
                    "The form's field {key} must be true or false, as a checkbox is."
                ));
            }
        }
    }
    Ok(chosen)
}

/// The remote response the accepted `content` of [`form`] stands for. Values keep the JSON
/// type the client sent, so the call's check refuses what is not a string as `--answer` does;
/// a checkbox that is no boolean is refused here, saying which.
pub fn response(call: &Call, content: &Map<String, Value>) -> Result<Value, String> {
    let rules = call.rules();
    let mut answers = Map::new();
    for (index, question) in call.request().questions.iter().enumerate() {
        let (_, own, note) = keys(index);
        let written = content
            .get(&own)
            .filter(|text| text.as_str().is_none_or(|text| !text.trim().is_empty()));
        let mut answer = Map::new();
        // The added Other choice stands for the written answer, no option of the question's.
        let other = other_choice(call, question);
        let chosen: Vec<Value> = chosen(content, index, question, other)?
            .into_iter()
            .filter(|value| other.is_none_or(|other| value.as_str() != Some(other)))
            .collect();
        let choice_counts = written.is_none() || !rules.custom_is_exclusive(question);
        if choice_counts && !chosen.is_empty() {
            answer.insert("values".into(), Value::Array(chosen));
        }
        if let Some(written) = written {
            answer.insert("customText".into(), written.clone());
        }
        if rules.notes
            && let Some(note) = content
                .get(&note)
                .filter(|text| text.as_str().is_none_or(|text| !text.trim().is_empty()))
        {
            answer.insert("note".into(), note.clone());
        }
        if !answer.is_empty() {
            answers.insert(question.id.clone(), Value::Object(answer));
        }
    }
    let mut response = json!({"kind": "answer", "answers": answers});
    if let Some(finish) = content.get(FINISH) {
        response["mode"] = finish.clone();
    }
    Ok(response)
}

#[cfg(test)]
#[path = "elicitation_tests.rs"]
mod tests;
