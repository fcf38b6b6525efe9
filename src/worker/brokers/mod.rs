//! Publishing deliveries to message brokers: NATS JetStream, RabbitMQ
//! (AMQP 0-9-1), MQTT and Redis Streams, one file each behind `Broker`.
//! A delivery is delivered only once its broker acknowledged the message
//! (a PubAck, a publisher confirm, a PUBACK or PUBCOMP, an `XADD` reply).
//!
//! The worker runs each broker delivery as a task on a small tokio
//! runtime of its transport's own, so the publishes of a worker's
//! `--concurrency` deliveries are in flight together on one connection per
//! broker, confirmed as they come back rather than one round trip each.

mod amqp;
mod mqtt;
mod nats;
mod redis;

use super::Outcome;
use super::envelope::{CloudEvent, DATA_CONTENT_TYPE, STRUCTURED_CONTENT_TYPE};
use super::settle::Claimed;
use crate::core::records::model::Transport;
use crate::core::records::model::mask;
use crate::core::reference::json::Object;
use crate::core::settings::endpoint::{BROKERS, BrokerEndpoint, Envelope, name_fault};
use serde_json::Value;
use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// How long a subscription rests after its broker could not be reached:
/// the deliveries claimed meanwhile wait rather than spend their attempts.
const UNREACHABLE_PAUSE: i64 = 5;

/// One message, ready for any broker.
pub(crate) struct Message<'a> {
    pub endpoint: &'a BrokerEndpoint,
    /// The subject, routing key, topic or stream, filled from the event.
    pub name: String,
    /// The same for every attempt of one event: the broker's dedupe key.
    pub id: &'a str,
    pub event: CloudEvent<'a>,
    pub body: Vec<u8>,
    pub content_type: &'static str,
}

impl Message<'_> {
    /// The CloudEvent attributes a binary-mode message carries beside its
    /// body; none in structured mode (the body holds them).
    pub fn attributes(&self) -> &[(&'static str, String)] {
        match self.endpoint.envelope {
            Envelope::Binary => &self.event.attributes,
            Envelope::Structured => &[],
        }
    }

    pub fn binary(&self) -> bool {
        self.endpoint.envelope == Envelope::Binary
    }

    /// W3C trace context as plain `traceparent`/`tracestate` headers, in
    /// either mode: what tracing instrumentation of a broker's consumers
    /// reads, beside the CloudEvent's own attribute of the same value.
    pub fn trace_context(&self) -> impl Iterator<Item = (&'static str, &str)> {
        ["traceparent", "tracestate"]
            .into_iter()
            .filter_map(|name| self.event.attribute(name).map(|value| (name, value)))
    }
}

/// Why a publish did not end in the broker's acknowledgement.
#[derive(Debug)]
pub(crate) enum Refused {
    /// The broker could not be reached or the connection broke: the
    /// connection is dropped and made again for the next message.
    Unreachable(String),
    /// The broker answered and refused the message.
    Failed { error: String, retry: bool },
}

/// What a broker's acknowledgement said, kept in `meta.response`.
pub(crate) type Ack = Object;

/// An acknowledgement written as a JSON object (`json!({...})`), taken
/// as it is.
pub(crate) fn ack_of(written: Value) -> Ack {
    match written {
        Value::Object(ack) => ack,
        _ => Ack::default(),
    }
}

/// A connection to one broker (one per server and credentials), shared by
/// every delivery in flight to it.
pub(crate) trait Broker: Send + Sync + Sized + 'static {
    fn connect(
        endpoint: &BrokerEndpoint,
        timeout: Duration,
    ) -> impl Future<Output = Result<Self, String>> + Send;

    /// Publishes and waits for the broker's acknowledgement.
    fn publish(&self, message: &Message<'_>) -> impl Future<Output = Result<Ack, Refused>> + Send;
}

/// The connections of one kind of broker, by server.
struct Pool<B>(tokio::sync::Mutex<HashMap<String, Arc<B>>>);

impl<B: Broker> Pool<B> {
    fn new() -> Self {
        Pool(tokio::sync::Mutex::new(HashMap::new()))
    }

    async fn publish(
        &self,
        message: &Message<'_>,
        key: &str,
        timeout: Duration,
    ) -> Result<Ack, Refused> {
        let connection = {
            let mut open = self.0.lock().await;
            match open.get(key) {
                Some(connection) => connection.clone(),
                None => {
                    let connecting = B::connect(message.endpoint, timeout);
                    let connection = match tokio::time::timeout(timeout, connecting).await {
                        Ok(Ok(connection)) => Arc::new(connection),
                        Ok(Err(e)) => return Err(Refused::Unreachable(e)),
                        Err(_) => {
                            return Err(Refused::Unreachable(format!(
                                "no connection within {}",
                                super::duration_text(timeout)
                            )));
                        }
                    };
                    open.insert(key.to_owned(), connection.clone());
                    connection
                }
            }
        };
        let answer = match tokio::time::timeout(timeout, connection.publish(message)).await {
            Ok(answer) => answer,
            Err(_) => Err(Refused::Unreachable(format!(
                "no acknowledgement within {}",
                super::duration_text(timeout)
            ))),
        };
        if matches!(answer, Err(Refused::Unreachable(_))) {
            // The next message connects again (unless another delivery
            // already did).
            let mut open = self.0.lock().await;
            if open.get(key).is_some_and(|c| Arc::ptr_eq(c, &connection)) {
                open.remove(key);
            }
        }
        answer
    }
}

