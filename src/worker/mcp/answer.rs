//! Reading what an MCP server answered a call: whether the server speaks
//! the current revision, and the delivery's outcome (retried or not,
//! `meta.response`). The stream an answer may come on is `stream.rs`'s.

use crate::core::reference::json::Object;
use crate::worker::Outcome;
use crate::worker::send::BODY_KEPT;
use serde_json::{Value, json};

/// One exchange's answer: the HTTP status, and the JSON-RPC response when
/// one came.
pub(super) struct Answer {
    pub(super) status: u16,
    pub(super) session: Option<String>,
    pub(super) response: Option<Value>,
    pub(super) retry_after: Option<String>,
    pub(super) text: String,
}

/// Whether an answer to a current-revision call shows the server speaks
/// it: anything but a refusal of the revision or of a call without a
/// session (the earlier revisions' servers answer 400, or -32022 / -32000).
pub(super) fn speaks_current(answer: &Answer) -> bool {
    let code = answer
        .response
        .as_ref()
        .and_then(|r| r.pointer("/error/code"))
        .and_then(Value::as_i64);
    match code {
        Some(-32022 | -32000) => false,
        Some(_) => true,
        None if answer.response.is_some() => true,
        None => !matches!(answer.status, 400 | 404 | 405 | 406),
    }
}

/// An answer that is no JSON-RPC response, as webhooks' failures read.
pub(super) fn http_error(answer: &Answer) -> String {
    crate::worker::send::http_status_line(answer.status, &answer.text)
}

pub(super) fn rpc_text(error: &Value) -> String {
    format!(
        "{} {}",
        error.get("code").unwrap_or(&Value::Null),
        error.get("message").and_then(Value::as_str).unwrap_or("")
    )
}

/// The start of a result's text content, for `lastError`.
fn text_content(result: &Value) -> String {
    let text: Vec<&str> = result
        .get("content")
        .and_then(Value::as_array)
        .map(|items| {
            items
                .iter()
                .filter_map(|c| c.get("text").and_then(Value::as_str))
                .collect()
        })
        .unwrap_or_default();
    crate::worker::clip_tail(&text.join(" ").replace(['\r', '\n'], " "), 200)
}

pub(super) fn outcome(answer: Answer, version: &str, took_ms: u64, now: i64) -> Outcome {
    let result_text = match &answer.response {
        Some(response) => response
            .get("result")
            .or(response.get("error"))
            .unwrap_or(response)
            .to_string(),
        None => answer.text.clone(),
    };
    let mut kept = result_text;
    if kept.len() > BODY_KEPT {
        let mut cut = BODY_KEPT;
        while !kept.is_char_boundary(cut) {
            cut -= 1;
        }
        kept.truncate(cut);
    }
    let mut meta = Object::new();
    meta.insert(
        "response".to_owned(),
        json!({"status": answer.status, "durationMs": took_ms, "protocolVersion": version, "body": kept}),
    );
    let failed = |error: String, retry: bool| Outcome::Failed {
        error,
        retry,
        not_before: None,
        meta: Some(meta.clone()),
        disable: false,
    };
    match answer.response {
        Some(response) if response.get("result").is_some() => {
            let result = &response["result"];
            if result.get("resultType").and_then(Value::as_str) == Some("input_required") {
                return failed(
                    "the MCP tool asked for input, which a worker cannot give".to_owned(),
                    false,
                );
            }
            if result.get("isError").and_then(Value::as_bool) == Some(true) {
                let text = text_content(result);
                return failed(format!("the MCP tool failed: {text}"), true);
            }
            Outcome::Delivered { meta: Some(meta) }
        }
        Some(response) => {
            let error = &response["error"];
            let code = error.get("code").and_then(Value::as_i64);
            // An unknown tool or arguments it refuses: retrying cannot help.
            let retry = !matches!(code, Some(-32601 | -32602));
            failed(format!("MCP error {}", rpc_text(error)), retry)
        }
        None => {
            let status = answer.status;
            let error = http_error(&answer);
            match status {
                410 => Outcome::Failed {
                    error: format!("{error} (subscription disabled)"),
                    retry: false,
                    not_before: None,
                    meta: Some(meta),
                    disable: true,
                },
                200..=299 => failed(
                    format!("the MCP server answered without a JSON-RPC response ({error})"),
                    true,
                ),
                _ => Outcome::Failed {
                    error,
                    retry: true,
                    not_before: match status {
                        429 | 503 => answer
                            .retry_after
                            .and_then(|v| crate::worker::send::wait_of(&v, now)),
                        _ => None,
                    },
                    meta: Some(meta),
                    disable: false,
                },
            }
        }
    }
}
