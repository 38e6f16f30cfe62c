//! One question's options, read one at a time as they arrive: each is checked as soon as it is
//! read and kept as its normalized option, so only one option's object exists at a time. The
//! checks that need the whole question (its type, earlier values) run when it is complete, and
//! every issue still comes out in the documented order.

use serde::de::Deserializer;
use serde_json::{Map, Value};

use super::fields::{
    Place, TextField, option_label, optional_bool, optional_string, required_string,
};
use super::option_object::{OptionItem, OptionObject};
use super::repeated::{repeated_positions, value_hash};
use super::saved::{FieldOrder, OptionField, SavedOption};
use super::tap::{ElementTap, FieldTap, value_with_elements};
use crate::contract::issue::{Issue, quoted};
use crate::contract::request::{OptionSpec, QuestionType};

/// The options of question `question` read so far.
pub(super) struct OptionsRead {
    question: usize,
    /// One per option: the normalized option, or a stand-in holding the value of a refused one.
    specs: Vec<OptionSpec>,
    /// One per option: how it is saved.
    saved: Vec<SavedOption>,
    /// The refused options, in order.
    problems: Vec<OptionProblems>,
}

/// An option whose own fields break the contract.
struct OptionProblems {
    index: usize,
    /// Whether its value was read (it then takes part in the duplicate check).
    has_value: bool,
    /// The issues found before the preview question's check.
    head: Vec<Issue>,
    /// The issues found after it.
    tail: Vec<Issue>,
    /// No preview text and no preview file.
    lacks_preview: bool,
}

/// The options of a question whose options are all valid.
pub(super) struct ValidOptions {
    pub(super) specs: Vec<OptionSpec>,
    pub(super) saved: Vec<SavedOption>,
}

impl OptionsRead {
    pub(super) const fn new(question: usize) -> Self {
        Self {
            question,
            specs: Vec::new(),
            saved: Vec::new(),
            problems: Vec::new(),
        }
    }

    /// How many options were read.
    pub(super) const fn len(&self) -> usize {
        self.specs.len()
    }

    const fn place(&self, index: usize) -> Place {
        Place::Option {
            question: self.question,
            option: index,
        }
    }

    fn read(&mut self, item: OptionItem<'_>) {
        let index = self.specs.len();
        let place = self.place(index);
        let OptionItem::Object(object) = item else {
            self.refuse(
                OptionProblems {
                    index,
                    has_value: false,
                    head: vec![Issue::new(
                        place.path(),
                        format!("{} must be an object", place.subject()),
                    )],
                    tail: Vec::new(),
                    lacks_preview: false,
                },
                None,
            );
            return;
        };
        let fields = object.fields();
        let mut issues = Vec::new();
        let value = required_string(&fields, "value", place, &mut issues);
        let (label, derived_label) = option_label(&fields, value.as_deref(), place, &mut issues);
        let field =
            |name: &str, issues: &mut Vec<Issue>| optional_string(&fields, name, place, issues);
        let description = field("description", &mut issues);
        let preview = field("preview", &mut issues);
        let preview_file = field("previewFile", &mut issues);
        if preview.has_text() && preview_file.has_text() {
            issues.push(Issue::new(
                place.field_path("previewFile"),
                format!(
                    "{}: use either preview or previewFile, not both",
                    place.subject()
                ),
            ));
        }
        let lacks_preview = preview.is_omitted() && preview_file.is_omitted();
        let head = issues.len();
        let recommended = optional_bool(&fields, "recommended", place, &mut issues);
        match (value, label) {
            (Some(value), Some(label)) if issues.is_empty() => {
                let spec = OptionSpec {
                    value: value.into_boxed_str(),
                    label: label.into_boxed_str(),
                    description: description.text().map(String::into_boxed_str),
                    preview: preview.text().map(String::into_boxed_str),
                    recommended,
                };
                let saved = saved_option(object, &spec, derived_label, &preview_file);
                self.specs.push(spec);
                self.saved.push(saved);
            }
            (value, _) => {
                let tail = issues.split_off(head);
                self.refuse(
                    OptionProblems {
                        index,
                        has_value: value.is_some(),
                        head: issues,
                        tail,
                        lacks_preview,
                    },
                    value,
                );
            }
        }
    }

    fn refuse(&mut self, problems: OptionProblems, value: Option<String>) {
        self.specs.push(stand_in(value.map(String::into_boxed_str)));
        self.saved
            .push(SavedOption::AsNormalized(FieldOrder::default()));
        self.problems.push(problems);
    }

