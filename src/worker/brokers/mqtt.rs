//! MQTT: a message is published to its topic and delivered on the broker's
//! PUBACK (QoS 1, the default) or PUBCOMP (QoS 2); at QoS 0, only when
//! asked for, as soon as it is written (fire and forget). MQTT 5 carries
//! the CloudEvent's attributes as user properties by name and the event's
//! id as correlation data, and `traceparent` as a user property in either
//! mode; MQTT 3.1.1 has no headers, so its messages are structured
//! CloudEvents.
//!
//! The client numbers its publishes itself; their acknowledgements are
//! matched to the deliveries waiting for them by the order the client
//! writes them in (it writes in the order they were handed to it, which a
//! lock keeps the same as the order the waiters were queued in).

use super::{Ack, Broker, Message, Refused, ack_of};
use crate::core::settings::endpoint::BrokerEndpoint;
use serde_json::json;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::oneshot;

/// What a waiting publish learns: acknowledged, or why not.
type Answer = Result<(), String>;

/// The publishes written and not yet acknowledged, and those handed to
/// the client and not yet written.
#[derive(Default)]
struct Waiting {
    unwritten: VecDeque<(u8, oneshot::Sender<Answer>)>,
    unacknowledged: HashMap<u16, oneshot::Sender<Answer>>,
    /// The connection ended: every publish from now on fails with this.
    broken: Option<String>,
}

impl Waiting {
    fn written(&mut self, pkid: u16) {
        if let Some((qos, waiter)) = self.unwritten.pop_front() {
            if qos == 0 {
                let _ = waiter.send(Ok(()));
            } else {
                self.unacknowledged.insert(pkid, waiter);
            }
        }
    }

    fn acknowledged(&mut self, pkid: u16, answer: Answer) {
        if let Some(waiter) = self.unacknowledged.remove(&pkid) {
            let _ = waiter.send(answer);
        }
    }

    fn broke(&mut self, why: String) {
        for (_, waiter) in self.unwritten.drain(..) {
            let _ = waiter.send(Err(why.clone()));
        }
        for (_, waiter) in self.unacknowledged.drain() {
            let _ = waiter.send(Err(why.clone()));
        }
        self.broken = Some(why);
    }
}

/// A publish being handed to the client; see [`Mqtt::publish`].
struct Handing<'a>(&'a Mutex<Waiting>, bool);

impl Drop for Handing<'_> {
    fn drop(&mut self) {
        if !self.1 {
            let mut waiting = self.0.lock().unwrap_or_else(|e| e.into_inner());
            waiting.broke("a publish was abandoned as it was handed over".to_owned());
        }
    }
}

enum Client {
    V5(rumqttc::v5::AsyncClient),
    V311(rumqttc::AsyncClient),
}

pub(crate) struct Mqtt {
    client: Client,
    waiting: Arc<Mutex<Waiting>>,
    /// Held from queueing a waiter to handing its publish to the client.
    order: tokio::sync::Mutex<()>,
    /// The connection's event loop, stopped with it.
    driver: tokio::task::JoinHandle<()>,
}

impl Drop for Mqtt {
    fn drop(&mut self) {
        self.driver.abort();
    }
}

/// Client ids unique within the process (and, by the pid, on the host).
static CLIENTS: AtomicU64 = AtomicU64::new(0);

fn transport(endpoint: &BrokerEndpoint) -> Result<rumqttc::Transport, String> {
    if !endpoint.tls {
        return Ok(rumqttc::Transport::tcp());
    }
    let config = match &endpoint.ca {
        Some(path) => rumqttc::TlsConfiguration::Simple {
            ca: std::fs::read(path).map_err(|e| format!("?ca={path}: {e}"))?,
            alpn: None,
            client_auth: None,
        },
        None => rumqttc::TlsConfiguration::default(),
    };
    Ok(rumqttc::Transport::tls_with_config(config))
}

/// What the connection's event loop saw that a waiting publish cares
/// about, whichever revision of MQTT it speaks.
enum Seen {
    Connected,
    Written(u16),
    Acknowledged(u16, Answer),
    Other,
}

