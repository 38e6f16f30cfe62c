//! An asker that goes away takes its form at once; a form already started is set aside, so an
//! asker that reconnects with the same ask id finds it as it was left; an asker ended from
//! outside recalls its ask and is handed what the form held.

use rstest::rstest;
use serde_json::json;

use super::{
    SIZE, arguments, arrival, arrival_of, feed, inbox, keys, replies, screen, typed, withdrawn,
};
use crate::contract::answers::Draft;
use crate::effect::{Effect, Surface};
use crate::input::{AskId, InboxEvent, Input};

#[test]
fn a_withdrawn_ask_leaves_the_queue_at_once_and_the_next_one_shows() {
    let mut inbox = inbox();
    feed(&mut inbox, [arrival("a", "First"), arrival("b", "Second")]);
    let effects = feed(&mut inbox, [withdrawn("a")]);
    assert!(replies(&effects).is_empty(), "a gone asker gets no reply");
    let waiting: Vec<_> = inbox.waiting().map(|id| id.0.as_str()).collect();
    assert_eq!(waiting, ["b"]);
    let label = &screen(&inbox.draw(SIZE))[0];
    assert!(
        label.starts_with(" agent-b in /work/b · Second"),
        "{label:?}"
    );
}

#[test]
fn an_asker_reconnecting_with_the_same_id_finds_its_started_form_as_it_was() {
    let mut inbox = inbox();
    feed(&mut inbox, [arrival("a", "First")]);
    feed(&mut inbox, keys("down space"));
    feed(&mut inbox, [withdrawn("a")]);
    assert!(inbox.waiting().next().is_none());
    let effects = feed(&mut inbox, [arrival("a", "First")]);
    assert!(replies(&effects).is_empty());
    let effects = feed(&mut inbox, keys("tab enter"));
    let replies = replies(&effects);
    assert_eq!(replies.len(), 1);
    assert_eq!(
        replies[0].1["details"]["answers"]["db"]["values"],
        json!(["sqlite"])
    );
}

#[test]
fn a_reconnect_with_other_questions_gets_a_fresh_form() {
    let mut inbox = inbox();
    feed(&mut inbox, [arrival("a", "First")]);
    feed(&mut inbox, keys("down space"));
    feed(&mut inbox, [withdrawn("a")]);
    feed(&mut inbox, [arrival("a", "Other title")]);
    let effects = feed(&mut inbox, keys("ctrl+c"));
    let replies = replies(&effects);
    assert_eq!(replies[0].1["details"]["answers"], json!({}));
}

#[test]
fn an_untouched_withdrawn_form_is_not_kept() {
    // Keys held off while the form settled do not touch it either.
    for held in ["", "down space"] {
        let mut inbox = inbox();
        feed(&mut inbox, [arrival("a", "First")]);
        feed(&mut inbox, typed(held));
        feed(&mut inbox, [withdrawn("a")]);
        assert!(
            inbox
                .set_aside
                .take(&AskId("a".into()), &arguments("First"), None)
                .is_none(),
            "{held:?}"
        );
    }
}

#[test]
fn only_the_last_forms_set_aside_are_kept() {
    let mut inbox = inbox();
    for n in 0..=super::super::set_aside::KEPT {
        let id = n.to_string();
        feed(&mut inbox, [arrival(&id, "Form")]);
        feed(&mut inbox, keys("down"));
        feed(&mut inbox, [withdrawn(&id)]);
    }
    let args = arguments("Form");
    assert!(
        inbox
            .set_aside
            .take(&AskId("0".into()), &args, None)
            .is_none()
    );
    assert!(
        inbox
            .set_aside
            .take(&AskId("1".into()), &args, None)
            .is_some()
    );
}

fn recalled(id: &str) -> Input {
    Input::Inbox(InboxEvent::Recalled(AskId(id.to_owned())))
}

/// The drafts handed back among `effects`: ask id and each question's selected options.
fn handed_back(effects: &[Effect]) -> Vec<(String, Vec<Vec<usize>>)> {
    effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::HandBack { ask, drafts } => Some((
                ask.0.clone(),
                drafts
                    .iter()
                    .map(|draft| draft.selected().to_vec())
                    .collect(),
            )),
            _ => None,
        })
        .collect()
}

#[test]
fn a_recalled_ask_hands_its_asker_what_the_form_held_and_leaves_the_queue() {
    let mut inbox = inbox();
    feed(&mut inbox, [arrival("a", "First"), arrival("b", "Second")]);
    feed(&mut inbox, keys("down space"));
    let effects = feed(&mut inbox, [recalled("a")]);
    assert_eq!(handed_back(&effects), [("a".to_owned(), vec![vec![1]])]);
    assert!(replies(&effects).is_empty(), "a recall is not an answer");
    assert_eq!(
        inbox
            .waiting()
            .map(|ask| ask.0.as_str())
            .collect::<Vec<_>>(),
        ["b"]
    );
    assert!(
        feed(&mut inbox, [recalled("a")]).is_empty(),
        "recalled once"
    );
}

