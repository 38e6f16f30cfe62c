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
    let call = Call::parse_owned(
        request.tool,
        request.arguments,
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
            notices: loaded.notices,
            behind: request.behind,
            // A pid of 0 is an asker that did not say.
            process: (request.asker.pid != 0).then_some(request.asker.pid),
        }),
        Err(invalid) => Err((id, invalid)),
    }
}
