//! An application's outbox row turned into the event `event record` would
//! make of its columns, or refused with the reason it is set aside.

use crate::core::ledger::events::RecordEvent;
use crate::core::records::app_rows::{AppRow, Cell};
use crate::core::records::trace;
use crate::core::reference::json::Object;

/// What the relay needs to know to turn rows into events.
#[derive(Clone, Debug)]
pub struct Conversion {
    /// `source` of rows that leave it empty (`--source`, `OUTBOX_SOURCE`).
    pub default_source: Option<String>,
    /// `--max-payload`, in bytes of the payload's JSON text.
    pub max_payload: usize,
}

impl AppRow {
    /// The event request `event record` would make of this row's columns,
    /// with `createdAt` the row's `created_at` (so the content id is the
    /// same however often the row is relayed), or why it cannot be one.
    pub fn to_request(&self, conversion: &Conversion) -> std::result::Result<RecordEvent, String> {
        let text = |column: &str, cell: &Cell| -> std::result::Result<Option<String>, String> {
            match cell {
                Cell::Null => Ok(None),
                Cell::Text(text) => Ok(Some(text.clone())),
                other => Err(format!("{column} must be text, not {}", other.kind())),
            }
        };
        let mut object = Object::new();
        match text("type", &self.event_type)? {
            Some(t) if super::announce::is_reserved(&t) => {
                return Err(format!(
                    "invalid:reservedType: {t:?} is outbox's own (types starting with {:?})",
                    super::announce::RESERVED
                ));
            }
            Some(t) if !t.trim().is_empty() => object.insert("type".to_owned(), t.into()),
            _ => return Err("missing:type: the row has no type".to_owned()),
        };
        for (key, column, cell) in [
            ("subject", "subject", &self.subject),
            ("target", "target", &self.target),
            ("source", "source", &self.source),
            ("eventId", "event_id", &self.event_id),
            ("traceparent", "traceparent", &self.traceparent),
            ("tracestate", "tracestate", &self.tracestate),
        ] {
            if let Some(value) = text(column, cell)?.filter(|v| !v.is_empty()) {
                object.insert(key.to_owned(), value.into());
            }
        }
        let payload = match &self.payload {
            Cell::Null => None,
            Cell::Json(value) => Some(value.clone()),
            Cell::Text(text) => {
                if text.len() > conversion.max_payload {
                    return Err(format!(
                        "the payload is {} bytes, over the limit of {} (--max-payload)",
                        text.len(),
                        conversion.max_payload
                    ));
                }
                Some(
                    crate::core::reference::json::parse(text)
                        .map_err(|e| format!("the payload is not valid JSON: {e}"))?,
                )
            }
            other => return Err(format!("payload must be JSON text, not {}", other.kind())),
        };
        if let Some(payload) = payload {
            if !payload.is_object() {
                return Err(format!(
                    "the payload must be a JSON object, not {}",
                    crate::core::ledger::events::kind_of(&payload)
                ));
            }
            if let Cell::Json(_) = self.payload
                && payload.to_string().len() > conversion.max_payload
            {
                return Err(format!(
                    "the payload is over the limit of {} bytes (--max-payload)",
                    conversion.max_payload
                ));
            }
            object.insert("payload".to_owned(), payload);
        }
        object.insert("createdAt".to_owned(), self.created_at.into());
        let request = RecordEvent::from_json(&object, conversion.default_source.as_deref())
            .map_err(|e| e.to_string())?;
        // Checked here, not when the event is recorded: a row with a
        // malformed context is set aside alone, as `event record` refuses it.
        if let Some(traceparent) = &request.traceparent {
            let coded = |e: crate::core::records::error::Error| format!("{}: {e}", e.code());
            trace::check_traceparent(traceparent).map_err(coded)?;
            if let Some(tracestate) = &request.tracestate {
                trace::check_tracestate(tracestate).map_err(coded)?;
            }
        }
        Ok(request)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::records::app_rows::TableName;

    fn row(payload: Cell) -> AppRow {
        AppRow {
            seq: 1,
            event_type: Cell::Text("order.created".into()),
            subject: Cell::Text("order-1".into()),
            source: Cell::Text(String::new()),
            target: Cell::Null,
            payload,
            event_id: Cell::Null,
            created_at: 1_000,
            traceparent: Cell::Null,
            tracestate: Cell::Null,
        }
    }

    fn conversion() -> Conversion {
        Conversion {
            default_source: Some("shop".into()),
            max_payload: 64,
        }
    }

    #[test]
    fn a_row_becomes_the_event_its_columns_say() {
        let req = row(Cell::Text(r#"{"total": 42.5}"#.into()))
            .to_request(&conversion())
            .unwrap();
        assert_eq!(req.event_type, "order.created");
        assert_eq!(req.subject.as_deref(), Some("order-1"));
        assert_eq!(
            req.source.as_deref(),
            Some("shop"),
            "an empty source takes the default"
        );
        assert_eq!(req.created_at, Some(1_000));
        assert_eq!(req.payload.unwrap()["total"], serde_json::json!(42.5));
    }

    #[test]
    fn rows_the_outbox_cannot_record_say_why() {
        let c = conversion();
        let mut no_type = row(Cell::Null);
        no_type.event_type = Cell::Text("  ".into());
        assert!(no_type.to_request(&c).unwrap_err().contains("missing:type"));
        let mut reserved = row(Cell::Null);
        reserved.event_type = Cell::Text("outbox.delivery.dead".into());
        assert!(
            reserved
                .to_request(&c)
                .unwrap_err()
                .contains("invalid:reservedType")
        );
        let list = row(Cell::Text("[1]".into())).to_request(&c).unwrap_err();
        assert!(list.contains("JSON object"), "{list}");
        let bad = row(Cell::Text("{oops".into())).to_request(&c).unwrap_err();
        assert!(bad.contains("not valid JSON"), "{bad}");
        let large = row(Cell::Text(format!("{{\"a\": \"{}\"}}", "x".repeat(80))));
        assert!(large.to_request(&c).unwrap_err().contains("--max-payload"));
        let mut numeric_id = row(Cell::Null);
        numeric_id.event_id = Cell::Integer(7);
        let error = numeric_id.to_request(&c).unwrap_err();
        assert_eq!(error, "event_id must be text, not an integer");
        let mut torn = row(Cell::Null);
        torn.traceparent = Cell::Text("00-not-a-context".into());
        let error = torn.to_request(&c).unwrap_err();
        assert!(error.starts_with("invalid:traceparent: "), "{error}");
    }

    #[test]
    fn a_row_carries_its_trace_context_to_the_event() {
        let mut traced = row(Cell::Null);
        traced.traceparent =
            Cell::Text("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01".into());
        traced.tracestate = Cell::Text("shop=1".into());
        let req = traced.to_request(&conversion()).unwrap();
        assert_eq!(
            req.traceparent.as_deref(),
            Some("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")
        );
        assert_eq!(req.tracestate.as_deref(), Some("shop=1"));
    }

    #[test]
    fn table_names_are_plain_identifiers() {
        assert_eq!(
            TableName::parse("app.outbox").unwrap().sql(),
            "\"app\".\"outbox\""
        );
        assert_eq!(
            TableName::parse("outbox").unwrap().rejected().name,
            "outbox_rejected"
        );
        for bad in ["", "a b", "x;drop", "1x", "a.b.c", "\"q\""] {
            assert!(TableName::parse(bad).is_err(), "{bad:?}");
        }
    }
}
