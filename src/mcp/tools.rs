//! The tools `outbox mcp` serves: each is one outbox command, its arguments
//! named after the command's flags and positional arguments in snake_case,
//! and its answer the object the command's `--json` prints. A call becomes
//! the command line it stands for, so it is checked, refused and answered
//! exactly as that command is.

use crate::call::{
    Kind, Param, Values, command_line, flag, input_schema, or, positional, required,
};
use serde_json::{Map, Value};

/// One tool: the command it runs and the arguments it takes.
#[derive(Clone, Copy, Debug)]
pub struct Tool {
    pub name: &'static str,
    pub description: &'static str,
    /// The command's words (`["delivery", "claim"]`) and fixed flags.
    pub command: &'static [&'static str],
    pub params: &'static [Param],
    /// Whether it changes the outbox (absent with `--read-only`).
    pub writes: bool,
}

impl Tool {
    /// The JSON schema of the tool's arguments.
    pub fn input_schema(&self) -> Map<String, Value> {
        input_schema(self.params)
    }

    /// The command line this call stands for, or why the arguments do not
    /// fit the schema.
    pub fn command_line(&self, arguments: &Map<String, Value>) -> Result<Vec<String>, String> {
        command_line(
            self.name,
            self.command,
            self.params,
            arguments,
            Values::Lenient,
        )
    }
}

const CLIENT: Param = flag(
    "client",
    "--client",
    Kind::Text,
    "Only those of this client.",
);
const SUB: Param = flag(
    "sub_id",
    "--sub",
    Kind::Text,
    "Only those of this subscription (sub_...).",
);
const EVENT: Param = flag(
    "event_id",
    "--event",
    Kind::Text,
    "Only those of this event (evt_...).",
);
const LIMIT: Param = flag(
    "limit",
    "--limit",
    Kind::Integer,
    "At most this many (1-500, default 100).",
);
const WORKER: Param = required(flag(
    "worker",
    "--worker",
    Kind::Text,
    "The worker that claimed the delivery.",
));
const DELIVERY: Param = positional(
    "delivery_id",
    "The delivery (delv_..., or a unique prefix).",
);

