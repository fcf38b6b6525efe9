//! Tells the test suite which servers are configured: with
//! `OUTBOX_TEST_PG` unset, the PostgreSQL side of each test is marked
//! ignored, and with `OUTBOX_TEST_BROKERS` unset, so are the tests that
//! publish to the message brokers on their standard ports (RabbitMQ, NATS
//! with JetStream, Mosquitto, Redis); `cargo test` counts them and says so
//! instead of passing them.

fn main() {
    for (variable, cfg) in [
        ("OUTBOX_TEST_PG", "outbox_test_pg"),
        ("OUTBOX_TEST_BROKERS", "outbox_test_brokers"),
    ] {
        println!("cargo::rerun-if-env-changed={variable}");
        println!("cargo::rustc-check-cfg=cfg({cfg})");
        if std::env::var_os(variable).is_some_and(|value| !value.is_empty()) {
            println!("cargo::rustc-cfg={cfg}");
        }
    }
}