    /// Finishes the question's options once its type is known: appends every option issue in
    /// the contract's order and gives the options when there is none.
    pub(super) fn finish(
        self,
        kind: Option<QuestionType>,
        issues: &mut Vec<Issue>,
    ) -> Option<ValidOptions> {
        let before = issues.len();
        let duplicates = self.duplicate_values();
        let wants_preview = kind == Some(QuestionType::Preview);
        let mut problems = self.problems.iter().peekable();
        let mut duplicates = duplicates.into_iter().peekable();
        for index in 0..self.specs.len() {
            let problem = problems.next_if(|problem| problem.index == index);
            let duplicate = duplicates.next_if(|&other| other == index).is_some();
            let lacks_preview =
                problem.map_or_else(|| self.saved[index].lacks_preview(), |p| p.lacks_preview);
            let missing_preview = wants_preview && lacks_preview;
            if problem.is_none() && !duplicate && !missing_preview {
                continue;
            }
            let place = self.place(index);
            let (path, subject) = (place.path(), place.subject());
            if duplicate {
                issues.push(Issue::new(
                    format!("{path}.value"),
                    format!(
                        "{subject}: duplicate option value {}",
                        quoted(&self.specs[index].value)
                    ),
                ));
            }
            if let Some(problem) = problem {
                issues.extend(problem.head.iter().cloned());
            }
            if missing_preview {
                issues.push(Issue::new(
                    format!("{path}.preview"),
                    format!(
                        "{subject}: preview questions require preview text for every option; add preview text or use type \"single\" instead"
                    ),
                ));
            }
            if let Some(problem) = problem {
                issues.extend(problem.tail.iter().cloned());
            }
        }
        (issues.len() == before).then(|| {
            let (mut specs, mut saved) = (self.specs, self.saved);
            specs.shrink_to_fit();
            saved.shrink_to_fit();
            ValidOptions { specs, saved }
        })
    }

    /// The options whose trimmed value an earlier option has already, in order.
    fn duplicate_values(&self) -> Vec<usize> {
        let mut problems = self.problems.iter().peekable();
        let with_values = (0..self.specs.len()).filter(move |&index| {
            problems
                .next_if(|problem| problem.index == index)
                .is_none_or(|problem| problem.has_value)
        });
        repeated_positions(with_values, |index| &self.specs[index].value, value_hash)
    }
}

impl FieldTap for OptionsRead {
    fn take<'de, D: Deserializer<'de>>(&mut self, deserializer: D) -> Result<Value, D::Error> {
        *self = Self::new(self.question);
        value_with_elements(deserializer, self)
    }
}

impl ElementTap for OptionsRead {
    fn element<'de, D: Deserializer<'de>>(&mut self, deserializer: D) -> Result<(), D::Error> {
        self.read(OptionItem::read(deserializer)?);
        Ok(())
    }
}

/// What stands for a refused option: its trimmed value, if it had one, for the duplicate check.
fn stand_in(value: Option<Box<str>>) -> OptionSpec {
    OptionSpec {
        value: value.unwrap_or_default(),
        label: Box::default(),
        description: None,
        preview: None,
        recommended: None,
    }
}

/// How a valid option is saved: only the order of its fields when it is written as the
/// normalized option reads, else its object with a derived label filled in.
fn saved_option(
    object: OptionObject<'_>,
    spec: &OptionSpec,
    derived_label: bool,
    preview_file: &TextField,
) -> SavedOption {
    let mut order = FieldOrder::default();
    let mut as_normalized = !preview_file.has_text();
    for (key, value) in object.iter() {
        let field = OptionField::named(key);
        let same = match (field, value) {
            (Some(OptionField::Label), _) if derived_label => true,
            (Some(OptionField::Value), Value::String(text)) => **text == *spec.value,
            (Some(OptionField::Label), Value::String(text)) => **text == *spec.label,
            (Some(OptionField::Description), Value::String(text)) => {
                spec.description.as_deref() == Some(text.as_str())
            }
            (Some(OptionField::Preview), Value::String(text)) => {
                spec.preview.as_deref() == Some(text.as_str())
            }
            (Some(OptionField::Recommended), Value::Bool(_)) => true,
            (None, _) => key == "previewFile",
            _ => false,
        };
        as_normalized &= same;
        if let Some(field) = field {
            order.push(field);
        }
    }
    if derived_label {
        order.push(OptionField::Label);
    }
    if as_normalized {
        return SavedOption::AsNormalized(order);
    }
    let mut object = object.into_map();
    if derived_label {
        object.insert("label".into(), Value::String(spec.label.to_string()));
    }
    SavedOption::Written(Box::new(object))
}

impl SavedOption {
    /// Whether the option has neither preview text nor a preview file.
    fn lacks_preview(&self) -> bool {
        match self {
            Self::AsNormalized(order) => !order.contains(OptionField::Preview),
            Self::Written(object) => {
                is_omitted(object, "preview") && is_omitted(object, "previewFile")
            }
        }
    }
}

/// Absent, `null` or blank.
fn is_omitted(object: &Map<String, Value>, field: &str) -> bool {
    match object.get(field) {
        None | Some(Value::Null) => true,
        Some(Value::String(text)) => text.trim().is_empty(),
        Some(_) => false,
    }
}
