//! Reading one field of the arguments: required and optional strings, booleans and option
//! labels, each problem reported as an issue at the field's path.

use serde_json::{Map, Value};

use crate::contract::issue::Issue;

/// An object whose fields are read by name: a `Map` looks each one up, while an option's
/// fields are found in one pass over its entries (see `option_object::OptionFields`), since
/// every lookup in a `Map` hashes the name.
pub(super) trait Fields {
    /// The value of field `name`, if the object has it.
    fn field(&self, name: &str) -> Option<&Value>;
}

impl Fields for Map<String, Value> {
    fn field(&self, name: &str) -> Option<&Value> {
        self.get(name)
    }
}

/// Where an object sits in the arguments. The path of an issue and the subject its message
/// names are written out from it only when there is an issue, not for every field read.
#[derive(Clone, Copy, Debug)]
pub(super) enum Place {
    /// The top level of the arguments.
    Root,
    /// The question at this index (from 0).
    Question(usize),
    /// An option of a question, both indexes from 0.
    Option {
        /// The question's index.
        question: usize,
        /// The option's index within the question.
        option: usize,
    },
}

impl Place {
    /// The object's own path: `questions[0]`, `questions[0].options[1]`.
    pub(super) fn path(self) -> String {
        match self {
            Self::Root => String::new(),
            Self::Question(index) => format!("questions[{index}]"),
            Self::Option { question, option } => format!("questions[{question}].options[{option}]"),
        }
    }

    /// How a message names the object: `Question 1`, `Question 1, option 2`.
    pub(super) fn subject(self) -> String {
        match self {
            Self::Root => String::new(),
            Self::Question(index) => format!("Question {}", index + 1),
            Self::Option { question, option } => {
                format!("Question {}, option {}", question + 1, option + 1)
            }
        }
    }

    /// The path of one of its fields: `title`, `questions[0].label`.
    pub(super) fn field_path(self, field: &str) -> String {
        match self {
            Self::Root => field.to_owned(),
            _ => format!("{}.{field}", self.path()),
        }
    }

    /// How a message names one of its fields: `title`, `Question 1: label`.
    pub(super) fn field_subject(self, field: &str) -> String {
        match self {
            Self::Root => field.to_owned(),
            _ => format!("{}: {field}", self.subject()),
        }
    }

    /// An issue of one of its fields: at the field's path, the field named before `problem`.
    fn issue(self, field: &str, problem: &str) -> Issue {
        Issue::new(
            self.field_path(field),
            format!("{} {problem}", self.field_subject(field)),
        )
    }
}

/// The option's label: given and trimmed, or derived from a non-blank value (`use-bun_now` →
/// `Use bun now`); a derived label that is blank (a value of only `-` and `_`) is still missing.
pub(super) fn option_label(
    object: &impl Fields,
    value: Option<&str>,
    place: Place,
    issues: &mut Vec<Issue>,
) -> (Option<String>, bool) {
    match object.field("label") {
        Some(Value::String(text)) if !text.trim().is_empty() => {
            (Some(text.trim().to_owned()), false)
        }
        None | Some(Value::Null | Value::String(_)) => {
            let derived = value.map(derive_label).filter(|label| !label.is_empty());
            if let Some(derived) = derived {
                (Some(derived), true)
            } else {
                issues.push(place.issue("label", "is required"));
                (None, false)
            }
        }
        Some(_) => {
            issues.push(place.issue("label", "must be a string"));
            (None, false)
        }
    }
}

/// A label read from a value: every run of hyphens, underscores and white space becomes one
/// space, the ends are trimmed, and only the first character is upper-cased (`__api--KEY__` →
/// `Api KEY`), so a value written as an identifier reads as words.
pub fn derive_label(value: &str) -> String {
    let spaced = value.replace(['-', '_'], " ");
    let words: Vec<&str> = spaced.split_whitespace().collect();
    let joined = words.join(" ");
    let mut chars = joined.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// A required string field: trimmed and non-blank, else `<subject>: <field> is required`.
pub(super) fn required_string(
    object: &impl Fields,
    field: &str,
    place: Place,
    issues: &mut Vec<Issue>,
) -> Option<String> {
    match object.field(field) {
        Some(Value::String(text)) if !text.trim().is_empty() => Some(text.trim().to_owned()),
        None | Some(Value::Null | Value::String(_)) => {
            issues.push(place.issue(field, "is required"));
            None
        }
        Some(_) => {
            issues.push(place.issue(field, "must be a string"));
            None
        }
    }
}

/// An optional text field as found.
pub(super) enum TextField {
    /// Absent, `null` or blank: treated as omitted.
    Omitted,
    /// Present and not blank, trimmed.
    Text(String),
    /// Not a string (already reported as an issue).
    WrongType,
}

impl TextField {
    pub(super) fn text(self) -> Option<String> {
        match self {
            Self::Text(text) => Some(text),
            Self::Omitted | Self::WrongType => None,
        }
    }

    pub(super) const fn has_text(&self) -> bool {
        matches!(self, Self::Text(_))
    }

    pub(super) const fn is_omitted(&self) -> bool {
        matches!(self, Self::Omitted)
    }
}

/// An optional string field; a wrong type is reported at the field's path.
pub(super) fn optional_string(
    object: &impl Fields,
    field: &str,
    place: Place,
    issues: &mut Vec<Issue>,
) -> TextField {
    match object.field(field) {
        None | Some(Value::Null) => TextField::Omitted,
        Some(Value::String(text)) if text.trim().is_empty() => TextField::Omitted,
        Some(Value::String(text)) => TextField::Text(text.trim().to_owned()),
        Some(_) => {
            issues.push(place.issue(field, "must be a string"));
            TextField::WrongType
        }
    }
}

/// An optional boolean field: `None` when absent or of the wrong type (which is an issue).
pub(super) fn optional_bool(
    object: &impl Fields,
    field: &str,
    place: Place,
    issues: &mut Vec<Issue>,
) -> Option<bool> {
    match object.field(field) {
        None | Some(Value::Null) => None,
        Some(Value::Bool(flag)) => Some(*flag),
        Some(_) => {
            issues.push(place.issue(field, "must be a boolean"));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_derived_from_values() {
        assert_eq!(derive_label("use-bun_now"), "Use bun now");
        assert_eq!(
            derive_label("region-local-kms-reencrypt-dek"),
            "Region local kms reencrypt dek"
        );
        assert_eq!(derive_label("élan"), "Élan");
    }

    #[test]
    fn labels_derived_from_values_collapse_separator_runs_and_upper_case_only_the_first_letter() {
        assert_eq!(derive_label("__api--KEY__"), "Api KEY");
        assert_eq!(derive_label("a -_ b\t\n c"), "A b c");
        assert_eq!(derive_label("mixed_Case-VALUE"), "Mixed Case VALUE");
        assert_eq!(derive_label("-_-"), "");
    }
}
