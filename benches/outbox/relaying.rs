//! Figures 12 to 14, the relay: its throughput beside `event record --batch`
//! of the same events, the lag from an application's commit to a claimable
//! delivery, and what the outbox row costs the application's transaction.

use crate::Figure;
use crate::setup::{Backend, Bench, Durability, env_size, outbox, postgres_schema, time};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

/// Where the application's table lives: a SQLite file or a PostgreSQL URL.
#[derive(Clone)]
enum App {
    Sqlite(PathBuf),
    Postgres(String),
}

impl App {
    fn from(&self) -> &str {
        match self {
            App::Sqlite(path) => path.to_str().unwrap(),
            App::Postgres(url) => url,
        }
    }

    fn init(&self) {
        outbox(
            Path::new("unused.db"),
            Durability::Full,
            &["relay", "init", "--from", self.from()],
        );
    }

    /// `n` rows of figure 2's events (`o-i`, `{"n": i, "total": ...}`) in one transaction.
    fn fill(&self, n: usize) {
        let payload = |i: usize| format!("{{\"n\": {i}, \"total\": {}.5}}", i % 1000);
        match self {
            App::Sqlite(path) => {
                let mut conn = rusqlite::Connection::open(path).unwrap();
                let tx = conn.transaction().unwrap();
                {
                    let mut insert = tx
                        .prepare("INSERT INTO outbox (type, subject, payload) VALUES ('order.created', ?1, ?2)")
                        .unwrap();
                    for i in 0..n {
                        insert
                            .execute(rusqlite::params![format!("o-{i}"), payload(i)])
                            .unwrap();
                    }
                }
                tx.commit().unwrap();
            }
            App::Postgres(url) => {
                let mut client = postgres::Client::connect(url, postgres::NoTls).unwrap();
                client
                    .execute(
                        "INSERT INTO outbox (type, subject, payload) SELECT 'order.created', 'o-' || i, \
                         jsonb_build_object('n', i, 'total', (i % 1000) + 0.5) FROM generate_series(0, $1::bigint - 1) AS i",
                        &[&(n as i64)],
                    )
                    .unwrap();
            }
        }
    }
}

/// A new application database called `name`: a file, or a schema (in
/// another database of the server when `elsewhere`).
fn fresh_app(bench: &Bench, backend: &Backend, name: &str, elsewhere: bool) -> App {
    match backend {
        Backend::Sqlite => App::Sqlite(bench.fresh_db(&format!("app-{name}"))),
        Backend::Postgres(base) => {
            let base = if elsewhere {
                let mut admin = postgres::Client::connect(base, postgres::NoTls).unwrap();
                let exists = admin
                    .query_opt(
                        "SELECT 1 FROM pg_database WHERE datname = 'outbox_bench_app'",
                        &[],
                    )
                    .unwrap()
                    .is_some();
                if !exists {
                    admin
                        .batch_execute("CREATE DATABASE outbox_bench_app")
                        .unwrap();
                }
                let (head, query) = base.split_once('?').unwrap_or((base, ""));
                let server = head.rsplit_once('/').map_or(head, |(s, _)| s);
                let query = if query.is_empty() {
                    String::new()
                } else {
                    format!("?{query}")
                };
                format!("{server}/outbox_bench_app{query}")
            } else {
                base.clone()
            };
            let url = postgres_schema(&base, &format!("outbox_bench_app_{name}"));
            App::Postgres(url.to_string_lossy().into_owned())
        }
    }
}

fn subscribed(db: &Path) {
    for client in ["a", "b"] {
        outbox(
            db,
            Durability::Full,
            &[
                "sub",
                "create",
                "--client",
                client,
                "--types",
                "order.created",
                "--any-target",
            ],
        );
    }
}

