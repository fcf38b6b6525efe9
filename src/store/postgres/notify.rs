//! Waking waiting workers on PostgreSQL: a transaction that makes
//! deliveries claimable notifies the channel `outbox_deliveries` as it
//! commits, and a waiting worker listens on a connection of its own and
//! claims at once when told. A notification can be missed (the listening
//! connection drops, or one arrives while nobody listens), so workers keep
//! polling as well, only less often than they would without it.

use super::pg_error;
use crate::core::records::error::Result;
use postgres::NoTls;
use postgres::fallible_iterator::FallibleIterator;

/// The channel writers notify, as a column of a transaction's closing
/// statement.
pub(super) const WAKE: &str = ", pg_notify('outbox_deliveries', '')";

/// Listens on a new connection and calls `ready` on each notification,
/// from a thread of its own, until `ready` returns false or the connection
/// ends.
pub(super) fn listen(config: &postgres::Config, ready: Box<dyn Fn() -> bool + Send>) -> Result<()> {
    let mut client = config
        .connect(NoTls)
        .map_err(|e| pg_error(&e, "cannot connect to PostgreSQL to listen"))?;
    client
        .batch_execute("LISTEN outbox_deliveries")
        .map_err(|e| pg_error(&e, "cannot listen for new deliveries"))?;
    std::thread::spawn(move || {
        let mut notifications = client.notifications();
        let mut waiting = notifications.blocking_iter();
        // An error ends the thread: the worker polls as if it never listened.
        while let Ok(Some(_)) = waiting.next() {
            if !ready() {
                return;
            }
        }
    });
    Ok(())
}
