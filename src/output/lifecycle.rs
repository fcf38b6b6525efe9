//! The human side of the lifecycle's answers: what was queued, swept,
//! pruned and freed, and the dead count beside the stats.

use super::tables::{DELIVERIES, delivery_table, tally};
use super::{Human, Report, View, timestamp};
use outbox::core::ledger::deliveries::StatsReply;
use outbox::core::ledger::leases::SweptAsFailed;
use outbox::core::storage::Space;
use outbox::core::storage::lanes::Waiting;
use outbox::lifecycle::{Act, BulkDone, Pruned, Queued};

impl Human for Queued {
    fn human(&self, view: &View) -> String {
        let what = tally(self.count, None, DELIVERIES);
        let line = match self.dry_run {
            Some(true) => format!("dry run: {what} would be queued; nothing written"),
            _ => format!("queued {what}"),
        };
        if self.deliveries.is_empty() {
            return line;
        }
        format!("{}\n{line}", delivery_table(&self.deliveries, view))
    }
}

impl Human for BulkDone {
    fn human(&self, view: &View) -> String {
        let what = tally(self.count, None, DELIVERIES);
        let done = match (self.action, self.dry_run) {
            (Act::Cancel, true) => format!("would cancel {what}"),
            (Act::Cancel, false) => format!("canceled {what}"),
            (_, true) => format!("would queue {what} ({})", self.action.as_str()),
            (_, false) => format!("queued {what} ({})", self.action.as_str()),
        };
        let mut line = format!("{} matched; {done}", self.matched);
        if !self.skipped.is_empty() {
            let mut why: Vec<&str> = self.skipped.iter().map(|s| s.error.as_str()).collect();
            why.sort_unstable();
            why.dedup();
            line.push_str(&format!(
                "; {} skipped ({})",
                self.skipped.len(),
                why.join(", ")
            ));
        }
        if self.dry_run {
            line = format!("dry run: {line}; nothing written");
        }
        if self.deliveries.is_empty() {
            return line;
        }
        format!("{}\n{line}", delivery_table(&self.deliveries, view))
    }
}

impl Human for SweptAsFailed {
    fn human(&self, view: &View) -> String {
        let line = format!(
            "failed {} whose lease expired: {} retried, {} dead",
            tally(self.count, None, DELIVERIES),
            self.retries.len(),
            self.dead
        );
        if self.deliveries.is_empty() {
            return line;
        }
        format!("{}\n{line}", delivery_table(&self.deliveries, view))
    }
}

/// `12.3 MiB`, `512 KiB`, `800 B`.
fn bytes(n: u64) -> String {
    const KIB: f64 = 1024.0;
    let n_f = n as f64;
    if n_f >= KIB * KIB {
        format!("{:.1} MiB", n_f / KIB / KIB)
    } else if n_f >= KIB {
        format!("{:.0} KiB", n_f / KIB)
    } else {
        format!("{n} B")
    }
}

impl Human for Pruned {
    fn human(&self, _view: &View) -> String {
        let d = &self.deleted;
        let what = format!(
            "{} and {} finished before {}",
            tally(d.deliveries as usize, None, DELIVERIES),
            tally(d.events as usize, None, super::tables::EVENTS),
            timestamp(self.cutoff)
        );
        if self.dry_run {
            return format!("dry run: would delete {what}; nothing written");
        }
        let space = match (self.space_before, self.space_after) {
            (Some(before), Some(after)) if self.vacuumed => format!(
                "file {} -> {} ({} given back to the file system)",
                bytes(before.file_bytes),
                bytes(after.file_bytes),
                bytes(before.file_bytes.saturating_sub(after.file_bytes))
            ),
            (Some(before), Some(Space { free_bytes, .. })) => format!(
                "{} freed inside the file for reuse ({} free in all; --vacuum gives it back to the file system)",
                bytes(free_bytes.saturating_sub(before.free_bytes)),
                bytes(free_bytes)
            ),
            _ if self.vacuumed => {
                "VACUUM ran: the space of the deleted rows is free for the tables to reuse"
                    .to_owned()
            }
            _ => "the server's autovacuum frees the space for reuse (--vacuum does it now)"
                .to_owned(),
        };
        format!("deleted {what}\n{space}")
    }
}

/// `stats`, with the dead letters counted for people; `--json` stays the
/// reference's object.
pub struct StatsWithDead {
    pub stats: StatsReply,
    pub dead: Option<i64>,
    /// What waits in ordered subscriptions, shown where anything does.
    pub waiting: Option<Waiting>,
    /// Which subscriptions are held and why, said where any is.
    pub guards: Option<outbox::core::health::report::Guards>,
}

/// A line per subscription held, saying why its deliveries are set aside.
fn held_lines(guards: &outbox::core::health::report::Guards, view: &View) -> String {
    use outbox::core::health::report::Held;
    let mut lines = vec!["set aside because:".to_owned()];
    for (sub_id, held) in &guards.held {
        let sub = super::tables::short(sub_id);
        lines.push(match held {
            Held::Breaker { until } if *until > view.now => format!(
                "  {sub}: its breaker is open until {}",
                super::tables::when(*until, view.now)
            ),
            Held::Breaker { .. } => format!("  {sub}: its breaker is open, probing"),
            Held::Paused { until } => format!(
                "  {sub}: its receiver asked for a pause until {}",
                super::tables::when(*until, view.now)
            ),
            Held::Disabled => format!("  {sub}: disabled (outbox sub resume {sub} enables it)"),
        });
    }
    lines.join("\n")
}

impl Report for StatsWithDead {
    fn json(&self) -> serde_json::Value {
        Report::json(&self.stats)
    }
    fn json_text(&self) -> String {
        Report::json_text(&self.stats)
    }
    fn human(&self, view: &View) -> String {
        let table = super::answers::stats_table(&self.stats, self.dead, self.waiting, view);
        match self.guards.as_ref().filter(|g| !g.held.is_empty()) {
            Some(guards) => format!("{table}\n\n{}", held_lines(guards, view)),
            None => table,
        }
    }
}
