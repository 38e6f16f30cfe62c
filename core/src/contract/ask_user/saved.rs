//! The `ask_user` arguments as they are saved, kept beside the normalized request instead of
//! as a second tree: an option written as the request already holds it (its texts trimmed,
//! no nulls, no other fields) keeps only the order of its fields, and reads its texts from the
//! request when it is written out. Any other option keeps its object as written.

use serde::ser::{SerializeMap as _, SerializeSeq as _};
use serde::{Serialize, Serializer};
use serde_json::{Map, Value};

use super::option_object::Known;
use crate::contract::request::{OptionSpec, Question, Request};
use crate::contract::trimmed::TrimmedText;

/// The saved arguments of a valid `ask_user` call, read together with its [`Request`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedArguments {
    /// The top-level object, whose `questions` stands for [`SavedArguments::questions`].
    pub(super) root: Map<String, Value>,
    /// One per question of the request.
    pub(super) questions: Vec<SavedQuestion>,
}

/// One question's saved object: its own fields, and its options beside the request's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct SavedQuestion {
    /// The question's object, whose `options` stands for [`SavedQuestion::options`].
    pub(super) object: Map<String, Value>,
    /// One per option of the request's question.
    pub(super) options: Vec<SavedOption>,
}

/// One option as saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum SavedOption {
    /// Written as normalized: these fields, in this order, with the request's texts.
    AsNormalized(FieldOrder),
    /// Written otherwise: the object itself (a derived label filled in), but for the text of
    /// its preview, which is the normalized option's (`null` holds its place).
    Written(Box<Map<String, Value>>),
}

/// A field an option written as normalized may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum OptionField {
    Value,
    Label,
    Description,
    Preview,
    Recommended,
}

impl OptionField {
    /// How an option's field is written when the option is written as normalized: a preview
    /// file never is (it is loaded and written as a preview).
    pub(super) const fn written_as(field: Known) -> Option<Self> {
        Some(match field {
            Known::Value => Self::Value,
            Known::Label => Self::Label,
            Known::Description => Self::Description,
            Known::Preview => Self::Preview,
            Known::Recommended => Self::Recommended,
            Known::PreviewFile => return None,
        })
    }

    /// The field's name, the option field's it is.
    const fn name(self) -> &'static str {
        match self {
            Self::Value => Known::Value,
            Self::Label => Known::Label,
            Self::Description => Known::Description,
            Self::Preview => Known::Preview,
            Self::Recommended => Known::Recommended,
        }
        .name()
    }
}

/// The fields of an option in the order it wrote them, each at most once: no allocation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct FieldOrder {
    fields: [Option<OptionField>; 5],
}

impl FieldOrder {
    /// Adds `field` after the others; a field already there stays where it is.
    pub(super) fn push(&mut self, field: OptionField) {
        if self.contains(field) {
            return;
        }
        if let Some(slot) = self.fields.iter_mut().find(|slot| slot.is_none()) {
            *slot = Some(field);
        }
    }

    pub(super) fn contains(self, field: OptionField) -> bool {
        self.fields.contains(&Some(field))
    }

    fn iter(&self) -> impl Iterator<Item = OptionField> + '_ {
        self.fields.iter().map_while(|slot| *slot)
    }
}

impl SavedArguments {
    /// The saved arguments as one document.
    pub fn to_value(&self, request: &Request) -> Value {
        serde_json::to_value(self.view(request)).unwrap_or(Value::Null)
    }

    /// The saved arguments borrowed, to write them without building a document first.
    pub const fn view<'a>(&'a self, request: &'a Request) -> SavedArgumentsView<'a> {
        SavedArgumentsView {
            saved: self,
            request,
        }
    }
}

/// [`SavedArguments`] with the request its texts come from; serializes as the saved document.
#[derive(Clone, Copy)]
pub struct SavedArgumentsView<'a> {
    saved: &'a SavedArguments,
    request: &'a Request,
}

impl Serialize for SavedArgumentsView<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.saved.root.len()))?;
        for (key, value) in &self.saved.root {
            if key == "questions" {
                map.serialize_entry(key, &Questions(self))?;
            } else {
                map.serialize_entry(key, value)?;
            }
        }
        map.end()
    }
}

struct Questions<'v, 'a>(&'v SavedArgumentsView<'a>);

impl Serialize for Questions<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let questions = &self.0.saved.questions;
        let mut seq = serializer.serialize_seq(Some(questions.len()))?;
        for (saved, question) in questions.iter().zip(&self.0.request.questions) {
            seq.serialize_element(&QuestionView { saved, question })?;
        }
        seq.end()
    }
}

struct QuestionView<'a> {
    saved: &'a SavedQuestion,
    question: &'a Question,
}

impl Serialize for QuestionView<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.saved.object.len()))?;
        for (key, value) in &self.saved.object {
            if key == "options" {
                map.serialize_entry(key, &Options(self))?;
            } else {
                map.serialize_entry(key, value)?;
            }
        }
        map.end()
    }
}

struct Options<'v, 'a>(&'v QuestionView<'a>);

impl Serialize for Options<'_, '_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let options = &self.0.saved.options;
        let mut seq = serializer.serialize_seq(Some(options.len()))?;
        for (saved, spec) in options.iter().zip(&self.0.question.options) {
            match saved {
                SavedOption::AsNormalized(order) => {
                    seq.serialize_element(&NormalizedOption { order, spec })?;
                }
                SavedOption::Written(object) => {
                    seq.serialize_element(&WrittenOption { object, spec })?;
                }
            }
        }
        seq.end()
    }
}

struct NormalizedOption<'a> {
    order: &'a FieldOrder,
    spec: &'a OptionSpec,
}

impl Serialize for NormalizedOption<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.order.iter().count()))?;
        for field in self.order.iter() {
            let spec = self.spec;
            match field {
                OptionField::Value => map.serialize_entry(field.name(), &spec.value)?,
                OptionField::Label => map.serialize_entry(field.name(), &spec.label)?,
                OptionField::Description => {
                    map.serialize_entry(field.name(), &spec.description)?;
                }
                OptionField::Preview => {
                    let preview = spec.preview.as_ref().map(TrimmedText::as_written);
                    map.serialize_entry(field.name(), &preview)?;
                }
                OptionField::Recommended => {
                    map.serialize_entry(field.name(), &spec.recommended)?;
                }
            }
        }
        map.end()
    }
}

/// An option saved as its object, whose preview, when it has one, is its normalized option's,
/// written as given: the object only keeps its place.
struct WrittenOption<'a> {
    object: &'a Map<String, Value>,
    spec: &'a OptionSpec,
}

impl Serialize for WrittenOption<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.object.len()))?;
        for (key, value) in self.object {
            match &self.spec.preview {
                Some(preview) if key == "preview" => {
                    map.serialize_entry(key, preview.as_written())?;
                }
                _ => map.serialize_entry(key, value)?,
            }
        }
        map.end()
    }
}