#[test]
fn a_form_arriving_with_drafts_opens_with_them_and_counts_as_started() {
    let mut inbox = inbox();
    let Input::Inbox(InboxEvent::Arrived(mut arrival)) = arrival("a", "First") else {
        unreachable!("an arrival")
    };
    let mut draft = Draft::default();
    draft.select(1);
    arrival.drafts = Some(vec![draft]);
    feed(&mut inbox, [Input::Inbox(InboxEvent::Arrived(arrival))]);
    feed(&mut inbox, [withdrawn("a")]);
    let effects = feed(&mut inbox, [arrival_of("a", &arguments("First"))]);
    assert!(replies(&effects).is_empty());
    let effects = feed(&mut inbox, keys("tab enter"));
    assert_eq!(
        replies(&effects)[0].1["details"]["answers"]["db"]["values"],
        json!(["sqlite"]),
        "set aside with its drafts when withdrawn, then answered with them"
    );
}

/// The arrival of ask `id` with the first question's option `selected` drafted.
fn arrival_with_draft(id: &str, selected: usize) -> Input {
    let Input::Inbox(InboxEvent::Arrived(mut arrival)) = arrival(id, "First") else {
        unreachable!("an arrival")
    };
    let mut draft = Draft::default();
    draft.select(selected);
    arrival.drafts = Some(vec![draft]);
    Input::Inbox(InboxEvent::Arrived(arrival))
}

/// A form set aside comes back as it was left to its asker asking again, unless the asker
/// brings other drafts, journaled after the copy (from a terminal, a popup), which are newer.
#[rstest]
#[case::recalled_then_newer_drafts(recalled("a"), arrival_with_draft("a", 0), "pg")]
#[case::recalled_then_no_drafts(recalled("a"), arrival("a", "First"), "sqlite")]
#[case::gone_without_a_word_then_newer_drafts(withdrawn("a"), arrival_with_draft("a", 0), "pg")]
#[case::gone_without_a_word_then_no_drafts(withdrawn("a"), arrival("a", "First"), "sqlite")]
fn a_form_set_aside_comes_back_unless_its_asker_brings_newer_drafts(
    #[case] left: Input,
    #[case] again: Input,
    #[case] answered: &str,
) {
    let mut inbox = inbox();
    feed(&mut inbox, [arrival("a", "First")]);
    feed(&mut inbox, keys("down space"));
    feed(&mut inbox, [left]);
    feed(&mut inbox, [again]);
    let effects = feed(&mut inbox, keys("tab enter"));
    assert_eq!(
        replies(&effects)[0].1["details"]["answers"]["db"]["values"],
        json!([answered])
    );
}

/// Two questions: a database and a cache, each of two options.
fn two_questions() -> serde_json::Value {
    json!({
        "title": "Stack",
        "questions": [
            {"id": "db", "label": "Database", "prompt": "Which database?",
             "options": [{"value": "pg", "label": "Postgres"}, {"value": "sqlite", "label": "SQLite"}]},
            {"id": "cache", "label": "Cache", "prompt": "Which cache?",
             "options": [{"value": "redis", "label": "Redis"}, {"value": "none", "label": "None"}]}
        ]
    })
}

/// The arrival of ask `a` asking [`two_questions`], bringing `drafts` (a selected option or
/// none, per question).
fn stack_arrival(drafts: Option<[Option<usize>; 2]>) -> Input {
    let Input::Inbox(InboxEvent::Arrived(mut arrival)) = arrival_of("a", &two_questions()) else {
        unreachable!("an arrival")
    };
    arrival.drafts = drafts.map(|drafts| {
        drafts
            .iter()
            .map(|selected| {
                let mut draft = Draft::default();
                if let Some(index) = selected {
                    draft.select(*index);
                }
                draft
            })
            .collect()
    });
    Input::Inbox(InboxEvent::Arrived(arrival))
}

/// A form set aside after the database was answered in the inbox, its asker asking again with
/// drafts journaled elsewhere since (`brings`): the answers it submits.
fn answered_after_setting_aside(brings: [Option<usize>; 2]) -> serde_json::Value {
    let mut inbox = inbox();
    feed(&mut inbox, [stack_arrival(None)]);
    feed(&mut inbox, keys("down space"));
    feed(&mut inbox, [withdrawn("a")]);
    feed(&mut inbox, [stack_arrival(Some(brings))]);
    let effects = feed(&mut inbox, keys("shift+tab enter"));
    replies(&effects)[0].1["details"]["answers"].clone()
}

#[rstest]
#[case::a_question_answered_only_here_keeps_its_answer([None, Some(0)], "sqlite")]
#[case::a_question_answered_elsewhere_since_takes_that_answer([Some(0), Some(0)], "pg")]
fn drafts_brought_after_a_form_was_set_aside_keep_its_answers_to_the_questions_they_left(
    #[case] brings: [Option<usize>; 2],
    #[case] database: &str,
) {
    let answers = answered_after_setting_aside(brings);
    assert_eq!(answers["db"]["values"], json!([database]), "{answers}");
    assert_eq!(answers["cache"]["values"], json!(["redis"]), "{answers}");
}
