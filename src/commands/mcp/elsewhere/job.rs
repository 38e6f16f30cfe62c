//! One ask on a surface that needs no client request (the inbox, a popup), run on a blocking
//! thread: what it asks, and what it hands back.

use std::path::PathBuf;

use pi_agent_ask_core::contract::Call;
use pi_agent_ask_core::contract::answers::Draft;
use pi_agent_ask_core::effect::ReplyReason;
use pi_agent_ask_core::journal::drafts::DraftRecord;
use serde_json::Value;

use super::super::server::Shared;
use super::super::surfaces::Where;
use super::Machine;
use crate::away::AwayRequest;
use crate::cancel::Cancel;
use crate::inbox::behind::Behind;
use crate::inbox::client::{self, InboxAnswer, InboxError, TAKEN_OVER};
use crate::popup::{self, Popup, PopupEnding, PopupError, PopupRequest};

/// What the blocking ask hands back.
pub enum Outcome {
    /// A tool result document, as `ask` prints it.
    Result(Value),
    /// The inbox closed on the ask, the person closing it with the asks this server holds back
    /// counted as waiting there: its cancelled result document, or none when it closed as the
    /// ask came, while it kept the place for it ([`Behind::keeps_place`]).
    InboxClosed(Option<Value>),
    /// The ask was cancelled here (the call withdrawn, the input ended, a signal): the
    /// call's cancelled result.
    Cancelled,
    /// The surface went away without an answer, nobody having ended the form: an inbox that
    /// crashed or was killed, a popup whose terminal went away or whose program was killed.
    Gone,
    /// The surface did not take the ask.
    Refused(String),
    /// The surface failed: an error result with the message.
    Failed(String),
}

/// One ask to run on a blocking thread; made by [`Job::new`].
pub enum Job {
    /// Sent to the inbox called `name`.
    Inbox {
        /// The call as the inbox takes it.
        request: AwayRequest,
        /// The inbox's name.
        name: String,
        /// How many asks of this server wait behind it, which the inbox counts as they change.
        behind: Option<Behind>,
    },
    /// Asked in a popup.
    Popup {
        /// Where the popup opens.
        popup: Popup,
        /// The call it asks.
        call: Call,
        /// The settings file the popup's form reads.
        config: Option<PathBuf>,
        /// Where its preview paths resolve.
        cwd: PathBuf,
        /// What its form opens with.
        drafts: Option<Vec<Draft>>,
    },
}

/// Asks in the inbox called `name`, telling it how many asks wait behind this one when the
/// server counts them.
fn ask_in_inbox(
    request: &AwayRequest,
    name: &str,
    cancel: &Cancel,
    behind: Option<&Behind>,
) -> Result<InboxAnswer, InboxError> {
    match behind {
        Some(behind) => client::ask_holding_back(request, name, cancel, behind),
        None => client::ask(request, name, cancel),
    }
}

/// What a cancelled ask handed back: the drafts its form held, one per question, when the
/// surface gave them in time.
pub type Kept = Option<Vec<DraftRecord>>;

impl Job {
    /// The ask of `call` on `surface` (the inbox, or the popup `machine` found), or why that
    /// surface cannot take it.
    pub fn new(
        shared: &Shared,
        call: &Call,
        surface: Where,
        machine: &mut Machine,
    ) -> Result<Self, String> {
        let config = &shared.config;
        match surface {
            Where::Popup => match machine.popup() {
                Ok(popup) => Ok(Self::Popup {
                    popup: popup.clone(),
                    call: call.clone(),
                    config: config.settings.path.clone(),
                    cwd: config.cwd.clone(),
                    drafts: None,
                }),
                Err(why) => Err(why.to_string()),
            },
            Where::Inbox => Ok(Self::Inbox {
                request: AwayRequest::new(call, &config.settings, &config.cwd),
                name: config.inbox.clone(),
                behind: shared.background.behind.clone(),
            }),
            Where::Elicitation | Where::NoUi => {
                Err("only an inbox or a popup asks here".to_owned())
            }
        }
    }

    /// The same ask, its form opening with `drafts`.
    #[must_use]
    pub fn with_drafts(self, drafts: Option<Vec<Draft>>) -> Self {
        match self {
            Self::Inbox {
                request,
                name,
                behind,
            } => Self::Inbox {
                request: request.with_drafts(drafts.as_deref()),
                name,
                behind,
            },
            Self::Popup {
                popup,
                call,
                config,
                cwd,
                ..
            } => Self::Popup {
                popup,
                call,
                config,
                cwd,
                drafts,
            },
        }
    }

