//! Brokers that go away: one that cannot be reached costs a delivery no
//! attempt; a NATS server killed (`kill -9`) mid-drain and started again,
//! and a worker killed mid-drain, leave every delivery delivered and the
//! stream holding each event exactly once (JetStream drops the repeats by
//! the event's id); a Redis server killed and started again leaves every
//! event in its stream at least once. The servers here are the test's
//! own, on free ports, so they can be killed.

mod common;

use async_nats::jetstream::stream::StorageType;
use common::brokers::{block_on, nats_messages, nats_stream_in, unique};
use common::db::{Db, NOW};
use serde_json::{Value, json};
use std::collections::HashSet;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A broker server of the test's own on a free port, its data in a
/// folder that outlives a kill, so it can be started again as it was.
struct OwnServer {
    program: &'static str,
    /// Its arguments, given the port and the data folder.
    args: fn(u16, &Path) -> Vec<String>,
    port: u16,
    dir: tempfile::TempDir,
    child: Option<Child>,
}

impl OwnServer {
    /// Started, or `None` (saying why) where `program` is not installed.
    fn start(program: &'static str, args: fn(u16, &Path) -> Vec<String>) -> Option<OwnServer> {
        let mut server = OwnServer {
            program,
            args,
            port: free_port(),
            dir: tempfile::tempdir().unwrap(),
            child: None,
        };
        if !server.run() {
            eprintln!("skipped: {program} is not installed here");
            return None;
        }
        Some(server)
    }

    /// A `nats-server` with JetStream, its store in the folder.
    fn nats() -> Option<OwnServer> {
        OwnServer::start("nats-server", |port, dir| {
            let port = port.to_string();
            let dir = dir.display().to_string();
            ["-a", "127.0.0.1", "-p", &port, "-js", "-sd", &dir]
                .map(String::from)
                .to_vec()
        })
    }

    /// A `redis-server` appending every write to its file before it
    /// answers (so a `kill -9` loses nothing it acknowledged).
    fn redis() -> Option<OwnServer> {
        OwnServer::start("redis-server", |port, dir| {
            let port = port.to_string();
            let dir = dir.display().to_string();
            [
                "--bind",
                "127.0.0.1",
                "--port",
                &port,
                "--appendonly",
                "yes",
                "--appendfsync",
                "always",
                "--save",
                "",
                "--dir",
                &dir,
            ]
            .map(String::from)
            .to_vec()
        })
    }

    fn url(&self, scheme: &str) -> String {
        format!("{scheme}://127.0.0.1:{}", self.port)
    }

    /// Starts it (again, on the same port and data); false without the
    /// binary.
    fn run(&mut self) -> bool {
        let Ok(child) = Command::new(self.program)
            .args((self.args)(self.port, self.dir.path()))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
        else {
            return false;
        };
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            assert!(Instant::now() < deadline, "{} did not start", self.program);
            std::thread::sleep(Duration::from_millis(20));
        }
        true
    }

    fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            child.kill().unwrap();
            child.wait().unwrap();
        }
    }
}

impl Drop for OwnServer {
    fn drop(&mut self) {
        self.kill();
    }
}

fn record_many(db: &Db, count: usize) {
    let lines: String = (0..count)
        .map(|n| {
            format!(
                "{}\n",
                json!({"type": "t", "subject": format!("o-{n}"), "payload": {"n": n}})
            )
        })
        .collect();
    db.json_with_stdin(NOW, &["event", "record", "--batch", "-"], &lines);
}

fn statuses(db: &Db) -> Value {
    db.json(NOW, &["stats"])
}