/// An MQTT client's event loop, read as [`Seen`] events.
trait Events: Send + 'static {
    fn next(&mut self) -> impl std::future::Future<Output = Result<Seen, String>> + Send;
}

impl Events for rumqttc::v5::EventLoop {
    async fn next(&mut self) -> Result<Seen, String> {
        use rumqttc::v5::Event;
        use rumqttc::v5::mqttbytes::v5::{Packet, PubAckReason, PubCompReason, PubRecReason};
        let refused = |what: &str, reason: &dyn std::fmt::Debug| {
            Err(format!("the broker refused it ({what} {reason:?})"))
        };
        Ok(match self.poll().await.map_err(|e| e.to_string())? {
            Event::Incoming(Packet::ConnAck(_)) => Seen::Connected,
            Event::Outgoing(rumqttc::Outgoing::Publish(pkid)) => Seen::Written(pkid),
            Event::Incoming(Packet::PubAck(ack)) => {
                let answer = match ack.reason {
                    PubAckReason::Success | PubAckReason::NoMatchingSubscribers => Ok(()),
                    reason => refused("PUBACK", &reason),
                };
                Seen::Acknowledged(ack.pkid, answer)
            }
            Event::Incoming(Packet::PubRec(rec))
                if !matches!(
                    rec.reason,
                    PubRecReason::Success | PubRecReason::NoMatchingSubscribers
                ) =>
            {
                Seen::Acknowledged(rec.pkid, refused("PUBREC", &rec.reason))
            }
            Event::Incoming(Packet::PubComp(comp)) => {
                let answer = match comp.reason {
                    PubCompReason::Success => Ok(()),
                    reason => refused("PUBCOMP", &reason),
                };
                Seen::Acknowledged(comp.pkid, answer)
            }
            _ => Seen::Other,
        })
    }
}

impl Events for rumqttc::EventLoop {
    async fn next(&mut self) -> Result<Seen, String> {
        use rumqttc::{Event, Packet};
        Ok(match self.poll().await.map_err(|e| e.to_string())? {
            Event::Incoming(Packet::ConnAck(_)) => Seen::Connected,
            Event::Outgoing(rumqttc::Outgoing::Publish(pkid)) => Seen::Written(pkid),
            Event::Incoming(Packet::PubAck(ack)) => Seen::Acknowledged(ack.pkid, Ok(())),
            Event::Incoming(Packet::PubComp(comp)) => Seen::Acknowledged(comp.pkid, Ok(())),
            _ => Seen::Other,
        })
    }
}

/// Runs a connection's event loop until it breaks, telling `connected`
/// of the CONNACK (or of the error before it) and each waiting publish of
/// its acknowledgement.
fn drive(
    mut events: impl Events,
    waiting: Arc<Mutex<Waiting>>,
    connected: oneshot::Sender<Answer>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut connected = Some(connected);
        loop {
            let seen = match events.next().await {
                Ok(seen) => seen,
                Err(why) => {
                    if let Some(tx) = connected.take() {
                        let _ = tx.send(Err(why.clone()));
                    }
                    waiting.lock().unwrap().broke(why);
                    return;
                }
            };
            let mut waiting = waiting.lock().unwrap();
            match seen {
                Seen::Connected => {
                    if let Some(tx) = connected.take() {
                        let _ = tx.send(Ok(()));
                    }
                }
                Seen::Written(pkid) => waiting.written(pkid),
                Seen::Acknowledged(pkid, answer) => waiting.acknowledged(pkid, answer),
                Seen::Other => {}
            }
        }
    })
}

