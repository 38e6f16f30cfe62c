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
    ids: Mutex<HashSet<String>>,
    noted: Notify,
}

impl Withdrawals {
    /// Notes the request `id` a `notifications/cancelled` names.
    pub fn note(&self, id: &Value) {
        if id.is_string() || id.is_number() {
            self.ids().insert(id.to_string());
            self.noted.notify_one();
        }
    }

    /// Whether the client withdrew the request `id`.
    pub fn contains(&self, id: &RequestId) -> bool {
        serde_json::to_string(id).is_ok_and(|id| self.ids().contains(&id))
    }

    /// The withdrawn ids, as JSON text.
    pub fn noted(&self) -> Vec<String> {
        self.ids().iter().cloned().collect()
    }

    /// Waits until another id is noted.
    pub async fn more(&self) {
        self.noted.notified().await;
    }

    fn ids(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.ids.lock().unwrap_or_else(PoisonError::into_inner)
    }
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
        withdrawals.note(&json!(7));
        withdrawals.note(&json!("a"));
        assert!(withdrawals.contains(&RequestId::Number(7)));
        assert!(withdrawals.contains(&RequestId::String("a".into())));
        assert!(!withdrawals.contains(&RequestId::String("7".into())));
    }
}
