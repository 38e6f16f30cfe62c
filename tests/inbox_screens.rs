//! Golden screens of the answer inbox, drawn by the core surface and printed by the headless
//! frontend: the idle screen (also naming a form taken back while it was shown), and a form
//! under its label line with asks waiting after it, at a roomy and a small size. Set
//! `UPDATE_GOLDEN=1` to rewrite `fixtures/inbox/`.

mod support;

use std::path::Path;

use pi_agent_ask_core::contract::ask_user::{NoPreviewFiles, ParseOptions};
use pi_agent_ask_core::contract::{Call, Tool};
use pi_agent_ask_core::draw::Size;
use pi_agent_ask_core::effect::Surface;
use pi_agent_ask_core::inbox::Inbox;
use pi_agent_ask_core::input::{Arrival, AskId, AskOrigin, InboxEvent, Input};
use pi_agent_ask_core::settings::Settings;
use pi_agent_ask_headless::render_plain;
use serde_json::json;

fn arrival(id: &str, title: &str) -> Input {
    let arguments = json!({
        "title": title,
        "questions": [{
            "id": "db", "label": "Database", "prompt": "Which database should the service use?",
            "options": [
                {"value": "pg", "label": "Postgres", "recommended": true},
                {"value": "sqlite", "label": "SQLite"}
            ]
        }]
    });
    let call = Call::parse(
        Tool::AskUser,
        &arguments,
        ParseOptions::default(),
        &mut NoPreviewFiles,
        || id.to_owned(),
    )
    .expect("valid arguments");
    Input::Inbox(InboxEvent::Arrived(Box::new(Arrival {
        drafts: None,
        ask: AskId(id.to_owned()),
        origin: AskOrigin {
            program: "pi".to_owned(),
            cwd: "/home/dev/projects/service".to_owned(),
        },
        call,
        settings: Settings::default(),
        notices: Vec::new(),
        behind: 0,
        process: None,
        holds: false,
    })))
}

fn screen(inbox: &mut Inbox, size: Size) -> String {
    inbox.handle(Input::Resize(size));
    render_plain(&inbox.draw(size))
}

fn check(name: &str, screen: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/inbox")
        .join(format!("{name}.txt"));
    support::golden(&path, screen);
}

#[test]
fn the_idle_screen_says_nothing_waits_and_how_to_close() {
    let mut inbox = Inbox::new("default", "/config.json");
    check("idle-80x24", &screen(&mut inbox, Size::new(80, 24)));
    check("idle-40x12", &screen(&mut inbox, Size::new(40, 12)));
}

#[test]
fn a_form_shows_under_where_it_came_from_and_how_many_wait() {
    let mut inbox = Inbox::new("default", "/config.json");
    inbox.handle(Input::Resize(Size::new(80, 24)));
    inbox.handle(arrival("a", "Service setup"));
    inbox.handle(arrival("b", "Release notes"));
    check("labelled-80x24", &screen(&mut inbox, Size::new(80, 24)));
    check("labelled-40x12", &screen(&mut inbox, Size::new(40, 12)));
}

#[test]
fn the_idle_screen_names_a_form_its_asker_took_back_while_it_was_shown() {
    let mut inbox = Inbox::new("default", "/config.json");
    inbox.handle(Input::Resize(Size::new(80, 24)));
    inbox.handle(arrival("a", "Service setup"));
    inbox.handle(Input::Inbox(InboxEvent::Withdrawn(AskId("a".to_owned()))));
    check("taken-back-80x24", &screen(&mut inbox, Size::new(80, 24)));
    check("taken-back-40x12", &screen(&mut inbox, Size::new(40, 12)));
}
