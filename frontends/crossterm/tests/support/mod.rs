//! Forms the frontend's tests draw: the demo and any `ask_user` arguments, with default
//! settings and a fixed request id.

#![allow(dead_code)]

pub mod look;

use pi_agent_ask_core::contract::ask_user::{NoPreviewFiles, ParseOptions};
use pi_agent_ask_core::contract::{Call, Tool};
use pi_agent_ask_core::form::{Form, FormConfig};
use serde_json::Value;

/// The demo's tool arguments.
const DEMO: &str = include_str!("../../../../fixtures/demo.json");

/// A form for valid `ask_user` arguments.
pub fn form(arguments: &Value) -> Form {
    let call = Call::parse(
        Tool::AskUser,
        arguments,
        ParseOptions::default(),
        &mut NoPreviewFiles,
        || "00000000-0000-4000-8000-000000000000".into(),
    )
    .expect("a valid call");
    Form::new(call, &FormConfig::default())
}

/// The demo questionnaire's form.
pub fn demo_form() -> Form {
    form(&serde_json::from_str(DEMO).expect("the demo is JSON"))
}
