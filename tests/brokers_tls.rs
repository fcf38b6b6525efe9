//! Brokers over TLS, through the binary: NATS (`tls://`), Redis
//! (`rediss://`), MQTT (`mqtts://`) and RabbitMQ (`amqps://`) servers of the test's own that take
//! only TLS, with a certificate signed by a certificate authority made for
//! the test. A subscription that names the authority (`?ca=`) is delivered,
//! each message acknowledged by the broker; one that does not is refused
//! the connection (the certificate is checked) and spends no attempt.

mod common;

use async_nats::jetstream::stream::StorageType;
use common::brokers::{amqp_messages, amqp_queue_tls, block_on, broker_sub, unique};
use common::db::{Db, NOW};
use common::own_server::OwnServer;
use serde_json::Value;

/// Records `count` events for a subscription to `endpoint` and drains
/// them; the deliveries as `delivery list` shows them afterwards.
fn drain(db: &Db, transport: &str, endpoint: &str, count: usize) -> Vec<Value> {
    broker_sub(db, "t", transport, endpoint, &[]);
    for n in 0..count {
        db.record(NOW, "t", &format!("o-{n}"));
    }
    db.drain(&["--timeout", "5s"]);
    db.json(NOW, &["delivery", "list"])["deliveries"]
        .as_array()
        .unwrap()
        .clone()
}

/// Three deliveries to `endpoint` on `server` (its URL without `?ca=`)
/// with the server's authority named: each delivered, the broker's
/// acknowledgement (`acknowledged`) kept. One without it, from an outbox
/// of its own: given back unspent, for want of a trusted certificate.
fn with_and_without_the_authority(
    db: &Db,
    server: &OwnServer,
    transport: &str,
    endpoint: &str,
    acknowledged: &str,
) {
    let joiner = if endpoint.contains('?') { '&' } else { '?' };
    let trusted = format!("{endpoint}{joiner}ca={}", server.ca().display());
    let deliveries = drain(db, transport, &trusted, 3);
    assert_eq!(deliveries.len(), 3);
    for delivery in &deliveries {
        assert_eq!(delivery["status"], "delivered", "{delivery}");
        let response = &delivery["meta"]["response"];
        assert!(!response[acknowledged].is_null(), "{delivery}");
    }
    for delivery in drain(&Db::sqlite(), transport, endpoint, 1) {
        assert_eq!(delivery["status"], "queued", "{delivery}");
        assert_eq!(delivery["attempt"], 1, "{delivery}");
        let error = delivery["lastError"].as_str().unwrap().to_lowercase();
        assert!(error.contains("certificate"), "{error}");
    }
}

fn nats_over_tls_is_delivered_with_the_servers_authority(db: Db) {
    let Some(server) = OwnServer::nats_tls() else {
        return;
    };
    let stream = unique("tls_");
    let url = server.url("tls");
    block_on(async {
        let client = async_nats::ConnectOptions::new()
            .add_root_certificates(server.ca())
            .require_tls(true)
            .connect(&url)
            .await
            .unwrap();
        async_nats::jetstream::new(client)
            .create_stream(async_nats::jetstream::stream::Config {
                name: stream.clone(),
                subjects: vec![format!("{stream}.>")],
                storage: StorageType::Memory,
                ..Default::default()
            })
            .await
            .unwrap();
    });
    let endpoint = format!("{url}/{stream}.{{subject}}");
    with_and_without_the_authority(&db, &server, "nats", &endpoint, "seq");
}
broker_test!(
    nats_over_tls_is_delivered_with_the_servers_authority,
    "tls_nats"
);

fn redis_over_tls_is_delivered_with_the_servers_authority(db: Db) {
    let Some(server) = OwnServer::redis_tls() else {
        return;
    };
    let endpoint = format!("{}?stream=s", server.url("rediss"));
    with_and_without_the_authority(&db, &server, "redis", &endpoint, "entryId");
}
broker_test!(
    redis_over_tls_is_delivered_with_the_servers_authority,
    "tls_redis"
);

fn mqtt_over_tls_is_delivered_with_the_servers_authority(db: Db) {
    let Some(server) = OwnServer::mosquitto_tls() else {
        return;
    };
    let endpoint = format!("{}/tls/{{subject}}?qos=1", server.url("mqtts"));
    with_and_without_the_authority(&db, &server, "mqtt", &endpoint, "topic");
}
broker_test!(
    mqtt_over_tls_is_delivered_with_the_servers_authority,
    "tls_mqtt"
);

fn amqp_over_tls_is_delivered_with_the_servers_authority(db: Db) {
    let Some(server) = OwnServer::rabbitmq_tls() else {
        return;
    };
    let url = format!("{}/%2f", server.url("amqps"));
    let queue = unique("tls_");
    let channel = block_on(amqp_queue_tls(
        &format!("amqps://guest:guest@127.0.0.1:{}/%2f", server.port),
        &server.ca(),
        &queue,
        "amq.direct",
        &queue,
    ));
    let endpoint = format!("{url}?exchange=amq.direct&routing_key={queue}");
    with_and_without_the_authority(&db, &server, "amqp", &endpoint, "confirm");
    // The three trusted ones are in the queue, the refused one is not.
    assert_eq!(block_on(amqp_messages(&channel, &queue)).len(), 3);
}
broker_test!(
    amqp_over_tls_is_delivered_with_the_servers_authority,
    "tls_amqp"
);
