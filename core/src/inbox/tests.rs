//! Behaviour tests of the inbox: arrivals in, replies and screens out.

use serde_json::{Value, json};

use super::Inbox;
use crate::contract::ask_user::{NoPreviewFiles, ParseOptions};
use crate::contract::{Call, Tool};
use crate::draw::{DrawCmd, Frame, Pos, Size};
use crate::effect::{Effect, ReplyReason, Surface};
use crate::input::{Arrival, AskId, AskOrigin, InboxEvent, Input, Mouse, Timer};
use crate::keys::Key;
use crate::settings::Settings;

mod held;
mod next_place;
mod turns;
mod withdrawn;

pub(super) const SIZE: Size = Size::new(80, 24);

fn arguments(title: &str) -> Value {
    json!({
        "title": title,
        "questions": [{
            "id": "db", "label": "Database", "prompt": "Which database?",
            "options": [
                {"value": "pg", "label": "Postgres"},
                {"value": "sqlite", "label": "SQLite"}
            ]
        }]
    })
}

pub(super) fn arrival(id: &str, title: &str) -> Input {
    arrival_of(id, &arguments(title))
}

fn arrival_of(id: &str, arguments: &Value) -> Input {
    let call = Call::parse(
        Tool::AskUser,
        arguments,
        ParseOptions::default(),
        &mut NoPreviewFiles,
        || id.to_owned(),
    )
    .expect("valid arguments");
    Input::Inbox(InboxEvent::Arrived(Box::new(Arrival {
        drafts: None,
        ask: AskId(id.to_owned()),
        origin: AskOrigin {
            program: format!("agent-{id}"),
            cwd: format!("/work/{id}"),
        },
        call,
        settings: Settings::default(),
        notices: Vec::new(),
        behind: 0,
        process: None,
        holds: false,
    })))
}

fn withdrawn(id: &str) -> Input {
    Input::Inbox(InboxEvent::Withdrawn(AskId(id.to_owned())))
}

pub(super) fn inbox() -> Inbox {
    let mut inbox = Inbox::new("default", "/config.json");
    inbox.handle(Input::Resize(SIZE));
    inbox
}

/// Hands each input in turn, drawing after each as a frontend does; every effect, in order.
pub(super) fn feed(inbox: &mut Inbox, inputs: impl IntoIterator<Item = Input>) -> Vec<Effect> {
    let mut effects = Vec::new();
    for input in inputs {
        effects.extend(inbox.handle(input));
        inbox.draw(SIZE);
    }
    effects
}

/// The person's keys, typed once the form shown has settled (the pause it waits for over).
pub(super) fn keys(script: &str) -> Vec<Input> {
    let mut inputs = vec![settled()];
    inputs.extend(typed(script));
    inputs
}

/// The person's keys, typed at once.
fn typed(script: &str) -> Vec<Input> {
    script
        .split_whitespace()
        .map(|id| Input::Key(id.parse::<Key>().expect("a key id")))
        .collect()
}

/// The pause a form that came to the front waits for is over.
fn settled() -> Input {
    Input::TimerFired(Timer::Settling)
}

/// The replies among `effects`: ask id and result JSON.
pub(super) fn replies(effects: &[Effect]) -> Vec<(String, Value)> {
    effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Reply { ask, result, .. } => Some((ask.0.clone(), result.to_json())),
            _ => None,
        })
        .collect()
}

/// Why each reply among `effects` was sent.
fn reasons(effects: &[Effect]) -> Vec<ReplyReason> {
    effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Reply { reason, .. } => Some(*reason),
            _ => None,
        })
        .collect()
}

pub(super) fn screen(frame: &Frame) -> Vec<String> {
    let mut rows = vec![String::new(); usize::from(frame.size.height)];
    let mut cmds: Vec<_> = frame.cmds.iter().collect();
    cmds.sort_by_key(|DrawCmd::Text { pos, .. }| (pos.y, pos.x));
    for DrawCmd::Text { pos, text, .. } in cmds {
        let row = &mut rows[usize::from(pos.y)];
        let pad = usize::from(pos.x).saturating_sub(row.chars().count());
        row.push_str(&" ".repeat(pad));
        row.push_str(text);
    }
    rows
}

