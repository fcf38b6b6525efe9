
use builtin;
use str;

set edit:completion:arg-completer[outbox] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'outbox'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'outbox'= {
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand init 'Create the database (and its schema) before first use'
            cand event 'Record, read, list and ack events'
            cand sub 'Create and manage subscriptions: which clients want which events'
            cand delivery 'Claim, complete, fail, retry and inspect deliveries'
            cand stats 'Count deliveries by state, transport and client'
            cand prune 'Delete finished deliveries, dead chains and emptied events older than a cut-off'
            cand work 'Work deliveries: run a handler command for each, or send webhooks, A2A messages, MCP tool calls and broker messages'
            cand relay 'The transactional outbox: relay the rows an application writes to an outbox table of its own database, in its own transactions'
            cand export 'Write every subscription, event and delivery as NDJSON (to move an outbox)'
            cand import 'Read an export into this database, in one transaction'
            cand mcp 'Serve the outbox to agents as an MCP server (stdio, or Streamable HTTP with --http)'
            cand serve 'Serve the outbox over HTTP: a JSON API under /api/v1/ (its OpenAPI document at /api/v1/openapi.json) and Prometheus metrics at /metrics'
            cand completions 'Print a shell completion script'
            cand man 'Print a man page (outbox man, outbox man work), or write them all: outbox man --dir /usr/local/share/man/man1'
            cand schema 'The JSON Schemas of what outbox writes: the payloads of its operational events'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'outbox;init'= {
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;event'= {
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand record 'Record an event and create a delivery for every matching subscription'
            cand get 'Show one event'
            cand list 'List events, newest first'
            cand ack 'Mark an event as acknowledged'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'outbox;event;record'= {
            cand --type 'The event type, e.g. `order.created`'
            cand --subject 'What the event is about, e.g. an order id'
            cand --source 'Who produced it (default: $OUTBOX_SOURCE, else `picux`)'
            cand --target 'The client it is meant for; subscriptions with a target only match their own'
            cand --payload 'The event body, a JSON object (text, @FILE or - for stdin)'
            cand --status 'Initial status'
            cand --id 'Use this id instead of one derived from the content'
            cand --created-at 'Creation time, unix seconds (default: now); part of the derived id'
            cand --batch 'Record one event per line of this NDJSON file (- for stdin), all in one transaction'
            cand --traceparent 'W3C trace context of the request that records it (00-<trace id>-<span id>-<flags>): kept with the event, and carried on by every sender to the receiver, as the parent of outbox''s own span'
            cand --tracestate 'The `tracestate` that goes with --traceparent'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --allow-reserved 'Let types starting with `outbox.` through: they are outbox''s own operational events (outbox.delivery.dead, ...), refused otherwise (invalid:reservedType). For tests of what takes them'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;event;get'= {
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;event;list'= {
            cand --type 'Only events of this type'
            cand --source 'Only events from this source'
            cand --target 'Only events for this target'
            cand --subject 'Only events about this subject'
            cand --status 'Only events in this status'
            cand --since 'Only what was recorded (events) or created (deliveries) at or after this time: unix seconds, RFC 3339 (2026-11-29T18:00:00Z), `2026-11-29 18:00` (UTC), or a duration ago (2h, 7d)'
            cand --until 'Only what was recorded or created before this time (same forms as --since)'
            cand --limit 'At most this many (1-500, default 100)'
            cand --before 'The rows after this one (the last id of the page you have, or a unique prefix of it), in the list''s order'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;event;ack'= {
            cand --ack 'Acknowledgement details, a JSON object (text, @FILE or - for stdin)'
            cand --ack-at 'When it was acknowledged, unix seconds (default: now)'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;event;help'= {
            cand record 'Record an event and create a delivery for every matching subscription'
            cand get 'Show one event'
            cand list 'List events, newest first'
            cand ack 'Mark an event as acknowledged'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'outbox;event;help;record'= {
        }
        &'outbox;event;help;get'= {
        }
        &'outbox;event;help;list'= {
        }
        &'outbox;event;help;ack'= {
        }
        &'outbox;event;help;help'= {
        }
        &'outbox;sub'= {
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand create 'Subscribe a client to event types'
            cand get 'Show one subscription'
            cand list 'List subscriptions, newest first'
            cand update 'Change a subscription; only the flags given change'
            cand pause 'Stop creating deliveries for a subscription'
            cand test 'Send one test event to the subscription''s endpoint now, through the sender outbox work uses, and show what it answered. Nothing is written to the ledger unless --record'
            cand delete 'Delete a subscription: no more deliveries for it. Its finished deliveries stay in the ledger (delivery get and chain still answer); its secrets, health and lanes go with it. Refused while it has deliveries queued or claimed, unless --cancel-pending'
            cand resume 'Start creating deliveries for a paused or disabled subscription again, and reset its health: breaker closed, failures forgotten'
            cand health 'Show each subscription''s endpoint health: breaker, failures, last success, rate and in-flight use, pauses (every subscription, the newest 500, or the one named)'
            cand match 'Show which subscriptions an event would reach; writes nothing'
            cand secret 'Show the subscription''s webhook signing secret (made on first use), set one, or rotate it. The secret never appears in `sub get`/`list`'
            cand backfill 'Create deliveries for past events this subscription takes now but never got (created or resumed late); running it again creates nothing'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'outbox;sub;create'= {
            cand --client 'The client that receives the deliveries'
            cand --types 'Event types, comma-separated or repeated; `*` means every type'
            cand --target 'Only events with this target match (default: the client id)'
            cand --transport 'How the client takes deliveries: poll (it claims them), webhook, a2a, mcp, or a message broker (nats, amqp, mqtt, redis), which `outbox work` sends'
            cand --endpoint 'Where deliveries go: an http(s):// URL for webhook, a2a and mcp; for a broker, nats://HOST/SUBJECT, amqp://HOST/VHOST?exchange=EX&routing_key=KEY, mqtt://HOST/TOPIC[?qos=0|1|2&version=3.1.1] or redis://HOST/DB?stream=NAME[&maxlen=N] (tls://, amqps://, mqtts://, rediss:// for TLS; ?envelope=structured for a whole CloudEvent as the body). The name may hold {type}, {subject}, {source}, {target} and {client}, filled per event'
            cand --status 'active (default), paused (no deliveries for new events) or disabled'
            cand --filter 'Only events with this `source` or `subject`, as KEY=VALUE; repeatable'
            cand --meta 'Free-form details, a JSON object (text, @FILE or - for stdin)'
            cand --retry-schedule 'Delays before attempts 2, 3, ... as durations (5s,5m,30m,2h); the last one repeats. `none` removes the retry policy'
            cand --retry-jitter 'Move each retry delay by a random amount within ±PCT (e.g. 20%)'
            cand --max-attempts 'Attempts a delivery gets before it is dead (1-100; default 3)'
            cand --header 'A header every webhook request carries, `Name: value` (repeatable; `Name:` removes it). Values of names that look secret (Authorization, *-Key, *-Token) are shown as ***'
            cand --mcp-tool 'The tool an `mcp` subscription''s deliveries call on its server (`tools/call`), kept in `meta.mcp`'
            cand --mcp-arguments 'The tool''s arguments: `event` (default), `{"event": BODY}` with the body a webhook posts; or `payload`, the event''s payload itself'
            cand --envelope 'What a webhook''s body is: `standard-webhooks` (default), or a CloudEvent: `cloudevents` (binary mode: the payload as the body, the attributes as ce- headers) or `cloudevents-structured` (the whole event as the body); signed either way. Kept in `meta.envelope`. A broker endpoint says ?envelope=structured instead'
            cand --ordered-by '`subject`: hand out each subject''s deliveries one at a time, in the order their events were recorded; `none` lifts it'
            cand --on-dead 'In an ordered subscription, what a dead letter does to its subject: `block` (default: the subject waits until it is redriven or canceled) or `skip` (the next event goes ahead)'
            cand --announce-retries 'Record `outbox.delivery.retrying` each time one of this subscription''s attempts fails and a retry is queued (for a subscription of `outbox.*` types to take; `false` stops it). Dead letters (`outbox.delivery.dead`) are announced without it'
            cand --rate 'At most N deliveries sent (or handed to a handler) a second, minute or hour, across every worker: N/s, N/m or N/h; `none` lifts it'
            cand --max-in-flight 'At most N deliveries claimed at once, across every worker; `none` lifts it'
            cand --breaker 'Stop sending for a cool-down (--breaker-cooldown, doubling to --breaker-max-cooldown) after N failed attempts in a row, then probe with one; `off`. Default 5 for every transport outbox sends; off for poll'
            cand --breaker-cooldown 'How long the breaker stays open after its first trip (default 1m); each trip in a row doubles it'
            cand --breaker-max-cooldown 'Where the doubling of the breaker''s cool-down stops (default 1h)'
            cand --disable-after 'Disable the subscription once every attempt has failed this long with no success (5d, 12h); `never`. Default 5d for every transport outbox sends; never for poll'
            cand --id 'Use this id instead of one derived from the content'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --any-target 'Match events whatever their target'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;sub;get'= {
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;sub;list'= {
            cand --client 'Only this client''s subscriptions'
            cand --type 'Subscriptions to this type (including `*` ones)'
            cand --status 'Only subscriptions in this status'
            cand --transport 'Only subscriptions over this transport'
            cand --limit 'At most this many (1-500, default 100)'
            cand --before 'The rows after this one (the last id of the page you have, or a unique prefix of it), in the list''s order'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;sub;update'= {
            cand --client 'The client that receives the deliveries'
            cand --types 'Event types, comma-separated or repeated; `*` means every type'
            cand --target 'Only events with this target match (default: the client id)'
            cand --transport 'How the client takes deliveries: poll (it claims them), webhook, a2a, mcp, or a message broker (nats, amqp, mqtt, redis), which `outbox work` sends'
            cand --endpoint 'Where deliveries go: an http(s):// URL for webhook, a2a and mcp; for a broker, nats://HOST/SUBJECT, amqp://HOST/VHOST?exchange=EX&routing_key=KEY, mqtt://HOST/TOPIC[?qos=0|1|2&version=3.1.1] or redis://HOST/DB?stream=NAME[&maxlen=N] (tls://, amqps://, mqtts://, rediss:// for TLS; ?envelope=structured for a whole CloudEvent as the body). The name may hold {type}, {subject}, {source}, {target} and {client}, filled per event'
            cand --status 'active (default), paused (no deliveries for new events) or disabled'
            cand --filter 'Only events with this `source` or `subject`, as KEY=VALUE; repeatable'
            cand --meta 'Free-form details, a JSON object (text, @FILE or - for stdin)'
            cand --retry-schedule 'Delays before attempts 2, 3, ... as durations (5s,5m,30m,2h); the last one repeats. `none` removes the retry policy'
            cand --retry-jitter 'Move each retry delay by a random amount within ±PCT (e.g. 20%)'
            cand --max-attempts 'Attempts a delivery gets before it is dead (1-100; default 3)'
            cand --header 'A header every webhook request carries, `Name: value` (repeatable; `Name:` removes it). Values of names that look secret (Authorization, *-Key, *-Token) are shown as ***'
            cand --mcp-tool 'The tool an `mcp` subscription''s deliveries call on its server (`tools/call`), kept in `meta.mcp`'
            cand --mcp-arguments 'The tool''s arguments: `event` (default), `{"event": BODY}` with the body a webhook posts; or `payload`, the event''s payload itself'
            cand --envelope 'What a webhook''s body is: `standard-webhooks` (default), or a CloudEvent: `cloudevents` (binary mode: the payload as the body, the attributes as ce- headers) or `cloudevents-structured` (the whole event as the body); signed either way. Kept in `meta.envelope`. A broker endpoint says ?envelope=structured instead'
            cand --ordered-by '`subject`: hand out each subject''s deliveries one at a time, in the order their events were recorded; `none` lifts it'
            cand --on-dead 'In an ordered subscription, what a dead letter does to its subject: `block` (default: the subject waits until it is redriven or canceled) or `skip` (the next event goes ahead)'
            cand --announce-retries 'Record `outbox.delivery.retrying` each time one of this subscription''s attempts fails and a retry is queued (for a subscription of `outbox.*` types to take; `false` stops it). Dead letters (`outbox.delivery.dead`) are announced without it'
            cand --rate 'At most N deliveries sent (or handed to a handler) a second, minute or hour, across every worker: N/s, N/m or N/h; `none` lifts it'
            cand --max-in-flight 'At most N deliveries claimed at once, across every worker; `none` lifts it'
            cand --breaker 'Stop sending for a cool-down (--breaker-cooldown, doubling to --breaker-max-cooldown) after N failed attempts in a row, then probe with one; `off`. Default 5 for every transport outbox sends; off for poll'
            cand --breaker-cooldown 'How long the breaker stays open after its first trip (default 1m); each trip in a row doubles it'
            cand --breaker-max-cooldown 'Where the doubling of the breaker''s cool-down stops (default 1h)'
            cand --disable-after 'Disable the subscription once every attempt has failed this long with no success (5d, 12h); `never`. Default 5d for every transport outbox sends; never for poll'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --any-target 'Match events whatever their target'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;sub;pause'= {
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;sub;test'= {
            cand --type 'The event''s type (default: the subscription''s first type, a `*` in it read as `test`)'
            cand --subject 'The event''s subject (default: none)'
            cand --payload 'The event''s payload, a JSON object (text, @FILE or - for stdin; default {})'
            cand --timeout 'How long to wait for the endpoint''s answer'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --record 'Record the event, for this subscription alone, and its delivery as delivered or failed (retried by the policy as any other)'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;sub;delete'= {
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --cancel-pending 'Cancel its queued and claimed deliveries, as delivery cancel would, in the same transaction'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;sub;resume'= {
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;sub;health'= {
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;sub;match'= {
            cand --type 'The event''s type'
            cand --source 'The event''s source'
            cand --subject 'The event''s subject'
            cand --target 'The event''s target (none by default: only --any-target subscriptions take an event without one)'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --explain 'Also list every subscription of the type and why each that does not match does not (paused, target, source or subject filter)'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;sub;secret'= {
            cand --set 'Use this secret (`whsec_` + base64 of at least 24 bytes) instead'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --rotate 'Add a new secret; deliveries are signed with the old one too until --expire-old, so receivers can switch at their pace'
            cand --expire-old 'Keep only the newest secret'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;sub;backfill'= {
            cand --client 'Every active subscription of this client instead'
            cand --since 'Only what was recorded (events) or created (deliveries) at or after this time: unix seconds, RFC 3339 (2026-11-29T18:00:00Z), `2026-11-29 18:00` (UTC), or a duration ago (2h, 7d)'
            cand --until 'Only what was recorded or created before this time (same forms as --since)'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --dry-run 'Show what would be created; write nothing'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;sub;help'= {
            cand create 'Subscribe a client to event types'
            cand get 'Show one subscription'
            cand list 'List subscriptions, newest first'
            cand update 'Change a subscription; only the flags given change'
            cand pause 'Stop creating deliveries for a subscription'
            cand test 'Send one test event to the subscription''s endpoint now, through the sender outbox work uses, and show what it answered. Nothing is written to the ledger unless --record'
            cand delete 'Delete a subscription: no more deliveries for it. Its finished deliveries stay in the ledger (delivery get and chain still answer); its secrets, health and lanes go with it. Refused while it has deliveries queued or claimed, unless --cancel-pending'
            cand resume 'Start creating deliveries for a paused or disabled subscription again, and reset its health: breaker closed, failures forgotten'
            cand health 'Show each subscription''s endpoint health: breaker, failures, last success, rate and in-flight use, pauses (every subscription, the newest 500, or the one named)'
            cand match 'Show which subscriptions an event would reach; writes nothing'
            cand secret 'Show the subscription''s webhook signing secret (made on first use), set one, or rotate it. The secret never appears in `sub get`/`list`'
            cand backfill 'Create deliveries for past events this subscription takes now but never got (created or resumed late); running it again creates nothing'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'outbox;sub;help;create'= {
        }
        &'outbox;sub;help;get'= {
        }
        &'outbox;sub;help;list'= {
        }
        &'outbox;sub;help;update'= {
        }
        &'outbox;sub;help;pause'= {
        }
        &'outbox;sub;help;test'= {
        }
        &'outbox;sub;help;delete'= {
        }
        &'outbox;sub;help;resume'= {
        }
        &'outbox;sub;help;health'= {
        }
        &'outbox;sub;help;match'= {
        }
        &'outbox;sub;help;secret'= {
        }
        &'outbox;sub;help;backfill'= {
        }
        &'outbox;sub;help;help'= {
        }
        &'outbox;delivery'= {
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand create 'Create a delivery by hand (recording an event creates them for you)'
            cand get 'Show one delivery'
            cand list 'List deliveries, newest first'
            cand ready 'List deliveries a worker could claim now, oldest first'
            cand chain 'Show every attempt of the event and subscription behind a delivery'
            cand claim 'Claim the oldest ready delivery under a lease (or several with --batch)'
            cand complete 'Mark a claimed delivery as delivered'
            cand fail 'Mark a delivery as failed and queue the next attempt, up to --max-attempts'
            cand retry 'Queue the next attempt of a failed or canceled delivery'
            cand cancel 'Cancel a delivery that has not been delivered'
            cand renew 'Extend the lease of a claimed delivery'
            cand release 'Give a claimed delivery back to the queue'
            cand sweep 'Put deliveries whose lease expired back in the queue (run it from cron)'
            cand redrive 'Send dead letters again: one more attempt each, past maxAttempts'
            cand bulk 'Redrive, replay or cancel every delivery `delivery list` lists with the same filters (every page), or the ids given, in one transaction'
            cand replay 'Send finished chains of events recorded in a window again (after an outage); chains already queued or claimed are skipped'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'outbox;delivery;create'= {
            cand --event 'The event delivered (required)'
            cand --sub 'The subscription it is delivered for (required)'
            cand --client 'The client it goes to'
            cand --transport 'How it goes (default poll)'
            cand --endpoint 'Where it goes (a URL for webhooks)'
            cand --attempt 'Attempt number (default 1); part of the derived id'
            cand --status 'Its status (default queued)'
            cand --delay 'Due this long from now (90, 30s, 5m, 2h; at most 30d)'
            cand --next-attempt-at 'Due at this time, unix seconds; wins over --delay'
            cand --meta 'Details merged into the delivery''s meta, a JSON object (text, @FILE or - for stdin)'
            cand --id 'Use this id instead of one derived from event, subscription and attempt'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;delivery;get'= {
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;delivery;list'= {
            cand --event 'Only deliveries of this event'
            cand --sub 'Only deliveries for this subscription'
            cand --client 'Only deliveries to this client'
            cand --transport 'Only deliveries over this transport'
            cand --status 'Only deliveries in this status'
            cand --type 'Only deliveries of events of this type (a type of at most 10,000 events is found through them; a commoner one is read newest first until the page is full, which --since bounds)'
            cand --subject 'Only deliveries of events about this subject'
            cand --since 'Only what was recorded (events) or created (deliveries) at or after this time: unix seconds, RFC 3339 (2026-11-29T18:00:00Z), `2026-11-29 18:00` (UTC), or a duration ago (2h, 7d)'
            cand --until 'Only what was recorded or created before this time (same forms as --since)'
            cand --limit 'At most this many (1-500, default 100)'
            cand --before 'The rows after this one (the last id of the page you have, or a unique prefix of it), in the list''s order'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --dead 'Only dead letters: failed, with no attempt to come'
            cand --waiting 'Only deliveries of ordered subscriptions held behind an earlier one of their subject, each with the delivery it waits for (`waitingFor`)'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;delivery;ready'= {
            cand --event 'Only deliveries of this event'
            cand --sub 'Only deliveries for this subscription'
            cand --client 'Only deliveries to this client'
            cand --transport 'Only deliveries over this transport'
            cand --limit 'At most this many (1-500, default 100)'
            cand --before 'The rows after this one (the last id of the page you have, or a unique prefix of it), in the list''s order'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;delivery;chain'= {
            cand --limit 'At most this many (1-500, default 100)'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;delivery;claim'= {
            cand --event 'Only deliveries of this event'
            cand --sub 'Only deliveries for this subscription'
            cand --client 'Only deliveries to this client'
            cand --transport 'Only deliveries over this transport'
            cand --worker 'Who claims; only this worker may then complete, fail or release it'
            cand --lease 'Lease length (60, 5m, 1h; 1s-24h, default 5m); after it the delivery may be claimed again'
            cand --batch 'Claim up to N deliveries at once (1-500)'
            cand --wait 'Wait up to this long (30s, 5m) for a delivery to become ready, polling; then exit 1 as without it'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --with-event 'Add each claimed delivery''s event (payload included) to the answer: `event` (with --batch, `events`, in the same order)'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;delivery;complete'= {
            cand --worker 'Refuse unless this worker holds the claim'
            cand --delivered-at 'Delivery time, unix seconds (default: now)'
            cand --error 'Leave a note in lastError'
            cand --meta 'Details merged into the delivery''s meta, a JSON object (text, @FILE or - for stdin)'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;delivery;fail'= {
            cand --worker 'Refuse unless this worker holds the claim'
            cand --error 'What went wrong; kept in lastError'
            cand --max-attempts 'Queue no attempt beyond this number (1-100, default 3)'
            cand --delay 'Due this long from now (90, 30s, 5m, 2h; at most 30d)'
            cand --next-attempt-at 'Due at this time, unix seconds; wins over --delay'
            cand --meta 'Details merged into the delivery''s meta, a JSON object (text, @FILE or - for stdin)'
            cand --retry-meta 'Details for the next attempt''s meta, a JSON object'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --no-retry 'Fail for good: queue no further attempt'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;delivery;retry'= {
            cand --client 'Send the next attempt to this client instead'
            cand --transport 'Send the next attempt over this transport instead'
            cand --endpoint 'Send the next attempt to this endpoint instead'
            cand --attempt 'Attempt number (default: the failed one''s plus one)'
            cand --delay 'Due this long from now (90, 30s, 5m, 2h; at most 30d)'
            cand --next-attempt-at 'Due at this time, unix seconds; wins over --delay'
            cand --meta 'Details merged into the delivery''s meta, a JSON object (text, @FILE or - for stdin)'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;delivery;cancel'= {
            cand --worker 'Refuse unless this worker holds the claim'
            cand --reason 'Why; kept in lastError'
            cand --meta 'Details merged into the delivery''s meta, a JSON object (text, @FILE or - for stdin)'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;delivery;renew'= {
            cand --worker 'Refuse unless this worker holds the claim'
            cand --lease 'New lease length from now (60, 5m, 1h; 1s-24h, default 5m)'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;delivery;release'= {
            cand --worker 'Refuse unless this worker holds the claim'
            cand --error 'Why; kept in lastError'
            cand --delay 'Due this long from now (90, 30s, 5m, 2h; at most 30d)'
            cand --next-attempt-at 'Due at this time, unix seconds; wins over --delay'
            cand --meta 'Details merged into the delivery''s meta, a JSON object (text, @FILE or - for stdin)'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;delivery;sweep'= {
            cand --event 'Only deliveries of this event'
            cand --sub 'Only deliveries for this subscription'
            cand --client 'Only deliveries to this client'
            cand --transport 'Only deliveries over this transport'
            cand --limit 'At most this many (1-500, default 100)'
            cand --error 'Note to leave in lastError (default: keep the last one; with --as-failure, "lease expired")'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --as-failure 'Fail each expired lease through its subscription''s retry policy instead of queueing the same attempt again, so a delivery that crashes its worker every time ends dead'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;delivery;redrive'= {
            cand --client 'With --all: only deliveries to this client'
            cand --sub 'With --all: only deliveries for this subscription'
            cand --type 'With --all: only deliveries of events of this type'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --all 'Every dead letter (narrowed by --client, --sub, --type)'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;delivery;bulk'= {
            cand --event 'Only deliveries of this event'
            cand --sub 'Only deliveries for this subscription'
            cand --client 'Only deliveries to this client'
            cand --transport 'Only deliveries over this transport'
            cand --status 'Only deliveries in this status'
            cand --type 'Only deliveries of events of this type (a type of at most 10,000 events is found through them; a commoner one is read newest first until the page is full, which --since bounds)'
            cand --subject 'Only deliveries of events about this subject'
            cand --since 'Only what was recorded (events) or created (deliveries) at or after this time: unix seconds, RFC 3339 (2026-11-29T18:00:00Z), `2026-11-29 18:00` (UTC), or a duration ago (2h, 7d)'
            cand --until 'Only what was recorded or created before this time (same forms as --since)'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --dead 'Only dead letters: failed, with no attempt to come'
            cand --waiting 'Only deliveries of ordered subscriptions held behind an earlier one of their subject, each with the delivery it waits for (`waitingFor`)'
            cand --all 'Every delivery: no filter narrows them'
            cand --dry-run 'Count and show what would be done; write nothing'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;delivery;replay'= {
            cand --since 'Only what was recorded (events) or created (deliveries) at or after this time: unix seconds, RFC 3339 (2026-11-29T18:00:00Z), `2026-11-29 18:00` (UTC), or a duration ago (2h, 7d)'
            cand --until 'Only what was recorded or created before this time (same forms as --since)'
            cand --status 'Latest attempts in these states only (comma-separated; default all three: delivered, failed, canceled)'
            cand --client 'Only deliveries to this client'
            cand --sub 'Only deliveries for this subscription'
            cand --type 'Only events of this type'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --dry-run 'Show the latest attempts that would be replayed; write nothing'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;delivery;help'= {
            cand create 'Create a delivery by hand (recording an event creates them for you)'
            cand get 'Show one delivery'
            cand list 'List deliveries, newest first'
            cand ready 'List deliveries a worker could claim now, oldest first'
            cand chain 'Show every attempt of the event and subscription behind a delivery'
            cand claim 'Claim the oldest ready delivery under a lease (or several with --batch)'
            cand complete 'Mark a claimed delivery as delivered'
            cand fail 'Mark a delivery as failed and queue the next attempt, up to --max-attempts'
            cand retry 'Queue the next attempt of a failed or canceled delivery'
            cand cancel 'Cancel a delivery that has not been delivered'
            cand renew 'Extend the lease of a claimed delivery'
            cand release 'Give a claimed delivery back to the queue'
            cand sweep 'Put deliveries whose lease expired back in the queue (run it from cron)'
            cand redrive 'Send dead letters again: one more attempt each, past maxAttempts'
            cand bulk 'Redrive, replay or cancel every delivery `delivery list` lists with the same filters (every page), or the ids given, in one transaction'
            cand replay 'Send finished chains of events recorded in a window again (after an outage); chains already queued or claimed are skipped'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'outbox;delivery;help;create'= {
        }
        &'outbox;delivery;help;get'= {
        }
        &'outbox;delivery;help;list'= {
        }
        &'outbox;delivery;help;ready'= {
        }
        &'outbox;delivery;help;chain'= {
        }
        &'outbox;delivery;help;claim'= {
        }
        &'outbox;delivery;help;complete'= {
        }
        &'outbox;delivery;help;fail'= {
        }
        &'outbox;delivery;help;retry'= {
        }
        &'outbox;delivery;help;cancel'= {
        }
        &'outbox;delivery;help;renew'= {
        }
        &'outbox;delivery;help;release'= {
        }
        &'outbox;delivery;help;sweep'= {
        }
        &'outbox;delivery;help;redrive'= {
        }
        &'outbox;delivery;help;bulk'= {
        }
        &'outbox;delivery;help;replay'= {
        }
        &'outbox;delivery;help;help'= {
        }
        &'outbox;stats'= {
            cand --event 'Only deliveries of this event'
            cand --sub 'Only deliveries for this subscription'
            cand --client 'Only deliveries to this client'
            cand --transport 'Only deliveries over this transport'
            cand --status 'Count only deliveries in this status'
            cand --format '`prometheus`: the counts, the dead letters and the age of the oldest ready delivery in the Prometheus text format (for node_exporter''s textfile collector)'
            cand --watch 'Redraw the stats every DURATION (default 2s) with the rates since the last redraw and the ready count over the last minutes, until Ctrl-C'
            cand --history 'Attempts finished (delivered, failed) over the last DURATION (1h, 24h), a minute each up to 6h and a quarter of an hour beyond. Read from the ledger: attempts created up to an hour before the window count, and what `prune` deleted is gone'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --recount 'Count every delivery again before answering: the SQLite file keeps its counts as outbox writes, so a change made by hand (sqlite3, a script) shows only after this'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;prune'= {
            cand --older-than 'Delete what finished longer ago than this (30s, 12h, 7d, 1h30m, or seconds)'
            cand --batch-size 'Rows deleted per transaction: workers wait at most for one batch'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --dry-run 'Count what would be deleted; delete nothing'
            cand --keep-dead 'Keep dead chains (failed, no attempt to come) for inspection and redrive'
            cand --vacuum 'Vacuum afterwards: SQLite gives the freed space back to the file system (VACUUM, which holds the write lock while it rewrites the file); PostgreSQL runs VACUUM (ANALYZE) on outbox''s tables now'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;work'= {
            cand --event 'Only deliveries of this event'
            cand --sub 'Only deliveries for this subscription'
            cand --client 'Only deliveries to this client'
            cand --transport 'Only deliveries over this transport'
            cand --type 'Only deliveries of events of this type'
            cand --worker 'The worker''s name on its claims (default: HOSTNAME-PID)'
            cand --lease 'Lease of each claim, renewed every third of it while the work runs'
            cand --concurrency 'Deliveries worked on at once'
            cand --timeout 'Longest a handler may run (default 5m; it is killed) or a send may take (default 15s); either way the delivery fails and is retried'
            cand --poll-max 'Longest pause between polls while nothing is ready'
            cand --grace 'After SIGTERM or SIGINT, how long running work may finish before it is killed and its deliveries are released'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --once 'One round of claims (up to --concurrency), then exit'
            cand --drain 'Work until nothing is ready, then exit (for cron)'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;relay'= {
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand schema 'Print the DDL of the application''s outbox table, for migrations of its own'
            cand init 'Create the outbox table (and its rejected table; on PostgreSQL, the trigger that wakes the relay) in the application''s database; run again, it changes nothing'
            cand run 'Move the rows of the application''s outbox table into this outbox as events, oldest first, deleting each once its event is recorded'
            cand status 'How many rows wait, how long the oldest has waited, how many were rejected, and whether a relay holds the table'
            cand rejected 'The rows the relay set aside (in the rejected table beside the application''s): list them, move mended ones back, or drop them'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'outbox;relay;schema'= {
            cand --dialect 'The application''s database: sqlite or postgres'
            cand --table 'The table''s name (schema-qualified on PostgreSQL: app.outbox)'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;relay;init'= {
            cand --from 'The application''s database: a SQLite file or a postgres:// URL (passwords as for --db: PGPASSWORD, ~/.pgpass)'
            cand --table 'The application''s outbox table (schema-qualified on PostgreSQL: app.outbox)'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --create 'Create the application''s SQLite file when there is none (without it, a missing file is refused: most likely a mistyped path)'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;relay;run'= {
            cand --from 'The application''s database: a SQLite file or a postgres:// URL (passwords as for --db: PGPASSWORD, ~/.pgpass)'
            cand --table 'The application''s outbox table (schema-qualified on PostgreSQL: app.outbox)'
            cand --batch-size 'Rows relayed per transaction while the relay keeps up'
            cand --max-batch-size 'The most rows of one transaction under a backlog (the first batch, and one after a full batch): up to this many, read and recorded as a stream'
            cand --poll-max 'Longest pause between looks at an idle table (wake-ups come sooner)'
            cand --source '`source` of rows that leave it empty (default: $OUTBOX_SOURCE, else `picux`)'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --once 'One batch, then exit'
            cand --drain 'Relay until the table is empty, then exit (for cron)'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;relay;status'= {
            cand --from 'The application''s database: a SQLite file or a postgres:// URL (passwords as for --db: PGPASSWORD, ~/.pgpass)'
            cand --table 'The application''s outbox table (schema-qualified on PostgreSQL: app.outbox)'
            cand --format '`prometheus`: the same as metrics in the Prometheus text format'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;relay;rejected'= {
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand list 'The rejected rows, oldest first, with why each was refused'
            cand retry 'Move rejected rows back into the application''s outbox table, as they are now (mend them first, e.g. with UPDATE), in one transaction; the relay takes them again'
            cand drop 'Delete rejected rows for good'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'outbox;relay;rejected;list'= {
            cand --from 'The application''s database: a SQLite file or a postgres:// URL (passwords as for --db: PGPASSWORD, ~/.pgpass)'
            cand --table 'The application''s outbox table (schema-qualified on PostgreSQL: app.outbox)'
            cand --limit 'At most this many (default 100)'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;relay;rejected;retry'= {
            cand --from 'The application''s database: a SQLite file or a postgres:// URL (passwords as for --db: PGPASSWORD, ~/.pgpass)'
            cand --table 'The application''s outbox table (schema-qualified on PostgreSQL: app.outbox)'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --all 'Every rejected row'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;relay;rejected;drop'= {
            cand --from 'The application''s database: a SQLite file or a postgres:// URL (passwords as for --db: PGPASSWORD, ~/.pgpass)'
            cand --table 'The application''s outbox table (schema-qualified on PostgreSQL: app.outbox)'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --all 'Every rejected row'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;relay;rejected;help'= {
            cand list 'The rejected rows, oldest first, with why each was refused'
            cand retry 'Move rejected rows back into the application''s outbox table, as they are now (mend them first, e.g. with UPDATE), in one transaction; the relay takes them again'
            cand drop 'Delete rejected rows for good'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'outbox;relay;rejected;help;list'= {
        }
        &'outbox;relay;rejected;help;retry'= {
        }
        &'outbox;relay;rejected;help;drop'= {
        }
        &'outbox;relay;rejected;help;help'= {
        }
        &'outbox;relay;help'= {
            cand schema 'Print the DDL of the application''s outbox table, for migrations of its own'
            cand init 'Create the outbox table (and its rejected table; on PostgreSQL, the trigger that wakes the relay) in the application''s database; run again, it changes nothing'
            cand run 'Move the rows of the application''s outbox table into this outbox as events, oldest first, deleting each once its event is recorded'
            cand status 'How many rows wait, how long the oldest has waited, how many were rejected, and whether a relay holds the table'
            cand rejected 'The rows the relay set aside (in the rejected table beside the application''s): list them, move mended ones back, or drop them'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'outbox;relay;help;schema'= {
        }
        &'outbox;relay;help;init'= {
        }
        &'outbox;relay;help;run'= {
        }
        &'outbox;relay;help;status'= {
        }
        &'outbox;relay;help;rejected'= {
            cand list 'The rejected rows, oldest first, with why each was refused'
            cand retry 'Move rejected rows back into the application''s outbox table, as they are now (mend them first, e.g. with UPDATE), in one transaction; the relay takes them again'
            cand drop 'Delete rejected rows for good'
        }
        &'outbox;relay;help;rejected;list'= {
        }
        &'outbox;relay;help;rejected;retry'= {
        }
        &'outbox;relay;help;rejected;drop'= {
        }
        &'outbox;relay;help;help'= {
        }
        &'outbox;export'= {
            cand -o 'Write to this file instead of stdout'
            cand --output 'Write to this file instead of stdout'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;import'= {
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;mcp'= {
            cand --http 'Serve Streamable HTTP at http://ADDR/mcp instead of stdio (e.g. 127.0.0.1:8765). Off loopback, a bearer token from OUTBOX_MCP_TOKEN is required'
            cand --allow-origin 'With --http: also take requests from browser pages of this origin (`https://agent.example.com`; repeatable). A request with any other Origin than the server''s own is refused (403)'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --read-only 'Serve only the tools that read: no claims, completions or records'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;serve'= {
            cand --listen 'The address to listen on. Beyond loopback, a token from OUTBOX_SERVE_TOKEN is required (`Authorization: Bearer TOKEN`)'
            cand --base-path 'Serve under this path (`/outbox`), as a reverse proxy forwards it'
            cand --relay-from 'The application''s database the relay reads (as `relay status --from`): its backlog at /api/v1/relay/status and in /metrics'
            cand --relay-table 'The application''s outbox table, with --relay-from'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --read-only 'Serve every read and refuse every write (403)'
            cand --hide-payloads 'Show event payloads on the dashboard only behind a click'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;completions'= {
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;man'= {
            cand --dir 'Write every page (outbox.1, outbox-work.1, ...) into this folder instead, e.g. /usr/local/share/man/man1'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;schema'= {
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand events 'The payload of each operational event (outbox.delivery.dead, ...) as a JSON Schema, by type; one type''s alone with --type'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'outbox;schema;events'= {
            cand --type 'One operational event type'
            cand --db 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL'
            cand --sync 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits'
            cand --max-payload 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes'
            cand --busy-timeout 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked'
            cand --color 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never'
            cand --json 'Print the result object as one line of JSON'
            cand -q 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand --quiet 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'outbox;schema;help'= {
            cand events 'The payload of each operational event (outbox.delivery.dead, ...) as a JSON Schema, by type; one type''s alone with --type'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'outbox;schema;help;events'= {
        }
        &'outbox;schema;help;help'= {
        }
        &'outbox;help'= {
            cand init 'Create the database (and its schema) before first use'
            cand event 'Record, read, list and ack events'
            cand sub 'Create and manage subscriptions: which clients want which events'
            cand delivery 'Claim, complete, fail, retry and inspect deliveries'
            cand stats 'Count deliveries by state, transport and client'
            cand prune 'Delete finished deliveries, dead chains and emptied events older than a cut-off'
            cand work 'Work deliveries: run a handler command for each, or send webhooks, A2A messages, MCP tool calls and broker messages'
            cand relay 'The transactional outbox: relay the rows an application writes to an outbox table of its own database, in its own transactions'
            cand export 'Write every subscription, event and delivery as NDJSON (to move an outbox)'
            cand import 'Read an export into this database, in one transaction'
            cand mcp 'Serve the outbox to agents as an MCP server (stdio, or Streamable HTTP with --http)'
            cand serve 'Serve the outbox over HTTP: a JSON API under /api/v1/ (its OpenAPI document at /api/v1/openapi.json) and Prometheus metrics at /metrics'
            cand completions 'Print a shell completion script'
            cand man 'Print a man page (outbox man, outbox man work), or write them all: outbox man --dir /usr/local/share/man/man1'
            cand schema 'The JSON Schemas of what outbox writes: the payloads of its operational events'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'outbox;help;init'= {
        }
        &'outbox;help;event'= {
            cand record 'Record an event and create a delivery for every matching subscription'
            cand get 'Show one event'
            cand list 'List events, newest first'
            cand ack 'Mark an event as acknowledged'
        }
        &'outbox;help;event;record'= {
        }
        &'outbox;help;event;get'= {
        }
        &'outbox;help;event;list'= {
        }
        &'outbox;help;event;ack'= {
        }
        &'outbox;help;sub'= {
            cand create 'Subscribe a client to event types'
            cand get 'Show one subscription'
            cand list 'List subscriptions, newest first'
            cand update 'Change a subscription; only the flags given change'
            cand pause 'Stop creating deliveries for a subscription'
            cand test 'Send one test event to the subscription''s endpoint now, through the sender outbox work uses, and show what it answered. Nothing is written to the ledger unless --record'
            cand delete 'Delete a subscription: no more deliveries for it. Its finished deliveries stay in the ledger (delivery get and chain still answer); its secrets, health and lanes go with it. Refused while it has deliveries queued or claimed, unless --cancel-pending'
            cand resume 'Start creating deliveries for a paused or disabled subscription again, and reset its health: breaker closed, failures forgotten'
            cand health 'Show each subscription''s endpoint health: breaker, failures, last success, rate and in-flight use, pauses (every subscription, the newest 500, or the one named)'
            cand match 'Show which subscriptions an event would reach; writes nothing'
            cand secret 'Show the subscription''s webhook signing secret (made on first use), set one, or rotate it. The secret never appears in `sub get`/`list`'
            cand backfill 'Create deliveries for past events this subscription takes now but never got (created or resumed late); running it again creates nothing'
        }
        &'outbox;help;sub;create'= {
        }
        &'outbox;help;sub;get'= {
        }
        &'outbox;help;sub;list'= {
        }
        &'outbox;help;sub;update'= {
        }
        &'outbox;help;sub;pause'= {
        }
        &'outbox;help;sub;test'= {
        }
        &'outbox;help;sub;delete'= {
        }
        &'outbox;help;sub;resume'= {
        }
        &'outbox;help;sub;health'= {
        }
        &'outbox;help;sub;match'= {
        }
        &'outbox;help;sub;secret'= {
        }
        &'outbox;help;sub;backfill'= {
        }
        &'outbox;help;delivery'= {
            cand create 'Create a delivery by hand (recording an event creates them for you)'
            cand get 'Show one delivery'
            cand list 'List deliveries, newest first'
            cand ready 'List deliveries a worker could claim now, oldest first'
            cand chain 'Show every attempt of the event and subscription behind a delivery'
            cand claim 'Claim the oldest ready delivery under a lease (or several with --batch)'
            cand complete 'Mark a claimed delivery as delivered'
            cand fail 'Mark a delivery as failed and queue the next attempt, up to --max-attempts'
            cand retry 'Queue the next attempt of a failed or canceled delivery'
            cand cancel 'Cancel a delivery that has not been delivered'
            cand renew 'Extend the lease of a claimed delivery'
            cand release 'Give a claimed delivery back to the queue'
            cand sweep 'Put deliveries whose lease expired back in the queue (run it from cron)'
            cand redrive 'Send dead letters again: one more attempt each, past maxAttempts'
            cand bulk 'Redrive, replay or cancel every delivery `delivery list` lists with the same filters (every page), or the ids given, in one transaction'
            cand replay 'Send finished chains of events recorded in a window again (after an outage); chains already queued or claimed are skipped'
        }
        &'outbox;help;delivery;create'= {
        }
        &'outbox;help;delivery;get'= {
        }
        &'outbox;help;delivery;list'= {
        }
        &'outbox;help;delivery;ready'= {
        }
        &'outbox;help;delivery;chain'= {
        }
        &'outbox;help;delivery;claim'= {
        }
        &'outbox;help;delivery;complete'= {
        }
        &'outbox;help;delivery;fail'= {
        }
        &'outbox;help;delivery;retry'= {
        }
        &'outbox;help;delivery;cancel'= {
        }
        &'outbox;help;delivery;renew'= {
        }
        &'outbox;help;delivery;release'= {
        }
        &'outbox;help;delivery;sweep'= {
        }
        &'outbox;help;delivery;redrive'= {
        }
        &'outbox;help;delivery;bulk'= {
        }
        &'outbox;help;delivery;replay'= {
        }
        &'outbox;help;stats'= {
        }
        &'outbox;help;prune'= {
        }
        &'outbox;help;work'= {
        }
        &'outbox;help;relay'= {
            cand schema 'Print the DDL of the application''s outbox table, for migrations of its own'
            cand init 'Create the outbox table (and its rejected table; on PostgreSQL, the trigger that wakes the relay) in the application''s database; run again, it changes nothing'
            cand run 'Move the rows of the application''s outbox table into this outbox as events, oldest first, deleting each once its event is recorded'
            cand status 'How many rows wait, how long the oldest has waited, how many were rejected, and whether a relay holds the table'
            cand rejected 'The rows the relay set aside (in the rejected table beside the application''s): list them, move mended ones back, or drop them'
        }
        &'outbox;help;relay;schema'= {
        }
        &'outbox;help;relay;init'= {
        }
        &'outbox;help;relay;run'= {
        }
        &'outbox;help;relay;status'= {
        }
        &'outbox;help;relay;rejected'= {
            cand list 'The rejected rows, oldest first, with why each was refused'
            cand retry 'Move rejected rows back into the application''s outbox table, as they are now (mend them first, e.g. with UPDATE), in one transaction; the relay takes them again'
            cand drop 'Delete rejected rows for good'
        }
        &'outbox;help;relay;rejected;list'= {
        }
        &'outbox;help;relay;rejected;retry'= {
        }
        &'outbox;help;relay;rejected;drop'= {
        }
        &'outbox;help;export'= {
        }
        &'outbox;help;import'= {
        }
        &'outbox;help;mcp'= {
        }
        &'outbox;help;serve'= {
        }
        &'outbox;help;completions'= {
        }
        &'outbox;help;man'= {
        }
        &'outbox;help;schema'= {
            cand events 'The payload of each operational event (outbox.delivery.dead, ...) as a JSON Schema, by type; one type''s alone with --type'
        }
        &'outbox;help;schema;events'= {
        }
        &'outbox;help;help'= {
        }
    ]
    $completions[$command]
}
