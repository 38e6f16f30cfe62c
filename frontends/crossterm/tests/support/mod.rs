//! Forms the frontend's tests draw (the demo and any `ask_user` arguments, with default
//! settings and a fixed request id) and the painter they draw them with.

#![allow(dead_code)]

pub mod look;

use pi_agent_ask_core::contract::ask_user::{NoPreviewFiles, ParseOptions};
use pi_agent_ask_core::contract::{Call, Tool};
use pi_agent_ask_core::form::{Form, FormConfig};
use pi_agent_ask_crossterm::encode::Erase;
use pi_agent_ask_crossterm::painter::{Painter, Viewport};
use pi_agent_ask_crossterm::{LeanBackend, ScreenSize};
use ratatui::layout::Size;
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

/// A painter on a full screen of `size` that was just erased, writing into a byte buffer, as
/// the program draws on its terminal.
pub fn erased_painter(size: Size) -> Painter<LeanBackend<Vec<u8>>> {
    let backend = LeanBackend::new(Vec::new(), ScreenSize::Fixed(size));
    let mut painter = Painter::new(backend, Viewport::Fullscreen).expect("a painter");
    painter
        .target_mut()
        .clear_region(Erase::All)
        .expect("an erased screen");
    painter
}
