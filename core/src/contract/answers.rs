//! The answer model shared by every surface: per-question drafts, the answers they commit, and
//! how the user ended the flow.
//!
//! A form, the dialog driver and a remote response all fill [`Draft`]s; the result builders turn
//! drafts into the exact answer objects of the contract, recomputing labels and indices.

use std::borrow::Cow;

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::images::Image;
use super::request::Question;

/// How the user ended the flow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Normal completion.
    #[default]
    Submit,
    /// The user asked the agent to clarify based on their notes.
    Elaborate,
}

/// One question's answer while it is being collected.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Draft {
    /// Selected declared options, by 0-based index, in the order they were chosen.
    selected: Vec<usize>,
    /// The custom row's text, kept even while the row is deselected.
    pub custom_text: String,
    /// Whether the custom row counts as selected.
    pub custom_selected: bool,
    /// The question-level note.
    pub note: String,
    /// Notes on options, by 0-based option index.
    pub option_notes: IndexMap<usize, String>,
    /// Images attached to the written answer; kept while the custom row is deselected.
    pub custom_images: Vec<Image>,
    /// Images attached to the question note.
    pub note_images: Vec<Image>,
    /// Images attached to option notes, by 0-based option index.
    pub option_note_images: IndexMap<usize, Vec<Image>>,
}

impl Draft {
    /// The selected declared options, in the order they were chosen: the agent reads a
    /// multi-select answer in the order the user picked it.
    pub fn selected(&self) -> &[usize] {
        &self.selected
    }

    /// Whether the declared option at `index` is selected.
    pub fn is_selected(&self, index: usize) -> bool {
        self.selected.contains(&index)
    }

    /// Adds one option at the end of the selection, or removes it (multi-select); an option
    /// toggled off and on again moves to the end.
    pub fn toggle(&mut self, index: usize) {
        match self.selected.iter().position(|&selected| selected == index) {
            Some(position) => {
                self.selected.remove(position);
            }
            None => self.selected.push(index),
        }
    }

    /// Selects `index` as the only option and deselects the custom row (single-select).
    pub fn select_only(&mut self, index: usize) {
        self.selected.clear();
        self.selected.push(index);
        self.custom_selected = false;
    }

    /// Selects the option at `index`, after those selected before, if it is not selected yet.
    pub fn select(&mut self, index: usize) {
        if !self.is_selected(index) {
            self.selected.push(index);
        }
    }

    /// Deselects every declared option.
    pub fn clear_selection(&mut self) {
        self.selected.clear();
    }

    /// Takes the answer away (the options chosen, the written answer's selection) and keeps
    /// the notes and the written text, unselected, as the form keeps it: for an answer given
    /// again, which replaces the one before, not what was written or noted.
    pub fn clear_answer(&mut self) {
        self.selected.clear();
        self.custom_selected = false;
    }

    /// The custom text when the custom row is selected and the text is not blank.
    pub fn committed_custom_text(&self) -> Option<&str> {
        (self.custom_selected && !self.custom_text.trim().is_empty())
            .then_some(self.custom_text.as_str())
    }

    /// The images of the written answer when the custom row is selected (an image-only
    /// answer needs no text).
    pub fn committed_custom_images(&self) -> &[Image] {
        if self.custom_selected {
            &self.custom_images
        } else {
            &[]
        }
    }

    /// The images of option `index`'s note.
    pub fn option_note_images(&self, index: usize) -> &[Image] {
        self.option_note_images
            .get(&index)
            .map_or(&[], Vec::as_slice)
    }

    /// Whether a written answer is saved, chosen or not: non-blank text or an image.
    pub fn has_custom_answer(&self) -> bool {
        !self.custom_text.trim().is_empty() || !self.custom_images.is_empty()
    }

    /// Whether the written answer is chosen: the custom row selected with non-blank text or an
    /// image.
    pub fn custom_is_chosen(&self) -> bool {
        self.custom_selected && self.has_custom_answer()
    }

    /// Whether the draft holds an answer: a selected option, or the selected custom row with
    /// non-blank text or an image.
    pub fn is_answered(&self) -> bool {
        !self.selected.is_empty() || self.custom_is_chosen()
    }

