//! The routes of events: record (one, or a batch of NDJSON), list, get, ack.

use super::*;

pub const ROUTES: &[Route] = &[
    read(
        "/events",
        "listEvents",
        "Events, newest first.",
        &["event", "list"],
        &[
            TYPE,
            flag(
                "source",
                "--source",
                Kind::Text,
                "Only those from this source.",
            ),
            flag(
                "target",
                "--target",
                Kind::Text,
                "Only those for this target.",
            ),
            SUBJECT,
            flag(
                "status",
                "--status",
                Kind::Text,
                "Only those in this status.",
            ),
            SINCE,
            UNTIL,
            LIMIT,
            BEFORE,
        ],
        Shape::Events,
    ),
    read(
        "/events/{eventId}",
        "getEvent",
        "One event.",
        &["event", "get"],
        &[EVENT_ID],
        Shape::Event,
    ),
    creating(write(
        Method::Post,
        "/events",
        "recordEvent",
        "Record an event; it fans out to the subscriptions that take it. An Idempotency-Key header is taken as its eventId. A body of NDJSON (application/x-ndjson) records every line in one transaction, all or nothing.",
        &["event", "record"],
        &[
            flag(
                "type",
                "--type",
                Kind::Text,
                "The event's type (order.created).",
            ),
            SUBJECT,
            flag("source", "--source", Kind::Text, "Who produced it."),
            flag("target", "--target", Kind::Text, "Who it is for."),
            flag(
                "payload",
                "--payload",
                Kind::Object,
                "The event's data, a JSON object.",
            ),
            flag(
                "status",
                "--status",
                Kind::Text,
                "Its status (default queued).",
            ),
            aka(
                flag(
                    "eventId",
                    "--id",
                    Kind::Text,
                    "An id of its own (default: from its content).",
                ),
                "id",
            ),
            flag(
                "createdAt",
                "--created-at",
                Kind::Integer,
                "Its time, unix seconds.",
            ),
            flag(
                "traceparent",
                "--traceparent",
                Kind::Text,
                "The W3C trace context it was recorded in.",
            ),
            flag(
                "tracestate",
                "--tracestate",
                Kind::Text,
                "The W3C tracestate beside it.",
            ),
        ],
        Shape::Recorded,
    )),
    write(
        Method::Post,
        "/events/{eventId}/ack",
        "ackEvent",
        "Mark an event acknowledged.",
        &["event", "ack"],
        &[
            EVENT_ID,
            flag(
                "ack",
                "--ack",
                Kind::Object,
                "The acknowledgement, a JSON object.",
            ),
            flag(
                "ackAt",
                "--ack-at",
                Kind::Integer,
                "Its time, unix seconds.",
            ),
        ],
        Shape::Event,
    ),
];