    /// Asks and waits until the answer, a refusal, or `cancel`; a cancelled ask first takes
    /// back what its form held.
    pub fn run(self, cancel: &Cancel) -> (Outcome, Kept) {
        match self {
            Self::Inbox {
                request,
                name,
                behind,
            } => match ask_in_inbox(&request, &name, cancel, behind.as_ref()) {
                Ok(InboxAnswer::Result {
                    result,
                    reason: ReplyReason::FormEnded,
                }) => {
                    if let Some(behind) = &behind {
                        behind.answered();
                    }
                    (Outcome::Result(result), None)
                }
                Ok(InboxAnswer::Result {
                    result,
                    reason: ReplyReason::InboxClosing,
                }) => (Outcome::InboxClosed(Some(result)), None),
                Ok(InboxAnswer::Withdrawn(kept)) => (Outcome::Cancelled, kept),
                Ok(InboxAnswer::TakenOver) => (Outcome::Failed(TAKEN_OVER.to_owned()), None),
                Err(
                    InboxError::NotListening { .. }
                    | InboxError::Place(_)
                    | InboxError::Gone(_)
                    | InboxError::Io(_),
                ) if behind.as_ref().is_some_and(Behind::keeps_place) => {
                    (Outcome::InboxClosed(None), None)
                }
                Err(error @ (InboxError::NotListening { .. } | InboxError::Place(_))) => {
                    (Outcome::Refused(error.to_string()), None)
                }
                // What the form held when the inbox last said, for the error that says it went.
                Err(InboxError::Gone(held)) => (Outcome::Gone, held),
                Err(InboxError::Io(_)) => (Outcome::Gone, None),
                Err(error @ InboxError::Refused(_)) => (Outcome::Failed(error.to_string()), None),
            },
            Self::Popup {
                popup,
                call,
                config,
                cwd,
                drafts,
            } => {
                let request = PopupRequest {
                    call: &call,
                    config: config.as_deref(),
                    cwd: &cwd,
                    drafts: drafts.as_deref(),
                };
                match popup::ask(&popup, &request, cancel) {
                    Ok(answer) => {
                        let kept = answer
                            .kept
                            .map(|kept| kept.iter().map(DraftRecord::from).collect());
                        // A form ended from outside (its terminal went away, or a signal
                        // killed it) or closed unanswered is no answer: the person ended
                        // nothing.
                        let ended_from_outside = kept.is_some();
                        match answer.ending {
                            PopupEnding::Ended(_) if !ended_from_outside => {
                                (Outcome::Result(answer.result), kept)
                            }
                            PopupEnding::Ended(_) | PopupEnding::Closed => (Outcome::Gone, kept),
                            PopupEnding::Cancelled => (Outcome::Cancelled, kept),
                        }
                    }
                    Err(error @ PopupError::Refused { .. }) => {
                        (Outcome::Refused(error.to_string()), None)
                    }
                    Err(error @ PopupError::Failed(_)) => {
                        (Outcome::Failed(error.to_string()), None)
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An ask for an inbox nobody runs, the server holding `behind`'s asks back.
    fn nowhere(behind: &Behind) -> Job {
        Job::Inbox {
            request: AwayRequest {
                behind: 1,
                ..AwayRequest::asking_auth("req-2")
            },
            name: "nobody-runs-this-inbox".to_owned(),
            behind: Some(behind.clone()),
        }
    }

    #[test]
    fn an_inbox_gone_while_it_kept_the_place_for_the_next_ask_closed_on_it() {
        let behind = Behind::new().expect("a count");
        let cancel = Cancel::new().expect("a token");
        let (outcome, _) = nowhere(&behind).run(&cancel);
        assert!(
            matches!(outcome, Outcome::Refused(_)),
            "no place kept: the next surface asks"
        );
        behind.set(1);
        behind.answered();
        let (outcome, _) = nowhere(&behind).run(&cancel);
        assert!(
            matches!(outcome, Outcome::InboxClosed(None)),
            "the inbox that kept the place is gone: it closed on the asks it counted"
        );
    }
}
