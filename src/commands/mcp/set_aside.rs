//! What the person wrote in a form whose call the client withdrew before it was answered (most
//! often the client's own request timeout: the TypeScript SDK gives up after 60 seconds), kept
//! for the next call of the same tool with the same arguments: the model retrying the call
//! finds the form as the person left it, not empty.

use std::collections::VecDeque;
use std::sync::{Mutex, PoisonError};

use pi_agent_ask_core::contract::answers::Draft;
use pi_agent_ask_core::contract::{Call, Tool};
use pi_agent_ask_core::journal::drafts::news_since;
use serde_json::Value;

/// The most forms kept aside at once; the oldest goes first.
const MOST_KEPT: usize = 16;

/// The forms kept aside, oldest first.
#[derive(Default)]
pub struct SetAside {
    kept: Mutex<VecDeque<Kept>>,
}

/// One form kept aside: the call it answered, and what it held.
struct Kept {
    tool: Tool,
    arguments: Value,
    drafts: Vec<Draft>,
}

impl SetAside {
    /// Keeps `drafts`, what `call`'s form held as it was withdrawn, when anything was written
    /// or chosen in it; a form kept for the same call before is replaced.
    pub fn keep(&self, call: &Call, drafts: Vec<Draft>) {
        if !news_since(None, &drafts) {
            return;
        }
        let (tool, arguments) = (call.tool(), asked(call));
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.retain(|form| form.tool != tool || form.arguments != arguments);
        if kept.len() == MOST_KEPT {
            kept.pop_front();
        }
        kept.push_back(Kept {
            tool,
            arguments,
            drafts,
        });
    }

    /// What a form withdrawn from a call of `call`'s tool and arguments held, taken: it opens
    /// one form.
    pub fn take(&self, call: &Call) -> Option<Vec<Draft>> {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        if kept.is_empty() {
            return None;
        }
        let (tool, arguments) = (call.tool(), asked(call));
        let at = kept
            .iter()
            .position(|form| form.tool == tool && form.arguments == arguments)?;
        kept.remove(at).map(|form| form.drafts)
    }
}

/// What `call` asks: its arguments without `background`, so that a call made again in the
/// foreground after a background one (or the other way) finds what its form held.
fn asked(call: &Call) -> Value {
    let mut arguments = call.arguments();
    if let Some(object) = arguments.as_object_mut() {
        object.remove("background");
    }
    arguments
}
