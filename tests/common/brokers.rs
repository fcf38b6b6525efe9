//! The message brokers the broker tests publish to, on their standard
//! ports on 127.0.0.1 (CI runs them; `OUTBOX_TEST_BROKERS` says so), and
//! readers of what arrived, made with each broker's client crate.

use super::db::Db;
use serde_json::Value;
use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

pub const NATS: &str = "127.0.0.1:4222";
pub const AMQP: &str = "127.0.0.1:5672";
pub const MQTT: &str = "127.0.0.1:1883";
pub const REDIS: &str = "127.0.0.1:6379";

/// A subscription of billing's to `types` over a broker transport.
pub fn broker_sub(db: &Db, types: &str, transport: &str, endpoint: &str, extra: &[&str]) -> String {
    let mut args = vec![
        "--types",
        types,
        "--transport",
        transport,
        "--endpoint",
        endpoint,
    ];
    args.extend_from_slice(extra);
    db.sub(&args)
}

/// A name no other test (or earlier run) uses: `prefix` and a number.
pub fn unique(prefix: &str) -> String {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    format!(
        "{prefix}{}x{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::SeqCst)
    )
}

/// Runs `future` on the test's one runtime: a connection made in one call
/// serves the next (its tasks live as long as the runtime).
pub fn block_on<F: Future>(future: F) -> F::Output {
    static RUNTIME: std::sync::LazyLock<tokio::runtime::Runtime> = std::sync::LazyLock::new(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap()
    });
    RUNTIME.block_on(future)
}

/// One message as it arrived: its headers (attributes, properties or
/// fields, by name) and body.
#[derive(Clone, Debug)]
pub struct Arrived {
    pub name: String,
    pub headers: HashMap<String, String>,
    pub body: Vec<u8>,
}

impl Arrived {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap()
    }

    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .unwrap_or_else(|| panic!("no {name} in {:?}", self.headers))
    }
}

/// A JetStream stream on the shared server, made for one test and deleted
/// when the test ends, whether it passed or not.
pub struct TestStream {
    pub jetstream: async_nats::jetstream::Context,
    name: String,
}

impl Drop for TestStream {
    fn drop(&mut self) {
        let _ = block_on(self.jetstream.delete_stream(&self.name));
    }
}

/// A JetStream stream capturing `subjects`, made for one test, in memory.
pub fn nats_stream(url: &str, name: &str, subjects: &[String]) -> TestStream {
    use async_nats::jetstream::stream::StorageType;
    TestStream {
        jetstream: block_on(nats_stream_in(url, name, subjects, StorageType::Memory)),
        name: name.to_owned(),
    }
}

/// A JetStream stream capturing `subjects`, kept as `storage` says (in a
/// file, it outlives a restart of its server).
pub async fn nats_stream_in(
    url: &str,
    name: &str,
    subjects: &[String],
    storage: async_nats::jetstream::stream::StorageType,
) -> async_nats::jetstream::Context {
    let client = async_nats::connect(url).await.unwrap();
    let jetstream = async_nats::jetstream::new(client);
    let _ = jetstream.delete_stream(name).await;
    jetstream
        .create_stream(async_nats::jetstream::stream::Config {
            name: name.to_owned(),
            subjects: subjects.to_vec(),
            storage,
            ..Default::default()
        })
        .await
        .unwrap();
    jetstream
}

/// Every message a stream holds, in its order.
pub async fn nats_messages(
    jetstream: &async_nats::jetstream::Context,
    stream: &str,
) -> Vec<Arrived> {
    let mut stream = jetstream.get_stream(stream).await.unwrap();
    let count = stream.info().await.unwrap().state.messages;
    let mut arrived = Vec::new();
    let first = stream.info().await.unwrap().state.first_sequence;
    for seq in first..first + count {
        let message = stream.get_raw_message(seq).await.unwrap();
        let headers = message
            .headers
            .iter()
            .map(|(name, values)| {
                (
                    name.to_string(),
                    values.first().map(|v| v.to_string()).unwrap_or_default(),
                )
            })
            .collect();
        arrived.push(Arrived {
            name: message.subject.to_string(),
            headers,
            body: message.payload.to_vec(),
        });
    }
    arrived
}

