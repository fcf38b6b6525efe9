//! Figure 25: `outbox serve` beside the CLI it stands for. Recording
//! OUTBOX_BENCH_SERVE events (10,000) over HTTP, one kept-alive connection
//! at concurrency 1 and a connection each at 8, beside as many `event
//! record` processes and beside one `event record --batch`; claim +
//! complete over HTTP beside the two processes a shell worker runs; and a
//! page of `GET /api/v1/deliveries` (a client's queued ones) at 1,000,000
//! deliveries beside the same page at 1,000, on SQLite and PostgreSQL.

use crate::Figure;
use crate::setup::{Backend, Bench, env_size, fill_scaled, json, median, outbox, time};
use outbox::store::Durability;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// `outbox serve` on a free port of loopback, stopped when dropped.
struct Served {
    child: Child,
    base: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(db: &Path) -> Served {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let child = Command::new(env!("CARGO_BIN_EXE_outbox"))
        .env("OUTBOX_DB", db)
        .args(["serve", "--listen", &format!("127.0.0.1:{port}")])
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "serve did not listen"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    Served {
        child,
        base: format!("http://127.0.0.1:{port}/api/v1"),
    }
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .max_idle_connections_per_host(8)
        .build()
        .into()
}

fn post(agent: &ureq::Agent, url: &str, body: &str) -> serde_json::Value {
    let mut reply = agent
        .post(url)
        .content_type("application/json")
        .send(body)
        .unwrap_or_else(|e| panic!("POST {url}: {e}"));
    serde_json::from_str(&reply.body_mut().read_to_string().unwrap()).unwrap()
}

fn record_body(i: usize) -> String {
    format!(r#"{{"type": "order.created", "subject": "order-{i}", "payload": {{"n": {i}}}}}"#)
}

/// Events a second recorded over HTTP by `concurrency` clients, each on
/// a kept-alive connection of its own.
fn over_http(served: &Served, count: usize, concurrency: usize) -> f64 {
    let url = format!("{}/events", served.base);
    let each = count / concurrency;
    let took = time(|| {
        std::thread::scope(|scope| {
            for c in 0..concurrency {
                let url = &url;
                scope.spawn(move || {
                    let agent = agent();
                    for i in c * each..(c + 1) * each {
                        let answer = post(&agent, url, &record_body(i));
                        assert_eq!(answer["ok"], true, "{answer}");
                    }
                });
            }
        });
    });
    (each * concurrency) as f64 / took.as_secs_f64()
}

/// A new SQLite outbox with the one subscription every figure here uses.
fn billing_db(bench: &Bench, name: &str) -> std::path::PathBuf {
    let db = bench.fresh_db(name);
    outbox(
        &db,
        Durability::Full,
        &[
            "sub",
            "create",
            "--client",
            "billing",
            "--types",
            "order.*",
            "--any-target",
        ],
    );
    db
}

fn recording(bench: &Bench) -> Vec<Figure> {
    let count = env_size("OUTBOX_BENCH_SERVE", 10_000);
    let processes = {
        let db = billing_db(bench, "serve-processes");
        let took = time(|| {
            for i in 0..count {
                let body = record_body(i);
                let v: serde_json::Value = serde_json::from_str(&body).unwrap();
                outbox(
                    &db,
                    Durability::Full,
                    &[
                        "event",
                        "record",
                        "--type",
                        "order.created",
                        "--subject",
                        v["subject"].as_str().unwrap(),
                        "--payload",
                        &v["payload"].to_string(),
                    ],
                );
            }
        });
        count as f64 / took.as_secs_f64()
    };
    let batch = {
        let db = billing_db(bench, "serve-batch");
        let file = bench.dir.join("serve-batch.ndjson");
        let lines: Vec<String> = (0..count).map(record_body).collect();
        std::fs::write(&file, lines.join("\n") + "\n").unwrap();
        let took = time(|| {
            outbox(
                &db,
                Durability::Full,
                &["event", "record", "--batch", file.to_str().unwrap()],
            );
        });
        count as f64 / took.as_secs_f64()
    };
    let mut figures = Vec::new();
    for concurrency in [1, 8] {
        let db = billing_db(bench, &format!("serve-http-{concurrency}"));
        let served = serve(&db);
        let rate = over_http(&served, count, concurrency);
        figures.push(Figure::new(
            format!("25. recording {count} events over HTTP (`outbox serve`), concurrency {concurrency}, beside a process each"),
            format!("{rate:.0}/s"),
            format!("`event record` processes: {processes:.0}/s"),
            rate / processes,
            "≥ 2",
        ));
        figures.push(Figure::new(
            format!("25. recording {count} events over HTTP, concurrency {concurrency}, beside one `event record --batch`"),
            format!("{rate:.0}/s"),
            format!("one batch: {batch:.0}/s"),
            rate / batch,
            "(reported)",
        ));
    }
    figures
}

/// Claim + complete cycles a second: over HTTP, and as two processes each.
fn claiming(bench: &Bench) -> Figure {
    let cycles = env_size("OUTBOX_BENCH_SERVE_CYCLES", 1_000);
    let filled = |name: &str| {
        let db = billing_db(bench, name);
        let file = bench.dir.join(format!("{name}.ndjson"));
        let lines: Vec<String> = (0..cycles).map(record_body).collect();
        std::fs::write(&file, lines.join("\n") + "\n").unwrap();
        outbox(
            &db,
            Durability::Full,
            &["event", "record", "--batch", file.to_str().unwrap()],
        );
        db
    };
    let cli = {
        let db = filled("serve-claim-cli");
        let took = time(|| {
            for _ in 0..cycles {
                let claimed = json(&outbox(
                    &db,
                    Durability::Full,
                    &["delivery", "claim", "--worker", "w", "--json"],
                ));
                let id = claimed["delivery"]["deliveryId"]
                    .as_str()
                    .unwrap()
                    .to_owned();
                outbox(
                    &db,
                    Durability::Full,
                    &["delivery", "complete", &id, "--worker", "w"],
                );
            }
        });
        cycles as f64 / took.as_secs_f64()
    };
    let db = filled("serve-claim-http");
    let served = serve(&db);
    let agent = agent();
    let took = time(|| {
        for _ in 0..cycles {
            let claimed = post(
                &agent,
                &format!("{}/deliveries/claim", served.base),
                r#"{"workerId": "w"}"#,
            );
            let id = claimed["deliveries"][0]["deliveryId"].as_str().unwrap();
            let done = post(
                &agent,
                &format!("{}/deliveries/{id}/complete", served.base),
                r#"{"workerId": "w"}"#,
            );
            assert_eq!(done["delivery"]["status"], "delivered");
        }
    });
    let http = cycles as f64 / took.as_secs_f64();
    Figure::new(
        format!("25. claim + complete over HTTP, {cycles} cycles, beside two processes a cycle"),
        format!("{http:.0}/s"),
        format!("`delivery claim` + `delivery complete` processes: {cli:.0}/s"),
        http / cli,
        "≥ 2",
    )
}

/// The median time of a page of a client's queued deliveries.
fn page_time(served: &Served) -> Duration {
    let agent = agent();
    let url = format!("{}/deliveries?client=billing&status=queued", served.base);
    let mut samples = Vec::new();
    for round in 0..60 {
        let started = Instant::now();
        let mut reply = agent.get(&url).call().unwrap();
        let body = reply.body_mut().read_to_string().unwrap();
        assert!(
            body.contains("\"count\":100"),
            "{}",
            &body[..body.len().min(200)]
        );
        // The first reads warm the cache, as on a page in use.
        if round >= 10 {
            samples.push(started.elapsed());
        }
    }
    median(samples)
}

fn listing(bench: &Bench) -> Vec<Figure> {
    let big = env_size("OUTBOX_BENCH_SERVE_LIST", 1_000_000);
    let mut figures = Vec::new();
    for backend in Backend::all("figure 25's list page") {
        let mut times = Vec::new();
        for size in [1_000, big] {
            let db = backend.fresh(bench, &format!("serve-list-{size}"));
            fill_scaled(&db, size);
            let served = serve(&db);
            times.push(page_time(&served));
        }
        let (small, large) = (times[0], times[1]);
        figures.push(Figure::new(
            format!(
                "25. {}`GET /api/v1/deliveries?client=billing&status=queued` (a page of 100) at {big} deliveries",
                backend.prefix()
            ),
            format!("{:.2} ms", large.as_secs_f64() * 1000.0),
            format!("at 1,000: {:.2} ms", small.as_secs_f64() * 1000.0),
            large.as_secs_f64() / small.as_secs_f64(),
            "≤ 1.2 (and milliseconds)",
        ));
    }
    figures
}

pub fn serving(bench: &Bench) -> Vec<Figure> {
    let mut figures = recording(bench);
    figures.push(claiming(bench));
    figures.extend(listing(bench));
    figures
}
