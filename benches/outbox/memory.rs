//! Figure 11: batches in bounded memory. The peak memory of one process
//! recording a large batch (with and without `--json`), exporting the
//! result and importing it again, and the batch's rate at the large size
//! beside its rate at 100,000 events; on SQLite and, when a server is at
//! hand, on PostgreSQL.

use crate::Figure;
use crate::setup::{self, Backend, Bench, Durability, env_size};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The ceiling the goal sets, in bytes.
const CEILING: f64 = 100e6;

/// What one run of the binary took: its time and its peak resident memory.
struct Run {
    took: Duration,
    peak_bytes: f64,
}

/// The flag that makes the bench binary the helper of [`measure`].
pub const HELPER: &str = "--peak-rss-of";

/// Runs `outbox` with `args` on `db`, stdin from `input` and stdout to
/// `output` (or nowhere), and reads the peak memory the kernel kept for it.
/// A process started from this one would be charged this one's memory
/// (Linux carries the peak across fork and exec), so a small helper, this
/// binary started afresh, starts it and reports.
fn measure(db: &Path, args: &[&str], input: Option<&Path>, output: Option<&Path>) -> Run {
    let stdin = input.map_or(Stdio::null(), |p| std::fs::File::open(p).unwrap().into());
    let stdout = output.map_or(Stdio::null(), |p| std::fs::File::create(p).unwrap().into());
    let started = Instant::now();
    let helper = Command::new(std::env::current_exe().unwrap())
        .arg(HELPER)
        .arg(env!("CARGO_BIN_EXE_outbox"))
        .args(args)
        .env("OUTBOX_DB", db)
        .env_remove("OUTBOX_NOW")
        .stdin(stdin)
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let took = started.elapsed();
    let report = String::from_utf8_lossy(&helper.stderr);
    assert!(helper.status.success(), "outbox {args:?} failed: {report}");
    let kib: f64 = report
        .lines()
        .last()
        .and_then(|line| line.strip_prefix("peak KiB "))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no peak reported: {report}"));
    Run {
        took,
        peak_bytes: kib * 1024.0,
    }
}

/// The helper: runs the command given, its stdin and stdout this process's,
/// and says its peak memory as the last line on stderr; fails as it fails.
#[expect(
    clippy::zombie_processes,
    reason = "the child is reaped by wait4, which also reports its peak memory"
)]
pub fn helper(command: &[String]) {
    let child = Command::new(&command[0])
        .args(&command[1..])
        .spawn()
        .unwrap();
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid value for wait4 to fill in.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `pid` is our own child, not yet waited for; both pointers
    // are to live locals.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "wait4 failed");
    // Linux reports ru_maxrss in KiB.
    eprintln!("peak KiB {}", usage.ru_maxrss);
    if !(libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0) {
        std::process::exit(1);
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

/// The figures of one backend.
fn measure_on(bench: &Bench, backend: &Backend) -> Vec<Figure> {
    let label = backend.prefix();
    let fresh = |name: &str| backend.fresh(bench, name);
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
                        "11. {label}peak memory, `event record --batch` of {n} events{}",
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
                let exported = bench.dir.join(format!("export-{}{n}.ndjson", label.len()));
                let out = measure(&db, &["export"], None, Some(&exported));
                let again = fresh(&format!("import_{n}"));
                let into = measure(&again, &["import", "-"], Some(&exported), None);
                for (what, run) in [("export", out), ("import", into)] {
                    figures.push(Figure::new(
                        format!(
                            "11. {label}peak memory, `{what}` of {n} events and their deliveries"
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
        format!("11. {label}batch rate at {large} events beside 100,000"),
        format!("{:.0}/s", rates[1]),
        format!("{:.0}/s at 100,000", rates[0]),
        rates[1] / rates[0],
        "≥ 0.8 (linear time)",
    ));
    figures
}

pub fn memory(bench: &Bench) -> Vec<Figure> {
    Backend::all("11")
        .iter()
        .flat_map(|backend| measure_on(bench, backend))
        .collect()
}
