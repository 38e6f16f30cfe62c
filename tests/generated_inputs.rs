//! Generated inputs at scale: a long run, not part of the default `cargo test`.
//!
//! ```sh
//! cargo test --release --test generated_inputs -- --ignored fuzz
//! ```
//!
//! feeds 1,000,000 generated and mutated inputs (`PI_AGENT_ASK_FUZZ_INPUTS` sets another count)
//! through the argument parsers of both tools, the remote-response validator, the settings
//! loader, the RPC line handler, and the form driven by random key scripts at random sizes. It
//! asserts no panic, no hang (the run fails when one input takes longer than
//! [`INPUT_TIME_LIMIT`]), and exactly one JSON document where one is promised: every result
//! reads back as one JSON value, and every RPC call gets exactly one result line. The sequence
//! is deterministic, so a failure names the input's number and kind to replay it.

#[allow(dead_code)] // the strategies this run does not use
#[path = "../core/tests/documents/mod.rs"]
mod documents;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use documents::{apply_all, arbitrary_json, mutations, valid_ask_user, valid_question_tool};
use pi_agent_ask_core::contract::ask_user::{NoPreviewFiles, ParseOptions};
use pi_agent_ask_core::contract::{Call, InvalidCall, Tool, ToolResult};
use pi_agent_ask_core::effect::{Effect, Surface};
use pi_agent_ask_core::form::{Form, FormConfig};
use pi_agent_ask_core::input::{Input, Mouse};
use pi_agent_ask_core::keys::Key;
use pi_agent_ask_core::{Size, draw::Pos, settings};
use pi_agent_ask_dialogs::rpc::{Environment, Session};
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;
use serde_json::{Value, json};

/// The longest one input may take before the run calls it a hang.
const INPUT_TIME_LIMIT: Duration = Duration::from_secs(10);

/// The kinds of input, taken in turn.
#[derive(Clone, Copy, Debug)]
enum Kind {
    AskUserArguments,
    QuestionToolArguments,
    RemoteResponse,
    SettingsText,
    RpcSession,
    FormKeys,
}

const KINDS: [Kind; 6] = [
    Kind::AskUserArguments,
    Kind::QuestionToolArguments,
    Kind::RemoteResponse,
    Kind::SettingsText,
    Kind::RpcSession,
    Kind::FormKeys,
];

/// Key ids a user can press, the form's own and others.
const KEYS: &[&str] = &[
    "up",
    "down",
    "left",
    "right",
    "tab",
    "shift+tab",
    "enter",
    "space",
    "escape",
    "ctrl+c",
    "t",
    "n",
    "shift+n",
    "?",
    "1",
    "2",
    "3",
    "9",
    "pageUp",
    "pageDown",
    "home",
    "end",
    "a",
    "backspace",
    "alt+enter",
    "ctrl+s",
    "f5",
];

/// A small deterministic generator for the choices the strategies do not make.
struct Choices(u64);

impl Choices {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound.max(1) as u64) as usize
    }
}

/// One worker's generators.
struct Generator {
    runner: TestRunner,
    choices: Choices,
}

impl Generator {
    fn sample<S: Strategy>(&mut self, strategy: &S) -> S::Value {
        strategy
            .new_tree(&mut self.runner)
            .expect("a strategy makes a value")
            .current()
    }

    /// A valid document, mutated one time in two, or arbitrary JSON one time in eight.
    fn document(&mut self, valid: &impl Strategy<Value = Value>) -> Value {
        match self.choices.below(8) {
            0 => self.sample(&arbitrary_json()),
            1..=3 => {
                let document = self.sample(valid);
                let broken = self.sample(&mutations());
                apply_all(document, &broken)
            }
            _ => self.sample(valid),
        }
    }

    fn call(&mut self, tool: Tool, document: &Value) -> Result<Call, InvalidCall> {
        let options = ParseOptions {
            present_single_as_multi: self.choices.below(4) == 0,
        };
        Call::parse(tool, document, options, &mut NoPreviewFiles, || {
            "00000000-0000-4000-8000-000000000000".to_owned()
        })
    }

    fn valid_call(&mut self) -> Call {
        loop {
            let tool = if self.choices.below(2) == 0 {
                Tool::AskUser
            } else {
                Tool::AskUserQuestion
            };
            let document = if tool == Tool::AskUser {
                self.sample(&valid_ask_user())
            } else {
                self.sample(&valid_question_tool())
            };
            if let Ok(call) = self.call(tool, &document) {
                return call;
            }
        }
    }

