//! `outbox init`: create the database (a SQLite file with its schema, or
//! the schema in a PostgreSQL database) before anything is written to it.
//! Commands that only read refuse a missing file; this is how one starts.

use super::Context;
use crate::output::{Report, View};
use clap::Args;
use outbox::Result;
use outbox::store::postgres;
use serde_json::json;

#[derive(Debug, Args)]
pub struct InitArgs {}

/// `{"ok": true, "db": ..., "created": bool}`.
pub struct Initialized {
    db: String,
    created: bool,
}

impl Report for Initialized {
    fn json(&self) -> serde_json::Value {
        json!({"ok": true, "db": self.db, "created": self.created})
    }
    fn human(&self, _view: &View) -> String {
        if self.created {
            format!("created the outbox {}", self.db)
        } else {
            format!("{} is an outbox already; nothing changed", self.db)
        }
    }
}

pub fn exec(_args: InitArgs, ctx: &Context) -> Result<Box<dyn Report>> {
    let db = ctx.db.to_string_lossy().into_owned();
    let created = if postgres::is_url(&db) {
        postgres::PostgresStore::connect_with(&db, ctx.durability)?.created()
    } else {
        let existed = std::fs::metadata(&ctx.db).is_ok_and(|m| m.len() > 0);
        drop(ctx.outbox_creating()?);
        !existed
    };
    Ok(Box::new(Initialized {
        db: postgres::mask(&db),
        created,
    }))
}
