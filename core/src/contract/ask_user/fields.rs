//! Reading one field of the arguments: required and optional strings, booleans and option
//! labels, each problem reported as an issue at the field's path.

use serde_json::{Map, Value};

use crate::contract::issue::Issue;
use crate::contract::trimmed::trim;

/// A field's value as the checks see it: its text borrowed from whatever holds it.
#[derive(Clone, Copy, Debug)]
pub(super) enum Found<'a> {
    /// A string.
    Text(&'a str),
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, an array or an object.
    Other,
}

impl<'a> From<&'a Value> for Found<'a> {
    fn from(value: &'a Value) -> Self {
        match value {
            Value::String(text) => Self::Text(text),
            Value::Null => Self::Null,
            Value::Bool(flag) => Self::Bool(*flag),
            _ => Self::Other,
        }
    }
}

/// An object whose fields are read: a `Map` looks each one up by name, while an option knows
/// where its fields are (see `option_object::OptionObject`), since every lookup in a `Map`
/// hashes the name.
pub(super) trait Fields {
    /// What names a field.
    type Key: Copy;

    /// The value of field `key`, if the object has it.
    fn field(&self, key: Self::Key) -> Option<Found<'_>>;

    /// The field's name, as an issue writes it.
    fn name(key: Self::Key) -> &'static str;
}

impl Fields for Map<String, Value> {
    type Key = &'static str;

    fn field(&self, key: &'static str) -> Option<Found<'_>> {
        self.get(key).map(Found::from)
    }

    fn name(key: &'static str) -> &'static str {
        key
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

/// An option's label as read.
pub(super) enum Label {
    /// Given: a string that is not blank.
    Given,
    /// Derived from the value, the label being absent, `null` or blank.
    Derived(String),
}

/// The option's label: given and trimmed, or derived from a non-blank value (`use-bun_now` →
/// `Use bun now`); a derived label that is blank (a value of only `-` and `_`) is still missing.
pub(super) fn option_label(
    label: Option<Found<'_>>,
    value: Option<&str>,
    place: Place,
    issues: &mut Vec<Issue>,
) -> Option<Label> {
    match label {
        Some(Found::Text(text)) if !trim(text).is_empty() => Some(Label::Given),
        None | Some(Found::Null | Found::Text(_)) => {
            let derived = value.map(derive_label).filter(|label| !label.is_empty());
            if derived.is_none() {
                issues.push(place.issue("label", "is required"));
            }
            derived.map(Label::Derived)
        }
        Some(_) => {
            issues.push(place.issue("label", "must be a string"));
            None
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
pub(super) fn required_string<'a, O: Fields>(
    object: &'a O,
    key: O::Key,
    place: Place,
    issues: &mut Vec<Issue>,
) -> Option<&'a str> {
    let field = O::name(key);
    match object.field(key) {
        Some(Found::Text(text)) if !trim(text).is_empty() => Some(trim(text)),
        None | Some(Found::Null | Found::Text(_)) => {
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
pub(super) enum TextField<'a> {
    /// Absent, `null` or blank: treated as omitted.
    Omitted,
    /// Present and not blank, trimmed.
    Text(&'a str),
    /// Not a string (already reported as an issue).
    WrongType,
}

impl<'a> TextField<'a> {
    pub(super) const fn text(self) -> Option<&'a str> {
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
pub(super) fn optional_string<'a, O: Fields>(
    object: &'a O,
    key: O::Key,
    place: Place,
    issues: &mut Vec<Issue>,
) -> TextField<'a> {
    let field = O::name(key);
    match object.field(key) {
        None | Some(Found::Null) => TextField::Omitted,
        Some(Found::Text(text)) if trim(text).is_empty() => TextField::Omitted,
        Some(Found::Text(text)) => TextField::Text(trim(text)),
        Some(_) => {
            issues.push(place.issue(field, "must be a string"));
            TextField::WrongType
        }
    }
}

/// An optional boolean field: `None` when absent or of the wrong type (which is an issue).
pub(super) fn optional_bool<O: Fields>(
    object: &O,
    key: O::Key,
    place: Place,
    issues: &mut Vec<Issue>,
) -> Option<bool> {
    let field = O::name(key);
    match object.field(key) {
        None | Some(Found::Null) => None,
        Some(Found::Bool(flag)) => Some(flag),
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
