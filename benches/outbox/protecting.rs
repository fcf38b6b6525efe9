//! Figures 18 to 20: endpoint protection seen from a local receiver that
//! logs each request's arrival on its own clock and how many it is
//! answering at once. 18: `--rate 50/s` under four workers at
//! concurrency 8 (SQLite and PostgreSQL; with OUTBOX_BENCH_BUSY=1 also on
//! a busy machine); 19: `--max-in-flight 3` under
//! the same; 20: a receiver down for two minutes behind the default
//! breaker (OUTBOX_BENCH_DOWN seconds, default 120). 21: webhooks to a
//! fast receiver with none of it set, beside a build from before it
//! (OUTBOX_BENCH_BEFORE names that binary; skipped without it).

use crate::Figure;
use crate::setup::{Backend, Bench, env_size, median};
use std::io::{BufRead, BufReader, Read, Seek, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the receiver saw.
#[derive(Default)]
pub(crate) struct Log {
    arrivals: Mutex<Vec<Instant>>,
    now: AtomicUsize,
    peak: AtomicUsize,
    /// While false, every request is answered 500.
    up: AtomicBool,
}

/// A receiver on 127.0.0.1 answering each POST after `delay` (200 while
/// up); keeps connections open.
pub(crate) fn receiver(delay: Duration) -> (String, Arc<Log>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    let log = Arc::new(Log::default());
    log.up.store(true, Ordering::SeqCst);
    let shared = log.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let log = shared.clone();
            std::thread::spawn(move || serve(stream, delay, &log));
        }
    });
    (url, log)
}

fn serve(stream: TcpStream, delay: Duration, log: &Log) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut out = stream;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        let at = Instant::now();
        let now = log.now.fetch_add(1, Ordering::SeqCst) + 1;
        log.peak.fetch_max(now, Ordering::SeqCst);
        log.arrivals.lock().unwrap().push(at);
        let mut length = 0;
        loop {
            let mut header = String::new();
            if reader.read_line(&mut header).unwrap_or(0) == 0 {
                return;
            }
            let header = header.trim_end().to_ascii_lowercase();
            if header.is_empty() {
                break;
            }
            if let Some(value) = header.strip_prefix("content-length:") {
                length = value.trim().parse().unwrap_or(0);
            }
        }
        let mut body = vec![0; length];
        if reader.read_exact(&mut body).is_err() {
            return;
        }
        std::thread::sleep(delay);
        let status = if log.up.load(Ordering::SeqCst) {
            "200 OK"
        } else {
            "500 Down"
        };
        let answer = format!("HTTP/1.1 {status}\r\ncontent-length: 2\r\n\r\nok");
        log.now.fetch_sub(1, Ordering::SeqCst);
        if out.write_all(answer.as_bytes()).is_err() {
            return;
        }
    }
}

