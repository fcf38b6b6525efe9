//! What an endpoint URL says. Any endpoint is shown with its password as
//! `***`; the broker transports' URLs (`nats://`, `amqp://`, `mqtt://`,
//! `redis://`) are read here into the parts a sender needs, with the name
//! each message goes to (subject, routing key, topic, stream) as a template
//! filled from the event, and checked when a subscription is written.

use crate::core::records::error::{Error, Result};
use crate::core::records::model::mask;
use crate::core::records::model::{Event, Transport};
use percent_encoding::percent_decode_str;

/// The transports outbox publishes to a message broker.
pub const BROKERS: [Transport; 4] = [
    Transport::Nats,
    Transport::Amqp,
    Transport::Mqtt,
    Transport::Redis,
];

/// Whether outbox publishes this transport to a message broker.
pub fn is_broker(transport: Transport) -> bool {
    BROKERS.contains(&transport)
}

/// How a message carries its CloudEvent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Envelope {
    /// The payload as the body, the attributes in the protocol's headers.
    Binary,
    /// The whole CloudEvent as the JSON body.
    Structured,
}

/// A broker endpoint, read from its URL.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BrokerEndpoint {
    pub transport: Transport,
    /// `tls://`, `amqps://`, `mqtts://`, `rediss://`.
    pub tls: bool,
    pub host: String,
    pub port: u16,
    pub user: String,
    pub password: String,
    /// Where each message goes: a NATS subject, an AMQP routing key, an
    /// MQTT topic, a Redis stream.
    pub name: Template,
    /// AMQP: the exchange (empty: the default exchange) and virtual host.
    pub exchange: String,
    pub vhost: String,
    /// Redis: the database number and the stream's approximate cap.
    pub db: i64,
    pub maxlen: Option<u64>,
    /// MQTT: the quality of service (1 unless asked) and whether the
    /// broker speaks MQTT 5 (else 3.1.1).
    pub qos: u8,
    pub mqtt5: bool,
    pub envelope: Envelope,
    /// A CA certificate file to verify the server with, instead of the
    /// system's roots.
    pub ca: Option<String>,
}

impl BrokerEndpoint {
    /// Reads `url` as an endpoint of `transport`; the error names the part
    /// that is wrong.
    pub fn parse(transport: Transport, url: &str) -> std::result::Result<Self, String> {
        let parsed = url::Url::parse(url).map_err(|e| format!("not a URL ({e})"))?;
        let scheme = parsed.scheme();
        let (plain, secure, port) = match transport {
            Transport::Nats => ("nats", "tls", 4222),
            Transport::Amqp => ("amqp", "amqps", 5672),
            Transport::Mqtt => ("mqtt", "mqtts", 1883),
            Transport::Redis => ("redis", "rediss", 6379),
            other => return Err(format!("{other} is not a broker transport")),
        };
        if scheme != plain && scheme != secure {
            return Err(format!(
                "the scheme is {scheme}://; a {transport} endpoint is {plain}:// or {secure}://"
            ));
        }
        if let Some(fragment) = parsed.fragment() {
            // An MQTT topic's `#` wildcard would end up here.
            return Err(format!(
                "'#' begins a URL fragment (#{fragment}): a '#' in a name is written %23"
            ));
        }
        let host = parsed.host_str().unwrap_or_default();
        if host.is_empty() {
            return Err("the host is missing".to_owned());
        }
        let decode = |text: &str| percent_decode_str(text).decode_utf8_lossy().into_owned();
        let path = decode(parsed.path().strip_prefix('/').unwrap_or(parsed.path()));
        let mut endpoint = BrokerEndpoint {
            transport,
            tls: scheme == secure,
            host: host
                .trim_start_matches('[')
                .trim_end_matches(']')
                .to_owned(),
            port: parsed.port().unwrap_or(port),
            user: decode(parsed.username()),
            password: parsed.password().map(decode).unwrap_or_default(),
            name: Template::default(),
            exchange: String::new(),
            vhost: "/".to_owned(),
            db: 0,
            maxlen: None,
            qos: 1,
            mqtt5: true,
            envelope: Envelope::Binary,
            ca: None,
        };
        let mut name = None;
        for (key, value) in parsed.query_pairs() {
            let value = value.into_owned();
            match (transport, key.as_ref()) {
                (_, "envelope") => {
                    endpoint.envelope = match value.as_str() {
                        "binary" => Envelope::Binary,
                        "structured" => Envelope::Structured,
                        _ => return Err(format!("?envelope={value}: binary or structured")),
                    }
                }
                (_, "ca") => endpoint.ca = Some(value),
                (Transport::Amqp, "exchange") => endpoint.exchange = value,
                (Transport::Amqp, "routing_key") => name = Some(value),
                (Transport::Redis, "stream") => name = Some(value),
                (Transport::Redis, "maxlen") => {
                    endpoint.maxlen = Some(
                        value
                            .parse()
                            .map_err(|_| format!("?maxlen={value}: a whole number"))?,
                    )
                }
                (Transport::Mqtt, "qos") => {
                    endpoint.qos = match value.as_str() {
                        "0" => 0,
                        "1" => 1,
                        "2" => 2,
                        _ => return Err(format!("?qos={value}: 0, 1 or 2")),
                    }
                }
                (Transport::Mqtt, "version") => {
                    endpoint.mqtt5 = match value.as_str() {
                        "5" => true,
                        "3.1.1" => false,
                        _ => return Err(format!("?version={value}: 5 or 3.1.1")),
                    }
                }
                (_, other) => {
                    return Err(format!("?{other}= means nothing to a {transport} endpoint"));
                }
            }
        }
        match transport {
            Transport::Nats | Transport::Mqtt => {
                let what = if transport == Transport::Nats {
                    "subject"
                } else {
                    "topic"
                };
                if path.is_empty() {
                    return Err(format!(
                        "the {what} is missing: {plain}://host/{}",
                        what.to_uppercase()
                    ));
                }
                name = Some(path);
            }
            Transport::Amqp => {
                if !path.is_empty() {
                    endpoint.vhost = path;
                }
                if name.is_none() {
                    return Err(
                        "?routing_key= is missing (the queue's name on the default exchange)"
                            .to_owned(),
                    );
                }
            }
            Transport::Redis => {
                if !path.is_empty() {
                    endpoint.db = path
                        .parse()
                        .map_err(|_| format!("the database /{path} is not a number"))?;
                }
                if name.is_none() {
                    return Err("?stream= is missing".to_owned());
                }
            }
            _ => unreachable!("checked above"),
        }
        if transport == Transport::Mqtt && !endpoint.mqtt5 && endpoint.envelope == Envelope::Binary
        {
            if parsed.query_pairs().any(|(k, _)| k == "envelope") {
                return Err("MQTT 3.1.1 has no headers: ?envelope=structured only".to_owned());
            }
            endpoint.envelope = Envelope::Structured;
        }
        endpoint.name = Template::parse(&name.unwrap_or_default())?;
        endpoint.name.check(transport)?;
        Ok(endpoint)
    }