/// Every entry of a Redis stream on the shared server, in its order. The
/// stream is deleted once read (a test reads it once), as `amqp_messages`
/// deletes its queue: the shared server outlives every run.
pub async fn redis_entries(stream: &str) -> Vec<Arrived> {
    redis_entries_at(&format!("redis://{REDIS}"), stream).await
}

/// [`redis_entries`] on the server at `url`. The client's own limit on an
/// answer (500 ms) is shorter than a busy machine may take to list a
/// stream of thousands of entries, so the reader waits longer.
pub async fn redis_entries_at(url: &str, stream: &str) -> Vec<Arrived> {
    let config = redis::AsyncConnectionConfig::new()
        .set_connection_timeout(Some(Duration::from_secs(10)))
        .set_response_timeout(Some(Duration::from_secs(60)));
    let client = redis::Client::open(url).unwrap();
    let mut connection = client
        .get_multiplexed_async_connection_with_config(&config)
        .await
        .unwrap();
    let reply: redis::streams::StreamRangeReply = redis::cmd("XRANGE")
        .arg(stream)
        .arg("-")
        .arg("+")
        .query_async(&mut connection)
        .await
        .unwrap();
    let _: redis::RedisResult<i64> = redis::cmd("DEL")
        .arg(stream)
        .query_async(&mut connection)
        .await;
    reply
        .ids
        .into_iter()
        .map(|entry| {
            let mut headers = HashMap::new();
            let mut body = Vec::new();
            for (field, value) in entry.map {
                let bytes: Vec<u8> = redis::from_redis_value(value).unwrap();
                if field == "data" {
                    body = bytes;
                } else {
                    headers.insert(field, String::from_utf8(bytes).unwrap());
                }
            }
            headers.insert("entry-id".to_owned(), entry.id);
            Arrived {
                name: stream.to_owned(),
                headers,
                body,
            }
        })
        .collect()
}

/// A RabbitMQ queue bound to `exchange` for `key`, made for one test.
pub async fn amqp_queue(queue: &str, exchange: &str, key: &str) -> lapin::Channel {
    amqp_queue_in(
        &format!("amqp://guest:guest@{AMQP}/%2f"),
        queue,
        exchange,
        key,
        false,
    )
    .await
}

/// The same on the server at `url`; a `durable` queue outlives a restart
/// of its server, and so do the persistent messages in it.
pub async fn amqp_queue_in(
    url: &str,
    queue: &str,
    exchange: &str,
    key: &str,
    durable: bool,
) -> lapin::Channel {
    let connection = lapin::Connection::connect(url, lapin::ConnectionProperties::default())
        .await
        .unwrap();
    bound_queue(connection, queue, exchange, key, durable).await
}

/// A queue bound to `exchange` with `key` on the TLS-only server at
/// `url` (`amqps://`), its certificate checked against the authority `ca`.
pub async fn amqp_queue_tls(
    url: &str,
    ca: &std::path::Path,
    queue: &str,
    exchange: &str,
    key: &str,
) -> lapin::Channel {
    let connection = lapin::ConnectionBuilder::new()
        .unwrap()
        .with_uri(url.parse().unwrap())
        .with_properties(lapin::ConnectionProperties::default())
        .with_tls_config(lapin::tcp::OwnedTLSConfig {
            identity: None,
            cert_chain: Some(std::fs::read_to_string(ca).unwrap()),
        })
        .connect()
        .await
        .unwrap();
    bound_queue(connection, queue, exchange, key, false).await
}

/// `queue` declared on `connection` (kept open for the test's life) and
/// bound to `exchange` with `key` (none for the default exchange).
async fn bound_queue(
    connection: lapin::Connection,
    queue: &str,
    exchange: &str,
    key: &str,
    durable: bool,
) -> lapin::Channel {
    use lapin::options::{QueueBindOptions, QueueDeclareOptions};
    let channel = connection.create_channel().await.unwrap();
    channel
        .queue_declare(
            queue.into(),
            QueueDeclareOptions {
                auto_delete: false,
                durable,
                ..Default::default()
            },
            Default::default(),
        )
        .await
        .unwrap();
    if !exchange.is_empty() {
        channel
            .queue_bind(
                queue.into(),
                exchange.into(),
                key.into(),
                QueueBindOptions::default(),
                Default::default(),
            )
            .await
            .unwrap();
    }
    std::mem::forget(connection);
    channel
}