    /// The question note, when not blank.
    pub fn committed_note(&self) -> Option<&str> {
        (!self.note.trim().is_empty()).then_some(self.note.as_str())
    }

    /// Non-blank option notes, by option index.
    pub fn committed_option_notes(&self) -> impl Iterator<Item = (usize, &str)> {
        self.option_notes
            .iter()
            .filter(|(_, note)| !note.trim().is_empty())
            .map(|(index, note)| (*index, note.as_str()))
    }

    /// Whether an option not chosen has a note (text or images): a submitted answer leaves it
    /// out, and only Elaborate sends it.
    pub fn notes_an_unchosen_option(&self) -> bool {
        self.noted_options()
            .iter()
            .any(|&(index, _)| !self.is_selected(index))
    }

    /// Whether the question note has text or images.
    pub fn has_question_note(&self) -> bool {
        self.committed_note().is_some() || !self.note_images.is_empty()
    }

    /// The options whose notes have text or images, in option order, each with its text
    /// (empty for an image-only note).
    pub fn noted_options(&self) -> Vec<(usize, &str)> {
        let mut noted: Vec<(usize, &str)> = self.committed_option_notes().collect();
        for (index, images) in &self.option_note_images {
            if !images.is_empty() && !noted.iter().any(|(noted, _)| noted == index) {
                noted.push((*index, ""));
            }
        }
        noted.sort_by_key(|(index, _)| *index);
        noted
    }

    /// Whether the question has a note or any option note (text or images).
    pub fn has_notes(&self) -> bool {
        self.has_question_note() || !self.noted_options().is_empty()
    }

    /// Whether anything was entered at all (answers, drafts or notes).
    pub fn is_dirty(&self) -> bool {
        !self.selected.is_empty()
            || !self.custom_text.trim().is_empty()
            || self.custom_selected
            || !self.custom_images.is_empty()
            || self.has_notes()
    }
}

/// One question's answer as the agent reads it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Answer {
    /// Selected option values in the order they were chosen, then the custom text last.
    pub values: Vec<String>,
    /// The labels of `values`, the custom text as its own label.
    pub labels: Vec<String>,
    /// 1-based positions of the selected declared options only, in the order of `values`.
    pub indices: Vec<usize>,
    /// The free-form answer, when written and selected.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_text: Option<String>,
    /// The question-level note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Notes on selected options, by option value, in the order of `values`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option_notes: Option<IndexMap<String, String>>,
    /// Images of the written answer, when it is selected.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_images: Option<Vec<Image>>,
    /// Images of the question note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note_images: Option<Vec<Image>>,
    /// Images of the notes on selected options, by option value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub option_note_images: Option<IndexMap<String, Vec<Image>>>,
}

impl Answer {
    /// The question note as the summaries show it, with a marker per image, when there is a
    /// note or an image.
    pub fn note_with_markers(&self) -> Option<String> {
        let images = self.note_images.as_ref().map_or(0, Vec::len);
        (self.note.is_some() || images > 0)
            .then(|| with_markers(self.note.as_deref().unwrap_or_default(), images).into_owned())
    }

    /// The note on the option of `value`, with a marker per image, when it has a note or an
    /// image.
    pub fn option_note_with_markers(&self, value: &str) -> Option<String> {
        let note = self
            .option_notes
            .as_ref()
            .and_then(|notes| notes.get(value));
        let images = self
            .option_note_images
            .as_ref()
            .and_then(|images| images.get(value))
            .map_or(0, Vec::len);
        (note.is_some() || images > 0)
            .then(|| with_markers(note.map_or("", String::as_str), images).into_owned())
    }

