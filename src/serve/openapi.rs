//! The OpenAPI 3.1 document of the API, made from the route table that
//! serves it: every route with its parameters, body and answers.

use super::routes::{self, Route, Shape};
use crate::call::{Kind, input_schema, value_schema};
use serde_json::{Map, Value, json};

/// The statuses a failure may have (`api::status_of`).
const FAILURES: [(&str, &str); 8] = [
    ("400", "Malformed JSON, or a value of the wrong kind."),
    (
        "401",
        "The server needs a bearer token (OUTBOX_SERVE_TOKEN).",
    ),
    ("403", "A write to a read-only server."),
    ("404", "Not found."),
    ("409", "A transition the delivery's state or owner refuses."),
    ("413", "Too large."),
    (
        "422",
        "A validation error (missing:type, an unknown status).",
    ),
    ("503", "The database could not be used (locked, gone)."),
];

fn record(properties: &[(&str, Value)], required: &[&str]) -> Value {
    let properties: Map<String, Value> = properties
        .iter()
        .map(|(name, schema)| ((*name).to_owned(), schema.clone()))
        .collect();
    json!({"type": "object", "properties": properties, "required": required})
}

/// The records every answer is made of, as the reference shapes them.
fn schemas() -> Value {
    let text = || json!({"type": "string"});
    let int = || json!({"type": "integer"});
    let object = || json!({"type": "object"});
    let texts = || json!({"type": "array", "items": {"type": "string"}});
    let event = record(
        &[
            ("eventId", text()),
            ("type", text()),
            ("subject", text()),
            ("source", text()),
            ("target", text()),
            ("status", text()),
            ("payload", object()),
            ("subscriptions", texts()),
            ("ack", object()),
            ("createdAt", int()),
            ("updatedAt", int()),
            ("ackAt", int()),
        ],
        &["eventId", "type", "status", "createdAt"],
    );
    let subscription = record(
        &[
            ("subId", text()),
            ("clientId", text()),
            ("eventTypes", texts()),
            ("target", text()),
            ("transport", text()),
            ("endpoint", text()),
            ("status", text()),
            ("filters", object()),
            ("meta", object()),
            ("createdAt", int()),
            ("updatedAt", int()),
        ],
        &["subId", "clientId", "status"],
    );
    let delivery = record(
        &[
            ("deliveryId", text()),
            ("eventId", text()),
            ("subId", text()),
            ("clientId", text()),
            ("transport", text()),
            ("endpoint", text()),
            ("status", text()),
            ("attempt", int()),
            ("claimedBy", text()),
            ("lastError", text()),
            ("meta", object()),
            ("createdAt", int()),
            ("updatedAt", int()),
            ("nextAttemptAt", int()),
            ("claimedAt", int()),
            ("leaseExpiresAt", int()),
            ("deliveredAt", int()),
        ],
        &["deliveryId", "eventId", "subId", "status", "attempt"],
    );
    let failure = json!({
        "type": "object",
        "description": "What the command's --json prints when it fails: a reference failure (error, or errors, and the record) or a usage, input or storage failure (error and message).",
        "properties": {
            "ok": {"const": false},
            "error": {"type": "string"},
            "errors": {"type": "array", "items": {"type": "string"}},
            "message": {"type": "string"},
        },
        "required": ["ok"],
    });
    json!({
        "Event": event,
        "Subscription": subscription,
        "Delivery": delivery,
        "Failure": failure,
    })
}

fn reference(name: &str) -> Value {
    json!({"$ref": format!("#/components/schemas/{name}")})
}

fn ok_with(properties: &[(&str, Value)]) -> Value {
    let mut all = vec![("ok", json!({"const": true}))];
    all.extend(properties.iter().cloned());
    let names: Vec<&str> = all.iter().map(|(n, _)| *n).collect();
    record(&all, &names)
}

fn list_of(name: &str) -> Value {
    json!({"type": "array", "items": reference(name)})
}

