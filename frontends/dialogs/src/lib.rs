//! Asking pi-agent-ask questions through standard dialogs.
//!
//! Some hosts cannot show the full form but can show a `select`, an `input` or an `editor`
//! prompt: an RPC host speaking Pi's extension-UI protocol, or a plain line-by-line terminal
//! that a screen reader reads well. The [`Dialogs`] trait is that seam; [`run`] drives core's
//! [`DialogFlow`] through it and returns the same tool result the form would. [`rpc`] speaks
//! the JSON-lines host protocol and [`plain`] prompts on a terminal.

pub mod plain;
pub mod rpc;

use pi_agent_ask_core::contract::answers::Draft;
use pi_agent_ask_core::contract::{Call, ToolResult};
use pi_agent_ask_core::dialog::wording::multi_select_title;
use pi_agent_ask_core::dialog::{
    AfterLast, Dialog, DialogFlow, DialogOption, Position, Step, option_texts,
};

/// How much a notification matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// For information.
    Info,
    /// Something went wrong but the flow goes on.
    Warning,
    /// Something failed.
    Error,
}

impl Level {
    /// The name Pi's protocol uses (`notifyType`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Info => "info",
            Self::Warning => "warning",
            Self::Error => "error",
        }
    }
}

/// Standard dialogs a host can show. `None` means the user dismissed the dialog.
pub trait Dialogs {
    /// Lets the user pick one of `options`; the reply is the chosen option's string. A host
    /// that can shows the options' descriptions and recommendations too.
    fn select(&mut self, title: &str, options: &[DialogOption]) -> Option<String>;

    /// Asks for one line of text; `current` is the written answer a question asked again
    /// holds, which a blank reply keeps.
    fn input(
        &mut self,
        title: &str,
        placeholder: Option<&str>,
        current: Option<&str>,
    ) -> Option<String>;

    /// Asks for free text, starting from `prefill`.
    fn editor(&mut self, title: &str, prefill: Option<&str>) -> Option<String>;

    /// Lets the user pick any number of `options` by typing their numbers or strings; the
    /// reply is the typed text. `current` is the answer a question asked again holds, as a
    /// reply, which a blank reply keeps. By default this is an editor titled with
    /// [`multi_select_title`], starting empty, or from `current`.
    fn multi_select(
        &mut self,
        question: &str,
        options: &[DialogOption],
        current: Option<&str>,
    ) -> Option<String> {
        let title = multi_select_title(question, &option_texts(options));
        self.editor(&title, Some(current.unwrap_or_default()))
    }

    /// Asks a yes-or-no question.
    fn confirm(&mut self, title: &str, message: &str) -> Option<bool>;

    /// Shows a message that needs no answer.
    fn notify(&mut self, message: &str, level: Level);

    /// How a flow asked through these dialogs ends: by default it submits after the last
    /// question; dialogs that can show a review of the answers first say so.
    fn after_last(&self) -> AfterLast {
        AfterLast::Submit
    }

    /// Says where the flow stands as a new question (or the review) opens: the call's title,
    /// if it has one, and the position. By default nothing is shown.
    fn announce(&mut self, title: Option<&str>, position: Position) {
        let _ = (title, position);
    }
}

/// Asks the flow's questions through `dialogs` until the flow ends, and returns its result.
///
/// Each time the flow moves to another question, or to its review, the dialogs announce it
/// first. A select reply that is none of the options is the written answer, or, blank, asks
/// the same select again (the flow decides, see [`DialogFlow`]).
pub fn run(mut flow: DialogFlow, dialogs: &mut dyn Dialogs) -> ToolResult {
    drive(&mut flow, dialogs)
}

fn drive(flow: &mut DialogFlow, dialogs: &mut dyn Dialogs) -> ToolResult {
    let mut announced = Position::Ended;
    loop {
        let position = flow.position();
        if position != announced && position != Position::Ended {
            dialogs.announce(flow.call().title(), position);
            announced = position;
        }
        let reply = match flow.step() {
            Step::Done(result) => return result.clone(),
            Step::Ask(dialog) => show(dialogs, dialog),
        };
        if let Err(error) = flow.reply(reply.as_deref()) {
            dialogs.notify(&format!("{error}; please choose again"), Level::Warning);
        }
    }
}

/// Asks a valid call of either tool through `dialogs`, ending as they choose
/// ([`Dialogs::after_last`]), taking up what a form ended before held when there are `drafts`
/// ([`DialogFlow::resumed`]). Gives the result and the answers the flow held as it ended, one
/// draft per question, which a journal keeps when the flow was ended from outside.
pub fn ask(
    call: Call,
    drafts: Option<Vec<Draft>>,
    dialogs: &mut dyn Dialogs,
) -> (ToolResult, Vec<Draft>) {
    let after_last = dialogs.after_last();
    let mut flow = match drafts {
        Some(drafts) => DialogFlow::resumed(call, after_last, drafts),
        None => DialogFlow::ending(call, after_last),
    };
    let result = drive(&mut flow, dialogs);
    (result, flow.drafts().to_vec())
}

fn show(dialogs: &mut dyn Dialogs, dialog: &Dialog) -> Option<String> {
    match dialog {
        Dialog::Select { title, options } => dialogs.select(title, options),
        Dialog::Input {
            title,
            placeholder,
            current,
        } => dialogs.input(title, placeholder.as_deref(), current.as_deref()),
        Dialog::MultiSelect {
            question,
            options,
            current,
        } => dialogs.multi_select(question, options, current.as_deref()),
    }
}

#[cfg(test)]
mod driver_tests;
