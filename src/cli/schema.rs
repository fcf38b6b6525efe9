//! `outbox schema`: the JSON Schemas of what outbox writes, for the
//! programs that read it.

use crate::output::Report;
use clap::Subcommand;
use outbox::core::ledger::announce::{TYPES, payload_schema};
use outbox::{Error, Result};

#[derive(Debug, Subcommand)]
pub enum SchemaCommand {
    /// The payload of each operational event (outbox.delivery.dead, ...) as
    /// a JSON Schema, by type; one type's alone with --type.
    #[command(after_long_help = "Examples:
  outbox schema events
  outbox schema events --type outbox.delivery.dead > delivery-dead.schema.json")]
    Events {
        /// One operational event type.
        #[arg(long = "type", value_name = "TYPE")]
        event_type: Option<String>,
    },
}

pub fn exec(cmd: SchemaCommand) -> Result<Box<dyn Report>> {
    let SchemaCommand::Events { event_type } = cmd;
    let document = match event_type {
        Some(t) => payload_schema(&t).ok_or_else(|| {
            Error::input(
                "invalid:type",
                format!(
                    "--type {t:?} is not an operational event type (one of: {})",
                    TYPES.join(", ")
                ),
            )
        })?,
        None => serde_json::Value::Object(
            TYPES
                .iter()
                .map(|t| {
                    (
                        (*t).to_owned(),
                        payload_schema(t).expect("every type has one"),
                    )
                })
                .collect(),
        ),
    };
    let text = serde_json::to_string_pretty(&document).expect("JSON serialises");
    Ok(Box::new(super::completions::Text(format!("{text}\n"))))
}
