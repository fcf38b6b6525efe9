//! Running the user's handler for one delivery: the delivery and its event
//! as JSON on stdin, the ids in the environment, and the exit status read
//! as the outcome. Its stdout goes to outbox's stderr, so `--json` lines on
//! stdout stay clean; the tail of its stderr becomes `lastError`.

use super::settle::Claimed;
use super::{Outcome, clip_tail};
use crate::core::records::error::{Error, Result};
use serde_json::json;
use std::ffi::OsString;
use std::io::{Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// `EX_DATAERR` from sysexits.h: the input is bad, trying again will not help.
pub const EXIT_NO_RETRY: i32 = 65;
/// How much of the handler's stderr `lastError` keeps.
const STDERR_TAIL: usize = 1024;

/// The handler command and what its environment names.
#[derive(Clone, Debug)]
pub struct Handler {
    pub program: OsString,
    pub args: Vec<OsString>,
    /// `OUTBOX_DB` for the handler, so it can call outbox itself.
    pub db: OsString,
    pub worker: String,
    pub timeout: Duration,
}

impl Handler {
    /// Refuses a handler that cannot run before anything is claimed: a
    /// missing file, one without its run bit, or a name not on `PATH`.
    /// Otherwise every claim would fail, and from cron the queue would
    /// turn into dead letters without a word.
    pub fn check(&self) -> Result<()> {
        let program = std::path::Path::new(&self.program);
        let shown = program.display();
        let refuse = |why: String| Err(Error::input("invalid:handler", why));
        if program.components().count() > 1 || program.is_absolute() {
            return match std::fs::metadata(program) {
                Err(_) => refuse(format!(
                    "the handler {shown} does not exist; nothing was claimed"
                )),
                Ok(m) if m.is_dir() => refuse(format!(
                    "the handler {shown} is a folder, not a program; nothing was claimed"
                )),
                Ok(m) if m.permissions().mode() & 0o111 == 0 => refuse(format!(
                    "the handler {shown} is not executable (chmod +x {shown}); nothing was claimed"
                )),
                Ok(_) => Ok(()),
            };
        }
        let path = std::env::var_os("PATH").unwrap_or_default();
        let found = std::env::split_paths(&path).any(|dir| {
            std::fs::metadata(dir.join(program))
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        });
        if found {
            Ok(())
        } else {
            refuse(format!(
                "the handler {shown} is not a program on PATH (give ./{shown} for one in this folder); nothing was claimed"
            ))
        }
    }

    /// Runs the handler to its end, its timeout, or until `cancel` is set
    /// (then it is killed and the outcome is [`Outcome::Abandoned`]).
    pub fn run(&self, claimed: &Claimed, cancel: &AtomicBool) -> Outcome {
        let d = &claimed.delivery;
        let input = json!({"delivery": d, "event": claimed.event}).to_string();
        let event = claimed.event.as_ref();
        let mut command = Command::new(&self.program);
        command
            .args(&self.args)
            .env("OUTBOX_DELIVERY_ID", &d.delivery_id)
            .env("OUTBOX_EVENT_ID", &d.event_id)
            .env(
                "OUTBOX_EVENT_TYPE",
                event.map_or("", |e| e.event_type.as_str()),
            )
            .env("OUTBOX_SUBJECT", event.map_or("", |e| e.subject.as_str()))
            .env("OUTBOX_CLIENT_ID", &d.client_id)
            .env("OUTBOX_SUB_ID", &d.sub_id)
            .env("OUTBOX_ATTEMPT", d.attempt.to_string())
            // Above 1: this attempt was claimed before, its lease lapsed.
            .env("OUTBOX_CLAIMS", d.claims.max(1).to_string())
            // W3C trace context under a span of this attempt's own; empty
            // for an event recorded without one.
            .env(
                "OUTBOX_TRACEPARENT",
                event
                    .and_then(|e| {
                        crate::core::records::trace::for_attempt(
                            &e.traceparent,
                            &d.delivery_id,
                            d.claims,
                        )
                    })
                    .unwrap_or_default(),
            )
            .env(
                "OUTBOX_TRACESTATE",
                event.map_or("", |e| e.tracestate.as_str()),
            )
            .env("OUTBOX_WORKER", &self.worker)
            .env("OUTBOX_DB", &self.db)
            .stdin(Stdio::piped())
            .stdout(stderr_for_child())
            .stderr(Stdio::piped())
            // Its own process group: a Ctrl-C at the terminal reaches the
            // worker, which lets running handlers finish (--grace).
            .process_group(0);
        let mut child = match command.spawn() {
            Ok(child) => child,
            Err(e) => {
                return Outcome::failed(
                    format!("cannot run {}: {e}", self.program.to_string_lossy()),
                    true,
                );
            }
        };
        let mut stdin = child.stdin.take().expect("stdin is piped");
        std::thread::spawn(move || {
            // A handler that does not read its input closes the pipe: fine.
            let _ = stdin.write_all(input.as_bytes());
        });
        let tail = Arc::new(Mutex::new(Vec::new()));
        let (read_all, reader_done) = std::sync::mpsc::channel::<()>();
        {
            let mut stderr = child.stderr.take().expect("stderr is piped");
            let tail = tail.clone();
            std::thread::spawn(move || {
                let mut buf = [0u8; 4096];
                while let Ok(n) = stderr.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    let _ = std::io::stderr().write_all(&buf[..n]);
                    let mut tail = tail.lock().expect("tail lock");
                    tail.extend_from_slice(&buf[..n]);
                    let excess = tail.len().saturating_sub(STDERR_TAIL);
                    tail.drain(..excess);
                }
                let _ = read_all.send(());
            });
        }
        let started = Instant::now();
        let mut pause = Duration::from_micros(50);
        let ended = loop {
            match child.try_wait() {
                Ok(Some(status)) => break Ended::Exited(status),
                Ok(None) => {}
                Err(e) => break Ended::Lost(e.to_string()),
            }
            if cancel.load(Ordering::Relaxed) {
                kill_group(&mut child);
                break Ended::Canceled;
            }
            if started.elapsed() >= self.timeout {
                kill_group(&mut child);
                break Ended::TimedOut;
            }
            // Short at first, so a quick handler is seen as soon as it ends.
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(10));
        };
        // Whatever the handler left running may hold its stderr open: take
        // what was read by now rather than wait for it.
        let _ = reader_done.recv_timeout(Duration::from_millis(200));
        let tail = String::from_utf8_lossy(&tail.lock().expect("tail lock")).into_owned();
        let with_tail = |what: String| match clip_tail(&tail, STDERR_TAIL) {
            t if t.is_empty() => what,
            t => format!("{what}: {t}"),
        };
        match ended {
            Ended::Exited(status) if status.success() => Outcome::Delivered { meta: None },
            Ended::Exited(status) => match (status.code(), status.signal()) {
                (Some(EXIT_NO_RETRY), _) => Outcome::failed(
                    with_tail(format!(
                        "exit status {EXIT_NO_RETRY} (EX_DATAERR, not retried)"
                    )),
                    false,
                ),
                (Some(code), _) => Outcome::failed(with_tail(format!("exit status {code}")), true),
                (None, Some(signal)) => {
                    Outcome::failed(with_tail(format!("killed by signal {signal}")), true)
                }
                (None, None) => Outcome::failed(with_tail("ended abnormally".to_owned()), true),
            },
            Ended::TimedOut => Outcome::failed(
                with_tail(format!(
                    "timeout after {} (killed)",
                    super::duration_text(self.timeout)
                )),
                true,
            ),
            Ended::Lost(e) => Outcome::failed(format!("lost the handler: {e}"), true),
            Ended::Canceled => Outcome::Abandoned,
        }
    }
}

enum Ended {
    Exited(std::process::ExitStatus),
    TimedOut,
    Canceled,
    Lost(String),
}

/// Kills the handler and everything it started (its process group).
fn kill_group(child: &mut std::process::Child) {
    if let Ok(pid) = libc::pid_t::try_from(child.id()) {
        // SAFETY: kill(2) with a negative pid signals that process group;
        // the group is the handler's own (spawned with process_group(0)).
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// The handler's stdout: a copy of outbox's stderr.
fn stderr_for_child() -> Stdio {
    use std::os::fd::AsFd;
    match std::io::stderr().as_fd().try_clone_to_owned() {
        Ok(fd) => Stdio::from(fd),
        Err(_) => Stdio::null(),
    }
}