/// Figure 12: relaying `n` rows (two subscriptions matching) beside
/// `event record --batch` of the same events.
fn throughput(bench: &Bench) -> Vec<Figure> {
    let n = env_size("OUTBOX_BENCH_RELAY", 100_000);
    let input = bench.ndjson(n);
    let mut figures = Vec::new();
    for backend in Backend::all("12") {
        let pairings: &[(&str, bool)] = match backend {
            Backend::Sqlite => &[("an application's SQLite file", false)],
            Backend::Postgres(_) => &[("the same database", false), ("another database", true)],
        };
        for (pairing, elsewhere) in pairings {
            let tag = if *elsewhere { "elsewhere" } else { "same" };
            let baseline_db = backend.fresh(bench, &format!("relay-batch-{tag}"));
            subscribed(&baseline_db);
            let theirs = time(|| {
                drop(outbox(
                    &baseline_db,
                    Durability::Full,
                    &["event", "record", "--batch", input.to_str().unwrap()],
                ))
            });
            let db = backend.fresh(bench, &format!("relay-{tag}"));
            subscribed(&db);
            let app = fresh_app(bench, &backend, tag, *elsewhere);
            app.init();
            app.fill(n);
            let ours = time(|| {
                drop(outbox(
                    &db,
                    Durability::Full,
                    &["relay", "run", "--from", app.from(), "--drain"],
                ))
            });
            let events =
                crate::setup::json(&outbox(&db, Durability::Full, &["stats", "--json"]))["count"]
                    .as_i64();
            assert_eq!(
                events,
                Some(2 * n as i64),
                "every row relayed, two deliveries each"
            );
            figures.push(Figure::new(
                format!(
                    "{}12. `relay run --drain`, {n} rows from {pairing}, 2 subscriptions",
                    backend.prefix()
                ),
                crate::rate(n, ours),
                format!(
                    "`event record --batch` of the same {n} events: {}",
                    crate::rate(n, theirs)
                ),
                theirs.as_secs_f64() / ours.as_secs_f64(),
                "≥ 0.8",
            ));
        }
    }
    figures
}

fn now() -> f64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap()
        .as_secs_f64()
}

/// How many deliveries the outbox at `db` holds.
struct Counter(Box<dyn FnMut() -> i64>);

impl Counter {
    fn of(db: &Path) -> Counter {
        match db.to_str().filter(|d| d.starts_with("postgres")) {
            Some(url) => {
                let mut client = postgres::Client::connect(url, postgres::NoTls).unwrap();
                Counter(Box::new(move || {
                    client
                        .query_one("SELECT count(*) FROM deliveries", &[])
                        .unwrap()
                        .get(0)
                }))
            }
            None => {
                let conn = rusqlite::Connection::open(db).unwrap();
                Counter(Box::new(move || {
                    conn.query_row("SELECT count(*) FROM deliveries", [], |r| r.get(0))
                        .unwrap()
                }))
            }
        }
    }
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Figure 13: an application committing 200 rows a second, one per
/// transaction, with a relay running: from each commit to its delivery.
fn lag(bench: &Bench) -> Vec<Figure> {
    let rows = env_size("OUTBOX_BENCH_LAG", 2_000);
    let mut figures = Vec::new();
    for backend in Backend::all("13") {
        let db = backend.fresh(bench, "relay-lag");
        outbox(
            &db,
            Durability::Full,
            &[
                "sub",
                "create",
                "--client",
                "a",
                "--types",
                "order.created",
                "--any-target",
            ],
        );
        let app = fresh_app(bench, &backend, "lag", false);
        app.init();
        let mut relay: Child = Command::new(env!("CARGO_BIN_EXE_outbox"))
            .args(["relay", "run", "--from", app.from()])
            .env("OUTBOX_DB", &db)
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(500));
        // A watcher notes when the delivery count passes each row.
        let watched = db.clone();
        let watcher = std::thread::spawn(move || {
            let mut count = Counter::of(&watched);
            let mut seen = Vec::with_capacity(rows);
            while seen.len() < rows {
                let n = (count.0)() as usize;
                let at = now();
                while seen.len() < n.min(rows) {
                    seen.push(at);
                }
                std::thread::sleep(Duration::from_micros(500));
            }
            seen
        });
        let committed = write_paced(&app, rows, 200.0);
        let seen = watcher.join().unwrap();
        // SAFETY: kill(2) on the relay this figure started.
        unsafe { libc::kill(relay.id() as i32, libc::SIGTERM) };
        relay.wait().unwrap();
        let mut lags: Vec<f64> = seen
            .iter()
            .zip(&committed)
            .map(|(s, c)| (s - c) * 1e3)
            .collect();
        lags.sort_by(f64::total_cmp);
        let (median, p99) = (percentile(&lags, 0.5), percentile(&lags, 0.99));
        for (what, value, goal, bound) in [
            ("median", median, "< 20 ms", 20.0),
            ("99th percentile", p99, "< 200 ms", 200.0),
        ] {
            figures.push(Figure::new(
                format!(
                    "{}13. relay lag, commit to delivery, {rows} rows at 200/s: {what}",
                    backend.prefix()
                ),
                format!("{value:.1} ms"),
                format!("the goal's bound: {bound} ms"),
                value / bound,
                goal,
            ));
        }
    }
    figures
}