    /// The answer a draft commits, or `None` when it would be empty (no values, no notes).
    pub fn from_draft(question: &Question, draft: &Draft) -> Option<Self> {
        let mut answer = Self::default();
        for &index in draft.selected() {
            if let Some(option) = question.options.get(index) {
                answer.values.push(option.value.to_string());
                answer.labels.push(option.label.to_string());
                answer.indices.push(index + 1);
            }
        }
        if let Some(text) = draft.committed_custom_text() {
            answer.values.push(text.to_owned());
            answer.labels.push(text.to_owned());
            answer.custom_text = Some(text.to_owned());
        }
        answer.note = draft.committed_note().map(str::to_owned);
        let notes: IndexMap<String, String> = draft
            .selected()
            .iter()
            .filter_map(|index| {
                let note = draft.option_notes.get(index)?;
                let option = question.options.get(*index)?;
                (!note.trim().is_empty()).then(|| (option.value.to_string(), note.clone()))
            })
            .collect();
        answer.option_notes = (!notes.is_empty()).then_some(notes);
        let custom_images = draft.committed_custom_images();
        answer.custom_images = (!custom_images.is_empty()).then(|| custom_images.to_vec());
        answer.note_images = (!draft.note_images.is_empty()).then(|| draft.note_images.clone());
        let option_images: IndexMap<String, Vec<Image>> = draft
            .selected()
            .iter()
            .filter_map(|index| {
                let images = draft.option_note_images(*index);
                let option = question.options.get(*index)?;
                (!images.is_empty()).then(|| (option.value.to_string(), images.to_vec()))
            })
            .collect();
        answer.option_note_images = (!option_images.is_empty()).then_some(option_images);
        answer.is_present().then_some(answer)
    }

    /// Whether the answer commits a choice (not only notes): values, or images of the
    /// written answer.
    pub fn is_committed(&self) -> bool {
        !self.values.is_empty() || self.custom_images.is_some()
    }

    /// Whether the entry carries anything: values, images or notes.
    pub fn is_present(&self) -> bool {
        self.is_committed()
            || self.note.is_some()
            || self.option_notes.is_some()
            || self.note_images.is_some()
            || self.option_note_images.is_some()
    }

    /// The answer as summaries show it: the labels, then a marker per image of the written
    /// answer (`Redis [image 1]`, or `[image 1]` alone).
    pub fn summary(&self) -> String {
        let count = self.custom_images.as_ref().map_or(0, Vec::len);
        with_markers(&self.labels.join(", "), count).into_owned()
    }

    /// The same answer with every image's bytes removed (a cancelled result).
    #[must_use]
    pub fn without_image_data(mut self) -> Self {
        let strip = |images: &mut Vec<Image>| {
            for image in images.iter_mut() {
                image.data.clear();
            }
        };
        self.custom_images.iter_mut().for_each(strip);
        self.note_images.iter_mut().for_each(strip);
        if let Some(notes) = self.option_note_images.as_mut() {
            notes.values_mut().for_each(strip);
        }
        self
    }
}

/// `text` followed by the markers of `count` images (see [`images::markers`]); `text` itself,
/// borrowed, when there are none: a long answer is not copied to be shown.
///
/// [`images::markers`]: super::images::markers
pub fn with_markers(text: &str, count: usize) -> Cow<'_, str> {
    match (text.is_empty(), count) {
        (_, 0) => Cow::Borrowed(text),
        (true, _) => Cow::Owned(super::images::markers(count)),
        (false, _) => Cow::Owned(format!("{text} {}", super::images::markers(count))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn multi_select_values_keep_the_order_they_were_chosen_in() {
        let mut draft = Draft::default();
        draft.toggle(2);
        draft.toggle(0);
        draft.toggle(1);
        assert_eq!(draft.selected(), &[2, 0, 1]);
        draft.select(0);
        assert_eq!(draft.selected(), &[2, 0, 1]);
    }

    #[test]
    fn an_option_toggled_off_and_on_again_moves_to_the_end() {
        let mut draft = Draft::default();
        draft.toggle(2);
        draft.toggle(0);
        draft.toggle(2);
        draft.toggle(2);
        assert_eq!(draft.selected(), &[0, 2]);
        assert!(draft.is_selected(2));
        assert!(!draft.is_selected(1));
    }

    #[test]
    fn blank_custom_text_is_not_an_answer() {
        let draft = Draft {
            custom_text: "   ".into(),
            custom_selected: true,
            ..Draft::default()
        };
        assert!(!draft.is_answered());
    }
}