/// An endpoint as read once: what its URL says, and which connection
/// serves it; or why it cannot be sent to.
type Parsed = Result<(BrokerEndpoint, String), String>;

/// Most endpoints kept read: more than a worker's subscriptions name, so
/// an endpoint is read once per worker, not once per message.
const MOST_ENDPOINTS: usize = 1024;

/// How many threads run the tasks of one transport's deliveries. lapin
/// reads and writes its sockets on a thread of its own, so a RabbitMQ
/// delivery's task only hands a frame over and waits for the confirm: a
/// second thread there only moved each wake-up to the other core (a
/// drain of 100,000, seven runs each in turn: a median of 11.5 s with one
/// thread against 12.0 s with two, its system time 2.2-2.9 s against
/// 3.1-4.0 s). async-nats, redis and rumqttc read and write on the
/// runtime itself, beside the publishes: NATS's drain took twice as long
/// on one thread.
fn worker_threads(transport: Transport) -> usize {
    match transport {
        Transport::Amqp => 1,
        _ => 2,
    }
}

/// Every broker connection of one worker.
pub struct Brokers {
    /// One runtime per broker transport, in the order of `BROKERS`.
    runtimes: [OnceLock<tokio::runtime::Runtime>; BROKERS.len()],
    timeout: Duration,
    endpoints: std::sync::Mutex<HashMap<String, (Transport, Arc<Parsed>)>>,
    nats: Pool<nats::Nats>,
    amqp: Pool<amqp::Amqp>,
    mqtt: Pool<mqtt::Mqtt>,
    redis: Pool<redis::Redis>,
}

impl Brokers {
    pub fn new(timeout: Duration) -> Self {
        Brokers {
            runtimes: Default::default(),
            timeout,
            endpoints: std::sync::Mutex::new(HashMap::new()),
            nats: Pool::new(),
            amqp: Pool::new(),
            mqtt: Pool::new(),
            redis: Pool::new(),
        }
    }

    /// The runtime of `transport`'s deliveries, started by the first of
    /// them: a worker that sends none never starts it.
    fn runtime(&self, transport: Transport) -> &tokio::runtime::Runtime {
        // Only a broker's deliveries come here (`is_broker`); were another
        // to, it would run on the first runtime, as that one's own.
        let slot = BROKERS.iter().position(|t| *t == transport);
        debug_assert!(slot.is_some(), "{transport} is not a broker transport");
        let slot = slot.unwrap_or(0);
        let transport = BROKERS[slot];
        self.runtimes[slot].get_or_init(|| {
            // TLS connections (`tls://`, `amqps://`, `mqtts://`,
            // `rediss://`) use ring, as the HTTP senders do; installed
            // once, unless something installed one first.
            let _ = rustls::crypto::ring::default_provider().install_default();
            tokio::runtime::Builder::new_multi_thread()
                .worker_threads(worker_threads(transport))
                .thread_name(format!("outbox-{transport}"))
                .enable_all()
                .build()
                .expect("a runtime for broker connections starts")
        })
    }

    /// A handle on `transport`'s runtime, to run a delivery on it as a
    /// task.
    pub fn handle(&self, transport: Transport) -> tokio::runtime::Handle {
        self.runtime(transport).handle().clone()
    }

    /// Publishes one claimed delivery to its broker and waits for the
    /// acknowledgement, on a thread outside the runtime (`sub test`).
    pub fn send(&self, claimed: &Claimed) -> Outcome {
        self.runtime(claimed.delivery.transport)
            .block_on(self.send_claimed(claimed))
    }

    /// `url` read as an endpoint of `transport`, from the endpoints already
    /// read when it is one of them.
    fn endpoint(&self, transport: Transport, url: &str) -> Arc<Parsed> {
        let mut read = self.endpoints.lock().expect("not poisoned");
        if let Some((of, parsed)) = read.get(url)
            && *of == transport
        {
            return parsed.clone();
        }
        let parsed = Arc::new(BrokerEndpoint::parse(transport, url).map(|endpoint| {
            let connection = endpoint.connection_key();
            (endpoint, connection)
        }));
        if read.len() >= MOST_ENDPOINTS {
            read.clear();
        }
        read.insert(url.to_owned(), (transport, parsed.clone()));
        parsed
    }

