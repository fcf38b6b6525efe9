//! The leases a worker holds: renewed while their deliveries run, and
//! given back to the queue when a stop's grace period runs out.

use super::settle::{Events, Finish, Settled};
use super::{Running, Signal, Stopped, finish_of, say, told, wait_out};
use crate::core::Outbox;
use crate::core::ledger::leases::{Release, Renew};
use crate::core::records::error::{Error, Result, StorageCode};
use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Renews the leases due, in one transaction. A renewal refused means the
/// lease went to another worker: that delivery is stopped and its outcome
/// not recorded.
pub(super) fn renew_due(
    outbox: &mut Outbox,
    worker: &str,
    lease: i64,
    every: Duration,
    running: &mut HashMap<String, Running>,
    held: &mut bool,
) -> Result<()> {
    let now = Instant::now();
    let due: Vec<String> = running
        .iter()
        .filter(|(_, r)| !r.lost && r.renew_at <= now)
        .map(|(id, _)| id.clone())
        .collect();
    if due.is_empty() {
        return Ok(());
    }
    let renew = Renew {
        worker: Some(worker.to_owned()),
        lease_seconds: Some(lease),
    };
    let Some(answers) = wait_out(outbox.renew_leases(&due, &renew), held)? else {
        // Tried again on the next turn of the loop.
        return Ok(());
    };
    for (id, answer) in due.iter().zip(answers) {
        let run = running.get_mut(id).expect("due ones are running");
        run.renew_at = now + every;
        if let Err(e) = answer {
            run.lost = true;
            run.cancel.store(true, Ordering::Relaxed);
            say(&format!(
                "lease of {id} lost ({e}); stopped its work, its result is not recorded"
            ));
        }
    }
    Ok(())
}

/// Gives back unsent the deliveries claimed ahead in `ids` (a stop, or
/// their subscription rests) and forgets them; returns how many went
/// back. An outbox held by another writer past the busy timeout does not
/// end the worker: those leases lapse instead, and a sweep or the next
/// claim takes them back.
pub(super) fn release_waiting(
    outbox: &mut Outbox,
    worker: &str,
    ids: Vec<String>,
    running: &mut HashMap<String, Running>,
) -> Result<usize> {
    if ids.is_empty() {
        return Ok(0);
    }
    for id in &ids {
        running.remove(id);
    }
    let req = Release {
        worker: Some(worker.to_owned()),
        ..Release::default()
    };
    match outbox.release_deliveries(&ids, &req) {
        Ok(answers) => {
            let mut given_back = 0;
            for (id, answer) in ids.iter().zip(answers) {
                match answer {
                    Ok(_) => given_back += 1,
                    Err(e) => say(&format!("could not give back {id}, claimed ahead: {e}")),
                }
            }
            Ok(given_back)
        }
        Err(Error::Storage {
            code: StorageCode::Locked,
            message,
        }) => {
            say(&format!(
                "could not give back {} deliveries claimed ahead ({message}): their leases lapse instead",
                ids.len()
            ));
            Ok(0)
        }
        Err(e) => Err(e),
    }
}

/// After the grace period: stops what still runs, records what finished
/// meanwhile, and gives the rest back to the queue at once.
pub(super) fn give_back(
    outbox: &mut Outbox,
    worker: &str,
    running: HashMap<String, Running>,
    done_rx: &mpsc::Receiver<Signal>,
    mut finished: Vec<(String, Finish)>,
    report: &mut dyn FnMut(&str, &Result<Settled>),
) -> Result<Stopped> {
    for run in running.values() {
        run.cancel.store(true, Ordering::Relaxed);
    }
    let mut release = Vec::new();
    let mut waiting = running;
    while !waiting.is_empty() {
        let (id, outcome, observed) = match done_rx.recv() {
            Ok(Signal::Done(id, outcome, observed)) => (id, outcome, observed),
            Ok(Signal::Ready) => continue,
            Err(_) => break,
        };
        let Some(run) = waiting.remove(&id) else {
            continue;
        };
        if run.lost {
            continue;
        }
        match finish_of(outcome, worker, observed) {
            Some(finish) => finished.push((id, finish)),
            None => release.push(id),
        }
    }
    let turn = outbox.settle_and_claim(&finished, &[], 0, 0, Events::InTurn)?;
    for (id, answer) in &turn.settled {
        report(id, answer);
    }
    for (sub_id, change) in &turn.changes {
        say(&told::line(sub_id, change));
    }
    let mut stopped = Stopped::default();
    if !release.is_empty() {
        let req = Release {
            worker: Some(worker.to_owned()),
            last_error: Some("worker stopped before it finished".to_owned()),
            ..Release::default()
        };
        for (id, answer) in release
            .iter()
            .zip(outbox.release_deliveries(&release, &req)?)
        {
            match answer {
                Ok(_) => stopped.given_back += 1,
                Err(e) => say(&format!("could not release {id}: {e}")),
            }
        }
    }
    Ok(stopped)
}

impl Outbox {
    /// `renewLease` for several deliveries in one transaction.
    pub fn renew_leases(&mut self, ids: &[String], req: &Renew) -> Result<Vec<Result<()>>> {
        self.write_each(ids, |tx, id, now| {
            crate::core::ledger::leases::renew(tx, id, req, now).map(drop)
        })
    }
}
