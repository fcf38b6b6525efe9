//! Figure 22: `outbox work --drain` publishing to each message broker on
//! 127.0.0.1 (NATS JetStream, RabbitMQ, Mosquitto, Redis), beside the same
//! number of messages published by that broker's official Python client
//! with its acknowledgements awaited in windows of 100 (bench/
//! brokers_python.py: a forwarder with no ledger at all), and beside
//! outbox's own webhook drain to a local receiver. Skipped for a broker
//! nothing listens for. OUTBOX_BENCH_BROKER sets the size (default
//! 100,000); OUTBOX_BENCH_BROKER_CONCURRENCY the worker's (default 100,
//! the baseline's window); OUTBOX_BENCH_BROKER_ROUNDS the rounds (3): each
//! round drains the webhooks and then, broker by broker, runs outbox and
//! the Python publisher (the one going first turning each round). Each
//! round's ratios are of its own runs, and the figure is their median,
//! since the machine's speed drifts between runs more than the ratios
//! differ.

use crate::Figure;
use crate::setup::{Backend, Bench, Durability, env_size, median, median_listed, outbox, time};
use std::path::Path;
use std::process::Command;

struct Broker {
    transport: &'static str,
    port: u16,
    /// The official client the baseline uses.
    client: &'static str,
    goal: &'static str,
}

const BROKERS: [Broker; 4] = [
    Broker {
        transport: "nats",
        port: 4222,
        client: "nats-py",
        goal: "≥ 1.0 (rate ratio)",
    },
    Broker {
        transport: "redis",
        port: 6379,
        client: "redis-py, pipelined",
        goal: "≥ 0.7 (rate ratio)",
    },
    Broker {
        transport: "amqp",
        port: 5672,
        client: "aio-pika, publisher confirms",
        goal: "≥ 3 (rate ratio)",
    },
    Broker {
        transport: "mqtt",
        port: 1883,
        client: "paho-mqtt, QoS 1",
        goal: "≥ 3 (rate ratio)",
    },
];

fn listening(port: u16) -> bool {
    std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()
}

/// Where one drain publishes: (the subscription's endpoint, the name the
/// baseline publishes to). NATS gets a stream capturing both.
fn target(broker: &Broker, run: &str) -> (String, String) {
    match broker.transport {
        "nats" => {
            nats_stream(run, true);
            (
                format!("nats://127.0.0.1:4222/{run}.outbox"),
                format!("{run}.python"),
            )
        }
        "redis" => (
            format!("redis://127.0.0.1:6379?stream={run}-outbox"),
            format!("{run}-python"),
        ),
        "amqp" => (
            // amq.topic with a queue bound, so every message is routed.
            format!("amqp://127.0.0.1:5672/%2f?exchange=amq.topic&routing_key={run}.outbox"),
            format!("{run}.python"),
        ),
        _ => (
            format!("mqtt://127.0.0.1:1883/{run}/outbox"),
            format!("{run}/python"),
        ),
    }
}

/// A JetStream stream (in a file, as a durable stream is) for one run,
/// made, or deleted once the run is over.
fn nats_stream(run: &str, make: bool) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let client = async_nats::connect("127.0.0.1:4222").await.unwrap();
        let jetstream = async_nats::jetstream::new(client);
        if !make {
            let _ = jetstream.delete_stream(run).await;
            return;
        }
        jetstream
            .create_stream(async_nats::jetstream::stream::Config {
                name: run.to_owned(),
                subjects: vec![format!("{run}.>")],
                ..Default::default()
            })
            .await
            .unwrap();
    });
}

/// A RabbitMQ queue bound to amq.topic for the run's keys, so nothing is
/// unroutable; deleted once the run is over.
fn amqp_queue(run: &str, declare: bool) {
    use lapin::options::{QueueBindOptions, QueueDeclareOptions, QueueDeleteOptions};
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let connection = lapin::Connection::connect(
            "amqp://guest:guest@127.0.0.1:5672/%2f",
            lapin::ConnectionProperties::default(),
        )
        .await
        .unwrap();
        let channel = connection.create_channel().await.unwrap();
        if declare {
            channel
                .queue_declare(
                    run.into(),
                    QueueDeclareOptions::default(),
                    Default::default(),
                )
                .await
                .unwrap();
            channel
                .queue_bind(
                    run.into(),
                    "amq.topic".into(),
                    format!("{run}.#").as_str().into(),
                    QueueBindOptions::default(),
                    Default::default(),
                )
                .await
                .unwrap();
        } else {
            let _ = channel
                .queue_delete(run.into(), QueueDeleteOptions::default())
                .await;
        }
        let _ = connection.close(0, "done".into()).await;
    });
}

/// Messages per second of the official Python client.
fn python_rate(python: &Path, broker: &Broker, count: usize, name: &str) -> Option<f64> {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("bench/brokers_python.py");
    let out = Command::new(python)
        .arg(script)
        .args([broker.transport, &count.to_string(), name])
        .output()
        .ok()?;
    if !out.status.success() {
        eprintln!(
            "figure 22: the {} baseline failed: {}",
            broker.transport,
            String::from_utf8_lossy(&out.stderr)
        );
        return None;
    }
    String::from_utf8_lossy(&out.stdout).trim().parse().ok()
}

