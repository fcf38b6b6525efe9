//! Paging through lists: `--before ID` continues after the last row of the
//! page you have (a keyset cursor: deep pages cost what the first does),
//! and a full page says how many there are in all and how to get more.

use super::Context;
use crate::output::{Paged, Report};
use clap::Args;
use outbox::core::Outbox;
use outbox::core::records::prefix::IdKind;
use outbox::core::storage::Cursor;
use outbox::{Error, Result};

#[derive(Debug, Clone, Default, Args)]
pub struct PageArgs {
    /// At most this many (1-500, default 100).
    #[arg(allow_negative_numbers = true, long)]
    pub limit: Option<i64>,
    /// The rows after this one (the last id of the page you have, or a
    /// unique prefix of it), in the list's order.
    #[arg(long, value_name = "ID")]
    pub before: Option<String>,
}

impl PageArgs {
    /// The cursor `--before` names: the row's `(createdAt, id)`.
    pub fn cursor(&self, outbox: &mut Outbox, kind: IdKind) -> Result<Option<Cursor>> {
        let Some(given) = &self.before else {
            return Ok(None);
        };
        let id = outbox.resolve(kind, given)?;
        let created_at = match kind {
            IdKind::Event => outbox.get_event(&id)?.event.created_at,
            IdKind::Subscription => outbox.get_subscription(&id)?.subscription.created_at,
            IdKind::Delivery => outbox.get_delivery(&id)?.delivery.created_at,
        };
        Ok(Some((created_at, id)))
    }
}

/// A list's answer for people: when the page is full, "N of M" and the
/// `--before` that continues it (counting only then, and only for people).
pub fn paged(
    ctx: &Context,
    list: Box<dyn Report>,
    shown: usize,
    limit: Option<i64>,
    last: Option<String>,
    count_all: impl FnOnce() -> Result<i64>,
) -> Result<Box<dyn Report>> {
    let full = shown as i64 == outbox::core::reference::limit(limit);
    if ctx.format == crate::output::OutputFormat::Json || !full {
        return Ok(list);
    }
    let total = count_all()?;
    Ok(Box::new(Paged {
        list,
        shown,
        total,
        last: last.ok_or_else(|| Error::input("invalid:usage", "a full page has a last row"))?,
    }))
}
