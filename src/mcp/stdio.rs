//! `outbox mcp` over stdio: one JSON-RPC message a line. Lines pass through
//! a check first, so a malformed one is answered with a JSON-RPC error
//! (the SDK would drop it silently and leave its sender waiting); the
//! answers of both go out through one writer, a line at a time.

use super::{Outbox, Stop, jsonrpc};
use outbox::Error;
use rmcp::ServiceExt;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

pub(super) async fn serve(server: Outbox) -> Result<Stop, Error> {
    let failed =
        |e: &dyn std::fmt::Display| Error::input("invalid:mcp", format!("MCP over stdio: {e}"));
    // The SDK reads `to_sdk` and writes `from_sdk`.
    let (mut to_sdk, sdk_reads) = tokio::io::duplex(1 << 16);
    let (sdk_writes, from_sdk) = tokio::io::duplex(1 << 16);
    let (lines, mut outgoing) = tokio::sync::mpsc::channel::<String>(64);

    let writer = tokio::spawn(async move {
        let mut stdout = tokio::io::stdout();
        while let Some(line) = outgoing.recv().await {
            if stdout.write_all(line.as_bytes()).await.is_err() || stdout.flush().await.is_err() {
                break;
            }
        }
    });
    let answers = lines.clone();
    tokio::spawn(async move {
        let mut from_sdk = BufReader::new(from_sdk).lines();
        while let Ok(Some(line)) = from_sdk.next_line().await {
            if answers.send(line + "\n").await.is_err() {
                break;
            }
        }
    });
    tokio::spawn(async move {
        let mut stdin = BufReader::new(tokio::io::stdin()).lines();
        while let Ok(Some(line)) = stdin.next_line().await {
            if line.trim().is_empty() {
                continue;
            }
            let sent = match jsonrpc::refusal(line.as_bytes()) {
                Some(error) => lines.send(error.to_string() + "\n").await.is_ok(),
                None => to_sdk
                    .write_all(format!("{line}\n").as_bytes())
                    .await
                    .is_ok(),
            };
            if !sent {
                break;
            }
        }
        // End of input: the SDK sees its input close and stops.
        let _ = to_sdk.shutdown().await;
    });

    let running = server
        .serve((sdk_reads, sdk_writes))
        .await
        .map_err(|e| failed(&e))?;
    let mut stop = crate::signals::channel(Stop::Terminated, Stop::Interrupted)?;
    let how = tokio::select! {
        ended = running.waiting() => {
            ended.map_err(|e| failed(&e))?;
            Stop::Closed
        }
        how = stop.recv() => how.unwrap_or(Stop::Terminated),
    };
    let _ = tokio::time::timeout(std::time::Duration::from_millis(200), writer).await;
    Ok(how)
}