    /// A remote response for `call`: names and values it knows, and some it does not.
    fn response(&mut self, call: &Call) -> Value {
        let mut answers = serde_json::Map::new();
        for spec in call.answer_specs() {
            if self.choices.below(3) == 0 {
                continue;
            }
            let mut values: Vec<Value> = spec
                .values
                .iter()
                .filter(|_| self.choices.below(2) == 0)
                .map(|value| json!(value))
                .collect();
            if self.choices.below(6) == 0 {
                values.push(json!("no-such-value"));
            }
            let mut answer = json!({"values": values});
            if self.choices.below(3) == 0 {
                answer["customText"] = json!(" written ");
            }
            if self.choices.below(3) == 0 {
                answer["note"] = json!("a note");
            }
            answers.insert(spec.id.clone(), answer);
        }
        let mode = ["submit", "elaborate", "other"][self.choices.below(3)];
        let response = json!({"kind": "answer", "mode": mode, "answers": answers});
        if self.choices.below(3) == 0 {
            let broken = self.sample(&mutations());
            apply_all(response, &broken)
        } else {
            response
        }
    }
}

/// A result reads back as exactly one JSON document.
fn assert_one_document(result: &ToolResult) {
    let text = pi_agent_ask_core::json::to_string(&result.to_json());
    let back: Value = serde_json::from_str(&text).expect("a result is one JSON document");
    assert!(back.is_object(), "a result is an object: {text}");
}

fn arguments(generator: &mut Generator, tool: Tool) {
    let valid = if tool == Tool::AskUser {
        generator.document(&valid_ask_user())
    } else {
        generator.document(&valid_question_tool())
    };
    match generator.call(tool, &valid) {
        Ok(call) => {
            assert_one_document(&call.submit(&[]));
            assert_one_document(&call.elaborate(&[]));
            assert_one_document(&call.cancelled(None));
            assert_one_document(&call.no_ui());
        }
        Err(invalid) => {
            assert!(!invalid.issues().is_empty(), "no issue for {valid}");
            assert_one_document(invalid.result());
        }
    }
}

fn remote(generator: &mut Generator) {
    let call = generator.valid_call();
    let response = generator.response(&call);
    assert_one_document(&call.answered_by(&response));
}

fn settings_text(generator: &mut Generator) {
    let document = if generator.choices.below(2) == 0 {
        let broken = generator.sample(&mutations());
        apply_all(settings::default_document(), &broken)
    } else {
        generator.sample(&arbitrary_json())
    };
    let mut text = document.to_string();
    if generator.choices.below(4) == 0 {
        let cut = generator.choices.below(text.len() + 1);
        while !text.is_char_boundary(cut.min(text.len())) {
            text.pop();
        }
        text.truncate(cut.min(text.len()));
    }
    let loaded = settings::load(Some(&text));
    for toggle in settings::Toggle::ALL {
        let _ = loaded.settings.toggle(toggle);
    }
}

/// Ids and times in a fixed order, and no files.
struct Counting(u64);

impl Environment for Counting {
    fn new_id(&mut self) -> String {
        self.0 += 1;
        format!("id-{}", self.0)
    }

    fn now(&mut self) -> u64 {
        1_735_689_600_000
    }

    fn parse_call(&mut self, tool: Tool, arguments: &Value) -> Result<Call, InvalidCall> {
        let options = ParseOptions::default();
        Call::parse(tool, arguments, options, &mut NoPreviewFiles, || {
            self.new_id()
        })
    }
}

fn rpc_session(generator: &mut Generator) {
    let mut session = Session::new(Counting(0));
    let mut asked = 0;
    let mut results = 0;
    let count = |lines: Vec<pi_agent_ask_dialogs::rpc::Outgoing>, results: &mut usize| {
        for line in lines {
            let text = line.to_line();
            let value: Value = serde_json::from_str(&text).expect("an RPC line is JSON");
            if value["type"] == "result" {
                *results += 1;
            }
        }
    };
    for round in 0..=generator.choices.below(8) {
        let line = match generator.choices.below(6) {
            0 | 1 => {
                let tool = ["ask_user", "ask_user_question"][generator.choices.below(2)];
                let document = if tool == "ask_user" {
                    generator.document(&valid_ask_user())
                } else {
                    generator.document(&valid_question_tool())
                };
                json!({"type": "ask", "id": format!("call-{round}"), "tool": tool,
                       "arguments": document})
                .to_string()
            }
            2 => {
                let id = format!("id-{}", generator.choices.below(6));
                let reply = ["1", "Type your own", "", "x"][generator.choices.below(4)];
                json!({"type": "extension_ui_response", "id": id, "value": reply}).to_string()
            }
            3 => json!({"type": "abort", "id": format!("call-{}", generator.choices.below(4))})
                .to_string(),
            4 => generator.sample(&arbitrary_json()).to_string(),
            _ => "{\"type\": \"ask\", ".to_owned(),
        };
        let answered = session.handle_line(line.as_bytes());
        let refused = answered.iter().any(|out| out.to_json()["success"] == false);
        let is_ask =
            serde_json::from_str::<Value>(&line).is_ok_and(|message| message["type"] == "ask");
        if is_ask && !refused {
            asked += 1;
        }
        count(answered, &mut results);
    }
    count(session.end_of_input(), &mut results);
    assert_eq!(results, asked, "one result per call");
}