/// Every tool, reads first.
pub const TOOLS: &[Tool] = &[
    Tool {
        name: "stats",
        description: "Delivery counts: total, ready, scheduled, expired leases, live claims, by status, transport and client.",
        command: &["stats"],
        params: &[CLIENT, SUB],
        writes: false,
    },
    Tool {
        name: "list_events",
        description: "Recorded events, newest first.",
        command: &["event", "list"],
        params: &[
            flag("type", "--type", Kind::Text, "Only events of this type."),
            flag(
                "subject",
                "--subject",
                Kind::Text,
                "Only events of this subject.",
            ),
            flag(
                "source",
                "--source",
                Kind::Text,
                "Only events from this source.",
            ),
            flag(
                "target",
                "--target",
                Kind::Text,
                "Only events for this target.",
            ),
            flag(
                "status",
                "--status",
                Kind::Text,
                "Only events in this status (queued, acked, ...).",
            ),
            LIMIT,
        ],
        writes: false,
    },
    Tool {
        name: "get_event",
        description: "One event, with its payload.",
        command: &["event", "get"],
        params: &[positional(
            "event_id",
            "The event (evt_..., or a unique prefix).",
        )],
        writes: false,
    },
    Tool {
        name: "list_subscriptions",
        description: "Subscriptions: which clients want which event types, and how they get them.",
        command: &["sub", "list"],
        params: &[
            CLIENT,
            flag(
                "type",
                "--type",
                Kind::Text,
                "Only subscriptions that take this event type.",
            ),
            flag(
                "status",
                "--status",
                Kind::Text,
                "Only subscriptions in this status (active, paused, disabled).",
            ),
            LIMIT,
        ],
        writes: false,
    },
    Tool {
        name: "get_subscription",
        description: "One subscription.",
        command: &["sub", "get"],
        params: &[positional(
            "sub_id",
            "The subscription (sub_..., or a unique prefix).",
        )],
        writes: false,
    },
    Tool {
        name: "subscription_health",
        description: "How each subscription's endpoint is doing, as outbox work sees it: its circuit breaker (closed, open until a time, probing), failures in a row and since when, the last success, its rate and how much of it is used, deliveries in flight against its cap, a receiver's Retry-After pause, and whether it was disabled for failing (resume_subscription enables it again).",
        command: &["sub", "health"],
        params: &[Param {
            required: false,
            ..positional(
                "sub_id",
                "One subscription (sub_..., or a unique prefix); without it, every subscription (the newest 500).",
            )
        }],
        writes: false,
    },
    Tool {
        name: "match_subscriptions",
        description: "Which subscriptions an event would reach, and of every subscription of its type why it would not.",
        command: &["sub", "match", "--explain"],
        params: &[
            required(flag("type", "--type", Kind::Text, "The event's type.")),
            flag("subject", "--subject", Kind::Text, "The event's subject."),
            flag("source", "--source", Kind::Text, "The event's source."),
            flag("target", "--target", Kind::Text, "The event's target."),
        ],
        writes: false,
    },
    Tool {
        name: "list_deliveries",
        description: "Deliveries, newest first; dead letters (failed, with no retry to come) with dead.",
        command: &["delivery", "list"],
        params: &[
            flag(
                "status",
                "--status",
                Kind::Text,
                "Only deliveries in this status (queued, claimed, delivered, failed, canceled).",
            ),
            flag("dead", "--dead", Kind::Switch, "Only dead letters."),
            CLIENT,
            SUB,
            EVENT,
            LIMIT,
        ],
        writes: false,
    },
    Tool {
        name: "get_delivery",
        description: "One delivery.",
        command: &["delivery", "get"],
        params: &[DELIVERY],
        writes: false,
    },
    Tool {
        name: "delivery_chain",
        description: "Every attempt of one event for one subscription, oldest first.",
        command: &["delivery", "chain"],
        params: &[DELIVERY],
        writes: false,
    },
    Tool {
        name: "record_event",
        description: "Record an event; it is fanned out to the subscriptions that take it.",
        command: &["event", "record"],
        params: &[
            required(flag(
                "type",
                "--type",
                Kind::Text,
                "The event's type (order.created).",
            )),
            flag(
                "subject",
                "--subject",
                Kind::Text,
                "What it is about (order-1001).",
            ),
            flag("source", "--source", Kind::Text, "Who produced it."),
            flag(
                "target",
                "--target",
                Kind::Text,
                "Who it is for (only subscriptions of that client, or any target, take it).",
            ),
            flag(
                "payload",
                "--payload",
                Kind::Object,
                "The event's data, a JSON object.",
            ),
            flag(
                "event_id",
                "--id",
                Kind::Text,
                "An id of its own (default: from its content).",
            ),
        ],
        writes: true,
    },
    Tool {
        name: "claim_deliveries",
        description: "Claim ready deliveries under a lease, with their events; complete, fail or release each before the lease ends.",
        command: &["delivery", "claim", "--with-event"],
        params: &[
            required(flag(
                "worker",
                "--worker",
                Kind::Text,
                "Who claims; only this worker may then settle them.",
            )),
            // Always a batch, so the answer has one shape: deliveries and events.
            or(
                flag(
                    "batch",
                    "--batch",
                    Kind::Integer,
                    "Claim up to this many (1-500, default 1).",
                ),
                "1",
            ),
            flag(
                "lease",
                "--lease",
                Kind::Text,
                "Lease length (60, 5m; default 5m).",
            ),
            CLIENT,
            SUB,
            EVENT,
        ],
        writes: true,
    },
    Tool {
        name: "complete_delivery",
        description: "Mark a claimed delivery delivered.",
        command: &["delivery", "complete"],
        params: &[DELIVERY, WORKER],
        writes: true,
    },
    Tool {
        name: "fail_delivery",
        description: "Mark a claimed delivery failed; a retry is queued by the subscription's policy unless no_retry.",
        command: &["delivery", "fail"],
        params: &[
            DELIVERY,
            WORKER,
            flag("error", "--error", Kind::Text, "Why it failed."),
            flag(
                "delay",
                "--delay",
                Kind::Text,
                "The retry is due this long from now (30s, 5m).",
            ),
            flag(
                "no_retry",
                "--no-retry",
                Kind::Switch,
                "Fail for good: no retry.",
            ),
        ],
        writes: true,
    },
    Tool {
        name: "release_delivery",
        description: "Give a claimed delivery back to the queue, unchanged.",
        command: &["delivery", "release"],
        params: &[
            DELIVERY,
            WORKER,
            flag(
                "delay",
                "--delay",
                Kind::Text,
                "Claimable again this long from now (30s, 5m).",
            ),
        ],
        writes: true,
    },
    Tool {
        name: "renew_delivery",
        description: "Extend the lease of a claimed delivery.",
        command: &["delivery", "renew"],
        params: &[
            DELIVERY,
            WORKER,
            flag(
                "lease",
                "--lease",
                Kind::Text,
                "New lease length from now (60, 5m).",
            ),
        ],
        writes: true,
    },
    Tool {
        name: "redrive_deliveries",
        description: "Queue one more attempt of dead letters, by id or all (of a client or type).",
        command: &["delivery", "redrive"],
        params: &[
            Param {
                name: "delivery_ids",
                alias: None,
                flag: None,
                kind: Kind::Texts,
                required: false,
                help: "The dead letters to send again.",
                default: None,
            },
            flag(
                "all",
                "--all",
                Kind::Switch,
                "Every dead letter (of the client or type given).",
            ),
            CLIENT,
            flag(
                "type",
                "--type",
                Kind::Text,
                "Only dead letters of events of this type.",
            ),
        ],
        writes: true,
    },
    Tool {
        name: "pause_subscription",
        description: "Stop fanning out new events to a subscription (sub resume undoes it).",
        command: &["sub", "pause"],
        params: &[positional(
            "sub_id",
            "The subscription (sub_..., or a unique prefix).",
        )],
        writes: true,
    },
    Tool {
        name: "resume_subscription",
        description: "Fan out new events to a paused subscription again; one disabled for failing (or by a 410) is enabled again, its health reset (breaker closed, no failures, no pause).",
        command: &["sub", "resume"],
        params: &[positional(
            "sub_id",
            "The subscription (sub_..., or a unique prefix).",
        )],
        writes: true,
    },
];

