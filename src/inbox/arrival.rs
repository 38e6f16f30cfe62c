//! An asker's request as the inbox takes it: its settings loaded and its arguments parsed
//! again, reading no files (the previews came loaded), under the request id it was sent with.

use pi_agent_ask_core::contract::ask_user::{NoPreviewFiles, ParseOptions};
use pi_agent_ask_core::contract::{Call, InvalidCall};
use pi_agent_ask_core::input::{Arrival, AskId, AskOrigin};
use pi_agent_ask_core::journal::drafts::drafts_for_call;
use pi_agent_ask_core::settings;

use crate::away::AwayRequest;

/// The arrival for `request`, or its id with the tool's answer to arguments it refuses.
pub fn arrival(request: AwayRequest) -> Result<Arrival, (String, InvalidCall)> {
    let document = request.settings.as_ref().map(ToString::to_string);
    let loaded = settings::load(document.as_deref());
    let options = ParseOptions {
        present_single_as_multi: loaded.settings.behaviour.present_single_as_multi,
    };
    let id = request.id;
    let images = request.images;
    let call = Call::parse_text(
        request.tool,
        request.arguments.text(),
        options,
        &mut NoPreviewFiles,
        || id.clone(),
    )
    .map(|call| call.with_images(images));
    match call {
        Ok(call) => Ok(Arrival {
            ask: AskId(id),
            origin: AskOrigin {
                program: request.asker.program,
                cwd: request.asker.cwd,
            },
            drafts: request
                .drafts
                .as_deref()
                .and_then(|records| drafts_for_call(records, &call)),
            call,
            settings: loaded.settings,
            // The asker's own words, naming its file; an asker that sent none, the inbox's
            // reading of the document.
            notices: if request.settings_notices.is_empty() {
                loaded.notices
            } else {
                request.settings_notices
            },
            behind: request.behind,
            // A pid of 0 is an asker that did not say.
            process: (request.asker.pid != 0).then_some(request.asker.pid),
            holds: request.holds,
        }),
        Err(invalid) => Err((id, invalid)),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// A request from an asker whose settings file had `notices`, sending `settings`.
    fn request(settings: Option<serde_json::Value>, notices: &[&str]) -> AwayRequest {
        AwayRequest {
            settings,
            settings_notices: notices.iter().map(|&notice| notice.to_owned()).collect(),
            ..AwayRequest::asking_auth("req-1")
        }
    }

    #[test]
    fn the_form_says_what_is_wrong_with_the_askers_file_in_the_askers_words() {
        let broken = "/home/dev/ask.json: Config was invalid or unsupported.";
        let arrival = arrival(request(None, &[broken])).expect("a valid call");
        assert_eq!(arrival.notices, [broken]);
    }

    #[test]
    fn an_asker_that_sent_no_notices_gets_the_inboxs_reading_of_its_document() {
        let keymaps = json!({"schemaVersion": 5, "keymaps": {"main": {"confrim": ["x"]}}});
        let arrival = arrival(request(Some(keymaps), &[])).expect("a valid call");
        assert_eq!(arrival.notices.len(), 1, "{:?}", arrival.notices);
        assert!(arrival.notices[0].contains("keymaps.main.confrim"));
    }
}
