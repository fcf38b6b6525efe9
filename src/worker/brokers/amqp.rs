//! RabbitMQ (AMQP 0-9-1): a message is published persistent and
//! `mandatory` on a channel in confirm mode, and delivered when the
//! broker's `basic.ack` arrives. A message no queue is bound for comes back
//! (`basic.return`) and fails the attempt naming exchange and key; a
//! `basic.nack` fails it too; a connection lost under a publish gives its
//! delivery back unspent, as a broker that cannot be reached does. The
//! CloudEvent's attributes travel as `cloudEvents:`-prefixed headers, its
//! id as `message_id` as well, and its trace context as plain
//! `traceparent`/`tracestate` headers too.

use super::{Ack, Broker, Message, Refused, ack_of};
use crate::core::settings::endpoint::BrokerEndpoint;
use lapin::options::{BasicPublishOptions, ConfirmSelectOptions};
use lapin::types::{AMQPValue, FieldTable, LongString, ShortString};
use lapin::uri::{AMQPAuthority, AMQPQueryString, AMQPScheme, AMQPUri, AMQPUserInfo};
use lapin::{BasicProperties, Channel, Confirmation, Connection, ConnectionProperties};
use serde_json::json;
use std::time::Duration;

pub(crate) struct Amqp {
    connection: Connection,
    /// The channel in confirm mode; opened again after the broker closed
    /// it (a publish to an exchange that does not exist closes it).
    channel: tokio::sync::Mutex<Channel>,
}

async fn confirming(connection: &Connection) -> Result<Channel, String> {
    let channel = connection
        .create_channel()
        .await
        .map_err(|e| e.to_string())?;
    channel
        .confirm_select(ConfirmSelectOptions::default())
        .await
        .map_err(|e| e.to_string())?;
    Ok(channel)
}

impl Amqp {
    /// Whether an error says the broker went away (the socket broke, no
    /// heartbeat, the node closed the connection as it shut down) rather
    /// than that it refused this message: a publish in flight when a node
    /// dies must not spend its delivery's attempt.
    fn gone(&self, e: &lapin::Error) -> bool {
        use lapin::ErrorKind;
        e.is_io_error()
            || e.is_amqp_hard_error()
            || matches!(
                e.kind(),
                ErrorKind::MissingHeartbeatError | ErrorKind::InvalidConnectionState(_)
            )
            || !self.connection.status().connected()
    }
}

impl Broker for Amqp {
    async fn connect(endpoint: &BrokerEndpoint, timeout: Duration) -> Result<Self, String> {
        let (user, password) = if endpoint.user.is_empty() {
            ("guest".to_owned(), "guest".to_owned())
        } else {
            (endpoint.user.clone(), endpoint.password.clone())
        };
        let uri = AMQPUri {
            scheme: if endpoint.tls {
                AMQPScheme::AMQPS
            } else {
                AMQPScheme::AMQP
            },
            authority: AMQPAuthority {
                userinfo: AMQPUserInfo {
                    username: user,
                    password,
                },
                host: endpoint.host.clone(),
                port: endpoint.port,
            },
            vhost: endpoint.vhost.clone(),
            query: AMQPQueryString {
                connection_timeout: Some(timeout.as_millis() as u64),
                ..AMQPQueryString::default()
            },
        };
        let mut builder = lapin::ConnectionBuilder::new()
            .map_err(|e| e.to_string())?
            .with_uri(uri)
            .with_properties(ConnectionProperties::default());
        if let Some(path) = &endpoint.ca {
            let pem = std::fs::read_to_string(path).map_err(|e| format!("?ca={path}: {e}"))?;
            builder = builder.with_tls_config(lapin::tcp::OwnedTLSConfig {
                identity: None,
                cert_chain: Some(pem),
            });
        }
        let connection = builder.connect().await.map_err(|e| e.to_string())?;
        let channel = confirming(&connection).await?;
        Ok(Amqp {
            connection,
            channel: tokio::sync::Mutex::new(channel),
        })
    }

    async fn publish(&self, message: &Message<'_>) -> Result<Ack, Refused> {
        let channel = {
            let mut channel = self.channel.lock().await;
            if !channel.status().connected() {
                if !self.connection.status().connected() {
                    return Err(Refused::Unreachable("the connection was closed".to_owned()));
                }
                *channel = confirming(&self.connection)
                    .await
                    .map_err(Refused::Unreachable)?;
            }
            channel.clone()
        };
        let mut headers = FieldTable::default();
        for (name, value) in message.attributes() {
            headers.insert(
                ShortString::from(format!("cloudEvents:{name}")),
                AMQPValue::LongString(LongString::from(value.as_str())),
            );
        }
        for (name, value) in message.trace_context() {
            headers.insert(
                ShortString::from(name),
                AMQPValue::LongString(LongString::from(value)),
            );
        }
        let properties = BasicProperties::default()
            .with_message_id(ShortString::from(message.id))
            .with_content_type(ShortString::from(message.content_type))
            .with_delivery_mode(2)
            .with_app_id(ShortString::from("outbox"))
            .with_headers(headers);
        let exchange = &message.endpoint.exchange;
        let key = &message.name;
        let failed = |what: String| Refused::Failed {
            error: what,
            retry: true,
        };
        let refused = |e: lapin::Error| {
            if self.gone(&e) {
                return Refused::Unreachable(e.to_string());
            }
            failed(format!(
                "RabbitMQ refused the message to exchange {exchange:?} with routing key {key:?}: {e}"
            ))
        };
        let confirm = channel
            .basic_publish(
                ShortString::from(exchange.as_str()),
                ShortString::from(key.as_str()),
                BasicPublishOptions {
                    mandatory: true,
                    immediate: false,
                },
                &message.body,
                properties,
            )
            .await
            .map_err(refused)?
            .await
            .map_err(refused)?;
        match confirm {
            Confirmation::Ack(None) => {
                let json = json!({"exchange": exchange, "routingKey": key, "confirm": "ack"});
                Ok(ack_of(json))
            }
            Confirmation::Ack(Some(returned)) | Confirmation::Nack(Some(returned)) => {
                Err(failed(format!(
                    "unroutable: no queue is bound to exchange {exchange:?} for routing key {key:?} ({} {})",
                    returned.reply_code, returned.reply_text
                )))
            }
            Confirmation::Nack(None) => Err(failed(format!(
                "RabbitMQ did not take the message to exchange {exchange:?} with routing key {key:?} (basic.nack)"
            ))),
            Confirmation::NotRequested => {
                Err(failed("the channel is not in confirm mode".to_owned()))
            }
        }
    }
}