/// The schema of a route's answer.
fn answer(shape: Shape) -> Value {
    let count = json!({"type": "integer"});
    match shape {
        Shape::Event => ok_with(&[("event", reference("Event"))]),
        Shape::Recorded => {
            // An event recorded again answers without deliveries: none were made.
            let mut one = ok_with(&[
                ("event", reference("Event")),
                ("deliveries", list_of("Delivery")),
            ]);
            one["required"] = json!(["ok", "event"]);
            json!({"anyOf": [one, {"type": "array", "items": one, "description": "An NDJSON body: one answer per line."}]})
        }
        Shape::Events => ok_with(&[("events", list_of("Event")), ("count", count)]),
        Shape::Subscription => ok_with(&[("subscription", reference("Subscription"))]),
        Shape::Subscriptions => {
            ok_with(&[("subscriptions", list_of("Subscription")), ("count", count)])
        }
        Shape::Delivery => ok_with(&[("delivery", reference("Delivery"))]),
        Shape::Deliveries => ok_with(&[("deliveries", list_of("Delivery")), ("count", count)]),
        Shape::Claimed => ok_with(&[
            ("deliveries", list_of("Delivery")),
            ("events", list_of("Event")),
            ("count", count),
        ]),
        Shape::PerId => json!({
            "type": "array",
            "description": "One answer per id, in the order given: the delivery, or its refusal.",
            "items": {"type": "object", "properties": {"ok": {"type": "boolean"}}, "required": ["ok"]},
        }),
        Shape::Bulk => ok_with(&[
            ("action", json!({"enum": ["redrive", "replay", "cancel"]})),
            ("matched", json!({"type": "integer"})),
            ("deliveries", list_of("Delivery")),
            ("count", json!({"type": "integer"})),
            (
                "skipped",
                json!({"type": "array", "items": {
                    "type": "object",
                    "properties": {"deliveryId": {"type": "string"}, "error": {"type": "string"}},
                    "required": ["deliveryId", "error"],
                }}),
            ),
            ("dryRun", json!({"type": "boolean"})),
        ]),
        Shape::Object => ok_with(&[]),
    }
}

fn responses(success: (&str, &str, Value)) -> Value {
    let (status, about, schema) = success;
    let mut responses = Map::new();
    responses.insert(
        status.to_owned(),
        json!({"description": about, "content": {"application/json": {"schema": schema}}}),
    );
    for (status, about) in FAILURES {
        responses.insert(
            status.to_owned(),
            json!({"description": about, "content": {"application/json": {"schema": reference("Failure")}}}),
        );
    }
    Value::Object(responses)
}

fn operation(route: &Route) -> Value {
    let mut parameters = Vec::new();
    for param in route.params.iter().filter(|p| route.in_path(p)) {
        parameters.push(json!({
            "name": param.name, "in": "path", "required": true,
            "description": param.help, "schema": {"type": "string"},
        }));
    }
    let rest: Vec<_> = route
        .params
        .iter()
        .filter(|p| !route.in_path(p))
        .copied()
        .collect();
    let mut op = json!({
        "operationId": route.name,
        "summary": route.summary,
        "responses": responses((
            if route.creates { "201" } else { "200" },
            "The object the command's --json prints.",
            answer(route.answers),
        )),
    });
    if route.takes_query() {
        for param in &rest {
            let names = std::iter::once(param.name).chain(param.alias);
            for name in names {
                let mut query = json!({
                    "name": name, "in": "query", "required": false,
                    "description": param.help, "schema": value_schema(param),
                });
                if param.kind == Kind::Texts {
                    query["style"] = "form".into();
                    query["explode"] = true.into();
                }
                parameters.push(query);
            }
        }
    } else if !rest.is_empty() {
        let mut content = json!({
            "application/json": {"schema": Value::Object(input_schema(&rest))},
        });
        if route.name == "recordEvent" {
            content["application/x-ndjson"] = json!({
                "schema": {"type": "string", "description": "One event per line, each an object of the keys application/json takes; recorded in one transaction, all or nothing."},
            });
            parameters.push(json!({
                "name": "Idempotency-Key", "in": "header", "required": false,
                "description": "Taken as the event's eventId: recording it again answers the same event.",
                "schema": {"type": "string"},
            }));
        }
        op["requestBody"] = json!({"required": false, "content": content});
    }
    op["parameters"] = Value::Array(parameters);
    op
}