#[test]
fn an_empty_inbox_shows_its_idle_screen_with_how_to_close_it() {
    let inbox = inbox();
    let rows = screen(&inbox.draw(SIZE)).join("\n");
    assert!(rows.contains("pi-agent-ask inbox · default"), "{rows}");
    assert!(rows.contains("Nothing is waiting"), "{rows}");
    assert!(rows.contains("ctrl+c closes the inbox"), "{rows}");
}

#[test]
fn the_idle_screen_says_what_is_wrong_with_the_inboxs_own_settings_file() {
    let notice = "/config.json: Config was invalid or unsupported.";
    let mut inbox =
        Inbox::new("default", "/config.json").with_settings_notices(vec![notice.to_owned()]);
    inbox.handle(Input::Resize(SIZE));
    let rows = screen(&inbox.draw(SIZE)).join("\n");
    assert!(rows.contains(notice), "{rows}");
    assert!(rows.contains("ctrl+c closes the inbox"), "{rows}");
}

#[test]
fn the_oldest_ask_is_shown_under_a_label_of_where_it_came_from() {
    let mut inbox = inbox();
    feed(
        &mut inbox,
        [
            arrival("a", "First"),
            arrival("b", "Second"),
            arrival("c", "Third"),
        ],
    );
    let rows = screen(&inbox.draw(SIZE));
    assert_eq!(
        rows[0].trim(),
        "agent-a in /work/a · First · 2 more waiting"
    );
    assert!(rows[1..].join("\n").contains("Which database?"));
}

#[test]
fn asks_are_answered_in_arrival_order_each_reply_to_its_own_asker() {
    let mut inbox = inbox();
    let mut effects = feed(
        &mut inbox,
        [
            arrival("a", "First"),
            arrival("b", "Second"),
            arrival("c", "Third"),
        ],
    );
    effects.extend(feed(&mut inbox, keys("enter enter")));
    assert_eq!(
        screen(&inbox.draw(SIZE))[0].trim(),
        "agent-b in /work/b · Second · 1 more waiting"
    );
    effects.extend(feed(&mut inbox, keys("down enter enter")));
    effects.extend(feed(&mut inbox, keys("enter enter")));
    assert_eq!(reasons(&effects), [ReplyReason::FormEnded; 3]);
    let replies = replies(&effects);
    let ids: Vec<_> = replies.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(ids, ["a", "b", "c"]);
    assert_eq!(
        replies[0].1["details"]["answers"]["db"]["values"],
        json!(["pg"])
    );
    assert_eq!(replies[0].1["details"]["requestId"], json!("a"));
    assert_eq!(
        replies[1].1["details"]["answers"]["db"]["values"],
        json!(["sqlite"])
    );
    assert!(inbox.waiting().next().is_none());
    assert!(
        screen(&inbox.draw(SIZE))
            .join("\n")
            .contains("Nothing is waiting")
    );
}

#[test]
fn closing_answers_every_waiting_ask_cancelled_keeping_what_was_typed() {
    let mut inbox = inbox();
    feed(&mut inbox, [arrival("a", "First"), arrival("b", "Second")]);
    // A note still open in its editor is kept as closing the editor would keep it.
    feed(&mut inbox, keys("down space n i f space s m a l l"));
    let closing = inbox.close();
    assert_eq!(
        reasons(&closing),
        [ReplyReason::InboxClosing; 2],
        "each marked as the inbox's closing, so an asker holding more back cancels those too"
    );
    let replies = replies(&closing);
    let ids: Vec<_> = replies.iter().map(|(id, _)| id.as_str()).collect();
    assert_eq!(ids, ["a", "b"]);
    for (id, result) in &replies {
        assert_eq!(
            result["content"][0]["text"],
            json!(format!("User cancelled the ask flow\nRequest ID: {id}"))
        );
        assert_eq!(result["details"]["cancelled"], json!(true));
    }
    assert_eq!(
        replies[0].1["details"]["answers"]["db"]["values"],
        json!(["sqlite"])
    );
    assert_eq!(
        replies[0].1["details"]["answers"]["db"]["optionNotes"],
        json!({"sqlite": "if small"})
    );
    assert!(inbox.is_closed());
    assert!(feed(&mut inbox, [arrival("c", "Late")]).is_empty());
}

#[test]
fn ctrl_c_on_the_idle_screen_closes_the_inbox() {
    let mut inbox = inbox();
    let effects = feed(&mut inbox, keys("ctrl+c"));
    assert_eq!(effects, [Effect::Close]);
    assert!(inbox.is_closed());
}

