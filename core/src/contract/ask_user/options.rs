//! One question's options, read one at a time as they arrive: each is checked as soon as it is
//! read and kept as its normalized option, so only one option's object exists at a time. The
//! checks that need the whole question (its type, earlier values) run when it is complete, and
//! every issue still comes out in the documented order.

use std::borrow::Cow;

use compact_str::CompactString;
use serde::de::Deserializer;
use serde_json::{Map, Value};

use super::fields::{
    Found, Label, Place, option_label, optional_bool, optional_string, required_string,
};
use super::option_object::{Known, OptionItem, OptionObject};
use super::repeated::{repeated_positions, value_hash};
use super::saved::{FieldOrder, OptionField, SavedOption};
use super::tap::{ElementTap, FieldTap, value_with_elements};
use crate::contract::issue::{Issue, quoted};
use crate::contract::request::{OptionSpec, QuestionType};
use crate::contract::trimmed::{TrimmedText, trim};

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
        let mut issues = Vec::new();
        let value = required_string(&object, Known::Value, place, &mut issues);
        let label = option_label(object.get(Known::Label), value, place, &mut issues);
        let field =
            |key: Known, issues: &mut Vec<Issue>| optional_string(&object, key, place, issues);
        let description = field(Known::Description, &mut issues);
        let preview = field(Known::Preview, &mut issues);
        let preview_file = field(Known::PreviewFile, &mut issues);
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
        let recommended = optional_bool(&object, Known::Recommended, place, &mut issues);
        if let (Some(_), Some(label)) = (value, label)
            && issues.is_empty()
        {
            let derived_label = match label {
                Label::Given => None,
                Label::Derived(derived) => Some(derived),
            };
            let texts = Texts {
                derived_label: derived_label.is_some(),
                description: description.has_text(),
                preview: preview.has_text(),
                preview_file: preview_file.has_text(),
            };
            let (spec, saved) = normalized(object, texts, derived_label, recommended);
            self.specs.push(spec);
            self.saved.push(saved);
            return;
        }
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

    fn refuse(&mut self, problems: OptionProblems, value: Option<&str>) {
        self.specs.push(stand_in(value));
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
            let lacks_preview = problem.map_or_else(
                || self.saved[index].lacks_preview(&self.specs[index]),
                |p| p.lacks_preview,
            );
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
fn stand_in(value: Option<&str>) -> OptionSpec {
    OptionSpec {
        value: value.map(CompactString::from).unwrap_or_default(),
        label: CompactString::default(),
        description: None,
        preview: None,
        recommended: None,
    }
}

/// Which texts a valid option has, found while checking it.
#[derive(Clone, Copy)]
pub(super) struct Texts {
    /// Its label is derived from its value.
    derived_label: bool,
    /// It has a description that is not blank.
    description: bool,
    /// It has preview text that is not blank.
    preview: bool,
    /// It names a preview file.
    preview_file: bool,
}

impl Texts {
    /// The texts of an option whose preview file is loaded, `spec` its normalized option.
    pub(super) const fn loaded(spec: &OptionSpec) -> Self {
        Self {
            derived_label: false,
            description: spec.description.is_some(),
            preview: spec.preview.is_some(),
            preview_file: false,
        }
    }
}

/// The order of a valid option's fields (`entries`, each with the field it is if an option
/// may have it), when it is written as its normalized option reads: no other field, no `null`,
/// its texts as trimmed, but for its preview, whose ends its normalized option keeps as
/// written; else `None`, and it is kept as written.
pub(super) fn order_as_normalized<'v>(
    entries: impl Iterator<Item = (Option<Known>, Found<'v>)>,
    texts: Texts,
) -> Option<FieldOrder> {
    let mut order = FieldOrder::default();
    for (field, value) in entries {
        let untrimmed = |text: &str| trim(text).len() == text.len();
        let same = match (field, value) {
            (Some(Known::Label), _) if texts.derived_label => true,
            (Some(Known::Value | Known::Label), Found::Text(text)) => untrimmed(text),
            (Some(Known::Description), Found::Text(text)) => texts.description && untrimmed(text),
            // A preview loaded from its file holds its place with `null`.
            (Some(Known::Preview), Found::Text(_) | Found::Null) => texts.preview,
            (Some(Known::Recommended), Found::Bool(_)) | (Some(Known::PreviewFile), _) => true,
            _ => false,
        };
        if !same {
            return None;
        }
        if let Some(field) = field.and_then(OptionField::written_as) {
            order.push(field);
        }
    }
    if texts.derived_label {
        order.push(OptionField::Label);
    }
    (!texts.preview_file).then_some(order)
}

/// A valid option's normalized option, its texts taken out of its object, and how it is saved:
/// only the order of its fields when it is written as the normalized option reads
/// ([`order_as_normalized`]), else its object with a derived label filled in. An option
/// written as normalized gives its texts to the normalized option as they are, uncopied; any
/// other keeps them in its object and the normalized option gets trimmed copies, but for the
/// preview, which may be large: that is taken out, and the saved object writes the normalized
/// option's preview as written.
fn normalized(
    mut object: OptionObject<'_>,
    texts: Texts,
    derived_label: Option<String>,
    recommended: Option<bool>,
) -> (OptionSpec, SavedOption) {
    let order = order_as_normalized(object.values(), texts);
    let preview = texts
        .preview
        .then(|| object.take_text(Known::Preview))
        .flatten()
        .map(|text| TrimmedText::new(text.into_owned()));
    let mut text = |field: Known| match &order {
        Some(_) => object.take_text(field).unwrap_or_default(),
        None => match object.get(field) {
            Some(Found::Text(text)) => Cow::Owned(trim(text).to_owned()),
            _ => Cow::Borrowed(""),
        },
    };
    let spec = OptionSpec {
        value: text(Known::Value).into(),
        label: derived_label.map_or_else(|| text(Known::Label).into(), CompactString::from),
        description: texts
            .description
            .then(|| text(Known::Description).into_owned().into_boxed_str()),
        preview,
        recommended,
    };
    if let Some(order) = order {
        return (spec, SavedOption::AsNormalized(order));
    }
    let mut object = object.into_map();
    if texts.derived_label {
        object.insert("label".into(), Value::String(spec.label.to_string()));
    }
    (spec, SavedOption::Written(Box::new(object)))
}

impl SavedOption {
    /// Whether the valid option `spec`, saved so, has neither preview text nor a preview file.
    fn lacks_preview(&self, spec: &OptionSpec) -> bool {
        spec.preview.is_none()
            && match self {
                Self::AsNormalized(_) => true,
                Self::Written(object) => is_omitted(object, "previewFile"),
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