/// `outbox work` running in the background on the system clock.
fn worker(db: &Db, extra: &[&str]) -> Child {
    let mut args = vec!["work", "--timeout", "2s", "--poll-max", "200ms"];
    args.extend_from_slice(extra);
    Command::new(env!("CARGO_BIN_EXE_outbox"))
        .env("OUTBOX_DB", &db.target)
        .env_remove("OUTBOX_NOW")
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// Waits until every delivery is delivered (stats say so), up to `limit`.
fn wait_all_delivered(db: &Db, count: u64, limit: Duration) {
    let deadline = Instant::now() + limit;
    loop {
        let stats = statuses(db);
        if stats["stats"]["byStatus"]["delivered"] == count {
            return;
        }
        assert!(Instant::now() < deadline, "not all delivered: {stats}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

fn stop(mut child: Child) {
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    child.wait().unwrap();
}

/// Each event's id once in the stream, and nothing else.
fn exactly_once(server: &OwnServer, stream: &str, count: usize) {
    let jetstream = block_on(async {
        async_nats::jetstream::new(async_nats::connect(server.url("nats")).await.unwrap())
    });
    let arrived = block_on(nats_messages(&jetstream, stream));
    let ids: HashSet<&str> = arrived.iter().map(|m| m.header("Nats-Msg-Id")).collect();
    assert_eq!(arrived.len(), count, "a message stored twice or lost");
    assert_eq!(ids.len(), count);
}

#[test]
fn an_unreachable_broker_costs_no_attempt_and_pauses_its_subscription() {
    let db = Db::sqlite();
    let port = free_port();
    let sub = db.sub(&[
        "--types",
        "t",
        "--transport",
        "redis",
        "--endpoint",
        &format!("redis://127.0.0.1:{port}?stream=s"),
    ]);
    db.record(NOW, "t", "o-1");
    let output = db
        .cmd(NOW, &["work", "--drain", "--timeout", "2s"])
        .env_remove("OUTBOX_NOW")
        .output()
        .unwrap();
    assert!(output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("unspent"), "{stderr}");
    let delivery = &db.json(NOW, &["delivery", "list"])["deliveries"][0];
    assert_eq!(delivery["status"], "queued", "{delivery}");
    assert_eq!(delivery["attempt"], 1);
    let error = delivery["lastError"].as_str().unwrap();
    assert!(
        error.contains(&format!("redis unreachable at 127.0.0.1:{port}")),
        "{error}"
    );
    // Resting until the broker can be tried again: the pause is counted
    // from the real clock, later than the test's fixed one.
    let health = db.json(NOW, &["sub", "health"]);
    let sub_health = &health["subscriptions"][0];
    assert_eq!(sub_health["subId"], sub.as_str());
    assert!(
        sub_health["pausedUntil"].as_i64().unwrap() > NOW,
        "{health}"
    );
    assert_eq!(sub_health["consecutiveFailures"], 1, "{health}");
}

#[test]
#[cfg_attr(
    not(outbox_test_brokers),
    ignore = "OUTBOX_TEST_BROKERS is not set: the broker tests are not run"
)]
fn a_nats_server_killed_mid_drain_loses_nothing_and_stores_nothing_twice() {
    let Some(mut server) = OwnServer::nats() else {
        return;
    };
    let stream = unique("faults_");
    block_on(nats_stream_in(
        &server.url("nats"),
        &stream,
        &[format!("{stream}.>")],
        StorageType::File,
    ));
    let db = Db::sqlite();
    db.sub(&[
        "--types",
        "t",
        "--transport",
        "nats",
        "--endpoint",
        &format!("{}/{stream}.{{subject}}", server.url("nats")),
        "--retry-schedule",
        "1s",
        "--breaker",
        "off",
    ]);
    let count = 2000;
    record_many(&db, count);
    let running = worker(&db, &["--concurrency", "8"]);
    // Kill the server once some, not all, are delivered.
    let deadline = Instant::now() + Duration::from_secs(30);
    while statuses(&db)["stats"]["byStatus"]["delivered"]
        .as_u64()
        .unwrap_or(0)
        < 100
    {
        assert!(Instant::now() < deadline, "nothing delivered");
        std::thread::sleep(Duration::from_millis(10));
    }
    server.kill();
    std::thread::sleep(Duration::from_millis(1500));
    assert!(server.run());
    wait_all_delivered(&db, count as u64, Duration::from_secs(90));
    stop(running);
    exactly_once(&server, &stream, count);
}

#[test]
#[cfg_attr(
    not(outbox_test_brokers),
    ignore = "OUTBOX_TEST_BROKERS is not set: the broker tests are not run"
)]
fn a_worker_killed_mid_drain_sends_again_with_the_same_id() {
    let Some(server) = OwnServer::nats() else {
        return;
    };
    let stream = unique("killed_");
    block_on(nats_stream_in(
        &server.url("nats"),
        &stream,
        &[format!("{stream}.>")],
        StorageType::File,
    ));
    let db = Db::sqlite();
    db.sub(&[
        "--types",
        "t",
        "--transport",
        "nats",
        "--endpoint",
        &format!("{}/{stream}.{{subject}}", server.url("nats")),
    ]);
    let count = 2000;
    record_many(&db, count);
    let mut first = worker(&db, &["--concurrency", "8", "--lease", "1s"]);
    let deadline = Instant::now() + Duration::from_secs(30);
    while statuses(&db)["stats"]["byStatus"]["delivered"]
        .as_u64()
        .unwrap_or(0)
        < 100
    {
        assert!(Instant::now() < deadline, "nothing delivered");
        std::thread::sleep(Duration::from_millis(10));
    }
    // Killed with deliveries claimed and published, not yet completed.
    first.kill().unwrap();
    first.wait().unwrap();
    let second = worker(&db, &["--concurrency", "8", "--lease", "1s"]);
    wait_all_delivered(&db, count as u64, Duration::from_secs(90));
    stop(second);
    exactly_once(&server, &stream, count);
}