/// Every message in a queue, taken off it in order.
pub async fn amqp_messages(channel: &lapin::Channel, queue: &str) -> Vec<Arrived> {
    use lapin::options::{BasicGetOptions, QueueDeleteOptions};
    let mut arrived = Vec::new();
    while let Some(message) = channel
        .basic_get(queue.into(), BasicGetOptions { no_ack: true })
        .await
        .unwrap()
    {
        let properties = &message.delivery.properties;
        let mut headers: HashMap<String, String> = HashMap::new();
        if let Some(table) = properties.headers() {
            for (name, value) in table.inner() {
                let text = match value {
                    lapin::types::AMQPValue::LongString(s) => s.to_string(),
                    other => format!("{other:?}"),
                };
                headers.insert(name.to_string(), text);
            }
        }
        for (name, value) in [
            (
                "message_id",
                properties.message_id().as_ref().map(|v| v.to_string()),
            ),
            (
                "content_type",
                properties.content_type().as_ref().map(|v| v.to_string()),
            ),
            (
                "delivery_mode",
                properties.delivery_mode().map(|v| v.to_string()),
            ),
        ] {
            if let Some(value) = value {
                headers.insert(name.to_owned(), value);
            }
        }
        arrived.push(Arrived {
            name: message.delivery.routing_key.to_string(),
            headers,
            body: message.delivery.data.clone(),
        });
    }
    let _ = channel
        .queue_delete(queue.into(), QueueDeleteOptions::default())
        .await;
    arrived
}

/// Collects what arrives on an MQTT 5 topic filter, subscribed before
/// `publishing` runs, until `count` arrived or 20 s passed.
pub async fn mqtt_collect(
    filter: &str,
    count: usize,
    publishing: impl FnOnce() + Send + 'static,
) -> Vec<Arrived> {
    use rumqttc::v5::mqttbytes::QoS;
    use rumqttc::v5::mqttbytes::v5::Packet;
    use rumqttc::v5::{AsyncClient, Event, MqttOptions};
    let (host, port) = MQTT.split_once(':').unwrap();
    let mut options = MqttOptions::new(unique("reader"), host, port.parse().unwrap());
    options.set_keep_alive(Duration::from_secs(30));
    let (client, mut events) = AsyncClient::new(options, 1024);
    client.subscribe(filter, QoS::AtLeastOnce).await.unwrap();
    let mut arrived = Vec::new();
    let mut publishing = Some(publishing);
    let mut worker = None;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while arrived.len() < count {
        let event = match tokio::time::timeout_at(deadline, events.poll()).await {
            Ok(event) => event.unwrap(),
            Err(_) => break,
        };
        match event {
            Event::Incoming(Packet::SubAck(_)) => {
                let run = publishing.take().unwrap();
                worker = Some(tokio::task::spawn_blocking(run));
            }
            Event::Incoming(Packet::Publish(publish)) => {
                let properties = publish.properties.clone().unwrap_or_default();
                let mut headers: HashMap<String, String> =
                    properties.user_properties.into_iter().collect();
                if let Some(content_type) = properties.content_type {
                    headers.insert("content-type".to_owned(), content_type);
                }
                if let Some(data) = properties.correlation_data {
                    headers.insert(
                        "correlation-data".to_owned(),
                        String::from_utf8_lossy(&data).into_owned(),
                    );
                }
                arrived.push(Arrived {
                    name: String::from_utf8_lossy(&publish.topic).into_owned(),
                    headers,
                    body: publish.payload.to_vec(),
                });
            }
            _ => {}
        }
    }
    if let Some(worker) = worker {
        worker.await.unwrap();
    }
    arrived
}

/// Two tests of `$check(db: Db)`, on SQLite and on PostgreSQL, each
/// ignored without the brokers (and the second without PostgreSQL).
#[macro_export]
macro_rules! broker_test {
    ($check:ident, $schema:literal) => {
        mod $check {
            #[test]
            #[cfg_attr(
                not(outbox_test_brokers),
                ignore = "OUTBOX_TEST_BROKERS is not set: no message brokers to publish to"
            )]
            fn sqlite() {
                super::$check(super::common::db::Db::sqlite());
            }

            #[test]
            #[cfg_attr(
                any(not(outbox_test_brokers), not(outbox_test_pg)),
                ignore = "OUTBOX_TEST_BROKERS or OUTBOX_TEST_PG is not set"
            )]
            fn postgres() {
                super::$check(super::common::db::Db::postgres($schema));
            }
        }
    };
}
