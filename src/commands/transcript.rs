//! `transcript`: how a call's arguments or its result read in an agent's transcript, printed
//! as the lines a host shows: plain, with every styled run listed (`--styled`) as `render
//! --styled` lists a screen's, or as JSON runs a host draws in its own colours (`--json`). The arguments may be incomplete, as a host sees them while they
//! stream in; a result must be one the program printed.

use pi_agent_ask_core::contract::transcript::{call_lines, result_lines};
use pi_agent_ask_core::contract::{Tool, ToolResult};
use pi_agent_ask_headless::{render_lines_plain, render_lines_runs, render_lines_styled};
use serde_json::{Value, json};

use crate::cli::{TranscriptArgs, TranscriptKind};
use crate::files::read_json;
use crate::outcome::UsageError;

/// Reads the document and returns the lines to print.
pub fn run(args: &TranscriptArgs) -> Result<String, UsageError> {
    let lines = match args.kind {
        TranscriptKind::Call => call_lines(args.tool, &read_json(&args.file, "tool arguments")?),
        TranscriptKind::Result => {
            let document = read_json(&args.file, "tool result")?;
            let result = ToolResult::from_json(args.tool, document.clone()).map_err(|error| {
                // A result of the other tool says so, and how to read it.
                let other = Tool::ALL.into_iter().find(|&tool| {
                    tool != args.tool && ToolResult::from_json(tool, document.clone()).is_ok()
                });
                let hint = other.map_or_else(String::new, |tool| {
                    format!("; it reads as an {0} result (`--tool {0}`)", tool.name())
                });
                UsageError::new(format!("cannot read {:?}: {error}{hint}", args.file))
            })?;
            result_lines(&result)
        }
    };
    Ok(if args.styled {
        render_lines_styled(&lines)
    } else if args.json {
        let lines: Vec<Value> = render_lines_runs(&lines)
            .into_iter()
            .map(|runs| {
                runs.into_iter()
                    .map(|run| match run.style {
                        Some(style) => json!({"text": run.text, "style": style}),
                        None => json!({"text": run.text}),
                    })
                    .collect()
            })
            .collect();
        let mut text = pi_agent_ask_core::json::to_string(&json!({"lines": lines}));
        text.push('\n');
        text
    } else {
        render_lines_plain(&lines)
    })
}
