//! The background queue as a journal left it: the queued (`background: true`) forms of the
//! active branch that never finished, to queue again in the order they were first queued, and
//! the ones that finished but whose ends never reached the agent, to deliver at the next wait.
//! A finished form is delivered once: a form named by an `ask:background-delivered` entry is
//! neither reopened nor delivered again.
//!
//! A form asked again opens with the drafts it held when it was last closed unanswered (its
//! newest `ask:drafts`), so nothing typed before a restart is lost.
//!
//! A form's arguments are its `ask:payload`: the entry its `ask:history-request` follows (so
//! the two were appended together), else the payload of the tool call the request names. A
//! form that cannot be asked again from them ends with an error, never with an invented
//! answer.

use std::collections::{HashMap, HashSet};

use serde_json::Value;

use super::branch::Branch;
use super::drafts::drafts_for_call;
use super::entry::EntryKind;
use super::records::{
    self, BACKGROUND_DELIVERED, BackgroundDelivered, DRAFTS, Drafts, HISTORY_COMPLETED,
    HISTORY_REQUEST, HistoryCompleted, HistoryRequest, PAYLOAD, Payload,
};
use crate::contract::answers::Draft;
use crate::contract::ask_user::ParseOptions;
use crate::contract::background::{BackgroundAnswer, Delivery, Outcome};
use crate::contract::request::Request;
use crate::contract::result::AskResult;
use crate::contract::{Call, Tool};

/// Why a form with no saved end cannot be asked again.
pub const UNREADABLE_ARGUMENTS: &str = "The form's saved arguments could not be read again.";
/// Why a saved end that is neither a result nor an error is delivered as a failure.
pub const UNREADABLE_RESULT: &str = "The form's saved result could not be read again.";

/// A queued form that ended, not yet delivered.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    /// Its end.
    pub answer: BackgroundAnswer,
    /// What it asked, for the text of its answer, when its arguments read back.
    pub request: Option<Request>,
    /// Whether its end is in the journal already; one found here is not (it failed now, since
    /// it cannot be asked again), and is saved before it is delivered.
    pub saved: Saved,
}

/// Whether an end is in the journal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Saved {
    /// An `ask:history-completed` entry holds it.
    Already,
    /// It is new: it is saved before it is delivered.
    NotYet,
}

/// A queued form never finished, to ask again.
#[derive(Clone, Debug, PartialEq)]
pub struct Reopened {
    /// Its call, under its request id.
    pub call: Call,
    /// The id of the tool call that queued it, which its events carry.
    pub tool_call_id: String,
    /// What its form held when it was last closed unanswered, one draft per question.
    pub drafts: Option<Vec<Draft>>,
}

/// The queue's state as the journal left it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Backlog {
    /// Forms never finished, in the order they were queued.
    pub waiting: Vec<Reopened>,
    /// Forms finished but not delivered, in the order they finished.
    pub undelivered: Vec<Finished>,
}

