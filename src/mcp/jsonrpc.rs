//! What reaches `outbox mcp` before the SDK sees it: a line or body that
//! is not JSON is answered with JSON-RPC's parse error (-32700), JSON that
//! is no JSON-RPC message (a batch included: the revisions offered have
//! none) with its invalid request (-32600), rather than silence or plain
//! text.

use serde_json::{Value, json};

pub const PARSE_ERROR: i64 = -32700;
pub const INVALID_REQUEST: i64 = -32600;

/// Why `text` is no message the server takes: the JSON-RPC error answer.
pub fn refusal(text: &[u8]) -> Option<Value> {
    let value: Value = match serde_json::from_slice(text) {
        Ok(value) => value,
        Err(e) => return Some(error(Value::Null, PARSE_ERROR, format!("Parse error: {e}"))),
    };
    let Value::Object(message) = &value else {
        let why = if value.is_array() {
            "Invalid Request: JSON-RPC batches are not taken (the protocol revisions outbox offers, 2025-06-18 and later, have none)"
        } else {
            "Invalid Request: a JSON-RPC message is a JSON object"
        };
        return Some(error(Value::Null, INVALID_REQUEST, why.to_owned()));
    };
    let id = message
        .get("id")
        .filter(|id| id.is_string() || id.is_number())
        .cloned();
    let shaped = message.get("jsonrpc") == Some(&json!("2.0"))
        && match message.get("method") {
            Some(method) => method.is_string(),
            // A response or an error answering a request of the server's.
            None => {
                id.is_some() && (message.contains_key("result") || message.contains_key("error"))
            }
        };
    (!shaped).then(|| {
        error(
            id.unwrap_or(Value::Null),
            INVALID_REQUEST,
            "Invalid Request: not a JSON-RPC 2.0 request, notification or response".to_owned(),
        )
    })
}

fn error(id: Value, code: i64, message: String) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broken_json_is_a_parse_error_and_other_json_an_invalid_request() {
        let code =
            |text: &str| refusal(text.as_bytes()).map(|e| e["error"]["code"].as_i64().unwrap());
        assert_eq!(code(r#"{"jsonrpc":"#), Some(PARSE_ERROR));
        assert_eq!(code(r#"{"foo":1}"#), Some(INVALID_REQUEST));
        assert_eq!(
            code(r#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#),
            Some(INVALID_REQUEST)
        );
        assert_eq!(code(r#""ping""#), Some(INVALID_REQUEST));
        assert_eq!(
            code(r#"{"jsonrpc":"1.0","id":1,"method":"ping"}"#),
            Some(INVALID_REQUEST)
        );
        assert_eq!(code(r#"{"jsonrpc":"2.0","id":7,"method":"ping"}"#), None);
        assert_eq!(
            code(r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#),
            None
        );
        assert_eq!(code(r#"{"jsonrpc":"2.0","id":7,"result":{}}"#), None);
        let answer = refusal(br#"{"jsonrpc":"2.0","id":"a"}"#).unwrap();
        assert_eq!(answer["id"], "a");
    }
}
