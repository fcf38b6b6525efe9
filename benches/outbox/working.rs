//! Figure 8: `outbox work` draining deliveries, beside the README's shell
//! loop doing the same work: a handler of `true`, and a POST to a local
//! receiver answering 200 (outbox's own sender against `curl` in the loop).
//! Figure 15: `mcp` deliveries (a `tools/call` each) to the same receiver,
//! beside the same number of webhooks.

use crate::Figure;
use crate::setup::{Backend, Bench, Durability, env_size, outbox, time};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::process::Command;

/// The README's loop (claim, handle, complete), with `HANDLE` as the handler.
const LOOP: &str = r#"
worker="bench-$$"
while claimed=$(outbox delivery claim --worker "$worker" --lease 60 --json); do
  id=$(jq -r .delivery.deliveryId <<<"$claimed")
  if handle "$claimed"; then
    outbox delivery complete "$id" --worker "$worker" --json >/dev/null
  else
    outbox delivery fail "$id" --worker "$worker" --error "handler failed" --json >/dev/null
  fi
done
"#;

/// A receiver on 127.0.0.1 answering every POST with 200, keeping
/// connections open as HTTP/1.1 allows.
pub fn receiver() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            std::thread::spawn(move || serve(stream));
        }
    });
    url
}

fn serve(stream: TcpStream) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut out = stream;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
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
        // Webhooks read only the status; MCP calls read this result too.
        let result =
            r#"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"ok"}]}}"#;
        let answer = format!(
            "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{result}",
            result.len()
        );
        if out.write_all(answer.as_bytes()).is_err() {
            return;
        }
    }
}

/// A database with `count` deliveries ready, to a subscription with
/// these flags.
fn ready(
    bench: &Bench,
    backend: &Backend,
    name: &str,
    count: usize,
    sub_flags: &[&str],
) -> std::path::PathBuf {
    let db = backend.fresh(bench, name);
    crate::setup::fill_for(bench, &db, count, sub_flags);
    db
}

/// Deliveries per second for the shell loop with `handle` as its handler.
fn shell_loop(db: &Path, handle: &str, count: usize) -> f64 {
    let bin = Path::new(env!("CARGO_BIN_EXE_outbox")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let script = format!("handle() {{ {handle}; }}\n{LOOP}");
    let took = time(|| {
        let status = Command::new("bash")
            .args(["-c", &script])
            .env("OUTBOX_DB", db)
            .env("PATH", path)
            .env_remove("OUTBOX_NOW")
            .status()
            .unwrap();
        assert!(status.success());
    });
    count as f64 / took.as_secs_f64()
}

/// Deliveries per second for `outbox work --drain` with these arguments.
fn work(db: &Path, count: usize, args: &[&str]) -> f64 {
    let mut all = vec!["work", "--drain"];
    all.extend_from_slice(args);
    let took = time(|| drop(outbox(db, Durability::Full, &all)));
    count as f64 / took.as_secs_f64()
}

fn check_all_delivered(db: &Path, count: usize) {
    let stats = outbox(db, Durability::Full, &["stats", "--json"]);
    let stats = crate::setup::json(&stats);
    assert_eq!(
        stats["stats"]["byStatus"]["delivered"].as_u64(),
        Some(count as u64),
        "{stats}"
    );
}

/// Figure 15: `count` mcp deliveries beside as many webhooks, both to a
/// local receiver answering at once, rounds at concurrency 1 and 8.
pub fn mcp(bench: &Bench) -> Vec<Figure> {
    let count = env_size("OUTBOX_BENCH_WORK", 10_000);
    let url = receiver();
    let mut figures = Vec::new();
    for concurrency in ["1", "8"] {
        let rate_of = |transport: &str, extra: &[&str]| {
            let mut flags = vec!["--transport", transport, "--endpoint", &url];
            flags.extend_from_slice(extra);
            let db = ready(
                bench,
                &Backend::Sqlite,
                &format!("work-{transport}-{concurrency}"),
                count,
                &flags,
            );
            let rate = work(&db, count, &["--concurrency", concurrency]);
            check_all_delivered(&db, count);
            rate
        };
        let webhooks = rate_of("webhook", &[]);
        let calls = rate_of("mcp", &["--mcp-tool", "record"]);
        figures.push(Figure::new(
            format!("15. `outbox work` sending {count} mcp tool calls to a local server, concurrency {concurrency}"),
            format!("{calls:.0}/s"),
            format!("the same number of webhooks to the same receiver: {webhooks:.0}/s"),
            calls / webhooks,
            "≥ 0.5 (rate ratio)",
        ));
    }
    figures
}

pub fn working(bench: &Bench) -> Vec<Figure> {
    if Command::new("jq").arg("--version").output().is_err()
        || Command::new("curl").arg("--version").output().is_err()
    {
        eprintln!("figure 8 skipped: the README's loop needs jq and curl");
        return Vec::new();
    }
    Backend::all("8")
        .iter()
        .flat_map(|backend| work_on(bench, backend))
        .collect()
}

fn work_on(bench: &Bench, backend: &Backend) -> Vec<Figure> {
    let on = backend.prefix();
    let count = env_size("OUTBOX_BENCH_WORK", 10_000);
    let in_loop = env_size("OUTBOX_BENCH_LOOP", 1_000);
    let url = receiver();
    let mut figures = Vec::new();

    let db = ready(bench, backend, "loop-true", in_loop, &[]);
    let loop_rate = shell_loop(&db, "true", in_loop);
    check_all_delivered(&db, in_loop);
    for concurrency in ["1", "8"] {
        let db = ready(
            bench,
            backend,
            &format!("work-true-{concurrency}"),
            count,
            &[],
        );
        let rate = work(&db, count, &["--concurrency", concurrency, "--", "true"]);
        check_all_delivered(&db, count);
        figures.push(Figure::new(
            format!("8. {on}`outbox work -- true`, {count} deliveries, concurrency {concurrency}"),
            format!("{rate:.0}/s"),
            format!(
                "the README's shell loop running `true`, {in_loop} deliveries: {loop_rate:.0}/s"
            ),
            rate / loop_rate,
            if concurrency == "1" {
                "≥ 5 (rate ratio)"
            } else {
                "(reported)"
            },
        ));
    }

    let db = ready(bench, backend, "loop-curl", in_loop, &[]);
    let curl = format!(
        r#"curl -sf -o /dev/null -X POST -H 'content-type: application/json' --data-binary "$1" {url}"#
    );
    let curl_rate = shell_loop(&db, &curl, in_loop);
    check_all_delivered(&db, in_loop);
    for concurrency in ["1", "8"] {
        let db = ready(
            bench,
            backend,
            &format!("work-webhook-{concurrency}"),
            count,
            &["--transport", "webhook", "--endpoint", &url],
        );
        let rate = work(&db, count, &["--concurrency", concurrency]);
        check_all_delivered(&db, count);
        figures.push(Figure::new(
            format!("8. {on}`outbox work` sending {count} signed webhooks to a local receiver, concurrency {concurrency}"),
            format!("{rate:.0}/s"),
            format!("the README's shell loop posting each with curl, {in_loop} deliveries: {curl_rate:.0}/s"),
            rate / curl_rate,
            if concurrency == "8" { "≥ 10 (rate ratio)" } else { "(reported)" },
        ));
    }
    figures
}
