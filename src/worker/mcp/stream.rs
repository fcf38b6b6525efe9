//! Reading an MCP server's SSE stream for the answer to one request: the
//! requests the server sends on it meanwhile are answered (`ping`; what a
//! worker cannot do, such as elicitation, sampling or roots, refused with
//! -32601 so the server can go on), and a stream that ends before its
//! answer, having given event ids, is resumed with `GET` and
//! `Last-Event-ID` after the `retry` it asked for, as the transport says.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read};

/// At most this many resumptions of one request's stream.
pub(super) const RESUMPTIONS: usize = 3;
/// The wait before resuming when the server named none.
const DEFAULT_RETRY_MS: u64 = 1000;

/// How reading a stream ended.
pub(super) enum Streamed {
    /// The JSON-RPC response to the request.
    Answer(Value),
    /// The stream ended or broke first; where to resume it, if it can be.
    Ended {
        last_event_id: Option<String>,
        retry_ms: Option<u64>,
        error: Option<std::io::Error>,
    },
}

impl Streamed {
    /// The wait before resuming, when the stream can be resumed.
    pub(super) fn resume_after(&self) -> Option<(String, std::time::Duration)> {
        match self {
            Streamed::Ended {
                last_event_id: Some(id),
                retry_ms,
                error: None,
            } => Some((
                id.clone(),
                std::time::Duration::from_millis(retry_ms.unwrap_or(DEFAULT_RETRY_MS)),
            )),
            _ => None,
        }
    }
}

/// Reads events until the response to `id`; `respond` gets each request
/// the server sends meanwhile and answers it.
pub(super) fn read(
    reader: impl Read,
    id: &Value,
    limit: u64,
    respond: &mut dyn FnMut(Value),
) -> Streamed {
    let mut data = String::new();
    let mut last_event_id = None;
    let mut retry_ms = None;
    for line in BufReader::new(reader.take(limit)).lines() {
        let line = match line {
            Ok(line) => line,
            Err(error) => {
                return Streamed::Ended {
                    last_event_id,
                    retry_ms,
                    error: Some(error),
                };
            }
        };
        if line.is_empty() {
            if let Ok(message) = serde_json::from_str::<Value>(&data) {
                let answered = message.get("result").is_some() || message.get("error").is_some();
                if answered && message.get("id") == Some(id) {
                    return Streamed::Answer(message);
                }
                if message.get("method").is_some_and(Value::is_string)
                    && message.get("id").is_some()
                {
                    respond(reply_to(&message));
                }
            }
            data.clear();
            continue;
        }
        let (field, value) = line.split_once(':').unwrap_or((line.as_str(), ""));
        let value = value.strip_prefix(' ').unwrap_or(value);
        match field {
            "data" => {
                if !data.is_empty() {
                    data.push('\n');
                }
                data.push_str(value);
            }
            "id" if !value.contains('\0') => last_event_id = Some(value.to_owned()),
            "retry" => retry_ms = value.trim().parse().ok().or(retry_ms),
            // `event:` names carry nothing here; `:` lines are comments.
            _ => {}
        }
    }
    Streamed::Ended {
        last_event_id,
        retry_ms,
        error: None,
    }
}

/// The worker's reply to a request of the server's: `ping` is answered,
/// anything else refused as a method it does not have.
pub(super) fn reply_to(request: &Value) -> Value {
    let id = request.get("id").cloned().unwrap_or(Value::Null);
    match request.get("method").and_then(Value::as_str) {
        Some("ping") => json!({"jsonrpc": "2.0", "id": id, "result": {}}),
        method => json!({"jsonrpc": "2.0", "id": id, "error": {
            "code": -32601,
            "message": format!(
                "Method not found: {} (an outbox worker has no user, model or roots to answer it)",
                method.unwrap_or("?")
            ),
        }}),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(stream: &str, id: Value) -> (Streamed, Vec<Value>) {
        let mut replies = Vec::new();
        let read = read(stream.as_bytes(), &id, 1 << 20, &mut |r| replies.push(r));
        (read, replies)
    }

    #[test]
    fn the_answer_is_the_message_with_the_request_id() {
        let stream = ": a comment\n\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{}}\n\n\
                      data: {\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"content\":[]}}\n\n\
                      data: {\"jsonrpc\":\"2.0\",\"id\":1,\n\
                      data: \"result\":{\"content\":[{\"type\":\"text\",\"text\":\"ok\"}]}}\n\n";
        let (found, replies) = read_all(stream, json!(1));
        let Streamed::Answer(found) = found else {
            panic!("no answer")
        };
        assert_eq!(found["result"]["content"][0]["text"], "ok");
        assert!(replies.is_empty());
    }

    #[test]
    fn requests_of_the_server_are_answered_and_an_ended_stream_says_where_to_resume() {
        let stream = "id: e-1\nretry: 500\ndata: \n\n\
                      id: e-2\ndata: {\"jsonrpc\":\"2.0\",\"id\":\"p1\",\"method\":\"ping\"}\n\n\
                      id: e-3\ndata: {\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"elicitation/create\",\"params\":{}}\n\n";
        let (ended, replies) = read_all(stream, json!(1));
        assert_eq!(
            replies[0],
            json!({"jsonrpc": "2.0", "id": "p1", "result": {}})
        );
        assert_eq!(replies[1]["id"], 9);
        assert_eq!(replies[1]["error"]["code"], -32601);
        let (id, wait) = ended.resume_after().expect("resumable");
        assert_eq!((id.as_str(), wait.as_millis()), ("e-3", 500));
        let (plain, _) = read_all("data: {}\n\n", json!(1));
        assert!(
            plain.resume_after().is_none(),
            "no event id: nothing to resume"
        );
    }
}
