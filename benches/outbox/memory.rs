//! Figure 11: batches in bounded memory. The peak memory of one process
//! recording a large batch (with and without `--json`), exporting the
//! result and importing it again, and the batch's rate at the large size
//! beside its rate at 100,000 events; on SQLite and, when a server is at
//! hand, on PostgreSQL.

use crate::Figure;
use crate::setup::{self, Bench, Durability, env_size};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The ceiling the goal sets, in bytes.
const CEILING: f64 = 100e6;

/// What one run of the binary took: its time and its peak resident memory.
struct Run {
    took: Duration,
    peak_bytes: f64,
}

/// Runs `outbox` with `args` on `db`, stdin from `input` and stdout to
/// `output` (or nowhere), and reads the peak memory the kernel kept for it.
#[expect(
    clippy::zombie_processes,
    reason = "the child is reaped by wait4, which also reports its peak memory"
)]
fn measure(db: &Path, args: &[&str], input: Option<&Path>, output: Option<&Path>) -> Run {
    let stdin = input.map_or(Stdio::null(), |p| std::fs::File::open(p).unwrap().into());
    let stdout = output.map_or(Stdio::null(), |p| std::fs::File::create(p).unwrap().into());
    let started = Instant::now();
    let child = Command::new(env!("CARGO_BIN_EXE_outbox"))
        .args(args)
        .env("OUTBOX_DB", db)
        .env_remove("OUTBOX_NOW")
        .stdin(stdin)
        .stdout(stdout)
        .spawn()
        .unwrap();
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid value for wait4 to fill in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our own child, not yet waited for; both pointers
    // are to live locals.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let took = started.elapsed();
    assert_eq!(waited, pid, "wait4 failed");
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "outbox {args:?} failed: {status}"
    );
    // Linux reports ru_maxrss in KiB.
    Run {
        took,
        peak_bytes: usage.ru_maxrss as f64 * 1024.0,
    }
}

fn mb(bytes: f64) -> String {
    format!("{:.0} MB", bytes / 1e6)
}

/// A fresh outbox with one subscription that every event of the batch matches.
fn subscribed(db: &Path) {
    setup::outbox(
        db,
        Durability::Full,
        &[
            "sub",
            "create",
            "--client",
            "c",
            "--types",
            "t",
            "--any-target",
        ],
    );
}

/// The figures of one backend; `fresh` makes an empty outbox by name.
fn backend(bench: &Bench, label: &str, fresh: &dyn Fn(&str) -> PathBuf) -> Vec<Figure> {
    let small = 100_000;
    let large = env_size("OUTBOX_BENCH_BATCH", 1_000_000);
    let mut figures = Vec::new();
    let mut rates = Vec::new();
    for n in [small, large] {
        let file = bench.ndjson_of_type(n, "t");
        let file = file.to_str().unwrap();
        for json in [false, true] {
            let db = fresh(&format!("batch_{n}_{json}"));
            subscribed(&db);
            let mut args = vec!["event", "record", "--batch", file];
            if json {
                args.push("--json");
            }
            let run = measure(&db, &args, None, None);
            if !json {
                rates.push(n as f64 / run.took.as_secs_f64());
            }
            if n == large {
                figures.push(Figure::new(
                    format!(
                        "11. {label}: peak memory, `event record --batch` of {n} events{}",
                        if json { " `--json`" } else { "" }
                    ),
                    format!("{} in {:.1} s", mb(run.peak_bytes), run.took.as_secs_f64()),
                    "100 MB".into(),
                    run.peak_bytes / CEILING,
                    "< 1.0 (of 100 MB)",
                ));
            }
            if n == large && json {
                // The same outbox out and in again.
                let exported = bench.dir.join(format!("export-{label}-{n}.ndjson"));
                let out = measure(&db, &["export"], None, Some(&exported));
                let again = fresh(&format!("import_{n}"));
                let into = measure(&again, &["import", "-"], Some(&exported), None);
                for (what, run) in [("export", out), ("import", into)] {
                    figures.push(Figure::new(
                        format!(
                            "11. {label}: peak memory, `{what}` of {n} events and their deliveries"
                        ),
                        format!("{} in {:.1} s", mb(run.peak_bytes), run.took.as_secs_f64()),
                        "100 MB".into(),
                        run.peak_bytes / CEILING,
                        "< 1.0 (of 100 MB)",
                    ));
                }
                std::fs::remove_file(exported).unwrap();
            }
        }
    }
    figures.push(Figure::new(
        format!("11. {label}: batch rate at {large} events beside 100,000"),
        format!("{:.0}/s", rates[1]),
        format!("{:.0}/s at 100,000", rates[0]),
        rates[1] / rates[0],
        "≥ 0.8 (linear time)",
    ));
    figures
}

pub fn memory(bench: &Bench) -> Vec<Figure> {
    let mut figures = backend(bench, "SQLite", &|name| bench.fresh_db(name));
    if let Some(base) = crate::pgmq::server("11 on PostgreSQL") {
        figures.extend(backend(bench, "PostgreSQL", &|name| {
            setup::postgres_schema(&base, &format!("outbox_bench_{name}"))
        }));
    }
    figures
}
