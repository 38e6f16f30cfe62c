use std::collections::VecDeque;

use pi_agent_ask_core::contract::ToolResult;
use pi_agent_ask_core::contract::ask_user::{NoPreviewFiles, ParseOptions};
use pi_agent_ask_core::contract::{Call, Tool};
use pi_agent_ask_core::dialog::DialogOption;
use serde_json::{Value, json};

use super::{Dialogs, Level, ask};

mod ask_user;
mod question_tool;

/// A dialog as the fake saw it.
#[derive(Debug, PartialEq, Eq)]
enum Shown {
    Select(String, Vec<String>),
    Input(String, Option<String>),
    Editor(String, Option<String>),
    Notify(String, Level),
}

/// Replays scripted replies in order and records every dialog.
struct Scripted {
    replies: VecDeque<Option<&'static str>>,
    shown: Vec<Shown>,
    /// The options of every select, descriptions included.
    described: Vec<Vec<DialogOption>>,
}

impl Scripted {
    fn new(replies: &[Option<&'static str>]) -> Self {
        Self {
            replies: replies.iter().copied().collect(),
            shown: Vec::new(),
            described: Vec::new(),
        }
    }

    fn next(&mut self) -> Option<String> {
        self.replies
            .pop_front()
            .expect("a scripted reply for every dialog")
            .map(str::to_owned)
    }
}

impl Dialogs for Scripted {
    fn select(&mut self, title: &str, options: &[DialogOption]) -> Option<String> {
        let texts = options.iter().map(|option| option.text.clone()).collect();
        self.shown.push(Shown::Select(title.into(), texts));
        self.described.push(options.to_vec());
        self.next()
    }

    fn input(
        &mut self,
        title: &str,
        placeholder: Option<&str>,
        current: Option<&str>,
    ) -> Option<String> {
        self.shown.push(Shown::Input(
            title.into(),
            placeholder.or(current).map(str::to_owned),
        ));
        self.next()
    }

    fn editor(&mut self, title: &str, prefill: Option<&str>) -> Option<String> {
        self.shown
            .push(Shown::Editor(title.into(), prefill.map(str::to_owned)));
        self.next()
    }

    fn confirm(&mut self, _title: &str, _message: &str) -> Option<bool> {
        panic!("the flows never ask for a confirmation")
    }

    fn notify(&mut self, message: &str, level: Level) {
        self.shown.push(Shown::Notify(message.into(), level));
    }
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|item| (*item).to_owned()).collect()
}

fn run_ask_user(arguments: &Value, options: ParseOptions, fake: &mut Scripted) -> Value {
    let call = Call::parse(
        Tool::AskUser,
        arguments,
        options,
        &mut NoPreviewFiles,
        || "req-1".to_owned(),
    )
    .expect("valid arguments");
    let (result, _) = ask(call, None, fake);
    assert!(matches!(result, ToolResult::AskUser(_)));
    result.to_json()
}

fn run_question(arguments: &Value, fake: &mut Scripted) -> Value {
    let options = ParseOptions::default();
    let call = Call::parse(
        Tool::AskUserQuestion,
        arguments,
        options,
        &mut NoPreviewFiles,
        String::new,
    )
    .expect("valid arguments");
    ask(call, None, fake).0.to_json()
}

fn stack_and_scopes() -> Value {
    json!({"title": "Setup", "questions": [
        {"id": "stack", "label": "Stack", "prompt": "Which stack?", "options": [
            {"value": "rust", "label": "Rust"}, {"value": "go", "label": "Go"}]},
        {"id": "scopes", "label": "Scopes", "prompt": "Which scopes?", "type": "multi", "options": [
            {"value": "repo", "label": "Repo"}, {"value": "admin", "label": "Admin"},
            {"value": "org", "label": "Read org"}]}
    ]})
}
