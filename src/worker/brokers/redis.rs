//! Redis Streams: a message is one `XADD` entry, delivered when Redis
//! answers with the entry's id (kept in `meta.response`). The entry's
//! fields are the CloudEvent's attributes by name, the event's id among
//! them, and `data`; in structured mode, `id`, `content-type` and the
//! whole CloudEvent as `data`. One multiplexed connection per server
//! carries every delivery in flight, pipelined.

use super::{Ack, Broker, Message, Refused, ack_of};
use crate::core::settings::endpoint::BrokerEndpoint;
use redis::aio::MultiplexedConnection;
use redis::{AsyncConnectionConfig, ConnectionAddr, IntoConnectionInfo, RedisConnectionInfo};
use serde_json::json;
use std::time::Duration;

pub(crate) struct Redis {
    connection: MultiplexedConnection,
}

impl Broker for Redis {
    async fn connect(endpoint: &BrokerEndpoint, timeout: Duration) -> Result<Self, String> {
        let host = endpoint.host.clone();
        let port = endpoint.port;
        let addr = if endpoint.tls {
            ConnectionAddr::TcpTls {
                host,
                port,
                insecure: false,
                tls_params: None,
            }
        } else {
            ConnectionAddr::Tcp(host, port)
        };
        let mut settings = RedisConnectionInfo::default().set_db(endpoint.db);
        if !endpoint.user.is_empty() {
            settings = settings.set_username(&endpoint.user);
        }
        if !endpoint.password.is_empty() {
            settings = settings.set_password(&endpoint.password);
        }
        let info = addr
            .into_connection_info()
            .map_err(|e| e.to_string())?
            .set_redis_settings(settings);
        let client = match &endpoint.ca {
            Some(path) => {
                let pem = std::fs::read(path).map_err(|e| format!("?ca={path}: {e}"))?;
                redis::Client::build_with_tls(
                    info,
                    redis::TlsCertificates {
                        client_tls: None,
                        root_cert: Some(pem),
                    },
                )
            }
            None => redis::Client::open(info),
        }
        .map_err(|e| e.to_string())?;
        let config = AsyncConnectionConfig::new()
            .set_connection_timeout(Some(timeout))
            .set_response_timeout(Some(timeout));
        let connection = client
            .get_multiplexed_async_connection_with_config(&config)
            .await
            .map_err(|e| e.to_string())?;
        Ok(Redis { connection })
    }

    async fn publish(&self, message: &Message<'_>) -> Result<Ack, Refused> {
        let mut command = redis::cmd("XADD");
        command.arg(&message.name);
        if let Some(cap) = message.endpoint.maxlen {
            command.arg("MAXLEN").arg("~").arg(cap);
        }
        command.arg("*");
        if message.binary() {
            for (name, value) in message.attributes() {
                command.arg(*name).arg(value);
            }
            command.arg("datacontenttype").arg(message.content_type);
        } else {
            command
                .arg("id")
                .arg(message.id)
                .arg("content-type")
                .arg(message.content_type);
            // In binary mode they are among the attributes, by name.
            for (name, value) in message.trace_context() {
                command.arg(name).arg(value);
            }
        }
        command.arg("data").arg(&message.body);
        let mut connection = self.connection.clone();
        let entry: String = command.query_async(&mut connection).await.map_err(|e| {
            if e.is_io_error() || e.is_connection_dropped() || e.is_timeout() {
                Refused::Unreachable(e.to_string())
            } else {
                Refused::Failed {
                    error: format!("Redis refused the XADD: {e}"),
                    retry: true,
                }
            }
        })?;
        let json = json!({"stream": message.name, "entryId": entry});
        Ok(ack_of(json))
    }
}