fn form_keys(generator: &mut Generator) {
    let call = generator.valid_call();
    let mut form = Form::new(call, &FormConfig::default());
    let size = Size::new(
        generator.choices.below(220) as u16,
        generator.choices.below(70) as u16,
    );
    let mut finished = 0;
    let _ = form.draw(size);
    for _ in 0..generator.choices.below(40) {
        let input = match generator.choices.below(10) {
            0 => Input::Paste("pasted\ntext".into()),
            1 => Input::Mouse(Mouse::Click(Pos::new(
                generator.choices.below(size.width as usize + 2) as u16,
                generator.choices.below(size.height as usize + 2) as u16,
            ))),
            2 => Input::Resize(Size::new(
                generator.choices.below(300) as u16,
                generator.choices.below(90) as u16,
            )),
            _ => Input::Key(
                KEYS[generator.choices.below(KEYS.len())]
                    .parse::<Key>()
                    .expect("a key id"),
            ),
        };
        for effect in form.handle(input) {
            if let Effect::Finish(result) = effect {
                finished += 1;
                assert_one_document(&result);
            }
        }
        let _ = form.draw(size);
    }
    assert!(finished <= 1, "a flow finishes once");
    if finished == 0 {
        assert_one_document(&form.cancelled_result());
    }
}

fn run_one(generator: &mut Generator, kind: Kind) {
    match kind {
        Kind::AskUserArguments => arguments(generator, Tool::AskUser),
        Kind::QuestionToolArguments => arguments(generator, Tool::AskUserQuestion),
        Kind::RemoteResponse => remote(generator),
        Kind::SettingsText => settings_text(generator),
        Kind::RpcSession => rpc_session(generator),
        Kind::FormKeys => form_keys(generator),
    }
}

#[test]
#[ignore = "a long run of a million inputs; see the module docs"]
fn fuzz_generated_inputs_never_panic_hang_or_lose_a_result() {
    let total: u64 = std::env::var("PI_AGENT_ASK_FUZZ_INPUTS")
        .ok()
        .and_then(|count| count.parse().ok())
        .unwrap_or(1_000_000);
    let workers: u64 = 2;
    let done = Arc::new(AtomicU64::new(0));
    let failed = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let handles: Vec<_> = (0..workers)
        .map(|worker| {
            let done = Arc::clone(&done);
            let failed = Arc::clone(&failed);
            thread::spawn(move || {
                let mut generator = Generator {
                    runner: TestRunner::deterministic(),
                    choices: Choices(0x9e37_79b9_7f4a_7c15 ^ (worker + 1)),
                };
                let mut number = worker;
                while number < total && !failed.load(Ordering::Relaxed) {
                    let kind = KINDS[(number / workers) as usize % KINDS.len()];
                    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        run_one(&mut generator, kind);
                    }));
                    if outcome.is_err() {
                        failed.store(true, Ordering::Relaxed);
                        return Err(format!("input {number} of worker {worker} ({kind:?})"));
                    }
                    done.fetch_add(1, Ordering::Relaxed);
                    number += workers;
                }
                Ok(())
            })
        })
        .collect();
    let mut last = (0, Instant::now());
    while done.load(Ordering::Relaxed) < total && !failed.load(Ordering::Relaxed) {
        thread::sleep(Duration::from_millis(200));
        let now = done.load(Ordering::Relaxed);
        if now != last.0 {
            last = (now, Instant::now());
        }
        assert!(
            last.1.elapsed() < INPUT_TIME_LIMIT,
            "no input finished in {INPUT_TIME_LIMIT:?} after {now} inputs: a hang"
        );
    }
    for handle in handles {
        if let Err(which) = handle.join().expect("a worker ends") {
            panic!("a panic on {which}");
        }
    }
    eprintln!(
        "{} generated inputs in {:.1} s",
        done.load(Ordering::Relaxed),
        started.elapsed().as_secs_f64()
    );
}