    /// When a delivery to this endpoint counts as delivered: the broker's
    /// acknowledgement, named.
    pub fn delivered_when(&self) -> &'static str {
        match (self.transport, self.qos) {
            (Transport::Nats, _) => "JetStream's PubAck (a stream must capture the subject)",
            (Transport::Amqp, _) => {
                "the publisher confirm (basic.ack) of a routed, persistent message"
            }
            (Transport::Mqtt, 0) => {
                "as soon as it is written: QoS 0 is fire and forget, with no acknowledgement"
            }
            (Transport::Mqtt, 1) => "the broker's PUBACK (QoS 1)",
            (Transport::Mqtt, _) => "the broker's PUBCOMP (QoS 2)",
            _ => "the XADD reply (its entry id is kept)",
        }
    }

    /// What outbox cannot check until it sends, said as a subscription is
    /// written.
    pub fn unchecked(&self) -> Option<String> {
        match self.transport {
            Transport::Nats => Some(
                "whether a JetStream stream captures the subject is known only when outbox sends; without one each attempt fails saying so".to_owned(),
            ),
            Transport::Amqp => Some(format!(
                "whether the exchange {:?} exists and a queue is bound for the routing key is known only when outbox sends; an unroutable message fails its attempt",
                self.exchange
            )),
            Transport::Mqtt if self.qos == 0 => Some(
                "QoS 0 is fire and forget: a delivery counts as delivered once written, with no acknowledgement from the broker".to_owned(),
            ),
            _ => None,
        }
    }

    /// What one connection serves: endpoints that differ only in where
    /// their messages go share it.
    pub fn connection_key(&self) -> String {
        format!(
            "{}|{}|{}|{}|{}|{}|{}|{:?}|{}",
            self.transport,
            self.tls,
            self.host,
            self.port,
            self.user,
            self.password,
            self.vhost,
            self.ca,
            if self.transport == Transport::Redis {
                self.db.to_string()
            } else {
                String::from(if self.mqtt5 { "5" } else { "3" })
            }
        )
    }
}

/// Why outbox cannot publish to this broker endpoint, checked as a
/// subscription is written; `None` for other transports.
pub fn check(transport: Transport, endpoint: &str) -> Result<()> {
    if !is_broker(transport) {
        return Ok(());
    }
    BrokerEndpoint::parse(transport, endpoint)
        .map(drop)
        .map_err(|why| {
            Error::input(
                "invalid:endpoint",
                format!("--endpoint {}: {why}", mask(endpoint)),
            )
        })
}

/// Where a webhook subscription keeps its envelope (`meta.envelope`).
pub const ENVELOPE_KEY: &str = "envelope";

/// The CloudEvents envelope a webhook subscription asked for, if any
/// (else the Standard Webhooks body).
pub fn webhook_envelope(meta: &crate::core::reference::json::Object) -> Option<Envelope> {
    match meta.get(ENVELOPE_KEY)?.as_str()? {
        "cloudevents" => Some(Envelope::Binary),
        "cloudevents-structured" => Some(Envelope::Structured),
        _ => None,
    }
}

