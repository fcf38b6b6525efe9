//! SIGTERM and SIGINT, the two ways a long-running command is asked to
//! stop: as flags a blocking loop polls (`work`, `relay`), or as a channel
//! an async server selects on (`mcp`, `serve`). SIGINT is told apart so the
//! command can exit 130.

use outbox::{Error, Result};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// Flags set by SIGTERM or SIGINT (`stop`) and by SIGINT alone
/// (`interrupted`, for exit 130): how a blocking loop learns to finish what
/// it has in hand and stop.
pub fn flags() -> Result<(Arc<AtomicBool>, Arc<AtomicBool>)> {
    let stop = Arc::new(AtomicBool::new(false));
    let interrupted = Arc::new(AtomicBool::new(false));
    for (signal, flag) in [
        (signal_hook::consts::SIGTERM, &stop),
        (signal_hook::consts::SIGINT, &stop),
        (signal_hook::consts::SIGINT, &interrupted),
    ] {
        signal_hook::flag::register(signal, Arc::clone(flag)).map_err(cannot_watch)?;
    }
    Ok((stop, interrupted))
}

/// SIGTERM (said as `terminated`) and SIGINT (`interrupted`) as they come,
/// each said once. Must be called inside a tokio runtime; call it before
/// opening a port, so a client that sees the port open may stop the server
/// at once and be answered as a stop.
pub fn channel<S: Send + 'static>(
    terminated: S,
    interrupted: S,
) -> Result<tokio::sync::mpsc::Receiver<S>> {
    use tokio::signal::unix::{SignalKind, signal};
    let (tx, rx) = tokio::sync::mpsc::channel(2);
    for (kind, how) in [
        (SignalKind::terminate(), terminated),
        (SignalKind::interrupt(), interrupted),
    ] {
        let mut signal = signal(kind).map_err(cannot_watch)?;
        let tx = tx.clone();
        tokio::spawn(async move {
            if signal.recv().await.is_some() {
                let _ = tx.send(how).await;
            }
        });
    }
    Ok(rx)
}

fn cannot_watch(e: std::io::Error) -> Error {
    Error::input("invalid:signals", format!("cannot watch signals: {e}"))
}
