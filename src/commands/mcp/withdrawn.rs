//! Background calls the client withdrew with `notifications/cancelled`. A client that cancels
//! a call takes no result for it, a receipt included, and waits for no answer; so its form is
//! not asked. The input guard notes each withdrawn request id as it reads the notification,
//! before `rmcp` handles it (which drops a receipt not yet sent): a call whose cancel was read
//! is not queued, and one queued already is taken out of the queue, or its open form closed,
//! whether or not its receipt went out.

use std::collections::HashSet;
use std::sync::{Mutex, PoisonError};

use rmcp::model::RequestId;
use serde_json::Value;
use tokio::sync::Notify;

/// Why a form whose call the client withdrew ends: delivered at the next wait, as any end.
pub const WITHDRAWN: &str = "The client withdrew the call that queued the form, so it was \
                             closed unanswered.";

/// The ids of the requests the client withdrew, as JSON text (`7`, `"a"`), and a wake-up for
/// whoever takes their forms out.
#[derive(Debug, Default)]
pub struct Withdrawals {
    ids: Mutex<Ids>,
    noted: Notify,
}

/// The ids of the calls that came, and of those withdrawn since they came.
#[derive(Debug, Default)]
struct Ids {
    called: HashSet<String>,
    withdrawn: HashSet<String>,
}

impl Withdrawals {
    /// Notes that a `tools/call` request came under `id`: a cancel before it (or of an earlier
    /// call under the same id) does not withdraw it.
    pub fn called(&self, id: &Value) {
        if id.is_string() || id.is_number() {
            let id = id.to_string();
            let mut ids = self.ids();
            ids.withdrawn.remove(&id);
            ids.called.insert(id);
        }
    }

    /// Notes the request `id` a `notifications/cancelled` names, when a call came under it.
    pub fn note(&self, id: &Value) {
        let id = id.to_string();
        let mut ids = self.ids();
        if ids.called.contains(&id) {
            ids.withdrawn.insert(id);
            self.noted.notify_one();
        }
    }

    /// Whether the client withdrew the request `id`.
    pub fn contains(&self, id: &RequestId) -> bool {
        serde_json::to_string(id).is_ok_and(|id| self.ids().withdrawn.contains(&id))
    }

    /// The withdrawn ids, as JSON text.
    pub fn noted(&self) -> Vec<String> {
        self.ids().withdrawn.iter().cloned().collect()
    }

    /// Waits until another id is noted.
    pub async fn more(&self) {
        self.noted.notified().await;
    }

    fn ids(&self) -> std::sync::MutexGuard<'_, Ids> {
        self.ids.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The id of a `tools/call` request, when `line` is one.
pub fn call_request(line: &[u8]) -> Option<Value> {
    const METHOD: &[u8] = b"tools/call";
    if !line.windows(METHOD.len()).any(|window| window == METHOD) {
        return None;
    }
    let (method, id) = super::incoming::method_and_id(line);
    (method.as_deref() == Some("tools/call"))
        .then_some(id)
        .flatten()
}

/// The request id a `notifications/cancelled` line names, when `line` is one.
pub fn cancelled_request(line: &[u8]) -> Option<Value> {
    const METHOD: &[u8] = b"notifications/cancelled";
    if !line.windows(METHOD.len()).any(|window| window == METHOD) {
        return None;
    }
    let message: Value = serde_json::from_slice(line).ok()?;
    if message.get("method")? != "notifications/cancelled" || message.get("id").is_some() {
        return None;
    }
    message.get("params")?.get("requestId").cloned()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_cancel_names_the_request_it_withdraws_and_nothing_else_does() {
        let cancel =
            br#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}"#;
        assert_eq!(cancelled_request(cancel), Some(json!(7)));
        let call = br#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"notifications/cancelled"}}"#;
        assert_eq!(cancelled_request(call), None);
    }

    #[test]
    fn a_withdrawn_id_is_known_by_its_json_text_whatever_its_kind() {
        let withdrawals = Withdrawals::default();
        withdrawals.called(&json!(7));
        withdrawals.called(&json!("a"));
        withdrawals.note(&json!(7));
        withdrawals.note(&json!("a"));
        assert!(withdrawals.contains(&RequestId::Number(7)));
        assert!(withdrawals.contains(&RequestId::String("a".into())));
        assert!(!withdrawals.contains(&RequestId::String("7".into())));
    }

    #[test]
    fn a_cancel_withdraws_only_a_call_that_came_and_not_one_that_comes_after_under_its_id() {
        let withdrawals = Withdrawals::default();
        withdrawals.note(&json!(77));
        withdrawals.called(&json!(77));
        assert!(
            !withdrawals.contains(&RequestId::Number(77)),
            "a cancel before its call"
        );
        withdrawals.note(&json!(77));
        assert!(withdrawals.contains(&RequestId::Number(77)));
        withdrawals.called(&json!(77));
        assert!(
            !withdrawals.contains(&RequestId::Number(77)),
            "a new call under the id"
        );
    }

    #[test]
    fn a_call_names_its_id_and_a_cancel_names_none() {
        let call =
            br#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"ask_user"}}"#;
        assert_eq!(call_request(call), Some(json!(3)));
        let cancel =
            br#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}"#;
        assert_eq!(call_request(cancel), None);
    }
}
