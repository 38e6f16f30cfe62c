//! `schema input|output`: the JSON Schemas generated from the contract's types.

use pi_agent_ask_core::contract::schema::{input_schema, output_schema};

use crate::cli::{SchemaArgs, SchemaKind};
use crate::outcome::Outcome;

/// Prints the schema of the tool's arguments or result.
pub fn run(args: &SchemaArgs) -> Outcome {
    let tool = args.tool;
    let document = match args.kind {
        SchemaKind::Input => input_schema(tool),
        SchemaKind::Output => output_schema(tool),
    };
    Outcome::json(document, 0)
}
