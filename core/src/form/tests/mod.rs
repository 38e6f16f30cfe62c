//! Behaviour tests of the form: keys in, result JSON and screens out.

mod answers;
mod choices;
mod dismiss;
mod draw;
mod editing;
mod find;
mod flow;
mod images;
mod kept_layout;
mod long_answers;
mod long_lists;
mod mouse;
mod narrow_screens;
mod paging;
mod previews;
mod prompt;
mod question_tool;
mod question_tool_settings;
mod references;
mod small_screens;

use serde_json::{Value, json};

use super::{Form, FormConfig};
use crate::contract::ask_user::{NoPreviewFiles, ParseOptions};
use crate::contract::{Call, Tool};
use crate::draw::{DrawCmd, Frame, Size};
use crate::effect::{Effect, Surface};
use crate::input::Input;
use crate::keys::Key;
use crate::settings::Behaviour;

/// The request id every test form gets.
pub const REQUEST_ID: &str = "11111111-2222-4333-8444-555555555555";

/// A form for `ask_user` arguments with default settings.
pub fn ask_user(arguments: &Value) -> Form {
    ask_user_with(arguments, Behaviour::default())
}

/// A form for `ask_user` arguments with these behaviour switches.
pub fn ask_user_with(arguments: &Value, behaviour: Behaviour) -> Form {
    let options = ParseOptions {
        present_single_as_multi: behaviour.present_single_as_multi,
    };
    let call = Call::parse(
        Tool::AskUser,
        arguments,
        options,
        &mut NoPreviewFiles,
        || REQUEST_ID.to_owned(),
    )
    .expect("valid arguments");
    let config = FormConfig {
        behaviour,
        ..FormConfig::default()
    };
    Form::new(call, &config)
}

/// A form for `ask_user` arguments with default behaviour and these keymap overrides (the
/// settings file's `keymaps` section).
pub fn ask_user_with_keys(arguments: &Value, overrides: &Value) -> Form {
    let (keymaps, problems) = crate::keys::Keymaps::from_overrides(overrides);
    assert!(problems.is_empty(), "{problems:?}");
    let form = ask_user(arguments);
    let config = FormConfig {
        keymaps,
        ..FormConfig::default()
    };
    Form::new(form.call, &config)
}

/// A form for `ask_user_question` arguments with default settings.
pub fn question_tool(arguments: &Value) -> Form {
    let call = Call::parse(
        Tool::AskUserQuestion,
        arguments,
        ParseOptions::default(),
        &mut NoPreviewFiles,
        String::new,
    )
    .expect("valid arguments");
    Form::new(call, &FormConfig::default())
}

/// A driven form and every effect it emitted.
pub struct Run {
    /// The form after the keys.
    pub form: Form,
    /// The effects, in order.
    pub effects: Vec<Effect>,
    /// The screen the form is drawn on after every input.
    pub size: Size,
}

impl Run {
    /// Drives `form` with a script of key ids separated by spaces; a token in single quotes is
    /// typed character by character (`'two words'` keeps its space).
    pub fn new(form: Form, script: &str) -> Self {
        Self::sized(form, Size::new(80, 24), script)
    }

    /// Drives `form` as [`Run::new`] does on a screen of `size`.
    pub fn sized(form: Form, size: Size, script: &str) -> Self {
        let mut run = Self {
            form,
            effects: Vec::new(),
            size,
        };
        run.form.draw(size);
        run.keys(script);
        run
    }

    /// More keys (see [`Run::new`]).
    pub fn keys(&mut self, script: &str) -> &mut Self {
        for input in script_inputs(script) {
            let effects = self.form.handle(input);
            self.form.draw(self.size);
            self.effects.extend(effects);
        }
        self
    }

    /// The finished result as JSON; panics when the flow has not finished.
    pub fn result(&self) -> Value {
        self.effects
            .iter()
            .find_map(|effect| match effect {
                Effect::Finish(result) => Some(result.to_json()),
                _ => None,
            })
            .expect("the flow finished")
    }

    /// Whether the flow finished.
    pub fn finished(&self) -> bool {
        self.effects
            .iter()
            .any(|effect| matches!(effect, Effect::Finish(_)))
    }

    /// `details.answers` of the result.
    pub fn answers(&self) -> Value {
        self.result()["details"]["answers"].clone()
    }

