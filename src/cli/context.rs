//! What every command is given besides its own flags: where the outbox
//! is and how to open it, the output format, the clock, the limits on
//! JSON input, and how answers are printed.

use super::{DeliveryFilterArgs, input};
use crate::output::{ColorChoice, OutputFormat, Report, View, render};
use outbox::core::records::prefix::IdKind;
use outbox::core::reference::json::{self, Object};
use outbox::core::storage::DeliveryFilter;
use outbox::core::{Clock, Outbox};
use outbox::store::Durability;
use outbox::store::postgres::{self, PostgresStore};
use outbox::store::sqlite::SqliteStore;
use outbox::{Error, Result};
use serde_json::Value;
use std::io::Write;
use std::path::PathBuf;

/// Everything a command needs besides its own flags.
#[derive(Clone)]
pub struct Context {
    pub db: PathBuf,
    pub format: OutputFormat,
    pub clock: Clock,
    pub durability: Durability,
    /// Largest JSON input accepted, in bytes.
    pub max_payload: usize,
    /// When tables use colour.
    pub color: ColorChoice,
    /// Run for a server (`outbox serve`), not a terminal: answers come back
    /// whole, nothing is shown while a command runs, signals are the
    /// server's.
    pub serving: bool,
    /// Opened stores kept between a server's commands.
    pub pool: Option<std::sync::Arc<outbox::store::pool::Pool>>,
}

impl Context {
    /// Opens the outbox: a PostgreSQL URL or a SQLite file. Commands that
    /// need no database never call this.
    /// A SQLite file must exist already (`storage:missing` otherwise).
    pub fn outbox(&self) -> Result<Outbox> {
        self.open(false)
    }

    /// [`Context::outbox`] for commands that add data: they may create the
    /// SQLite file.
    pub fn outbox_creating(&self) -> Result<Outbox> {
        self.open(true)
    }

    /// For the commands that read the outbox's secrets (`work`, `sub
    /// secret`, `export`): one line on stderr when other users can read
    /// the SQLite file.
    pub fn warn_if_readable_by_others(&self) {
        if self.db.to_str().is_some_and(postgres::is_url) {
            return;
        }
        if let Some(mode) = outbox::store::sqlite::readable_by_others(&self.db) {
            let path = self.db.display();
            let _ = writeln!(
                std::io::stderr(),
                "outbox: warning: {path} is readable by other users (mode {mode:04o}) and holds signing secrets; chmod 600 {path}"
            );
        }
    }

    fn open(&self, create: bool) -> Result<Outbox> {
        let open = || -> Result<outbox::store::pool::Shared> {
            Ok(match self.db.to_str().filter(|db| postgres::is_url(db)) {
                Some(url) => Box::new(PostgresStore::connect_with(url, self.durability)?),
                None if create => Box::new(SqliteStore::open_with(&self.db, self.durability)?),
                None => Box::new(SqliteStore::open_existing(&self.db, self.durability)?),
            })
        };
        let store: Box<dyn outbox::core::storage::Store> = match &self.pool {
            Some(pool) => Box::new(pool.take(open)?),
            None => open()?,
        };
        Ok(Outbox::new(store, self.clock))
    }

    /// Opens the outbox and resolves an id as typed (a unique prefix
    /// stands for the whole id).
    pub fn outbox_for(&self, kind: IdKind, id: &str) -> Result<(Outbox, String)> {
        let mut outbox = self.outbox()?;
        let id = outbox.resolve(kind, id)?;
        Ok((outbox, id))
    }

    /// The delivery filters given, with `--event` and `--sub` taken as
    /// unique prefixes too (the database is opened only for a short one).
    pub fn delivery_filter(&self, args: &DeliveryFilterArgs) -> Result<DeliveryFilter> {
        let mut filter = args.filter();
        for (kind, id) in [
            (IdKind::Event, &mut filter.event_id),
            (IdKind::Subscription, &mut filter.sub_id),
        ] {
            if let Some(given) = id.as_deref()
                && outbox::core::records::prefix::short_form(kind, given).is_some()
            {
                *id = Some(self.outbox()?.resolve(kind, given)?);
            }
        }
        Ok(filter)
    }

    /// Reads a JSON-valued flag: JSON text, `@FILE`, or `-` for stdin. The
    /// value must be a JSON object; `flag` names it in messages and codes.
    pub fn json_object(&self, flag: &str, raw: &str) -> Result<Object> {
        // Never more than the limit and a byte is read: `@/dev/zero` or an
        // endless pipe is refused once it is too long.
        let over = || {
            Error::input(
                "invalid:payloadTooLarge",
                format!(
                    "--{flag} is over the limit of {} bytes (--max-payload)",
                    self.max_payload
                ),
            )
        };
        let text = if raw == "-" {
            input::read_at_most(std::io::stdin().lock(), self.max_payload)
                .map_err(|e| {
                    Error::input("invalid:stdin", format!("--{flag}: cannot read stdin: {e}"))
                })?
                .ok_or_else(over)?
        } else if let Some(path) = raw.strip_prefix('@') {
            std::fs::File::open(path)
                .and_then(|file| input::read_at_most(file, self.max_payload))
                .map_err(|e| {
                    Error::input("invalid:file", format!("--{flag}: cannot read {path}: {e}"))
                })?
                .ok_or_else(over)?
        } else {
            raw.to_owned()
        };
        self.check_size(&format!("--{flag}"), &text)?;
        match json::parse(&text) {
            Ok(Value::Object(object)) => {
                json::check_depth(&format!("--{flag}"), &object)
                    .map_err(|e| Error::input(format!("invalid:{flag}"), e))?;
                Ok(object)
            }
            Ok(other) => Err(Error::input(
                format!("invalid:{flag}"),
                format!(
                    "--{flag} must be a JSON object, not {}",
                    outbox::core::ledger::events::kind_of(&other)
                ),
            )),
            Err(e) => Err(Error::input(
                "invalid:json",
                format!("--{flag} is not valid JSON: {e}"),
            )),
        }
    }

    /// [`Context::json_object`] for an optional flag.
    pub fn maybe_json_object(&self, flag: &str, raw: Option<&str>) -> Result<Option<Object>> {
        raw.map(|raw| self.json_object(flag, raw)).transpose()
    }

    /// Refuses JSON input larger than `--max-payload`.
    pub fn check_size(&self, what: &str, text: &str) -> Result<()> {
        if text.len() > self.max_payload {
            return Err(Error::input(
                "invalid:payloadTooLarge",
                format!(
                    "{what} is {} bytes, over the limit of {} (--max-payload)",
                    text.len(),
                    self.max_payload
                ),
            ));
        }
        Ok(())
    }

    /// Prints an answer to stdout.
    pub fn emit(&self, report: &dyn Report) -> std::io::Result<()> {
        let view = View::new(self.clock.now(), self.color);
        let text = render(report, self.format, &view);
        let mut out = std::io::stdout().lock();
        if !text.is_empty() {
            writeln!(out, "{text}")?;
        }
        out.flush()
    }
}
