//! The routes of `outbox serve`'s API: each is one outbox command, its
//! arguments taken from the path, the query (reads) or the JSON body
//! (writes) under the reference's keys (the flags' names are taken too),
//! and its answer the object that command's `--json` prints. The OpenAPI
//! document is made from this table, so it describes what is served.

mod deliveries;
mod events;
mod subscriptions;

pub use crate::call::{Kind, Param, aka, flag, or, positional, required};

/// The HTTP methods the API uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
    Patch,
    Delete,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "get",
            Method::Post => "post",
            Method::Patch => "patch",
            Method::Delete => "delete",
        }
    }
}

/// What a route answers, for the OpenAPI document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Event,
    /// `event record`: the event and the deliveries it fanned out to.
    Recorded,
    Events,
    Subscription,
    Subscriptions,
    Delivery,
    Deliveries,
    /// Claimed deliveries with their events.
    Claimed,
    /// One answer per id, as several ids' `--json` lines.
    PerId,
    /// A bulk action's answer: matched, acted on, skipped.
    Bulk,
    /// Any other `{"ok": true, ...}` object.
    Object,
}

/// One route of the API.
#[derive(Clone, Copy, Debug)]
pub struct Route {
    pub method: Method,
    /// Under `/api/v1`; `{name}` is a parameter of that name.
    pub path: &'static str,
    /// The OpenAPI operation id.
    pub name: &'static str,
    pub summary: &'static str,
    /// The command's words and fixed flags.
    pub command: &'static [&'static str],
    pub params: &'static [Param],
    /// Whether it changes the outbox (403 with `--read-only`).
    pub writes: bool,
    /// Answered with 201 Created.
    pub creates: bool,
    pub answers: Shape,
}

impl Route {
    /// Whether `param` is a part of the path.
    pub fn in_path(&self, param: &Param) -> bool {
        self.path.contains(&format!("{{{}}}", param.name))
    }

    /// Whether the arguments not in the path come in the query string.
    pub fn takes_query(&self) -> bool {
        matches!(self.method, Method::Get | Method::Delete)
    }
}

pub(super) const fn read(
    path: &'static str,
    name: &'static str,
    summary: &'static str,
    command: &'static [&'static str],
    params: &'static [Param],
    answers: Shape,
) -> Route {
    Route {
        method: Method::Get,
        path,
        name,
        summary,
        command,
        params,
        writes: false,
        creates: false,
        answers,
    }
}

pub(super) const fn write(
    method: Method,
    path: &'static str,
    name: &'static str,
    summary: &'static str,
    command: &'static [&'static str],
    params: &'static [Param],
    answers: Shape,
) -> Route {
    Route {
        method,
        path,
        name,
        summary,
        command,
        params,
        writes: true,
        creates: false,
        answers,
    }
}

pub(super) const fn creating(mut route: Route) -> Route {
    route.creates = true;
    route
}

pub(super) const EVENT_ID: Param =
    positional("eventId", "The event (evt_..., or a unique prefix).");
pub(super) const SUB_ID: Param =
    positional("subId", "The subscription (sub_..., or a unique prefix).");
pub(super) const DELIVERY_ID: Param =
    positional("deliveryId", "The delivery (delv_..., or a unique prefix).");
pub(super) const DELIVERY_IDS: Param = Param {
    kind: Kind::Texts,
    ..positional(
        "deliveryIds",
        "Delivery ids (delv_..., or unique prefixes).",
    )
};
pub(super) const LIMIT: Param = flag(
    "limit",
    "--limit",
    Kind::Integer,
    "At most this many (1-500, default 100).",
);
pub(super) const BEFORE: Param = flag(
    "before",
    "--before",
    Kind::Text,
    "The next page: only those listed after this id.",
);
pub(super) const SINCE: Param = flag(
    "since",
    "--since",
    Kind::Time,
    "Only from this time on: unix seconds, RFC 3339, or a duration ago (2h, 7d).",
);
pub(super) const UNTIL: Param = flag(
    "until",
    "--until",
    Kind::Time,
    "Only before this time (as since).",
);
pub(super) const CLIENT: Param = aka(
    flag(
        "client",
        "--client",
        Kind::Text,
        "Only those of this client.",
    ),
    "clientId",
);
pub(super) const SUB: Param = aka(
    flag(
        "sub",
        "--sub",
        Kind::Text,
        "Only those of this subscription (sub_...).",
    ),
    "subId",
);
pub(super) const EVENT: Param = aka(
    flag(
        "event",
        "--event",
        Kind::Text,
        "Only those of this event (evt_...).",
    ),
    "eventId",
);
pub(super) const TRANSPORT: Param = flag(
    "transport",
    "--transport",
    Kind::Text,
    "Only those of this transport (poll, webhook, a2a, mcp, nats, amqp, mqtt, redis).",
);
pub(super) const TYPE: Param = flag(
    "type",
    "--type",
    Kind::Text,
    "Only those of this event type.",
);
pub(super) const SUBJECT: Param = flag(
    "subject",
    "--subject",
    Kind::Text,
    "Only those about this subject.",
);
pub(super) const WORKER: Param = aka(
    flag(
        "workerId",
        "--worker",
        Kind::Text,
        "The worker that holds the claim; refused when another does.",
    ),
    "worker",
);
pub(super) const META: Param = flag(
    "meta",
    "--meta",
    Kind::Object,
    "Details to keep in meta, a JSON object.",
);
pub(super) const LAST_ERROR: Param = aka(
    flag(
        "lastError",
        "--error",
        Kind::Text,
        "A note kept in lastError.",
    ),
    "error",
);
pub(super) const DELAY: Param = aka(
    flag(
        "delaySeconds",
        "--delay",
        Kind::Time,
        "Due this long from now: seconds, or a duration (30s, 5m).",
    ),
    "delay",
);
pub(super) const NEXT_ATTEMPT_AT: Param = flag(
    "nextAttemptAt",
    "--next-attempt-at",
    Kind::Integer,
    "Due at this time, unix seconds.",
);
pub(super) const DRY_RUN: Param = flag(
    "dryRun",
    "--dry-run",
    Kind::Switch,
    "Count what would be done; change nothing.",
);

/// Every filter of `delivery list`.
pub(super) const DELIVERY_FILTERS: [Param; 11] = [
    flag(
        "status",
        "--status",
        Kind::State,
        "Only those in this status; dead: failed with no attempt to come; waiting: held behind an earlier delivery of their subject.",
    ),
    CLIENT,
    SUB,
    EVENT,
    TRANSPORT,
    TYPE,
    SUBJECT,
    SINCE,
    UNTIL,
    LIMIT,
    BEFORE,
];

/// Every route.
pub fn all() -> impl Iterator<Item = &'static Route> {
    [events::ROUTES, subscriptions::ROUTES, deliveries::ROUTES]
        .into_iter()
        .flatten()
}
