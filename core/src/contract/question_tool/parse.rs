//! `ask_user_question` arguments to a [`QuestionRequest`], stopping at the first failure.

use std::collections::HashSet;

use serde_json::Value;

use super::{
    MAX_OPTIONS, MAX_QUESTIONS, QuestionRequest, ToolOption, ToolQuestion, normalized_header,
};
use crate::contract::issue::quoted;

/// The first rule an `ask_user_question` call broke, worded for the model.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct QuestionToolError {
    /// The exact message.
    pub message: String,
}

fn fail<T>(message: impl Into<String>) -> Result<T, QuestionToolError> {
    Err(QuestionToolError {
        message: message.into(),
    })
}

/// Validates and normalizes `ask_user_question` arguments; never panics, whatever the JSON.
pub fn parse_ask_user_question(args: &Value) -> Result<QuestionRequest, QuestionToolError> {
    let items = match args.get("questions") {
        Some(Value::Array(items)) if !items.is_empty() => items,
        _ => return fail("At least one question is required."),
    };
    if items.len() > MAX_QUESTIONS {
        return fail("At most 4 questions are allowed per call.");
    }
    let mut questions = Vec::with_capacity(items.len());
    for (index, item) in items.iter().enumerate() {
        questions.push(parse_question(index + 1, item)?);
    }
    let mut headers = HashSet::new();
    for question in &questions {
        if !headers.insert(question.header.to_lowercase()) {
            return fail(format!(
                "Duplicate header {}; headers must be unique.",
                quoted(&question.header)
            ));
        }
    }
    Ok(QuestionRequest { questions })
}

fn parse_question(n: usize, item: &Value) -> Result<ToolQuestion, QuestionToolError> {
    let text = item
        .get("question")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|text| !text.is_empty());
    let Some(text) = text else {
        return fail(format!("Question {n} is missing its question text."));
    };
    let options = match item.get("options") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(options)) => parse_options(n, options)?,
        Some(_) => return fail(format!("Question {n}: options must be an array.")),
    };
    let header = match item.get("header") {
        None | Some(Value::Null) => None,
        Some(Value::String(header)) => Some(header.trim()).filter(|header| !header.is_empty()),
        Some(_) => return fail(format!("Question {n}: header must be a string.")),
    };
    let header = normalized_header(n, header);
    let multi_select = match item.get("multiSelect") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(flag)) => *flag,
        Some(_) => return fail(format!("Question {n}: multiSelect must be a boolean.")),
    };
    Ok(ToolQuestion {
        id: format!("q{n}"),
        header,
        question: text.to_owned(),
        allow_other: !options.is_empty(),
        options,
        multi_select,
    })
}

fn parse_options(n: usize, items: &[Value]) -> Result<Vec<ToolOption>, QuestionToolError> {
    if items.is_empty() {
        return Ok(Vec::new());
    }
    if items.len() < 2 {
        return fail(format!(
            "Question {n}: provide at least 2 options, or no options at all for free-form text."
        ));
    }
    if items.len() > MAX_OPTIONS {
        return fail(format!("Question {n}: at most 4 options are allowed."));
    }
    let mut options = Vec::with_capacity(items.len());
    for item in items {
        let label = item
            .get("label")
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|label| !label.is_empty());
        let Some(label) = label else {
            return fail(format!("Question {n}: every option needs a label."));
        };
        let description = match item.get("description") {
            None | Some(Value::Null) => None,
            Some(Value::String(text)) => Some(text.trim()).filter(|text| !text.is_empty()),
            Some(_) => {
                return fail(format!(
                    "Question {n}: option descriptions must be strings."
                ));
            }
        };
        options.push(ToolOption {
            label: label.to_owned(),
            description: description.map(str::to_owned),
        });
    }
    let mut seen = HashSet::new();
    for option in &options {
        if !seen.insert(option.label.to_lowercase()) {
            return fail(format!(
                "Question {n}: duplicate option {}.",
                quoted(&option.label)
            ));
        }
    }
    Ok(options)
}