/// Refuses `--envelope` (an envelope in `set`, the keys a command sets in
/// `meta`) on a subscription that does not take one that way; `meta` given
/// whole is the reference's and kept as it is.
pub fn check_envelope(
    transport: Transport,
    set: &crate::core::reference::json::Object,
) -> Result<()> {
    match set.get(ENVELOPE_KEY) {
        None | Some(serde_json::Value::Null) => return Ok(()),
        Some(_) => {}
    }
    if transport != Transport::Webhook {
        return Err(Error::input(
            "invalid:envelope",
            format!(
                "--envelope is for webhook subscriptions, not {transport}{}",
                if is_broker(transport) {
                    " (a broker endpoint takes ?envelope=structured)"
                } else {
                    ""
                }
            ),
        ));
    }
    if webhook_envelope(set).is_none() {
        return Err(Error::input(
            "invalid:envelope",
            "--envelope: standard-webhooks, cloudevents or cloudevents-structured",
        ));
    }
    Ok(())
}

/// One piece of a name template.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Piece {
    Text(String),
    Field(Field),
}

/// What a placeholder is filled with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Field {
    Type,
    Subject,
    Source,
    Target,
    Client,
}

/// A name with placeholders (`orders.{type}`), filled from each event.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Template(Vec<Piece>);

impl Template {
    /// Reads `{type}`, `{subject}`, `{source}`, `{target}` and `{client}`
    /// out of `text`; any other `{…}` is refused.
    pub fn parse(text: &str) -> std::result::Result<Self, String> {
        let mut pieces = Vec::new();
        let mut rest = text;
        while let Some(open) = rest.find('{') {
            if open > 0 {
                pieces.push(Piece::Text(rest[..open].to_owned()));
            }
            let close = rest[open..]
                .find('}')
                .ok_or_else(|| format!("{text:?}: a {{ without its }}"))?;
            let field = match &rest[open + 1..open + close] {
                "type" => Field::Type,
                "subject" => Field::Subject,
                "source" => Field::Source,
                "target" => Field::Target,
                "client" => Field::Client,
                other => {
                    return Err(format!(
                        "{text:?}: {{{other}}} is not one of {{type}}, {{subject}}, {{source}}, {{target}}, {{client}}"
                    ));
                }
            };
            pieces.push(Piece::Field(field));
            rest = &rest[open + close + 1..];
        }
        if !rest.is_empty() {
            pieces.push(Piece::Text(rest.to_owned()));
        }
        Ok(Template(pieces))
    }

    /// The name for one event of a client's subscription.
    pub fn fill(&self, event: &Event, client: &str) -> String {
        self.0
            .iter()
            .map(|piece| match piece {
                Piece::Text(text) => text.as_str(),
                Piece::Field(Field::Type) => &event.event_type,
                Piece::Field(Field::Subject) => &event.subject,
                Piece::Field(Field::Source) => &event.source,
                Piece::Field(Field::Target) => &event.target,
                Piece::Field(Field::Client) => client,
            })
            .collect()
    }

    /// Checks the template's own text as `transport` would take it, each
    /// placeholder standing for a harmless word.
    fn check(&self, transport: Transport) -> std::result::Result<(), String> {
        let sample: String = self
            .0
            .iter()
            .map(|piece| match piece {
                Piece::Text(text) => text.as_str(),
                Piece::Field(_) => "x",
            })
            .collect();
        name_fault(transport, &sample)
    }
}

/// Why a filled name cannot be used by `transport`: which character and
/// where. A delivery whose name is refused fails without retry.
pub fn name_fault(transport: Transport, name: &str) -> std::result::Result<(), String> {
    let what = match transport {
        Transport::Nats => "NATS subject",
        Transport::Mqtt => "MQTT topic",
        Transport::Amqp => "AMQP routing key",
        _ => "Redis stream name",
    };
    let at = |i: usize, c: char, why: &str| {
        Err(format!(
            "the {what} {name:?} has {c:?} at {} ({why})",
            i + 1
        ))
    };
    match transport {
        Transport::Nats => {
            if name.is_empty() {
                return Err(format!("the {what} is empty"));
            }
            for (i, c) in name.char_indices() {
                if c.is_whitespace() || c.is_control() {
                    return at(i, c, "a subject has no spaces");
                }
                if c == '*' || c == '>' {
                    return at(i, c, "a wildcard, only for subscribers");
                }
            }
            if let Some(i) = name.split('.').position(str::is_empty) {
                return Err(format!(
                    "the {what} {name:?} has an empty token (token {})",
                    i + 1
                ));
            }
        }
        Transport::Mqtt => {
            if name.is_empty() {
                return Err(format!("the {what} is empty"));
            }
            for (i, c) in name.char_indices() {
                if c == '+' || c == '#' {
                    return at(i, c, "a wildcard, only for subscribers");
                }
                if c == '\0' {
                    return at(i, c, "a topic has no NUL");
                }
            }
            if name.len() > 65_535 {
                return Err(format!("the {what} is over 65,535 bytes"));
            }
        }
        Transport::Amqp => {
            if name.len() > 255 {
                return Err(format!("the {what} {name:?} is over 255 bytes"));
            }
        }
        _ => {
            if name.is_empty() {
                return Err(format!("the {what} is empty"));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