/// The backlog of `branch`, its forms asked again with `options`.
pub fn backlog(branch: &Branch<'_>, options: ParseOptions) -> Backlog {
    let payloads = payloads(branch);
    let delivered: HashSet<String> = branch
        .custom(BACKGROUND_DELIVERED)
        .filter_map(records::read::<BackgroundDelivered>)
        .flat_map(|record| record.request_ids)
        .collect();
    let mut ends: HashMap<String, HistoryCompleted> = HashMap::new();
    let mut end_order: Vec<String> = Vec::new();
    for completed in branch
        .custom(HISTORY_COMPLETED)
        .filter_map(records::read::<HistoryCompleted>)
    {
        end_order.retain(|id| *id != completed.request_id);
        end_order.push(completed.request_id.clone());
        ends.insert(completed.request_id.clone(), completed);
    }
    let mut drafts: HashMap<String, Vec<super::drafts::DraftRecord>> = HashMap::new();
    for record in branch.custom(DRAFTS).filter_map(records::read::<Drafts>) {
        drafts.insert(record.request_id, record.drafts);
    }
    let mut backlog = Backlog::default();
    let mut calls: HashMap<String, Option<Call>> = HashMap::new();
    let mut seen = HashSet::new();
    for (parent, request) in requests(branch) {
        if !request.background || !seen.insert(request.request_id.clone()) {
            continue;
        }
        let call = payloads
            .by_entry
            .get(parent.unwrap_or_default())
            .or_else(|| payloads.by_tool_call(branch, &request.tool_call_id))
            .and_then(|params| {
                Call::parse_saved(Tool::AskUser, params, options, &request.request_id).ok()
            })
            .filter(|call| call.delivery() == Delivery::Background);
        if delivered.contains(&request.request_id) {
            continue;
        }
        if ends.contains_key(&request.request_id) {
            calls.insert(request.request_id.clone(), call);
            continue;
        }
        match call {
            Some(call) => {
                let drafts = drafts
                    .get(&request.request_id)
                    .and_then(|records| drafts_for_call(records, &call));
                backlog.waiting.push(Reopened {
                    call,
                    tool_call_id: request.tool_call_id.clone(),
                    drafts,
                });
            }
            None => backlog.undelivered.push(Finished {
                answer: BackgroundAnswer {
                    request_id: request.request_id.clone(),
                    outcome: Outcome::Error(UNREADABLE_ARGUMENTS.to_owned()),
                },
                request: None,
                saved: Saved::NotYet,
            }),
        }
    }
    for request_id in end_order {
        let Some(call) = calls.remove(&request_id) else {
            continue;
        };
        let Some(end) = ends.remove(&request_id) else {
            continue;
        };
        backlog.undelivered.push(Finished {
            answer: BackgroundAnswer {
                request_id,
                outcome: outcome(end),
            },
            request: call.map(|call| call.request().clone()),
            saved: Saved::Already,
        });
    }
    backlog
}

/// A saved end as the queue's outcome: the error it failed with, else its result.
fn outcome(end: HistoryCompleted) -> Outcome {
    if let Some(error) = end.error {
        return Outcome::Error(error);
    }
    end.result
        .and_then(|result| serde_json::from_value::<AskResult>(result).ok())
        .map_or_else(
            || Outcome::Error(UNREADABLE_RESULT.to_owned()),
            |result| Outcome::Result(Box::new(result)),
        )
}

/// The `ask:history-request` records of the branch, oldest first, each with the id of the
/// entry it follows.
fn requests<'a>(branch: &Branch<'a>) -> Vec<(Option<&'a str>, HistoryRequest)> {
    branch
        .entries()
        .iter()
        .filter_map(|entry| match &entry.kind {
            EntryKind::Custom { custom_type, data } if custom_type == HISTORY_REQUEST => {
                records::read::<HistoryRequest>(data)
                    .map(|request| (entry.parent_id.as_deref(), request))
            }
            _ => None,
        })
        .collect()
}

/// The saved arguments of the branch's payloads, by the id of the entry holding each, and by
/// the entry of the tool call each was written for.
struct Payloads<'a> {
    by_entry: HashMap<&'a str, Value>,
    by_source: HashMap<String, Value>,
}

impl Payloads<'_> {
    fn by_tool_call(&self, branch: &Branch<'_>, tool_call_id: &str) -> Option<&Value> {
        self.by_source.get(branch.entry_of_tool_call(tool_call_id)?)
    }
}

fn payloads<'a>(branch: &Branch<'a>) -> Payloads<'a> {
    let mut found = Payloads {
        by_entry: HashMap::new(),
        by_source: HashMap::new(),
    };
    for entry in branch.entries() {
        let EntryKind::Custom { custom_type, data } = &entry.kind else {
            continue;
        };
        if custom_type != PAYLOAD {
            continue;
        }
        let Some(payload) = records::read::<Payload>(data) else {
            continue;
        };
        if let Some(source) = payload.source_entry_id.clone() {
            found.by_source.insert(source, payload.params.clone());
        }
        found.by_entry.insert(entry.id.as_str(), payload.params);
    }
    found
}

#[cfg(test)]
#[path = "backlog_tests.rs"]
mod tests;