    /// Publishes one claimed delivery to its broker; its outcome once the
    /// broker acknowledged it (or did not).
    pub async fn send_claimed(&self, claimed: &Claimed) -> Outcome {
        if let Some(refused) = super::send::unsent(claimed) {
            return refused;
        }
        let d = &claimed.delivery;
        let Some(event) = &claimed.event else {
            unreachable!("unsent() refuses a delivery without its event")
        };
        let parsed = self.endpoint(d.transport, &d.endpoint);
        let (endpoint, connection) = match parsed.as_ref() {
            Ok((endpoint, connection)) => (endpoint, connection.as_str()),
            Err(why) => {
                return Outcome::failed(
                    format!("not sent: --endpoint {}: {why}", mask(&d.endpoint)),
                    false,
                );
            }
        };
        let name = endpoint.name.fill(event, &d.client_id);
        if let Err(why) = name_fault(d.transport, &name) {
            return Outcome::failed(format!("not sent: {why}"), false);
        }
        let cloud_event = CloudEvent::of(event, d);
        let (body, content_type) = match endpoint.envelope {
            Envelope::Binary => (cloud_event.data_bytes(), DATA_CONTENT_TYPE),
            Envelope::Structured => (cloud_event.structured(), STRUCTURED_CONTENT_TYPE),
        };
        let message = Message {
            endpoint,
            name,
            id: &event.event_id,
            event: cloud_event,
            body,
            content_type,
        };
        let started = Instant::now();
        let timeout = self.timeout;
        let answer = match d.transport {
            Transport::Nats => self.nats.publish(&message, connection, timeout).await,
            Transport::Amqp => self.amqp.publish(&message, connection, timeout).await,
            Transport::Mqtt => self.mqtt.publish(&message, connection, timeout).await,
            Transport::Redis => self.redis.publish(&message, connection, timeout).await,
            other => Err(Refused::Failed {
                error: format!("{other} is not a broker transport"),
                retry: false,
            }),
        };
        let took = started.elapsed().as_millis() as u64;
        match answer {
            Ok(mut ack) => {
                ack.insert("durationMs".to_owned(), Value::from(took));
                let mut meta = Object::new();
                meta.insert("response".to_owned(), Value::Object(ack));
                Outcome::Delivered { meta: Some(meta) }
            }
            Err(Refused::Failed { error, retry }) => Outcome::failed(error, retry),
            Err(Refused::Unreachable(error)) => Outcome::Unreached {
                error: format!(
                    "{} unreachable at {}:{}: {error}",
                    d.transport, endpoint.host, endpoint.port
                ),
                pause: UNREACHABLE_PAUSE,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Brokers, MOST_ENDPOINTS, Transport};
    use std::sync::Arc;
    use std::time::Duration;

    #[test]
    fn an_acknowledgement_is_its_object_as_written() {
        let ack = super::ack_of(serde_json::json!({"stream": "s", "seq": 7}));
        assert_eq!(
            ack.iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>(),
            ["stream=\"s\"", "seq=7"]
        );
        assert!(super::ack_of(serde_json::json!("not an object")).is_empty());
    }

    #[test]
    fn each_broker_transport_runs_on_a_runtime_of_its_own() {
        let brokers = Brokers::new(Duration::from_secs(1));
        for (transport, workers) in [
            (Transport::Nats, 2),
            (Transport::Amqp, 1),
            (Transport::Mqtt, 2),
            (Transport::Redis, 2),
        ] {
            let handle = brokers.handle(transport);
            assert_eq!(handle.metrics().num_workers(), workers, "{transport}");
            let thread = handle
                .block_on(handle.spawn(async { std::thread::current().name().map(str::to_owned) }))
                .expect("the task ran");
            assert_eq!(
                thread.as_deref(),
                Some(format!("outbox-{transport}").as_str())
            );
        }
        // Started once each: the same runtime again.
        let again = brokers.handle(Transport::Amqp);
        assert_eq!(again.id(), brokers.handle(Transport::Amqp).id());
        assert_ne!(again.id(), brokers.handle(Transport::Nats).id());
    }

    #[test]
    fn an_endpoint_is_read_once_per_transport_and_its_reading_kept() {
        let brokers = Brokers::new(Duration::from_secs(1));
        let url = "nats://u:p@127.0.0.1:4333/orders.{type}";
        let first = brokers.endpoint(Transport::Nats, url);
        let (endpoint, connection) = first.as_ref().as_ref().expect("a NATS endpoint");
        assert_eq!((endpoint.host.as_str(), endpoint.port), ("127.0.0.1", 4333));
        assert_eq!(connection, &endpoint.connection_key());
        assert!(Arc::ptr_eq(&first, &brokers.endpoint(Transport::Nats, url)));
        // The same text under another transport is read as that one's.
        let as_redis = brokers.endpoint(Transport::Redis, url);
        assert!(as_redis.is_err(), "{as_redis:?}");
        let broken = brokers.endpoint(Transport::Amqp, "amqp://h:notaport/");
        assert!(broken.is_err());
        // Never more than MOST_ENDPOINTS kept.
        for n in 0..=MOST_ENDPOINTS {
            brokers.endpoint(Transport::Redis, &format!("redis://h?stream=s{n}"));
        }
        assert!(brokers.endpoints.lock().unwrap().len() <= MOST_ENDPOINTS);
    }
}