fn worker(db: &Path, mode: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_outbox"))
        .args(["work", "--concurrency", "8", "--poll-max", "1s"])
        .args(mode)
        .env("OUTBOX_DB", db)
        .env_remove("OUTBOX_NOW")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// Four workers at concurrency 8 until every delivery is sent.
fn four_workers(db: &Path) {
    let workers: Vec<Child> = (0..4).map(|_| worker(db, &["--drain"])).collect();
    for mut w in workers {
        assert!(w.wait().unwrap().success());
    }
}

fn delivered(db: &Path) -> u64 {
    let stats = crate::setup::outbox(db, crate::setup::Durability::Full, &["stats", "--json"]);
    crate::setup::json(&stats)["stats"]["byStatus"]["delivered"]
        .as_u64()
        .unwrap_or(0)
}

fn webhooks(
    bench: &Bench,
    backend: &Backend,
    name: &str,
    count: usize,
    url: &str,
    extra: &[&str],
) -> std::path::PathBuf {
    let db = backend.fresh(bench, name);
    let mut flags = vec!["--transport", "webhook", "--endpoint", url];
    flags.extend_from_slice(extra);
    crate::setup::fill_for(bench, &db, count, &flags);
    db
}

/// The most arrivals within any window of `span`.
fn most_within(arrivals: &[Instant], span: Duration) -> usize {
    let mut most = 0;
    let mut first = 0;
    for (last, at) in arrivals.iter().enumerate() {
        while at.duration_since(arrivals[first]) >= span {
            first += 1;
        }
        most = most.max(last - first + 1);
    }
    most
}

pub fn protecting(bench: &Bench, wanted: impl Fn(&str) -> bool) -> Vec<Figure> {
    let mut figures = Vec::new();
    if wanted("18") {
        let busy_too = std::env::var_os("OUTBOX_BENCH_BUSY").is_some_and(|v| v == "1");
        for backend in Backend::all("18") {
            figures.push(rate(bench, &backend, None));
            if busy_too {
                let busy = Busy::start(bench);
                figures.push(rate(bench, &backend, Some(&busy)));
            }
        }
    }
    if wanted("19") {
        figures.push(in_flight(bench));
    }
    if wanted("20") {
        figures.extend(down(bench));
    }
    if wanted("21") {
        match std::env::var_os("OUTBOX_BENCH_BEFORE") {
            Some(before) => figures.extend(unchanged(bench, Path::new(&before))),
            None => eprintln!(
                "figure 21 skipped: set OUTBOX_BENCH_BEFORE to an outbox built before protection"
            ),
        }
    }
    figures
}

/// `bin` on `db`, which must succeed.
fn run(bin: &Path, db: &Path, args: &[&str]) {
    run_with(bin, db, args, &[]);
}

/// `bin` on `db` with `env` set, which must succeed.
fn run_with(bin: &Path, db: &Path, args: &[&str], env: &[(&str, &str)]) {
    let out = Command::new(bin)
        .args(args)
        .env("OUTBOX_DB", db)
        .env_remove("OUTBOX_NOW")
        .envs(env.iter().copied())
        .output()
        .unwrap();
    assert!(out.status.success(), "{bin:?} {args:?}: {out:?}");
}

/// Deliveries a second for `bin` draining `count` webhooks to `url`, the
/// worker run with `env` set.
pub(crate) fn webhook_rate(
    bench: &Bench,
    bin: &Path,
    name: &str,
    count: usize,
    url: &str,
    concurrency: &str,
    env: &[(&str, &str)],
) -> f64 {
    let db = bench.fresh_db(name);
    let create = [
        "sub",
        "create",
        "--client",
        "c",
        "--types",
        "t",
        "--any-target",
    ];
    let mut create = create.to_vec();
    create.extend(["--transport", "webhook", "--endpoint", url]);
    run(bin, &db, &create);
    let events = bench.ndjson_of_type(count, "t");
    run(
        bin,
        &db,
        &["event", "record", "--batch", events.to_str().unwrap()],
    );
    let took = crate::setup::time(|| {
        run_with(
            bin,
            &db,
            &["work", "--drain", "--concurrency", concurrency],
            env,
        )
    });
    count as f64 / took.as_secs_f64()
}

/// Figure 21: three runs of each build, taking turns; the medians.
fn unchanged(bench: &Bench, before: &Path) -> Vec<Figure> {
    let count = env_size("OUTBOX_BENCH_WORK", 10_000);
    let (url, _log) = receiver(Duration::ZERO);
    let now = Path::new(env!("CARGO_BIN_EXE_outbox"));
    let mut figures = Vec::new();
    for concurrency in ["1", "8"] {
        let (mut ours, mut theirs) = (Vec::new(), Vec::new());
        for _ in 0..3 {
            ours.push(webhook_rate(
                bench,
                now,
                "unchanged-now",
                count,
                &url,
                concurrency,
                &[],
            ));
            theirs.push(webhook_rate(
                bench,
                before,
                "unchanged-before",
                count,
                &url,
                concurrency,
                &[],
            ));
        }
        let (ours, theirs) = (median(ours), median(theirs));
        figures.push(Figure::new(
            format!("21. `outbox work` sending {count} webhooks, none of the protection set, concurrency {concurrency}"),
            format!("{ours:.0}/s"),
            format!("the build before protection: {theirs:.0}/s"),
            ours / theirs,
            "unchanged (within noise)",
        ));
    }
    figures
}

/// A busy machine: one thread spinning on a core, one writing and syncing
/// a file, until dropped (two of this machine's two cores, and its disk,
/// shared with the workers and the receiver).
struct Busy {
    stop: Arc<AtomicBool>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl Busy {
    fn start(bench: &Bench) -> Busy {
        let stop = Arc::new(AtomicBool::new(false));
        let spin = stop.clone();
        let spinning = std::thread::spawn(move || {
            let mut n = 0u64;
            while !spin.load(Ordering::Relaxed) {
                n = std::hint::black_box(n.wrapping_add(1));
            }
        });
        let write = stop.clone();
        let path = bench.dir.join("busy-writer");
        let writing = std::thread::spawn(move || {
            let mut file = std::fs::File::create(&path).unwrap();
            let block = vec![7u8; 1 << 16];
            let mut written = 0;
            while !write.load(Ordering::Relaxed) {
                file.write_all(&block).unwrap();
                file.sync_all().unwrap();
                written += block.len();
                if written > 1 << 26 {
                    file.rewind().unwrap();
                    written = 0;
                }
            }
        });
        Busy {
            stop,
            threads: vec![spinning, writing],
        }
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

/// Figure 18: 20 s of `--rate 50/s` (1,000 deliveries and one more), on
/// a machine kept `busy` or not.
fn rate(bench: &Bench, backend: &Backend, busy: Option<&Busy>) -> Figure {
    let (url, log) = receiver(Duration::ZERO);
    let db = webhooks(
        bench,
        backend,
        "protect-rate",
        1001,
        &url,
        &["--rate", "50/s"],
    );
    four_workers(&db);
    let mut arrivals = log.arrivals.lock().unwrap().clone();
    arrivals.sort();
    assert_eq!(arrivals.len(), 1001);
    let most = most_within(&arrivals, Duration::from_secs(1));
    let took = arrivals[1000].duration_since(arrivals[0]).as_secs_f64();
    let average = 1000.0 / took;
    Figure::new(
        format!(
            "18. {}`--rate 50/s`, 4 workers at concurrency 8{}: the most requests in any second; average over {took:.1} s",
            backend.prefix(),
            if busy.is_some() {
                ", beside a spinning core and a syncing writer"
            } else {
                ""
            }
        ),
        format!("at most {most} in a second; {average:.1}/s"),
        "the rate: 50/s".to_owned(),
        average / 50.0,
        "no second above 51; average within 5% of 50/s",
    )
}

/// Figure 19: `--max-in-flight 3`, 300 deliveries each answered after 20 ms.
fn in_flight(bench: &Bench) -> Figure {
    let (url, log) = receiver(Duration::from_millis(20));
    let db = webhooks(
        bench,
        &Backend::Sqlite,
        "protect-cap",
        300,
        &url,
        &["--max-in-flight", "3"],
    );
    let took = crate::setup::time(|| four_workers(&db));
    let peak = log.peak.load(Ordering::SeqCst);
    Figure::new(
        "19. `--max-in-flight 3`, 4 workers at concurrency 8, 300 requests of 20 ms: the most the receiver answered at once",
        format!("{peak} at once; {:.0}/s", 300.0 / took.as_secs_f64()),
        "the cap: 3 (32 handlers could run)".to_owned(),
        peak as f64 / 3.0,
        "≤ 3 at once",
    )
}

/// Figure 20: 2,000 deliveries wait while the receiver is down; four
/// workers run through the outage and until the backlog is sent.
fn down(bench: &Bench) -> Vec<Figure> {
    let outage = Duration::from_secs(env_size("OUTBOX_BENCH_DOWN", 120) as u64);
    let (url, log) = receiver(Duration::ZERO);
    log.up.store(false, Ordering::SeqCst);
    let db = webhooks(
        bench,
        &Backend::Sqlite,
        "protect-down",
        2000,
        &url,
        &["--retry-schedule", "5s", "--max-attempts", "100"],
    );
    let started = Instant::now();
    // Workers that run on (a drain would stop while the breaker is open).
    let workers: Vec<Child> = (0..4).map(|_| worker(&db, &[])).collect();
    std::thread::sleep(outage);
    let sent_while_down = log.arrivals.lock().unwrap().len();
    log.up.store(true, Ordering::SeqCst);
    let back = Instant::now();
    while delivered(&db) < 2000 {
        assert!(
            back.elapsed() < Duration::from_secs(900),
            "the backlog was never sent"
        );
        std::thread::sleep(Duration::from_millis(250));
    }
    for mut w in workers {
        let _ = w.kill();
        let _ = w.wait();
    }
    let arrivals = log.arrivals.lock().unwrap().clone();
    let last = arrivals.iter().max().copied().unwrap_or(back);
    let backlog_sent = last.saturating_duration_since(back);
    let cool_downs = outage.as_secs() / 60;
    vec![
        Figure::new(
            format!(
                "20. a receiver down for {}s behind the default breaker (5 failures), 2000 deliveries waiting, 4 workers at concurrency 8: requests that reached it while down",
                outage.as_secs()
            ),
            format!("{sent_while_down} requests"),
            format!(
                "the backlog: 2000 deliveries; the breaker's 5 + one probe per cool-down begun ({cool_downs})"
            ),
            sent_while_down as f64 / (5 + cool_downs) as f64,
            "threshold + one probe per cool-down",
        ),
        Figure::new(
            "20. the same: from the receiver coming back until the backlog is sent",
            format!("{:.1} s", backlog_sent.as_secs_f64()),
            format!(
                "the run: {:.1} s in all",
                last.duration_since(started).as_secs_f64()
            ),
            backlog_sent.as_secs_f64(),
            "(reported)",
        ),
    ]
}