#[test]
fn ctrl_c_on_a_form_dismisses_only_that_form() {
    let mut inbox = inbox();
    feed(&mut inbox, [arrival("a", "First"), arrival("b", "Second")]);
    let effects = feed(&mut inbox, keys("ctrl+c"));
    let replies = replies(&effects);
    assert_eq!(replies.len(), 1);
    assert_eq!(replies[0].0, "a");
    assert_eq!(replies[0].1["details"]["cancelled"], json!(true));
    assert!(!effects.contains(&Effect::Close));
    assert!(!inbox.is_closed());
}

#[test]
fn a_duplicate_arrival_of_a_waiting_ask_is_not_queued_twice() {
    let mut inbox = inbox();
    feed(&mut inbox, [arrival("a", "First"), arrival("a", "First")]);
    assert_eq!(inbox.waiting().count(), 1);
}

#[test]
fn the_mouse_reaches_the_form_below_its_label_line() {
    let mut inbox = inbox();
    feed(&mut inbox, [arrival("a", "First")]);
    let frame = inbox.draw(SIZE);
    let rows = screen(&frame);
    let row = rows
        .iter()
        .position(|row| row.contains("SQLite"))
        .expect("the option is drawn");
    let click = Input::Mouse(Mouse::Click(Pos::new(6, row as u16)));
    feed(&mut inbox, [settled(), click]);
    let effects = feed(&mut inbox, typed("tab enter"));
    assert_eq!(
        replies(&effects)[0].1["details"]["answers"]["db"]["values"],
        json!(["sqlite"])
    );
    assert!(feed(&mut inbox, [Input::Mouse(Mouse::Click(Pos::new(0, 0)))]).is_empty());
}

#[test]
fn a_form_announces_itself_when_it_comes_to_the_front() {
    let mut inbox = inbox();
    let first = feed(&mut inbox, [arrival("a", "First")]);
    assert!(
        first
            .iter()
            .any(|effect| matches!(effect, Effect::Notify(_)))
    );
    let queued = feed(&mut inbox, [arrival("b", "Second")]);
    assert!(queued.is_empty());
    let next = feed(&mut inbox, keys("enter enter"));
    assert!(
        next.iter()
            .any(|effect| matches!(effect, Effect::Notify(_)))
    );
}

#[test]
fn a_narrow_label_leaves_out_a_title_or_directory_it_could_only_show_a_scrap_of() {
    let title = "A long title that goes on and on to test header truncation";
    for width in 10..90 {
        let mut inbox = inbox();
        feed(&mut inbox, [arrival("a", title), arrival("b", "Second")]);
        let rows = screen(&inbox.draw(Size::new(width, 24)));
        let label = rows[0].trim();
        assert!(
            label.ends_with("1 more waiting") || width < 16,
            "{width}: {label}"
        );
        assert!(
            !label.contains("·  ·")
                && !label.contains("· … ·")
                && !label.contains("in  ·")
                && !label.contains("in … ·")
                && !label.starts_with('·')
                && !label.starts_with('…'),
            "{width}: {label}"
        );
        if label.contains("A long") {
            assert!(label.contains("A long t"), "{width}: {label}");
        }
    }
}

#[test]
fn a_long_directory_keeps_its_end_which_tells_agents_apart() {
    let mut inbox = inbox();
    let Input::Inbox(InboxEvent::Arrived(mut arrival)) = arrival("a", "Plan") else {
        unreachable!("an arrival");
    };
    arrival.origin.cwd =
        "/home/someone/src/github.com/some-organization/some-repository/service-alpha".to_owned();
    feed(&mut inbox, [Input::Inbox(InboxEvent::Arrived(arrival))]);
    let rows = screen(&inbox.draw(Size::new(50, 24)));
    assert_eq!(
        rows[0].trim(),
        "agent-a in …ization/some-repository/service-alpha"
    );
}

#[test]
fn a_short_idle_screen_keeps_how_to_close_the_inbox() {
    for (width, height) in [(30, 6), (30, 4), (20, 5), (60, 5)] {
        let rows = screen(&inbox().draw(Size::new(width, height))).join(" ");
        let words: Vec<&str> = rows.split_whitespace().collect();
        assert!(
            words.join(" ").contains("ctrl+c closes the inbox"),
            "{width}x{height}: {rows}"
        );
    }
}