impl Broker for Mqtt {
    async fn connect(endpoint: &BrokerEndpoint, timeout: Duration) -> Result<Self, String> {
        let id = format!(
            "outbox-{}-{}",
            std::process::id(),
            CLIENTS.fetch_add(1, Ordering::Relaxed)
        );
        let waiting = Arc::new(Mutex::new(Waiting::default()));
        let (connected_tx, connected) = oneshot::channel::<Answer>();
        let keep_alive = Duration::from_secs(30);
        let (client, driver) = if endpoint.mqtt5 {
            let mut options =
                rumqttc::v5::MqttOptions::new(id, endpoint.host.clone(), endpoint.port);
            options
                .set_keep_alive(keep_alive)
                .set_clean_start(true)
                .set_connection_timeout(timeout.as_secs().max(1))
                .set_outgoing_inflight_upper_limit(u16::MAX)
                .set_transport(transport(endpoint)?);
            if !endpoint.user.is_empty() {
                options.set_credentials(endpoint.user.clone(), endpoint.password.clone());
            }
            let (client, events) = rumqttc::v5::AsyncClient::new(options, 1024);
            (
                Client::V5(client),
                drive(events, waiting.clone(), connected_tx),
            )
        } else {
            let mut options = rumqttc::MqttOptions::new(id, endpoint.host.clone(), endpoint.port);
            options
                .set_keep_alive(keep_alive)
                .set_clean_session(true)
                .set_inflight(u16::MAX)
                .set_transport(transport(endpoint)?);
            if !endpoint.user.is_empty() {
                options.set_credentials(endpoint.user.clone(), endpoint.password.clone());
            }
            let (client, events) = rumqttc::AsyncClient::new(options, 1024);
            (
                Client::V311(client),
                drive(events, waiting.clone(), connected_tx),
            )
        };
        let connection = Mqtt {
            client,
            waiting,
            order: tokio::sync::Mutex::new(()),
            driver,
        };
        match connected.await {
            Ok(Ok(())) => Ok(connection),
            Ok(Err(why)) => Err(why),
            Err(_) => Err("the connection ended before the broker's CONNACK".to_owned()),
        }
    }

    async fn publish(&self, message: &Message<'_>) -> Result<Ack, Refused> {
        let qos = message.endpoint.qos;
        let (tx, answer) = oneshot::channel();
        {
            let _order = self.order.lock().await;
            {
                let mut waiting = self.waiting.lock().unwrap();
                if let Some(why) = &waiting.broken {
                    return Err(Refused::Unreachable(why.clone()));
                }
                waiting.unwritten.push_back((qos, tx));
            }
            // Dropped before the client took the publish (a timeout), the
            // waiter just queued would be matched to the next publish: the
            // connection is given up instead.
            let mut handing = Handing(&self.waiting, false);
            let topic = message.name.clone();
            let body = message.body.clone();
            let handed = match &self.client {
                Client::V5(client) => {
                    use rumqttc::v5::mqttbytes::{QoS, v5::PublishProperties};
                    let properties = PublishProperties {
                        content_type: Some(message.content_type.to_owned()),
                        correlation_data: Some(message.id.as_bytes().to_vec().into()),
                        // In binary mode the CloudEvent's `traceparent` is
                        // already a user property of that name.
                        user_properties: message
                            .attributes()
                            .iter()
                            .map(|(name, value)| (*name, value.as_str()))
                            .chain(message.trace_context().filter(|_| !message.binary()))
                            .map(|(name, value)| (name.to_owned(), value.to_owned()))
                            .collect(),
                        ..PublishProperties::default()
                    };
                    let qos = match qos {
                        0 => QoS::AtMostOnce,
                        1 => QoS::AtLeastOnce,
                        _ => QoS::ExactlyOnce,
                    };
                    client
                        .publish_with_properties(topic, qos, false, body, properties)
                        .await
                        .map_err(|e| e.to_string())
                }
                Client::V311(client) => {
                    let qos = match qos {
                        0 => rumqttc::QoS::AtMostOnce,
                        1 => rumqttc::QoS::AtLeastOnce,
                        _ => rumqttc::QoS::ExactlyOnce,
                    };
                    client
                        .publish(topic, qos, false, body)
                        .await
                        .map_err(|e| e.to_string())
                }
            };
            handing.1 = true;
            if let Err(why) = handed {
                return Err(Refused::Unreachable(why));
            }
        }
        match answer.await {
            Ok(Ok(())) => {
                let json = json!({"topic": message.name, "qos": qos});
                Ok(ack_of(json))
            }
            Ok(Err(why)) if why.starts_with("the broker refused") => Err(Refused::Failed {
                error: format!("{why} on topic {:?}", message.name),
                retry: true,
            }),
            Ok(Err(why)) => Err(Refused::Unreachable(why)),
            Err(_) => Err(Refused::Unreachable("the connection ended".to_owned())),
        }
    }
}
