//! A form's drafts as journal data: selections, written text and notes, so an interrupted form
//! reopens as the user left it. Images stay out: their bytes have no place in a session file,
//! and a reopened form without them still holds every word typed.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use crate::contract::Call;
use crate::contract::answers::Draft;

/// One question's draft as the journal keeps it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DraftRecord {
    /// The selected options by 0-based index, in the order they were chosen.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub selected: Vec<usize>,
    /// The written answer, kept even while its row is deselected.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub custom_text: String,
    /// Whether the written answer counts as selected.
    #[serde(default)]
    pub custom_selected: bool,
    /// The question note.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// Notes on options, by 0-based option index.
    #[serde(
        default,
        skip_serializing_if = "IndexMap::is_empty",
        deserialize_with = "index_keys"
    )]
    pub option_notes: IndexMap<usize, String>,
}

impl From<&Draft> for DraftRecord {
    fn from(draft: &Draft) -> Self {
        Self {
            selected: draft.selected().to_vec(),
            custom_text: draft.custom_text.clone(),
            custom_selected: draft.custom_selected,
            note: draft.note.clone(),
            option_notes: draft.option_notes.clone(),
        }
    }
}

impl DraftRecord {
    /// The draft for a question with `options` declared options: indices past them are dropped,
    /// so a record never selects or annotates an option the question lacks.
    pub fn to_draft(&self, options: usize) -> Draft {
        let mut draft = Draft::default();
        for &index in self.selected.iter().filter(|&&index| index < options) {
            draft.select(index);
        }
        draft.custom_text.clone_from(&self.custom_text);
        draft.custom_selected = self.custom_selected;
        draft.note.clone_from(&self.note);
        draft.option_notes = self
            .option_notes
            .iter()
            .filter(|(index, _)| **index < options)
            .map(|(index, note)| (*index, note.clone()))
            .collect();
        draft
    }
}

/// Notes by option index, as JSON writes them: the indexes as strings. They are read as strings
/// and parsed here, so a record reads the same wherever it sits: inside a tagged enum `serde`
/// buffers the object, and a buffered key stays a string that no integer key takes.
fn index_keys<'de, D: serde::Deserializer<'de>>(
    reader: D,
) -> Result<IndexMap<usize, String>, D::Error> {
    IndexMap::<String, String>::deserialize(reader)?
        .into_iter()
        .map(|(key, note)| {
            key.parse().map(|index| (index, note)).map_err(|_| {
                serde::de::Error::custom(format!("optionNotes key {key:?} is not an option index"))
            })
        })
        .collect()
}

/// The drafts `records` give `call`'s questions, when there is one record per question: a
/// record list of another length belongs to other questions and is not used.
pub fn drafts_for_call(records: &[DraftRecord], call: &Call) -> Option<Vec<Draft>> {
    let questions = &call.request().questions;
    (records.len() == questions.len()).then(|| {
        records
            .iter()
            .zip(questions)
            .map(|(record, question)| record.to_draft(question.options.len()))
            .collect()
    })
}

/// Whether the drafts `kept` by an interrupted form say anything its journal did not have when
/// the form opened with `opened` (none: nothing answered). A form left untouched says nothing
/// new, and journaling its drafts would bury what a surface kept aside (an inbox's copy of the
/// form, answered on there) under an entry that only looks newer.
pub fn news_since(opened: Option<&[Draft]>, kept: &[Draft]) -> bool {
    let records = |drafts: &[Draft]| drafts.iter().map(DraftRecord::from).collect::<Vec<_>>();
    match opened {
        Some(opened) => records(opened) != records(kept),
        None => records(kept)
            .iter()
            .any(|record| *record != DraftRecord::default()),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// A record inside an internally tagged enum, as a popup's result file holds its drafts.
    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(tag = "kind")]
    enum Tagged {
        Kept { drafts: Vec<DraftRecord> },
    }

    #[test]
    fn option_notes_read_back_also_inside_a_tagged_enum() {
        let record = DraftRecord {
            selected: vec![0],
            option_notes: IndexMap::from([(0, "only if managed".to_owned())]),
            ..DraftRecord::default()
        };
        let tagged = Tagged::Kept {
            drafts: vec![record.clone()],
        };
        let text = serde_json::to_string(&tagged).expect("written");
        assert_eq!(serde_json::from_str::<Tagged>(&text).expect("read"), tagged);
        let plain: DraftRecord =
            serde_json::from_value(json!({"optionNotes": {"2": "x"}})).expect("read");
        assert_eq!(plain.option_notes, IndexMap::from([(2, "x".to_owned())]));
        let wrong = serde_json::from_value::<DraftRecord>(json!({"optionNotes": {"a": "x"}}));
        assert!(wrong.is_err());
    }

    #[test]
    fn an_untouched_form_has_no_news_for_its_journal() {
        let mut chosen = Draft::default();
        chosen.select(1);
        let untouched = vec![Draft::default(), Draft::default()];
        assert!(!news_since(None, &untouched));
        assert!(news_since(None, &[chosen.clone(), Draft::default()]));
        let opened = vec![chosen.clone(), Draft::default()];
        assert!(!news_since(Some(&opened), &opened.clone()));
        assert!(news_since(Some(&opened), &untouched));
    }
}
