//! Figure 23: what the OpenTelemetry export costs a worker. `outbox work
//! --drain` sends OUTBOX_BENCH_WORK webhooks (4,000) to a fast local
//! receiver with the OTLP variables unset, and with them naming a
//! collector that is down (a port nothing listens on) or one that answers
//! at once; eight rounds of the three, their order turning each round, at
//! concurrency 1 and 8. Each round's rates are divided by its own run
//! without export, and the median of those ratios is the figure: on a
//! machine whose speed drifts between runs, pairs taken together compare
//! what a median of each side apart does not.

use crate::Figure;
use crate::protecting::{receiver, webhook_rate};
use crate::setup::{Bench, env_size, median};
use std::path::Path;
use std::time::Duration;

const ROUNDS: usize = 8;

pub fn tracing(bench: &Bench) -> Vec<Figure> {
    let count = env_size("OUTBOX_BENCH_WORK", 4_000);
    let (url, _log) = receiver(Duration::ZERO);
    // The receiver answers any POST at once: a collector that takes every
    // export (an empty answer is an empty ExportTraceServiceResponse).
    let (collector, _spans) = receiver(Duration::ZERO);
    let collector = collector.trim_end_matches("/hook").to_owned();
    let closed = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://{}", listener.local_addr().unwrap())
    };
    let bin = Path::new(env!("CARGO_BIN_EXE_outbox"));
    let mut figures = Vec::new();
    for concurrency in ["1", "8"] {
        let (mut unset, mut down, mut up) = (Vec::new(), Vec::new(), Vec::new());
        for round in 0..ROUNDS {
            let rate = |name: &str, endpoint: Option<&str>| {
                let env: Vec<(&str, &str)> = endpoint
                    .map(|e| ("OTEL_EXPORTER_OTLP_ENDPOINT", e))
                    .into_iter()
                    .collect();
                webhook_rate(bench, bin, name, count, &url, concurrency, &env)
            };
            let mut modes = [
                ("otel-unset", None),
                ("otel-down", Some(closed.as_str())),
                ("otel-up", Some(collector.as_str())),
            ];
            modes.rotate_left(round % 3);
            let mut rates = [0.0; 3];
            for (name, endpoint) in modes {
                let at = ["otel-unset", "otel-down", "otel-up"]
                    .iter()
                    .position(|n| *n == name)
                    .unwrap();
                rates[at] = rate(name, endpoint);
            }
            unset.push(rates[0]);
            down.push(rates[1] / rates[0]);
            up.push(rates[2] / rates[0]);
        }
        let unset = median(unset);
        for (state, ratios) in [("down", down), ("up", up)] {
            let ratio = median(ratios);
            figures.push(Figure::new(
                format!(
                    "23. `outbox work` sending {count} webhooks, concurrency {concurrency}, exporting spans to a collector that is {state} (median of {ROUNDS} rounds' ratios)"
                ),
                format!("{:.0}/s", unset * ratio),
                format!("no export, the same rounds: {unset:.0}/s"),
                ratio,
                "≥ 0.95",
            ));
        }
    }
    figures
}
