//! Figure 23: what the OpenTelemetry export costs a worker. `outbox work
//! --drain` sends OUTBOX_BENCH_WORK webhooks (10,000) to a fast local
//! receiver with the OTLP variables unset, with a collector that is down
//! (a port nothing listens on), and with one that answers at once; three
//! runs of each, taking turns, at concurrency 1 and 8; the medians.

use crate::Figure;
use crate::protecting::{median, receiver, webhook_rate};
use crate::setup::{Bench, env_size};
use std::path::Path;
use std::time::Duration;

pub fn tracing(bench: &Bench) -> Vec<Figure> {
    let count = env_size("OUTBOX_BENCH_WORK", 10_000);
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
        for _ in 0..3 {
            let rate = |name: &str, env: &[(&str, &str)]| {
                webhook_rate(bench, bin, name, count, &url, concurrency, env)
            };
            unset.push(rate("otel-unset", &[]));
            down.push(rate(
                "otel-down",
                &[("OTEL_EXPORTER_OTLP_ENDPOINT", closed.as_str())],
            ));
            up.push(rate(
                "otel-up",
                &[("OTEL_EXPORTER_OTLP_ENDPOINT", collector.as_str())],
            ));
        }
        let (unset, down, up) = (median(unset), median(down), median(up));
        for (state, rate) in [("down", down), ("up", up)] {
            figures.push(Figure::new(
                format!(
                    "23. `outbox work` sending {count} webhooks, concurrency {concurrency}, exporting spans to a collector that is {state}"
                ),
                format!("{rate:.0}/s"),
                format!("no export: {unset:.0}/s"),
                rate / unset,
                "≥ 0.95",
            ));
        }
    }
    figures
}