/// The whole document, for a server under `base` (`""` or `/outbox`).
pub fn document(base: &str) -> Value {
    let mut paths: Map<String, Value> = Map::new();
    for route in routes::all() {
        let path = format!("/api/v1{}", route.path);
        let item = paths.entry(path).or_insert_with(|| json!({}));
        item[route.method.as_str()] = operation(route);
    }
    paths.insert(
        "/api/v1/relay/status".to_owned(),
        json!({"get": {
            "operationId": "relayStatus",
            "summary": "The relay's backlog: rows waiting, the oldest one's age, rows set aside (outbox serve --relay-from).",
            "responses": responses(("200", "relay status --json", ok_with(&[]))),
        }}),
    );
    paths.insert(
        "/api/v1/openapi.json".to_owned(),
        json!({"get": {
            "operationId": "openapi",
            "summary": "This document.",
            "security": [],
            "responses": {"200": {"description": "OpenAPI 3.1", "content": {"application/json": {"schema": {"type": "object"}}}}},
        }}),
    );
    paths.insert(
        "/metrics".to_owned(),
        json!({"get": {
            "operationId": "metrics",
            "summary": "stats --format prometheus, and the relay's with --relay-from.",
            "responses": {
                "200": {"description": "The Prometheus text format.", "content": {"text/plain": {"schema": {"type": "string"}}}},
                "401": {"description": "The server needs a bearer token.", "content": {"application/json": {"schema": reference("Failure")}}},
                "503": {"description": "The database could not be used.", "content": {"application/json": {"schema": reference("Failure")}}},
            },
        }}),
    );
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "outbox",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "An integration event outbox over HTTP. Every answer is the JSON object the matching outbox command prints with --json; every failure the object it prints when it fails.",
        },
        "servers": [{"url": if base.is_empty() { "/" } else { base }}],
        "security": [{}, {"bearer": []}],
        "paths": paths,
        "components": {
            "schemas": schemas(),
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer", "description": "OUTBOX_SERVE_TOKEN, when the server has one."}},
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::serve::routes::Method;

    #[test]
    fn every_route_is_in_the_document_with_its_path_parameters() {
        let doc = document("");
        for route in routes::all() {
            let op = &doc["paths"][format!("/api/v1{}", route.path)][route.method.as_str()];
            assert_eq!(op["operationId"], route.name, "{}", route.path);
            for param in route.params.iter().filter(|p| route.in_path(p)) {
                assert!(
                    op["parameters"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|p| p["name"] == param.name && p["in"] == "path"),
                    "{} lacks {}",
                    route.name,
                    param.name
                );
            }
            if route.method != Method::Get && route.method != Method::Delete {
                let given: Vec<&str> = route
                    .params
                    .iter()
                    .filter(|p| !route.in_path(p))
                    .map(|p| p.name)
                    .collect();
                let body =
                    &op["requestBody"]["content"]["application/json"]["schema"]["properties"];
                for name in given {
                    assert!(body.get(name).is_some(), "{} body lacks {name}", route.name);
                }
            }
        }
    }

    #[test]
    fn path_templates_name_parameters_of_their_route() {
        for route in routes::all() {
            for part in route.path.split('/') {
                if let Some(name) = part.strip_prefix('{').and_then(|p| p.strip_suffix('}')) {
                    assert!(
                        route.params.iter().any(|p| p.name == name),
                        "{} names {{{name}}} but takes no such parameter",
                        route.path
                    );
                }
            }
        }
    }
}