/// Commits `rows` transactions of one outbox row each, `per_second`;
/// answers each commit's time.
fn write_paced(app: &App, rows: usize, per_second: f64) -> Vec<f64> {
    let started = Instant::now();
    let mut committed = Vec::with_capacity(rows);
    let pace = |i: usize| {
        let due = started + Duration::from_secs_f64(i as f64 / per_second);
        std::thread::sleep(due.saturating_duration_since(Instant::now()));
    };
    match app {
        App::Sqlite(path) => {
            let mut conn = rusqlite::Connection::open(path).unwrap();
            conn.busy_timeout(Duration::from_secs(10)).unwrap();
            for i in 0..rows {
                pace(i);
                let tx = conn.transaction().unwrap();
                tx.execute(
                    "INSERT INTO outbox (type, subject) VALUES ('order.created', ?1)",
                    [format!("lag-{i}")],
                )
                .unwrap();
                tx.commit().unwrap();
                committed.push(now());
            }
        }
        App::Postgres(url) => {
            let mut client = postgres::Client::connect(url, postgres::NoTls).unwrap();
            for i in 0..rows {
                pace(i);
                client
                    .execute(
                        "INSERT INTO outbox (type, subject) VALUES ('order.created', $1)",
                        &[&format!("lag-{i}")],
                    )
                    .unwrap();
                committed.push(now());
            }
        }
    }
    committed
}

/// Figure 14: an application's transaction of a business row and an
/// outbox row, beside the same transaction without the outbox row (SQLite
/// at synchronous=FULL, WAL), rounds taking turns.
fn cost(bench: &Bench) -> Vec<Figure> {
    let per_round = env_size("OUTBOX_BENCH_APP_TX", 500);
    let path = bench.fresh_db("app-cost");
    let app = App::Sqlite(path.clone());
    app.init();
    let mut conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute_batch(
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;
         CREATE TABLE orders (id INTEGER PRIMARY KEY, customer TEXT, total REAL);",
    )
    .unwrap();
    let mut round = |with_outbox: bool| {
        time(|| {
            for i in 0..per_round {
                let tx = conn.transaction().unwrap();
                tx.execute(
                    "INSERT INTO orders (customer, total) VALUES ('c-1', ?1)",
                    [i as f64 + 0.5],
                )
                .unwrap();
                if with_outbox {
                    tx.execute(
                        "INSERT INTO outbox (type, subject, payload) VALUES ('order.created', ?1, ?2)",
                        rusqlite::params![format!("order-{i}"), format!("{{\"total\": {i}.5}}")],
                    )
                    .unwrap();
                }
                tx.commit().unwrap();
            }
        })
    };
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        theirs.push(round(false));
        ours.push(round(true));
    }
    let (ours, theirs) = (crate::setup::median(ours), crate::setup::median(theirs));
    let per = |d: Duration| {
        format!(
            "{:.1} µs per transaction",
            d.as_secs_f64() * 1e6 / per_round as f64
        )
    };
    vec![Figure::new(
        format!(
            "14. the application's transaction with its outbox row (SQLite, WAL, synchronous=FULL), median of 5 × {per_round}"
        ),
        per(ours),
        format!("the same transaction without it: {}", per(theirs)),
        ours.as_secs_f64() / theirs.as_secs_f64(),
        "≤ 1.3",
    )]
}

pub fn relaying(bench: &Bench, wanted: impl Fn(&str) -> bool) -> Vec<Figure> {
    let mut figures = Vec::new();
    if wanted("12") {
        figures.extend(throughput(bench));
    }
    if wanted("13") {
        figures.extend(lag(bench));
    }
    if wanted("14") {
        figures.extend(cost(bench));
    }
    figures
}