/// The tool called `name`, among those served.
pub fn find(name: &str, read_only: bool) -> Option<&'static Tool> {
    TOOLS
        .iter()
        .find(|t| t.name == name && !(read_only && t.writes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn args(value: Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap()
    }

    #[test]
    fn a_call_becomes_its_command_line() {
        let claim = find("claim_deliveries", false).unwrap();
        assert_eq!(
            claim
                .command_line(&args(
                    json!({"worker": "agent-1", "batch": 5, "lease": "2m"})
                ))
                .unwrap(),
            [
                "delivery",
                "claim",
                "--with-event",
                "--worker=agent-1",
                "--batch=5",
                "--lease=2m"
            ]
        );
        assert_eq!(
            claim.command_line(&args(json!({"worker": "a"}))).unwrap(),
            [
                "delivery",
                "claim",
                "--with-event",
                "--worker=a",
                "--batch=1"
            ]
        );
        let fail = find("fail_delivery", false).unwrap();
        assert_eq!(
            fail.command_line(&args(
                json!({"delivery_id": "delv_1", "worker": "w", "no_retry": true})
            ))
            .unwrap(),
            [
                "delivery",
                "fail",
                "--worker=w",
                "--no-retry",
                "--",
                "delv_1"
            ]
        );
        let record = find("record_event", false).unwrap();
        assert_eq!(
            record
                .command_line(&args(json!({"type": "t", "payload": {"total": 42.5}})))
                .unwrap(),
            ["event", "record", "--type=t", r#"--payload={"total":42.5}"#]
        );
    }

    #[test]
    fn arguments_outside_the_schema_are_refused() {
        let get = find("get_delivery", false).unwrap();
        assert!(
            get.command_line(&args(json!({})))
                .unwrap_err()
                .contains("delivery_id is required")
        );
        assert!(
            get.command_line(&args(json!({"delivery_id": 7, "x": 1})))
                .unwrap_err()
                .contains("unknown argument \"x\"")
        );
        let claim = find("claim_deliveries", false).unwrap();
        assert!(
            claim
                .command_line(&args(json!({"worker": "w", "batch": "many"})))
                .unwrap_err()
                .contains("integer")
        );
        assert!(
            find("claim_deliveries", true).is_none(),
            "no write tool when read-only"
        );
        assert!(find("stats", true).is_some());
    }
}