/// Deliveries per second of `outbox work --drain` on a fresh outbox of
/// `count` deliveries to `endpoint`.
fn drain_rate(bench: &Bench, name: &str, transport: &str, endpoint: &str, count: usize) -> f64 {
    let db = Backend::Sqlite.fresh(bench, name);
    crate::setup::fill_for(
        bench,
        &db,
        count,
        &["--transport", transport, "--endpoint", endpoint],
    );
    let concurrency = env_size("OUTBOX_BENCH_BROKER_CONCURRENCY", 100).to_string();
    let took = time(|| {
        drop(outbox(
            &db,
            Durability::Full,
            &[
                "work",
                "--drain",
                "--concurrency",
                &concurrency,
                "--timeout",
                "30s",
            ],
        ))
    });
    let stats = crate::setup::json(&outbox(&db, Durability::Full, &["stats", "--json"]));
    assert_eq!(
        stats["stats"]["byStatus"]["delivered"].as_u64(),
        Some(count as u64),
        "{name}: {stats}"
    );
    count as f64 / took.as_secs_f64()
}

/// One broker's runs in one round: outbox's rate, the Python publisher's
/// (if it ran), and the round's webhook drain.
struct Run {
    ours: f64,
    theirs: Option<f64>,
    webhooks: f64,
}

/// Drains to `broker` and publishes with its Python client, the side
/// going first turning with `round`; cleans up what the run made.
fn one_run(
    bench: &Bench,
    python: &Path,
    broker: &Broker,
    count: usize,
    round: usize,
) -> (f64, Option<f64>) {
    let run = format!("bench{}x{}r{round}", std::process::id(), broker.transport);
    if broker.transport == "amqp" {
        amqp_queue(&run, true);
    }
    let (endpoint, name) = target(broker, &run);
    let ours = || drain_rate(bench, &run, broker.transport, &endpoint, count);
    let theirs = || python_rate(python, broker, count, &name);
    let rates = if round % 2 == 1 {
        let theirs = theirs();
        (ours(), theirs)
    } else {
        (ours(), theirs())
    };
    match broker.transport {
        "amqp" => amqp_queue(&run, false),
        "nats" => nats_stream(&run, false),
        "redis" => drop(
            Command::new("redis-cli")
                .args(["DEL", &format!("{run}-outbox")])
                .output(),
        ),
        _ => {}
    }
    rates
}

pub fn brokers(bench: &Bench) -> Vec<Figure> {
    let count = env_size("OUTBOX_BENCH_BROKER", 100_000);
    let rounds = env_size("OUTBOX_BENCH_BROKER_ROUNDS", 3).max(1);
    let Some(python) = crate::baselines::venv_python(
        bench,
        &[
            ("nats", "nats-py"),
            ("aio_pika", "aio-pika"),
            ("paho.mqtt.client", "paho-mqtt>=2"),
            ("redis", "redis"),
        ],
        "figure 22",
    ) else {
        return Vec::new();
    };
    let receiver = crate::working::receiver();
    let brokers: Vec<&Broker> = BROKERS
        .iter()
        .filter(|broker| {
            let up = listening(broker.port);
            if !up {
                eprintln!(
                    "figure 22: nothing listens for {} on 127.0.0.1:{}; skipped",
                    broker.transport, broker.port
                );
            }
            up
        })
        .collect();
    let mut runs: Vec<Vec<Run>> = brokers.iter().map(|_| Vec::new()).collect();
    for round in 0..rounds {
        let webhooks = drain_rate(
            bench,
            &format!("broker-webhook-r{round}"),
            "webhook",
            &receiver,
            count,
        );
        for (broker, runs) in brokers.iter().zip(&mut runs) {
            let (ours, theirs) = one_run(bench, &python, broker, count, round);
            runs.push(Run {
                ours,
                theirs,
                webhooks,
            });
        }
    }
    let mut figures = Vec::new();
    for (broker, runs) in brokers.iter().zip(runs) {
        let ours = median(runs.iter().map(|r| r.ours).collect());
        let paired: Vec<(f64, f64)> = runs
            .iter()
            .filter_map(|r| r.theirs.map(|theirs| (r.ours, theirs)))
            .collect();
        if paired.len() == runs.len() {
            let theirs = median(paired.iter().map(|p| p.1).collect());
            let (ratio, listed) = median_listed(paired.iter().map(|(o, t)| o / t).collect());
            figures.push(Figure::new(
                format!(
                    "22. `outbox work --drain`, {count} deliveries to {}, median of {rounds} rounds' ratios ({listed})",
                    broker.transport
                ),
                format!("{ours:.0}/s"),
                format!(
                    "{}, the same number of messages, acknowledgements awaited 100 at a time: {theirs:.0}/s",
                    broker.client
                ),
                ratio,
                broker.goal,
            ));
        }
        let webhooks = median(runs.iter().map(|r| r.webhooks).collect());
        let (ratio, listed) = median_listed(runs.iter().map(|r| r.ours / r.webhooks).collect());
        figures.push(Figure::new(
            format!(
                "22. `outbox work --drain`, {count} deliveries to {}, beside webhooks, median of {rounds} rounds' ratios ({listed})",
                broker.transport
            ),
            format!("{ours:.0}/s"),
            format!("outbox's own webhook drain to a local receiver: {webhooks:.0}/s"),
            ratio,
            "≥ 3 (rate ratio)",
        ));
    }
    figures
}
