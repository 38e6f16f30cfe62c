//! The sealed `requestState` of the 2026-07-28 flow: a tool call answers `input_required` with
//! the form and a state the client echoes back with its answer. The client may send anything
//! back, so the state is authenticated with a key only this process holds, bound to the tool
//! and its arguments, and good for one answer: a tampered, foreign or replayed state is refused.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

use rmcp::model::{RequestStateCodec, SealOptions};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// How long a form may stay unanswered before its state is refused.
const LIFETIME: Duration = Duration::from_secs(24 * 60 * 60);

/// What the client was asked for in the round a state belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Its roots, which bound where preview files may come from.
    Roots,
    /// The form with the questions.
    Form,
}

/// What a sealed state carries: which ask and round it was, the roots the client named, and a
/// nonce that makes it single-use.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    /// The request id the result carries, the same as if the form had been asked in one call.
    pub request_id: String,
    /// The round the state answers.
    pub stage: Stage,
    /// The client's roots as local directories, once it has listed them.
    pub roots: Vec<PathBuf>,
    nonce: String,
}

impl Pending {
    /// The state of round `stage` of the ask `request_id`.
    pub fn new(request_id: &str, stage: Stage, roots: Vec<PathBuf>) -> Self {
        Self {
            request_id: request_id.to_owned(),
            stage,
            roots,
            nonce: uuid::Uuid::new_v4().to_string(),
        }
    }
}

/// Why an echoed state was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    /// Not sealed by this process, altered, sent with other arguments, or expired.
    #[error("it was not issued by this server for these arguments, or it was altered or expired")]
    Invalid,
    /// Sealed here, but its answer was already taken.
    #[error("its answer was already given")]
    Replayed,
}

/// Seals and opens states; the key lives only in this process.
pub struct Sealer {
    codec: RequestStateCodec,
    spent: Mutex<HashSet<String>>,
}

impl Sealer {
    /// A sealer with a fresh random key.
    pub fn new() -> Self {
        let key: Vec<u8> = (0..2)
            .flat_map(|_| *uuid::Uuid::new_v4().as_bytes())
            .collect();
        Self {
            codec: RequestStateCodec::try_new(key).expect("32 random bytes make a long enough key"),
            spent: Mutex::new(HashSet::new()),
        }
    }

    /// The state of a round asked for `tool` with `arguments`.
    pub fn seal(&self, tool: &str, arguments: &Value, pending: &Pending) -> String {
        let bound = binding(tool, arguments);
        let options = SealOptions::new().associated_data(&bound).ttl(LIFETIME);
        self.codec
            .seal_json_with(pending, &options)
            .unwrap_or_default()
    }

    /// The ask an echoed state stands for, once: the second time it is refused.
    pub fn open(&self, sealed: &str, tool: &str, arguments: &Value) -> Result<Pending, Refused> {
        let pending: Pending = self
            .codec
            .open_json_with(sealed, &binding(tool, arguments))
            .map_err(|_| Refused::Invalid)?;
        let mut spent = self
            .spent
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if spent.insert(pending.nonce.clone()) {
            Ok(pending)
        } else {
            Err(Refused::Replayed)
        }
    }

    /// Makes the state `pending` was opened from good for one answer again: the retry that
    /// opened it carried none, so nothing was answered with it.
    pub fn give_back(&self, pending: &Pending) {
        self.spent
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .remove(&pending.nonce);
    }
}

/// The bytes a state is bound to: the tool and its arguments as sent.
fn binding(tool: &str, arguments: &Value) -> Vec<u8> {
    let mut bytes = tool.as_bytes().to_vec();
    bytes.push(0);
    bytes.extend(serde_json::to_vec(arguments).unwrap_or_default());
    bytes
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_state_opens_once_for_the_arguments_it_was_sealed_for() {
        let sealer = Sealer::new();
        let arguments = json!({"questions": []});
        let sent = Pending::new("id-1", Stage::Form, vec![PathBuf::from("/srv")]);
        let sealed = sealer.seal("ask_user", &arguments, &sent);
        let pending = sealer.open(&sealed, "ask_user", &arguments).expect("opens");
        assert_eq!(pending, sent);
        assert_eq!(
            sealer.open(&sealed, "ask_user", &arguments),
            Err(Refused::Replayed)
        );
    }

    #[test]
    fn a_state_given_back_opens_once_more() {
        let sealer = Sealer::new();
        let arguments = json!({"questions": []});
        let sent = Pending::new("id-1", Stage::Form, Vec::new());
        let sealed = sealer.seal("ask_user", &arguments, &sent);
        let opened = sealer.open(&sealed, "ask_user", &arguments).expect("opens");
        sealer.give_back(&opened);
        assert_eq!(sealer.open(&sealed, "ask_user", &arguments), Ok(sent));
        assert_eq!(
            sealer.open(&sealed, "ask_user", &arguments),
            Err(Refused::Replayed)
        );
    }

    #[test]
    fn a_tampered_or_foreign_state_is_refused() {
        let sealer = Sealer::new();
        let arguments = json!({"questions": []});
        let pending = Pending::new("id-1", Stage::Roots, Vec::new());
        let mut sealed = sealer.seal("ask_user", &arguments, &pending);
        let other = json!({"questions": [1]});
        assert_eq!(
            sealer.open(&sealed, "ask_user", &other),
            Err(Refused::Invalid)
        );
        assert_eq!(
            Sealer::new().open(&sealed, "ask_user", &arguments),
            Err(Refused::Invalid)
        );
        let last = sealed.pop().expect("a character");
        sealed.push(if last == 'A' { 'B' } else { 'A' });
        assert_eq!(
            sealer.open(&sealed, "ask_user", &arguments),
            Err(Refused::Invalid)
        );
    }
}