#[test]
#[cfg_attr(
    not(outbox_test_brokers),
    ignore = "OUTBOX_TEST_BROKERS is not set: the broker tests are not run"
)]
fn a_redis_server_killed_mid_drain_loses_nothing() {
    let Some(mut server) = OwnServer::redis() else {
        return;
    };
    let db = Db::sqlite();
    db.sub(&[
        "--types",
        "t",
        "--transport",
        "redis",
        "--endpoint",
        &format!("{}?stream=s", server.url("redis")),
        "--breaker",
        "off",
    ]);
    let count = 2000;
    record_many(&db, count);
    let running = worker(&db, &["--concurrency", "8"]);
    let deadline = Instant::now() + Duration::from_secs(30);
    while statuses(&db)["stats"]["byStatus"]["delivered"]
        .as_u64()
        .unwrap_or(0)
        < 100
    {
        assert!(Instant::now() < deadline, "nothing delivered");
        std::thread::sleep(Duration::from_millis(10));
    }
    server.kill();
    std::thread::sleep(Duration::from_millis(1500));
    assert!(server.run());
    wait_all_delivered(&db, count as u64, Duration::from_secs(90));
    stop(running);
    // At least once: every event's id is in the stream (a message Redis
    // took just before it died may be there twice, with the same id).
    let ids: HashSet<String> = block_on(async {
        let client = redis::Client::open(server.url("redis")).unwrap();
        let mut connection = client.get_multiplexed_async_connection().await.unwrap();
        let reply: redis::streams::StreamRangeReply = redis::cmd("XRANGE")
            .arg("s")
            .arg("-")
            .arg("+")
            .query_async(&mut connection)
            .await
            .unwrap();
        reply
            .ids
            .into_iter()
            .map(|entry| redis::from_redis_value(entry.map["id"].clone()).unwrap())
            .collect()
    });
    let events = db.json(NOW, &["event", "list", "--limit", "500"]);
    assert_eq!(ids.len(), count, "an event lost");
    for event in events["events"].as_array().unwrap() {
        assert!(ids.contains(event["eventId"].as_str().unwrap()));
    }
}
