//! The questionnaire as every surface shows it: the form under the settings overlay, both
//! opened with the settings file's notices. The terminal and `render` build it here, so a
//! rendered screen is the screen the terminal shows.

use pi_agent_ask_core::contract::Call;
use pi_agent_ask_core::contract::answers::Draft;
use pi_agent_ask_core::form::{Form, FormConfig};
use pi_agent_ask_core::settings_panel::WithSettings;

use crate::settings_file::SettingsFile;

/// The form for `call` with the settings overlay on top, for the settings in `file`; the
/// overlay names the settings file as `config_path`.
pub fn questionnaire(call: Call, file: &SettingsFile, config_path: String) -> WithSettings<Form> {
    questionnaire_with(call, None, file, config_path)
}

/// [`questionnaire`] with the form starting from `drafts` when given.
pub fn questionnaire_with(
    call: Call,
    drafts: Option<Vec<Draft>>,
    file: &SettingsFile,
    config_path: String,
) -> WithSettings<Form> {
    let settings = file.settings();
    let form_config = FormConfig {
        behaviour: settings.behaviour,
        keymaps: settings.keymaps.clone(),
    };
    let mut form = Form::new(call, &form_config).with_opening_notices(file.loaded.notices.clone());
    if let Some(drafts) = drafts {
        form = form.with_drafts(drafts);
    }
    WithSettings::new(
        form,
        settings.clone(),
        file.loaded.notices.clone(),
        config_path,
    )
}