    /// The result's text.
    pub fn text(&self) -> String {
        self.result()["content"][0]["text"]
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// The screen at the run's size as text.
    pub fn screen(&self) -> String {
        screen_text(&self.form.draw(self.size))
    }
}

/// The inputs of a test key script.
pub fn script_inputs(script: &str) -> Vec<Input> {
    let mut inputs = Vec::new();
    let mut rest = script.trim_start();
    while !rest.is_empty() {
        if let Some(quoted) = rest.strip_prefix('\'') {
            let end = quoted.find('\'').expect("a closing quote");
            inputs.extend(quoted[..end].chars().map(|c| Input::Key(Key::from_char(c))));
            rest = quoted[end + 1..].trim_start();
            continue;
        }
        let end = rest.find(' ').unwrap_or(rest.len());
        let (token, repeat) = match rest[..end].rsplit_once('*') {
            Some((token, count)) if !token.is_empty() => {
                (token, count.parse().expect("a repeat count"))
            }
            _ => (&rest[..end], 1),
        };
        for _ in 0..repeat {
            if let Some(text) = token.strip_prefix("paste:") {
                inputs.push(Input::Paste(text.replace('_', " ")));
            } else {
                inputs.push(Input::Key(token.parse().expect("a key id")));
            }
        }
        rest = rest[end..].trim_start();
    }
    inputs
}

/// A frame as rows of text (wide characters take their cells; later runs overwrite).
pub fn screen_text(frame: &Frame) -> String {
    let width = usize::from(frame.size.width);
    let mut rows = vec![vec![String::from(" "); width]; usize::from(frame.size.height)];
    for cmd in &frame.cmds {
        let DrawCmd::Text { pos, text, .. } = cmd;
        let mut x = usize::from(pos.x);
        for (grapheme, cells) in crate::text::graphemes(text) {
            if let Some(cell) = rows
                .get_mut(usize::from(pos.y))
                .and_then(|row| row.get_mut(x))
            {
                *cell = grapheme.to_owned();
            }
            for extra in 1..cells {
                if let Some(cell) = rows
                    .get_mut(usize::from(pos.y))
                    .and_then(|row| row.get_mut(x + extra))
                {
                    cell.clear();
                }
            }
            x += cells;
        }
    }
    rows.iter()
        .map(|row| row.concat().trim_end().to_owned())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Three questions: single, multi with a recommended option, preview.
pub fn three_questions() -> Value {
    json!({
        "title": "Project setup",
        "questions": [
            {
                "id": "db", "label": "Database", "prompt": "Which database?",
                "options": [
                    {"value": "pg", "label": "Postgres", "description": "Relational"},
                    {"value": "sqlite", "label": "SQLite"},
                    {"value": "mongo", "label": "MongoDB"}
                ]
            },
            {
                "id": "checks", "label": "Checks", "prompt": "Which checks?", "type": "multi",
                "options": [
                    {"value": "fmt", "label": "Format", "recommended": true},
                    {"value": "lint", "label": "Lint"},
                    {"value": "test", "label": "Test"}
                ]
            },
            {
                "id": "layout", "label": "Layout", "prompt": "Which layout?", "type": "preview",
                "options": [
                    {"value": "a", "label": "Layout A", "preview": "A\nA"},
                    {"value": "b", "label": "Layout B", "preview": "B\nB"}
                ]
            }
        ]
    })
}

/// A titled question of `kind` (`single`, `multi` or `preview`) crowded for a small screen: a
/// prompt that wraps, options with descriptions and, in a preview question, previews long
/// enough to want every row they can get.
pub fn crowded_question(kind: &str) -> Value {
    let preview = "fn main() {\n    serve();\n}\n".repeat(10);
    json!({"title": "Service", "questions": [{"id": "lang", "type": kind,
    "prompt": "Which language should the new service use? The prompt runs long enough to \
               wrap on every screen it is shown on, and to be cut on the shortest.",
    "options": [
        {"value": "rust", "label": "Rust", "description": "Fast and safe", "preview": preview},
        {"value": "go", "label": "Go", "description": "Simple", "preview": preview},
        {"value": "zig", "label": "Zig", "description": "Small", "preview": preview}
    ]}]})
}

/// One single-select question.
pub fn one_single() -> Value {
    json!({
        "questions": [{
            "id": "db", "label": "Database", "prompt": "Which database?",
            "options": [
                {"value": "pg", "label": "Postgres"},
                {"value": "sqlite", "label": "SQLite"}
            ]
        }]
    })
}

/// One multi-select question.
pub fn one_multi() -> Value {
    json!({
        "questions": [{
            "id": "checks", "label": "Checks", "prompt": "Which checks?", "type": "multi",
            "options": [
                {"value": "fmt", "label": "Format", "recommended": true},
                {"value": "lint", "label": "Lint"},
                {"value": "test", "label": "Test"}
            ]
        }]
    })
}
