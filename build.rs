//! Tells the test suite whether a PostgreSQL server is configured: with
//! `OUTBOX_TEST_PG` unset, the PostgreSQL side of each test is marked
//! ignored, so `cargo test` counts it and says so instead of passing it.

fn main() {
    println!("cargo::rerun-if-env-changed=OUTBOX_TEST_PG");
    println!("cargo::rustc-check-cfg=cfg(outbox_test_pg)");
    if std::env::var_os("OUTBOX_TEST_PG").is_some_and(|url| !url.is_empty()) {
        println!("cargo::rustc-cfg=outbox_test_pg");
    }
}
