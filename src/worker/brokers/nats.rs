//! NATS JetStream: a message is published to its subject and delivered
//! when a stream that captures the subject answers with its PubAck. Each
//! carries `Nats-Msg-Id` (the event's id), so JetStream drops a repeat
//! within its duplicate window and answers it with `duplicate: true`,
//! which completes the delivery as well.

use super::{Ack, Broker, Message, Refused, ack_of};
use crate::core::settings::endpoint::BrokerEndpoint;
use async_nats::jetstream::context::PublishErrorKind;
use serde_json::json;
use std::time::Duration;

pub(crate) struct Nats {
    jetstream: async_nats::jetstream::Context,
}

impl Broker for Nats {
    async fn connect(endpoint: &BrokerEndpoint, timeout: Duration) -> Result<Self, String> {
        let mut options = async_nats::ConnectOptions::new()
            .connection_timeout(timeout)
            .name(concat!("outbox/", env!("CARGO_PKG_VERSION")));
        // A credentials file (`nsc`'s `.creds`) from the worker's
        // environment, else what the URL holds: a user and password, or a
        // token alone.
        if let Some(path) = std::env::var_os("OUTBOX_NATS_CREDS") {
            options = options
                .credentials_file(&path)
                .await
                .map_err(|e| format!("OUTBOX_NATS_CREDS: {e}"))?;
        } else if !endpoint.password.is_empty() {
            options = options.user_and_password(endpoint.user.clone(), endpoint.password.clone());
        } else if !endpoint.user.is_empty() {
            options = options.token(endpoint.user.clone());
        }
        if endpoint.tls {
            options = options.require_tls(true);
        }
        if let Some(ca) = &endpoint.ca {
            options = options.add_root_certificates(ca.into());
        }
        let scheme = if endpoint.tls { "tls" } else { "nats" };
        let address = format!("{scheme}://{}:{}", bracketed(&endpoint.host), endpoint.port);
        let client = options.connect(address).await.map_err(|e| e.to_string())?;
        let mut jetstream = async_nats::jetstream::new(client);
        jetstream.set_timeout(timeout);
        Ok(Nats { jetstream })
    }

    async fn publish(&self, message: &Message<'_>) -> Result<Ack, Refused> {
        let mut headers = async_nats::HeaderMap::new();
        headers.insert("Nats-Msg-Id", message.id);
        headers.insert("content-type", message.content_type);
        for (name, value) in message.attributes() {
            headers.insert(format!("ce-{name}"), value.as_str());
        }
        for (name, value) in message.trace_context() {
            headers.insert(name, value);
        }
        let subject = message.name.clone();
        let refused = |e: async_nats::jetstream::context::PublishError| match e.kind() {
            PublishErrorKind::StreamNotFound => Refused::Failed {
                error: format!("no JetStream stream captures the subject {subject:?}"),
                retry: true,
            },
            PublishErrorKind::TimedOut | PublishErrorKind::BrokenPipe => {
                Refused::Unreachable(e.to_string())
            }
            _ => Refused::Failed {
                error: format!("JetStream refused the message: {e}"),
                retry: true,
            },
        };
        let pending = self
            .jetstream
            .publish_with_headers(message.name.clone(), headers, message.body.clone().into())
            .await
            .map_err(refused)?;
        let ack = pending.await.map_err(refused)?;
        let json = json!({
            "subject": message.name,
            "stream": ack.stream,
            "seq": ack.sequence,
            "duplicate": ack.duplicate,
        });
        Ok(ack_of(json))
    }
}

/// An IPv6 address as a URL holds it.
pub(super) fn bracketed(host: &str) -> String {
    if host.contains(':') {
        format!("[{host}]")
    } else {
        host.to_owned()
    }
}
