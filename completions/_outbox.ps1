
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'outbox' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'outbox'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'outbox' {
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Create the database (and its schema) before first use')
            [CompletionResult]::new('event', 'event', [CompletionResultType]::ParameterValue, 'Record, read, list and ack events')
            [CompletionResult]::new('sub', 'sub', [CompletionResultType]::ParameterValue, 'Create and manage subscriptions: which clients want which events')
            [CompletionResult]::new('delivery', 'delivery', [CompletionResultType]::ParameterValue, 'Claim, complete, fail, retry and inspect deliveries')
            [CompletionResult]::new('stats', 'stats', [CompletionResultType]::ParameterValue, 'Count deliveries by state, transport and client')
            [CompletionResult]::new('prune', 'prune', [CompletionResultType]::ParameterValue, 'Delete finished deliveries, dead chains and emptied events older than a cut-off')
            [CompletionResult]::new('work', 'work', [CompletionResultType]::ParameterValue, 'Work deliveries: run a handler command for each, or send webhooks, A2A messages, MCP tool calls and broker messages')
            [CompletionResult]::new('relay', 'relay', [CompletionResultType]::ParameterValue, 'The transactional outbox: relay the rows an application writes to an outbox table of its own database, in its own transactions')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Write every subscription, event and delivery as NDJSON (to move an outbox)')
            [CompletionResult]::new('import', 'import', [CompletionResultType]::ParameterValue, 'Read an export into this database, in one transaction')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Serve the outbox to agents as an MCP server (stdio, or Streamable HTTP with --http)')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the outbox over HTTP: a JSON API under /api/v1/ (its OpenAPI document at /api/v1/openapi.json) and Prometheus metrics at /metrics')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print a man page (outbox man, outbox man work), or write them all: outbox man --dir /usr/local/share/man/man1')
            [CompletionResult]::new('schema', 'schema', [CompletionResultType]::ParameterValue, 'The JSON Schemas of what outbox writes: the payloads of its operational events')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'outbox;init' {
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;event' {
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('record', 'record', [CompletionResultType]::ParameterValue, 'Record an event and create a delivery for every matching subscription')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one event')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List events, newest first')
            [CompletionResult]::new('ack', 'ack', [CompletionResultType]::ParameterValue, 'Mark an event as acknowledged')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'outbox;event;record' {
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'The event type, e.g. `order.created`')
            [CompletionResult]::new('--subject', '--subject', [CompletionResultType]::ParameterName, 'What the event is about, e.g. an order id')
            [CompletionResult]::new('--source', '--source', [CompletionResultType]::ParameterName, 'Who produced it (default: $OUTBOX_SOURCE, else `picux`)')
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'The client it is meant for; subscriptions with a target only match their own')
            [CompletionResult]::new('--payload', '--payload', [CompletionResultType]::ParameterName, 'The event body, a JSON object (text, @FILE or - for stdin)')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Initial status')
            [CompletionResult]::new('--id', '--id', [CompletionResultType]::ParameterName, 'Use this id instead of one derived from the content')
            [CompletionResult]::new('--created-at', '--created-at', [CompletionResultType]::ParameterName, 'Creation time, unix seconds (default: now); part of the derived id')
            [CompletionResult]::new('--batch', '--batch', [CompletionResultType]::ParameterName, 'Record one event per line of this NDJSON file (- for stdin), all in one transaction')
            [CompletionResult]::new('--traceparent', '--traceparent', [CompletionResultType]::ParameterName, 'W3C trace context of the request that records it (00-<trace id>-<span id>-<flags>): kept with the event, and carried on by every sender to the receiver, as the parent of outbox''s own span')
            [CompletionResult]::new('--tracestate', '--tracestate', [CompletionResultType]::ParameterName, 'The `tracestate` that goes with --traceparent')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--allow-reserved', '--allow-reserved', [CompletionResultType]::ParameterName, 'Let types starting with `outbox.` through: they are outbox''s own operational events (outbox.delivery.dead, ...), refused otherwise (invalid:reservedType). For tests of what takes them')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;event;get' {
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;event;list' {
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'Only events of this type')
            [CompletionResult]::new('--source', '--source', [CompletionResultType]::ParameterName, 'Only events from this source')
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'Only events for this target')
            [CompletionResult]::new('--subject', '--subject', [CompletionResultType]::ParameterName, 'Only events about this subject')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Only events in this status')
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'Only what was recorded (events) or created (deliveries) at or after this time: unix seconds, RFC 3339 (2026-11-29T18:00:00Z), `2026-11-29 18:00` (UTC), or a duration ago (2h, 7d)')
            [CompletionResult]::new('--until', '--until', [CompletionResultType]::ParameterName, 'Only what was recorded or created before this time (same forms as --since)')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'At most this many (1-500, default 100)')
            [CompletionResult]::new('--before', '--before', [CompletionResultType]::ParameterName, 'The rows after this one (the last id of the page you have, or a unique prefix of it), in the list''s order')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;event;ack' {
            [CompletionResult]::new('--ack', '--ack', [CompletionResultType]::ParameterName, 'Acknowledgement details, a JSON object (text, @FILE or - for stdin)')
            [CompletionResult]::new('--ack-at', '--ack-at', [CompletionResultType]::ParameterName, 'When it was acknowledged, unix seconds (default: now)')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;event;help' {
            [CompletionResult]::new('record', 'record', [CompletionResultType]::ParameterValue, 'Record an event and create a delivery for every matching subscription')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one event')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List events, newest first')
            [CompletionResult]::new('ack', 'ack', [CompletionResultType]::ParameterValue, 'Mark an event as acknowledged')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'outbox;event;help;record' {
            break
        }
        'outbox;event;help;get' {
            break
        }
        'outbox;event;help;list' {
            break
        }
        'outbox;event;help;ack' {
            break
        }
        'outbox;event;help;help' {
            break
        }
        'outbox;sub' {
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Subscribe a client to event types')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one subscription')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List subscriptions, newest first')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change a subscription; only the flags given change')
            [CompletionResult]::new('pause', 'pause', [CompletionResultType]::ParameterValue, 'Stop creating deliveries for a subscription')
            [CompletionResult]::new('test', 'test', [CompletionResultType]::ParameterValue, 'Send one test event to the subscription''s endpoint now, through the sender outbox work uses, and show what it answered. Nothing is written to the ledger unless --record')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete a subscription: no more deliveries for it. Its finished deliveries stay in the ledger (delivery get and chain still answer); its secrets, health and lanes go with it. Refused while it has deliveries queued or claimed, unless --cancel-pending')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Start creating deliveries for a paused or disabled subscription again, and reset its health: breaker closed, failures forgotten')
            [CompletionResult]::new('health', 'health', [CompletionResultType]::ParameterValue, 'Show each subscription''s endpoint health: breaker, failures, last success, rate and in-flight use, pauses (every subscription, the newest 500, or the one named)')
            [CompletionResult]::new('match', 'match', [CompletionResultType]::ParameterValue, 'Show which subscriptions an event would reach; writes nothing')
            [CompletionResult]::new('secret', 'secret', [CompletionResultType]::ParameterValue, 'Show the subscription''s webhook signing secret (made on first use), set one, or rotate it. The secret never appears in `sub get`/`list`')
            [CompletionResult]::new('backfill', 'backfill', [CompletionResultType]::ParameterValue, 'Create deliveries for past events this subscription takes now but never got (created or resumed late); running it again creates nothing')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'outbox;sub;create' {
            [CompletionResult]::new('--client', '--client', [CompletionResultType]::ParameterName, 'The client that receives the deliveries')
            [CompletionResult]::new('--types', '--types', [CompletionResultType]::ParameterName, 'Event types, comma-separated or repeated; `*` means every type')
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'Only events with this target match (default: the client id)')
            [CompletionResult]::new('--transport', '--transport', [CompletionResultType]::ParameterName, 'How the client takes deliveries: poll (it claims them), webhook, a2a, mcp, or a message broker (nats, amqp, mqtt, redis), which `outbox work` sends')
            [CompletionResult]::new('--endpoint', '--endpoint', [CompletionResultType]::ParameterName, 'Where deliveries go: an http(s):// URL for webhook, a2a and mcp; for a broker, nats://HOST/SUBJECT, amqp://HOST/VHOST?exchange=EX&routing_key=KEY, mqtt://HOST/TOPIC[?qos=0|1|2&version=3.1.1] or redis://HOST/DB?stream=NAME[&maxlen=N] (tls://, amqps://, mqtts://, rediss:// for TLS; ?envelope=structured for a whole CloudEvent as the body). The name may hold {type}, {subject}, {source}, {target} and {client}, filled per event')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'active (default), paused (no deliveries for new events) or disabled')
            [CompletionResult]::new('--filter', '--filter', [CompletionResultType]::ParameterName, 'Only events with this `source` or `subject`, as KEY=VALUE; repeatable')
            [CompletionResult]::new('--meta', '--meta', [CompletionResultType]::ParameterName, 'Free-form details, a JSON object (text, @FILE or - for stdin)')
            [CompletionResult]::new('--retry-schedule', '--retry-schedule', [CompletionResultType]::ParameterName, 'Delays before attempts 2, 3, ... as durations (5s,5m,30m,2h); the last one repeats. `none` removes the retry policy')
            [CompletionResult]::new('--retry-jitter', '--retry-jitter', [CompletionResultType]::ParameterName, 'Move each retry delay by a random amount within ±PCT (e.g. 20%)')
            [CompletionResult]::new('--max-attempts', '--max-attempts', [CompletionResultType]::ParameterName, 'Attempts a delivery gets before it is dead (1-100; default 3)')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'A header every webhook request carries, `Name: value` (repeatable; `Name:` removes it). Values of names that look secret (Authorization, *-Key, *-Token) are shown as ***')
            [CompletionResult]::new('--mcp-tool', '--mcp-tool', [CompletionResultType]::ParameterName, 'The tool an `mcp` subscription''s deliveries call on its server (`tools/call`), kept in `meta.mcp`')
            [CompletionResult]::new('--mcp-arguments', '--mcp-arguments', [CompletionResultType]::ParameterName, 'The tool''s arguments: `event` (default), `{"event": BODY}` with the body a webhook posts; or `payload`, the event''s payload itself')
            [CompletionResult]::new('--envelope', '--envelope', [CompletionResultType]::ParameterName, 'What a webhook''s body is: `standard-webhooks` (default), or a CloudEvent: `cloudevents` (binary mode: the payload as the body, the attributes as ce- headers) or `cloudevents-structured` (the whole event as the body); signed either way. Kept in `meta.envelope`. A broker endpoint says ?envelope=structured instead')
            [CompletionResult]::new('--ordered-by', '--ordered-by', [CompletionResultType]::ParameterName, '`subject`: hand out each subject''s deliveries one at a time, in the order their events were recorded; `none` lifts it')
            [CompletionResult]::new('--on-dead', '--on-dead', [CompletionResultType]::ParameterName, 'In an ordered subscription, what a dead letter does to its subject: `block` (default: the subject waits until it is redriven or canceled) or `skip` (the next event goes ahead)')
            [CompletionResult]::new('--announce-retries', '--announce-retries', [CompletionResultType]::ParameterName, 'Record `outbox.delivery.retrying` each time one of this subscription''s attempts fails and a retry is queued (for a subscription of `outbox.*` types to take; `false` stops it). Dead letters (`outbox.delivery.dead`) are announced without it')
            [CompletionResult]::new('--rate', '--rate', [CompletionResultType]::ParameterName, 'At most N deliveries sent (or handed to a handler) a second, minute or hour, across every worker: N/s, N/m or N/h; `none` lifts it')
            [CompletionResult]::new('--max-in-flight', '--max-in-flight', [CompletionResultType]::ParameterName, 'At most N deliveries claimed at once, across every worker; `none` lifts it')
            [CompletionResult]::new('--breaker', '--breaker', [CompletionResultType]::ParameterName, 'Stop sending for a cool-down (--breaker-cooldown, doubling to --breaker-max-cooldown) after N failed attempts in a row, then probe with one; `off`. Default 5 for every transport outbox sends; off for poll')
            [CompletionResult]::new('--breaker-cooldown', '--breaker-cooldown', [CompletionResultType]::ParameterName, 'How long the breaker stays open after its first trip (default 1m); each trip in a row doubles it')
            [CompletionResult]::new('--breaker-max-cooldown', '--breaker-max-cooldown', [CompletionResultType]::ParameterName, 'Where the doubling of the breaker''s cool-down stops (default 1h)')
            [CompletionResult]::new('--disable-after', '--disable-after', [CompletionResultType]::ParameterName, 'Disable the subscription once every attempt has failed this long with no success (5d, 12h); `never`. Default 5d for every transport outbox sends; never for poll')
            [CompletionResult]::new('--id', '--id', [CompletionResultType]::ParameterName, 'Use this id instead of one derived from the content')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--any-target', '--any-target', [CompletionResultType]::ParameterName, 'Match events whatever their target')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;sub;get' {
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;sub;list' {
            [CompletionResult]::new('--client', '--client', [CompletionResultType]::ParameterName, 'Only this client''s subscriptions')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'Subscriptions to this type (including `*` ones)')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Only subscriptions in this status')
            [CompletionResult]::new('--transport', '--transport', [CompletionResultType]::ParameterName, 'Only subscriptions over this transport')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'At most this many (1-500, default 100)')
            [CompletionResult]::new('--before', '--before', [CompletionResultType]::ParameterName, 'The rows after this one (the last id of the page you have, or a unique prefix of it), in the list''s order')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;sub;update' {
            [CompletionResult]::new('--client', '--client', [CompletionResultType]::ParameterName, 'The client that receives the deliveries')
            [CompletionResult]::new('--types', '--types', [CompletionResultType]::ParameterName, 'Event types, comma-separated or repeated; `*` means every type')
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'Only events with this target match (default: the client id)')
            [CompletionResult]::new('--transport', '--transport', [CompletionResultType]::ParameterName, 'How the client takes deliveries: poll (it claims them), webhook, a2a, mcp, or a message broker (nats, amqp, mqtt, redis), which `outbox work` sends')
            [CompletionResult]::new('--endpoint', '--endpoint', [CompletionResultType]::ParameterName, 'Where deliveries go: an http(s):// URL for webhook, a2a and mcp; for a broker, nats://HOST/SUBJECT, amqp://HOST/VHOST?exchange=EX&routing_key=KEY, mqtt://HOST/TOPIC[?qos=0|1|2&version=3.1.1] or redis://HOST/DB?stream=NAME[&maxlen=N] (tls://, amqps://, mqtts://, rediss:// for TLS; ?envelope=structured for a whole CloudEvent as the body). The name may hold {type}, {subject}, {source}, {target} and {client}, filled per event')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'active (default), paused (no deliveries for new events) or disabled')
            [CompletionResult]::new('--filter', '--filter', [CompletionResultType]::ParameterName, 'Only events with this `source` or `subject`, as KEY=VALUE; repeatable')
            [CompletionResult]::new('--meta', '--meta', [CompletionResultType]::ParameterName, 'Free-form details, a JSON object (text, @FILE or - for stdin)')
            [CompletionResult]::new('--retry-schedule', '--retry-schedule', [CompletionResultType]::ParameterName, 'Delays before attempts 2, 3, ... as durations (5s,5m,30m,2h); the last one repeats. `none` removes the retry policy')
            [CompletionResult]::new('--retry-jitter', '--retry-jitter', [CompletionResultType]::ParameterName, 'Move each retry delay by a random amount within ±PCT (e.g. 20%)')
            [CompletionResult]::new('--max-attempts', '--max-attempts', [CompletionResultType]::ParameterName, 'Attempts a delivery gets before it is dead (1-100; default 3)')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'A header every webhook request carries, `Name: value` (repeatable; `Name:` removes it). Values of names that look secret (Authorization, *-Key, *-Token) are shown as ***')
            [CompletionResult]::new('--mcp-tool', '--mcp-tool', [CompletionResultType]::ParameterName, 'The tool an `mcp` subscription''s deliveries call on its server (`tools/call`), kept in `meta.mcp`')
            [CompletionResult]::new('--mcp-arguments', '--mcp-arguments', [CompletionResultType]::ParameterName, 'The tool''s arguments: `event` (default), `{"event": BODY}` with the body a webhook posts; or `payload`, the event''s payload itself')
            [CompletionResult]::new('--envelope', '--envelope', [CompletionResultType]::ParameterName, 'What a webhook''s body is: `standard-webhooks` (default), or a CloudEvent: `cloudevents` (binary mode: the payload as the body, the attributes as ce- headers) or `cloudevents-structured` (the whole event as the body); signed either way. Kept in `meta.envelope`. A broker endpoint says ?envelope=structured instead')
            [CompletionResult]::new('--ordered-by', '--ordered-by', [CompletionResultType]::ParameterName, '`subject`: hand out each subject''s deliveries one at a time, in the order their events were recorded; `none` lifts it')
            [CompletionResult]::new('--on-dead', '--on-dead', [CompletionResultType]::ParameterName, 'In an ordered subscription, what a dead letter does to its subject: `block` (default: the subject waits until it is redriven or canceled) or `skip` (the next event goes ahead)')
            [CompletionResult]::new('--announce-retries', '--announce-retries', [CompletionResultType]::ParameterName, 'Record `outbox.delivery.retrying` each time one of this subscription''s attempts fails and a retry is queued (for a subscription of `outbox.*` types to take; `false` stops it). Dead letters (`outbox.delivery.dead`) are announced without it')
            [CompletionResult]::new('--rate', '--rate', [CompletionResultType]::ParameterName, 'At most N deliveries sent (or handed to a handler) a second, minute or hour, across every worker: N/s, N/m or N/h; `none` lifts it')
            [CompletionResult]::new('--max-in-flight', '--max-in-flight', [CompletionResultType]::ParameterName, 'At most N deliveries claimed at once, across every worker; `none` lifts it')
            [CompletionResult]::new('--breaker', '--breaker', [CompletionResultType]::ParameterName, 'Stop sending for a cool-down (--breaker-cooldown, doubling to --breaker-max-cooldown) after N failed attempts in a row, then probe with one; `off`. Default 5 for every transport outbox sends; off for poll')
            [CompletionResult]::new('--breaker-cooldown', '--breaker-cooldown', [CompletionResultType]::ParameterName, 'How long the breaker stays open after its first trip (default 1m); each trip in a row doubles it')
            [CompletionResult]::new('--breaker-max-cooldown', '--breaker-max-cooldown', [CompletionResultType]::ParameterName, 'Where the doubling of the breaker''s cool-down stops (default 1h)')
            [CompletionResult]::new('--disable-after', '--disable-after', [CompletionResultType]::ParameterName, 'Disable the subscription once every attempt has failed this long with no success (5d, 12h); `never`. Default 5d for every transport outbox sends; never for poll')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--any-target', '--any-target', [CompletionResultType]::ParameterName, 'Match events whatever their target')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;sub;pause' {
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;sub;test' {
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'The event''s type (default: the subscription''s first type, a `*` in it read as `test`)')
            [CompletionResult]::new('--subject', '--subject', [CompletionResultType]::ParameterName, 'The event''s subject (default: none)')
            [CompletionResult]::new('--payload', '--payload', [CompletionResultType]::ParameterName, 'The event''s payload, a JSON object (text, @FILE or - for stdin; default {})')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'How long to wait for the endpoint''s answer')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--record', '--record', [CompletionResultType]::ParameterName, 'Record the event, for this subscription alone, and its delivery as delivered or failed (retried by the policy as any other)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;sub;delete' {
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--cancel-pending', '--cancel-pending', [CompletionResultType]::ParameterName, 'Cancel its queued and claimed deliveries, as delivery cancel would, in the same transaction')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;sub;resume' {
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;sub;health' {
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;sub;match' {
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'The event''s type')
            [CompletionResult]::new('--source', '--source', [CompletionResultType]::ParameterName, 'The event''s source')
            [CompletionResult]::new('--subject', '--subject', [CompletionResultType]::ParameterName, 'The event''s subject')
            [CompletionResult]::new('--target', '--target', [CompletionResultType]::ParameterName, 'The event''s target (none by default: only --any-target subscriptions take an event without one)')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--explain', '--explain', [CompletionResultType]::ParameterName, 'Also list every subscription of the type and why each that does not match does not (paused, target, source or subject filter)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;sub;secret' {
            [CompletionResult]::new('--set', '--set', [CompletionResultType]::ParameterName, 'Use this secret (`whsec_` + base64 of at least 24 bytes) instead')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--rotate', '--rotate', [CompletionResultType]::ParameterName, 'Add a new secret; deliveries are signed with the old one too until --expire-old, so receivers can switch at their pace')
            [CompletionResult]::new('--expire-old', '--expire-old', [CompletionResultType]::ParameterName, 'Keep only the newest secret')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;sub;backfill' {
            [CompletionResult]::new('--client', '--client', [CompletionResultType]::ParameterName, 'Every active subscription of this client instead')
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'Only what was recorded (events) or created (deliveries) at or after this time: unix seconds, RFC 3339 (2026-11-29T18:00:00Z), `2026-11-29 18:00` (UTC), or a duration ago (2h, 7d)')
            [CompletionResult]::new('--until', '--until', [CompletionResultType]::ParameterName, 'Only what was recorded or created before this time (same forms as --since)')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Show what would be created; write nothing')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;sub;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Subscribe a client to event types')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one subscription')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List subscriptions, newest first')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change a subscription; only the flags given change')
            [CompletionResult]::new('pause', 'pause', [CompletionResultType]::ParameterValue, 'Stop creating deliveries for a subscription')
            [CompletionResult]::new('test', 'test', [CompletionResultType]::ParameterValue, 'Send one test event to the subscription''s endpoint now, through the sender outbox work uses, and show what it answered. Nothing is written to the ledger unless --record')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete a subscription: no more deliveries for it. Its finished deliveries stay in the ledger (delivery get and chain still answer); its secrets, health and lanes go with it. Refused while it has deliveries queued or claimed, unless --cancel-pending')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Start creating deliveries for a paused or disabled subscription again, and reset its health: breaker closed, failures forgotten')
            [CompletionResult]::new('health', 'health', [CompletionResultType]::ParameterValue, 'Show each subscription''s endpoint health: breaker, failures, last success, rate and in-flight use, pauses (every subscription, the newest 500, or the one named)')
            [CompletionResult]::new('match', 'match', [CompletionResultType]::ParameterValue, 'Show which subscriptions an event would reach; writes nothing')
            [CompletionResult]::new('secret', 'secret', [CompletionResultType]::ParameterValue, 'Show the subscription''s webhook signing secret (made on first use), set one, or rotate it. The secret never appears in `sub get`/`list`')
            [CompletionResult]::new('backfill', 'backfill', [CompletionResultType]::ParameterValue, 'Create deliveries for past events this subscription takes now but never got (created or resumed late); running it again creates nothing')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'outbox;sub;help;create' {
            break
        }
        'outbox;sub;help;get' {
            break
        }
        'outbox;sub;help;list' {
            break
        }
        'outbox;sub;help;update' {
            break
        }
        'outbox;sub;help;pause' {
            break
        }
        'outbox;sub;help;test' {
            break
        }
        'outbox;sub;help;delete' {
            break
        }
        'outbox;sub;help;resume' {
            break
        }
        'outbox;sub;help;health' {
            break
        }
        'outbox;sub;help;match' {
            break
        }
        'outbox;sub;help;secret' {
            break
        }
        'outbox;sub;help;backfill' {
            break
        }
        'outbox;sub;help;help' {
            break
        }
        'outbox;delivery' {
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a delivery by hand (recording an event creates them for you)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one delivery')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List deliveries, newest first')
            [CompletionResult]::new('ready', 'ready', [CompletionResultType]::ParameterValue, 'List deliveries a worker could claim now, oldest first')
            [CompletionResult]::new('chain', 'chain', [CompletionResultType]::ParameterValue, 'Show every attempt of the event and subscription behind a delivery')
            [CompletionResult]::new('claim', 'claim', [CompletionResultType]::ParameterValue, 'Claim the oldest ready delivery under a lease (or several with --batch)')
            [CompletionResult]::new('complete', 'complete', [CompletionResultType]::ParameterValue, 'Mark a claimed delivery as delivered')
            [CompletionResult]::new('fail', 'fail', [CompletionResultType]::ParameterValue, 'Mark a delivery as failed and queue the next attempt, up to --max-attempts')
            [CompletionResult]::new('retry', 'retry', [CompletionResultType]::ParameterValue, 'Queue the next attempt of a failed or canceled delivery')
            [CompletionResult]::new('cancel', 'cancel', [CompletionResultType]::ParameterValue, 'Cancel a delivery that has not been delivered')
            [CompletionResult]::new('renew', 'renew', [CompletionResultType]::ParameterValue, 'Extend the lease of a claimed delivery')
            [CompletionResult]::new('release', 'release', [CompletionResultType]::ParameterValue, 'Give a claimed delivery back to the queue')
            [CompletionResult]::new('sweep', 'sweep', [CompletionResultType]::ParameterValue, 'Put deliveries whose lease expired back in the queue (run it from cron)')
            [CompletionResult]::new('redrive', 'redrive', [CompletionResultType]::ParameterValue, 'Send dead letters again: one more attempt each, past maxAttempts')
            [CompletionResult]::new('bulk', 'bulk', [CompletionResultType]::ParameterValue, 'Redrive, replay or cancel every delivery `delivery list` lists with the same filters (every page), or the ids given, in one transaction')
            [CompletionResult]::new('replay', 'replay', [CompletionResultType]::ParameterValue, 'Send finished chains of events recorded in a window again (after an outage); chains already queued or claimed are skipped')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'outbox;delivery;create' {
            [CompletionResult]::new('--event', '--event', [CompletionResultType]::ParameterName, 'The event delivered (required)')
            [CompletionResult]::new('--sub', '--sub', [CompletionResultType]::ParameterName, 'The subscription it is delivered for (required)')
            [CompletionResult]::new('--client', '--client', [CompletionResultType]::ParameterName, 'The client it goes to')
            [CompletionResult]::new('--transport', '--transport', [CompletionResultType]::ParameterName, 'How it goes (default poll)')
            [CompletionResult]::new('--endpoint', '--endpoint', [CompletionResultType]::ParameterName, 'Where it goes (a URL for webhooks)')
            [CompletionResult]::new('--attempt', '--attempt', [CompletionResultType]::ParameterName, 'Attempt number (default 1); part of the derived id')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Its status (default queued)')
            [CompletionResult]::new('--delay', '--delay', [CompletionResultType]::ParameterName, 'Due this long from now (90, 30s, 5m, 2h; at most 30d)')
            [CompletionResult]::new('--next-attempt-at', '--next-attempt-at', [CompletionResultType]::ParameterName, 'Due at this time, unix seconds; wins over --delay')
            [CompletionResult]::new('--meta', '--meta', [CompletionResultType]::ParameterName, 'Details merged into the delivery''s meta, a JSON object (text, @FILE or - for stdin)')
            [CompletionResult]::new('--id', '--id', [CompletionResultType]::ParameterName, 'Use this id instead of one derived from event, subscription and attempt')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;delivery;get' {
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;delivery;list' {
            [CompletionResult]::new('--event', '--event', [CompletionResultType]::ParameterName, 'Only deliveries of this event')
            [CompletionResult]::new('--sub', '--sub', [CompletionResultType]::ParameterName, 'Only deliveries for this subscription')
            [CompletionResult]::new('--client', '--client', [CompletionResultType]::ParameterName, 'Only deliveries to this client')
            [CompletionResult]::new('--transport', '--transport', [CompletionResultType]::ParameterName, 'Only deliveries over this transport')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Only deliveries in this status')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'Only deliveries of events of this type (a type of at most 10,000 events is found through them; a commoner one is read newest first until the page is full, which --since bounds)')
            [CompletionResult]::new('--subject', '--subject', [CompletionResultType]::ParameterName, 'Only deliveries of events about this subject')
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'Only what was recorded (events) or created (deliveries) at or after this time: unix seconds, RFC 3339 (2026-11-29T18:00:00Z), `2026-11-29 18:00` (UTC), or a duration ago (2h, 7d)')
            [CompletionResult]::new('--until', '--until', [CompletionResultType]::ParameterName, 'Only what was recorded or created before this time (same forms as --since)')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'At most this many (1-500, default 100)')
            [CompletionResult]::new('--before', '--before', [CompletionResultType]::ParameterName, 'The rows after this one (the last id of the page you have, or a unique prefix of it), in the list''s order')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--dead', '--dead', [CompletionResultType]::ParameterName, 'Only dead letters: failed, with no attempt to come')
            [CompletionResult]::new('--waiting', '--waiting', [CompletionResultType]::ParameterName, 'Only deliveries of ordered subscriptions held behind an earlier one of their subject, each with the delivery it waits for (`waitingFor`)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;delivery;ready' {
            [CompletionResult]::new('--event', '--event', [CompletionResultType]::ParameterName, 'Only deliveries of this event')
            [CompletionResult]::new('--sub', '--sub', [CompletionResultType]::ParameterName, 'Only deliveries for this subscription')
            [CompletionResult]::new('--client', '--client', [CompletionResultType]::ParameterName, 'Only deliveries to this client')
            [CompletionResult]::new('--transport', '--transport', [CompletionResultType]::ParameterName, 'Only deliveries over this transport')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'At most this many (1-500, default 100)')
            [CompletionResult]::new('--before', '--before', [CompletionResultType]::ParameterName, 'The rows after this one (the last id of the page you have, or a unique prefix of it), in the list''s order')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;delivery;chain' {
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'At most this many (1-500, default 100)')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;delivery;claim' {
            [CompletionResult]::new('--event', '--event', [CompletionResultType]::ParameterName, 'Only deliveries of this event')
            [CompletionResult]::new('--sub', '--sub', [CompletionResultType]::ParameterName, 'Only deliveries for this subscription')
            [CompletionResult]::new('--client', '--client', [CompletionResultType]::ParameterName, 'Only deliveries to this client')
            [CompletionResult]::new('--transport', '--transport', [CompletionResultType]::ParameterName, 'Only deliveries over this transport')
            [CompletionResult]::new('--worker', '--worker', [CompletionResultType]::ParameterName, 'Who claims; only this worker may then complete, fail or release it')
            [CompletionResult]::new('--lease', '--lease', [CompletionResultType]::ParameterName, 'Lease length (60, 5m, 1h; 1s-24h, default 5m); after it the delivery may be claimed again')
            [CompletionResult]::new('--batch', '--batch', [CompletionResultType]::ParameterName, 'Claim up to N deliveries at once (1-500)')
            [CompletionResult]::new('--wait', '--wait', [CompletionResultType]::ParameterName, 'Wait up to this long (30s, 5m) for a delivery to become ready, polling; then exit 1 as without it')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--with-event', '--with-event', [CompletionResultType]::ParameterName, 'Add each claimed delivery''s event (payload included) to the answer: `event` (with --batch, `events`, in the same order)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;delivery;complete' {
            [CompletionResult]::new('--worker', '--worker', [CompletionResultType]::ParameterName, 'Refuse unless this worker holds the claim')
            [CompletionResult]::new('--delivered-at', '--delivered-at', [CompletionResultType]::ParameterName, 'Delivery time, unix seconds (default: now)')
            [CompletionResult]::new('--error', '--error', [CompletionResultType]::ParameterName, 'Leave a note in lastError')
            [CompletionResult]::new('--meta', '--meta', [CompletionResultType]::ParameterName, 'Details merged into the delivery''s meta, a JSON object (text, @FILE or - for stdin)')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;delivery;fail' {
            [CompletionResult]::new('--worker', '--worker', [CompletionResultType]::ParameterName, 'Refuse unless this worker holds the claim')
            [CompletionResult]::new('--error', '--error', [CompletionResultType]::ParameterName, 'What went wrong; kept in lastError')
            [CompletionResult]::new('--max-attempts', '--max-attempts', [CompletionResultType]::ParameterName, 'Queue no attempt beyond this number (1-100, default 3)')
            [CompletionResult]::new('--delay', '--delay', [CompletionResultType]::ParameterName, 'Due this long from now (90, 30s, 5m, 2h; at most 30d)')
            [CompletionResult]::new('--next-attempt-at', '--next-attempt-at', [CompletionResultType]::ParameterName, 'Due at this time, unix seconds; wins over --delay')
            [CompletionResult]::new('--meta', '--meta', [CompletionResultType]::ParameterName, 'Details merged into the delivery''s meta, a JSON object (text, @FILE or - for stdin)')
            [CompletionResult]::new('--retry-meta', '--retry-meta', [CompletionResultType]::ParameterName, 'Details for the next attempt''s meta, a JSON object')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--no-retry', '--no-retry', [CompletionResultType]::ParameterName, 'Fail for good: queue no further attempt')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;delivery;retry' {
            [CompletionResult]::new('--client', '--client', [CompletionResultType]::ParameterName, 'Send the next attempt to this client instead')
            [CompletionResult]::new('--transport', '--transport', [CompletionResultType]::ParameterName, 'Send the next attempt over this transport instead')
            [CompletionResult]::new('--endpoint', '--endpoint', [CompletionResultType]::ParameterName, 'Send the next attempt to this endpoint instead')
            [CompletionResult]::new('--attempt', '--attempt', [CompletionResultType]::ParameterName, 'Attempt number (default: the failed one''s plus one)')
            [CompletionResult]::new('--delay', '--delay', [CompletionResultType]::ParameterName, 'Due this long from now (90, 30s, 5m, 2h; at most 30d)')
            [CompletionResult]::new('--next-attempt-at', '--next-attempt-at', [CompletionResultType]::ParameterName, 'Due at this time, unix seconds; wins over --delay')
            [CompletionResult]::new('--meta', '--meta', [CompletionResultType]::ParameterName, 'Details merged into the delivery''s meta, a JSON object (text, @FILE or - for stdin)')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;delivery;cancel' {
            [CompletionResult]::new('--worker', '--worker', [CompletionResultType]::ParameterName, 'Refuse unless this worker holds the claim')
            [CompletionResult]::new('--reason', '--reason', [CompletionResultType]::ParameterName, 'Why; kept in lastError')
            [CompletionResult]::new('--meta', '--meta', [CompletionResultType]::ParameterName, 'Details merged into the delivery''s meta, a JSON object (text, @FILE or - for stdin)')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;delivery;renew' {
            [CompletionResult]::new('--worker', '--worker', [CompletionResultType]::ParameterName, 'Refuse unless this worker holds the claim')
            [CompletionResult]::new('--lease', '--lease', [CompletionResultType]::ParameterName, 'New lease length from now (60, 5m, 1h; 1s-24h, default 5m)')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;delivery;release' {
            [CompletionResult]::new('--worker', '--worker', [CompletionResultType]::ParameterName, 'Refuse unless this worker holds the claim')
            [CompletionResult]::new('--error', '--error', [CompletionResultType]::ParameterName, 'Why; kept in lastError')
            [CompletionResult]::new('--delay', '--delay', [CompletionResultType]::ParameterName, 'Due this long from now (90, 30s, 5m, 2h; at most 30d)')
            [CompletionResult]::new('--next-attempt-at', '--next-attempt-at', [CompletionResultType]::ParameterName, 'Due at this time, unix seconds; wins over --delay')
            [CompletionResult]::new('--meta', '--meta', [CompletionResultType]::ParameterName, 'Details merged into the delivery''s meta, a JSON object (text, @FILE or - for stdin)')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;delivery;sweep' {
            [CompletionResult]::new('--event', '--event', [CompletionResultType]::ParameterName, 'Only deliveries of this event')
            [CompletionResult]::new('--sub', '--sub', [CompletionResultType]::ParameterName, 'Only deliveries for this subscription')
            [CompletionResult]::new('--client', '--client', [CompletionResultType]::ParameterName, 'Only deliveries to this client')
            [CompletionResult]::new('--transport', '--transport', [CompletionResultType]::ParameterName, 'Only deliveries over this transport')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'At most this many (1-500, default 100)')
            [CompletionResult]::new('--error', '--error', [CompletionResultType]::ParameterName, 'Note to leave in lastError (default: keep the last one; with --as-failure, "lease expired")')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--as-failure', '--as-failure', [CompletionResultType]::ParameterName, 'Fail each expired lease through its subscription''s retry policy instead of queueing the same attempt again, so a delivery that crashes its worker every time ends dead')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;delivery;redrive' {
            [CompletionResult]::new('--client', '--client', [CompletionResultType]::ParameterName, 'With --all: only deliveries to this client')
            [CompletionResult]::new('--sub', '--sub', [CompletionResultType]::ParameterName, 'With --all: only deliveries for this subscription')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'With --all: only deliveries of events of this type')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every dead letter (narrowed by --client, --sub, --type)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;delivery;bulk' {
            [CompletionResult]::new('--event', '--event', [CompletionResultType]::ParameterName, 'Only deliveries of this event')
            [CompletionResult]::new('--sub', '--sub', [CompletionResultType]::ParameterName, 'Only deliveries for this subscription')
            [CompletionResult]::new('--client', '--client', [CompletionResultType]::ParameterName, 'Only deliveries to this client')
            [CompletionResult]::new('--transport', '--transport', [CompletionResultType]::ParameterName, 'Only deliveries over this transport')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Only deliveries in this status')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'Only deliveries of events of this type (a type of at most 10,000 events is found through them; a commoner one is read newest first until the page is full, which --since bounds)')
            [CompletionResult]::new('--subject', '--subject', [CompletionResultType]::ParameterName, 'Only deliveries of events about this subject')
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'Only what was recorded (events) or created (deliveries) at or after this time: unix seconds, RFC 3339 (2026-11-29T18:00:00Z), `2026-11-29 18:00` (UTC), or a duration ago (2h, 7d)')
            [CompletionResult]::new('--until', '--until', [CompletionResultType]::ParameterName, 'Only what was recorded or created before this time (same forms as --since)')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--dead', '--dead', [CompletionResultType]::ParameterName, 'Only dead letters: failed, with no attempt to come')
            [CompletionResult]::new('--waiting', '--waiting', [CompletionResultType]::ParameterName, 'Only deliveries of ordered subscriptions held behind an earlier one of their subject, each with the delivery it waits for (`waitingFor`)')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every delivery: no filter narrows them')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Count and show what would be done; write nothing')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;delivery;replay' {
            [CompletionResult]::new('--since', '--since', [CompletionResultType]::ParameterName, 'Only what was recorded (events) or created (deliveries) at or after this time: unix seconds, RFC 3339 (2026-11-29T18:00:00Z), `2026-11-29 18:00` (UTC), or a duration ago (2h, 7d)')
            [CompletionResult]::new('--until', '--until', [CompletionResultType]::ParameterName, 'Only what was recorded or created before this time (same forms as --since)')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Latest attempts in these states only (comma-separated; default all three: delivered, failed, canceled)')
            [CompletionResult]::new('--client', '--client', [CompletionResultType]::ParameterName, 'Only deliveries to this client')
            [CompletionResult]::new('--sub', '--sub', [CompletionResultType]::ParameterName, 'Only deliveries for this subscription')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'Only events of this type')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Show the latest attempts that would be replayed; write nothing')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;delivery;help' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a delivery by hand (recording an event creates them for you)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one delivery')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List deliveries, newest first')
            [CompletionResult]::new('ready', 'ready', [CompletionResultType]::ParameterValue, 'List deliveries a worker could claim now, oldest first')
            [CompletionResult]::new('chain', 'chain', [CompletionResultType]::ParameterValue, 'Show every attempt of the event and subscription behind a delivery')
            [CompletionResult]::new('claim', 'claim', [CompletionResultType]::ParameterValue, 'Claim the oldest ready delivery under a lease (or several with --batch)')
            [CompletionResult]::new('complete', 'complete', [CompletionResultType]::ParameterValue, 'Mark a claimed delivery as delivered')
            [CompletionResult]::new('fail', 'fail', [CompletionResultType]::ParameterValue, 'Mark a delivery as failed and queue the next attempt, up to --max-attempts')
            [CompletionResult]::new('retry', 'retry', [CompletionResultType]::ParameterValue, 'Queue the next attempt of a failed or canceled delivery')
            [CompletionResult]::new('cancel', 'cancel', [CompletionResultType]::ParameterValue, 'Cancel a delivery that has not been delivered')
            [CompletionResult]::new('renew', 'renew', [CompletionResultType]::ParameterValue, 'Extend the lease of a claimed delivery')
            [CompletionResult]::new('release', 'release', [CompletionResultType]::ParameterValue, 'Give a claimed delivery back to the queue')
            [CompletionResult]::new('sweep', 'sweep', [CompletionResultType]::ParameterValue, 'Put deliveries whose lease expired back in the queue (run it from cron)')
            [CompletionResult]::new('redrive', 'redrive', [CompletionResultType]::ParameterValue, 'Send dead letters again: one more attempt each, past maxAttempts')
            [CompletionResult]::new('bulk', 'bulk', [CompletionResultType]::ParameterValue, 'Redrive, replay or cancel every delivery `delivery list` lists with the same filters (every page), or the ids given, in one transaction')
            [CompletionResult]::new('replay', 'replay', [CompletionResultType]::ParameterValue, 'Send finished chains of events recorded in a window again (after an outage); chains already queued or claimed are skipped')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'outbox;delivery;help;create' {
            break
        }
        'outbox;delivery;help;get' {
            break
        }
        'outbox;delivery;help;list' {
            break
        }
        'outbox;delivery;help;ready' {
            break
        }
        'outbox;delivery;help;chain' {
            break
        }
        'outbox;delivery;help;claim' {
            break
        }
        'outbox;delivery;help;complete' {
            break
        }
        'outbox;delivery;help;fail' {
            break
        }
        'outbox;delivery;help;retry' {
            break
        }
        'outbox;delivery;help;cancel' {
            break
        }
        'outbox;delivery;help;renew' {
            break
        }
        'outbox;delivery;help;release' {
            break
        }
        'outbox;delivery;help;sweep' {
            break
        }
        'outbox;delivery;help;redrive' {
            break
        }
        'outbox;delivery;help;bulk' {
            break
        }
        'outbox;delivery;help;replay' {
            break
        }
        'outbox;delivery;help;help' {
            break
        }
        'outbox;stats' {
            [CompletionResult]::new('--event', '--event', [CompletionResultType]::ParameterName, 'Only deliveries of this event')
            [CompletionResult]::new('--sub', '--sub', [CompletionResultType]::ParameterName, 'Only deliveries for this subscription')
            [CompletionResult]::new('--client', '--client', [CompletionResultType]::ParameterName, 'Only deliveries to this client')
            [CompletionResult]::new('--transport', '--transport', [CompletionResultType]::ParameterName, 'Only deliveries over this transport')
            [CompletionResult]::new('--status', '--status', [CompletionResultType]::ParameterName, 'Count only deliveries in this status')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`prometheus`: the counts, the dead letters and the age of the oldest ready delivery in the Prometheus text format (for node_exporter''s textfile collector)')
            [CompletionResult]::new('--watch', '--watch', [CompletionResultType]::ParameterName, 'Redraw the stats every DURATION (default 2s) with the rates since the last redraw and the ready count over the last minutes, until Ctrl-C')
            [CompletionResult]::new('--history', '--history', [CompletionResultType]::ParameterName, 'Attempts finished (delivered, failed) over the last DURATION (1h, 24h), a minute each up to 6h and a quarter of an hour beyond. Read from the ledger: attempts created up to an hour before the window count, and what `prune` deleted is gone')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--recount', '--recount', [CompletionResultType]::ParameterName, 'Count every delivery again before answering: the SQLite file keeps its counts as outbox writes, so a change made by hand (sqlite3, a script) shows only after this')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;prune' {
            [CompletionResult]::new('--older-than', '--older-than', [CompletionResultType]::ParameterName, 'Delete what finished longer ago than this (30s, 12h, 7d, 1h30m, or seconds)')
            [CompletionResult]::new('--batch-size', '--batch-size', [CompletionResultType]::ParameterName, 'Rows deleted per transaction: workers wait at most for one batch')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--dry-run', '--dry-run', [CompletionResultType]::ParameterName, 'Count what would be deleted; delete nothing')
            [CompletionResult]::new('--keep-dead', '--keep-dead', [CompletionResultType]::ParameterName, 'Keep dead chains (failed, no attempt to come) for inspection and redrive')
            [CompletionResult]::new('--vacuum', '--vacuum', [CompletionResultType]::ParameterName, 'Vacuum afterwards: SQLite gives the freed space back to the file system (VACUUM, which holds the write lock while it rewrites the file); PostgreSQL runs VACUUM (ANALYZE) on outbox''s tables now')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;work' {
            [CompletionResult]::new('--event', '--event', [CompletionResultType]::ParameterName, 'Only deliveries of this event')
            [CompletionResult]::new('--sub', '--sub', [CompletionResultType]::ParameterName, 'Only deliveries for this subscription')
            [CompletionResult]::new('--client', '--client', [CompletionResultType]::ParameterName, 'Only deliveries to this client')
            [CompletionResult]::new('--transport', '--transport', [CompletionResultType]::ParameterName, 'Only deliveries over this transport')
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'Only deliveries of events of this type')
            [CompletionResult]::new('--worker', '--worker', [CompletionResultType]::ParameterName, 'The worker''s name on its claims (default: HOSTNAME-PID)')
            [CompletionResult]::new('--lease', '--lease', [CompletionResultType]::ParameterName, 'Lease of each claim, renewed every third of it while the work runs')
            [CompletionResult]::new('--concurrency', '--concurrency', [CompletionResultType]::ParameterName, 'Deliveries worked on at once')
            [CompletionResult]::new('--timeout', '--timeout', [CompletionResultType]::ParameterName, 'Longest a handler may run (default 5m; it is killed) or a send may take (default 15s); either way the delivery fails and is retried')
            [CompletionResult]::new('--poll-max', '--poll-max', [CompletionResultType]::ParameterName, 'Longest pause between polls while nothing is ready')
            [CompletionResult]::new('--grace', '--grace', [CompletionResultType]::ParameterName, 'After SIGTERM or SIGINT, how long running work may finish before it is killed and its deliveries are released')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--once', '--once', [CompletionResultType]::ParameterName, 'One round of claims (up to --concurrency), then exit')
            [CompletionResult]::new('--drain', '--drain', [CompletionResultType]::ParameterName, 'Work until nothing is ready, then exit (for cron)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;relay' {
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('schema', 'schema', [CompletionResultType]::ParameterValue, 'Print the DDL of the application''s outbox table, for migrations of its own')
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Create the outbox table (and its rejected table; on PostgreSQL, the trigger that wakes the relay) in the application''s database; run again, it changes nothing')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Move the rows of the application''s outbox table into this outbox as events, oldest first, deleting each once its event is recorded')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'How many rows wait, how long the oldest has waited, how many were rejected, and whether a relay holds the table')
            [CompletionResult]::new('rejected', 'rejected', [CompletionResultType]::ParameterValue, 'The rows the relay set aside (in the rejected table beside the application''s): list them, move mended ones back, or drop them')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'outbox;relay;schema' {
            [CompletionResult]::new('--dialect', '--dialect', [CompletionResultType]::ParameterName, 'The application''s database: sqlite or postgres')
            [CompletionResult]::new('--table', '--table', [CompletionResultType]::ParameterName, 'The table''s name (schema-qualified on PostgreSQL: app.outbox)')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;relay;init' {
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The application''s database: a SQLite file or a postgres:// URL (passwords as for --db: PGPASSWORD, ~/.pgpass)')
            [CompletionResult]::new('--table', '--table', [CompletionResultType]::ParameterName, 'The application''s outbox table (schema-qualified on PostgreSQL: app.outbox)')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--create', '--create', [CompletionResultType]::ParameterName, 'Create the application''s SQLite file when there is none (without it, a missing file is refused: most likely a mistyped path)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;relay;run' {
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The application''s database: a SQLite file or a postgres:// URL (passwords as for --db: PGPASSWORD, ~/.pgpass)')
            [CompletionResult]::new('--table', '--table', [CompletionResultType]::ParameterName, 'The application''s outbox table (schema-qualified on PostgreSQL: app.outbox)')
            [CompletionResult]::new('--batch-size', '--batch-size', [CompletionResultType]::ParameterName, 'Rows relayed per transaction while the relay keeps up')
            [CompletionResult]::new('--max-batch-size', '--max-batch-size', [CompletionResultType]::ParameterName, 'The most rows of one transaction under a backlog (the first batch, and one after a full batch): up to this many, read and recorded as a stream')
            [CompletionResult]::new('--poll-max', '--poll-max', [CompletionResultType]::ParameterName, 'Longest pause between looks at an idle table (wake-ups come sooner)')
            [CompletionResult]::new('--source', '--source', [CompletionResultType]::ParameterName, '`source` of rows that leave it empty (default: $OUTBOX_SOURCE, else `picux`)')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--once', '--once', [CompletionResultType]::ParameterName, 'One batch, then exit')
            [CompletionResult]::new('--drain', '--drain', [CompletionResultType]::ParameterName, 'Relay until the table is empty, then exit (for cron)')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;relay;status' {
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The application''s database: a SQLite file or a postgres:// URL (passwords as for --db: PGPASSWORD, ~/.pgpass)')
            [CompletionResult]::new('--table', '--table', [CompletionResultType]::ParameterName, 'The application''s outbox table (schema-qualified on PostgreSQL: app.outbox)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, '`prometheus`: the same as metrics in the Prometheus text format')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;relay;rejected' {
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'The rejected rows, oldest first, with why each was refused')
            [CompletionResult]::new('retry', 'retry', [CompletionResultType]::ParameterValue, 'Move rejected rows back into the application''s outbox table, as they are now (mend them first, e.g. with UPDATE), in one transaction; the relay takes them again')
            [CompletionResult]::new('drop', 'drop', [CompletionResultType]::ParameterValue, 'Delete rejected rows for good')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'outbox;relay;rejected;list' {
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The application''s database: a SQLite file or a postgres:// URL (passwords as for --db: PGPASSWORD, ~/.pgpass)')
            [CompletionResult]::new('--table', '--table', [CompletionResultType]::ParameterName, 'The application''s outbox table (schema-qualified on PostgreSQL: app.outbox)')
            [CompletionResult]::new('--limit', '--limit', [CompletionResultType]::ParameterName, 'At most this many (default 100)')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;relay;rejected;retry' {
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The application''s database: a SQLite file or a postgres:// URL (passwords as for --db: PGPASSWORD, ~/.pgpass)')
            [CompletionResult]::new('--table', '--table', [CompletionResultType]::ParameterName, 'The application''s outbox table (schema-qualified on PostgreSQL: app.outbox)')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every rejected row')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;relay;rejected;drop' {
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The application''s database: a SQLite file or a postgres:// URL (passwords as for --db: PGPASSWORD, ~/.pgpass)')
            [CompletionResult]::new('--table', '--table', [CompletionResultType]::ParameterName, 'The application''s outbox table (schema-qualified on PostgreSQL: app.outbox)')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--all', '--all', [CompletionResultType]::ParameterName, 'Every rejected row')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;relay;rejected;help' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'The rejected rows, oldest first, with why each was refused')
            [CompletionResult]::new('retry', 'retry', [CompletionResultType]::ParameterValue, 'Move rejected rows back into the application''s outbox table, as they are now (mend them first, e.g. with UPDATE), in one transaction; the relay takes them again')
            [CompletionResult]::new('drop', 'drop', [CompletionResultType]::ParameterValue, 'Delete rejected rows for good')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'outbox;relay;rejected;help;list' {
            break
        }
        'outbox;relay;rejected;help;retry' {
            break
        }
        'outbox;relay;rejected;help;drop' {
            break
        }
        'outbox;relay;rejected;help;help' {
            break
        }
        'outbox;relay;help' {
            [CompletionResult]::new('schema', 'schema', [CompletionResultType]::ParameterValue, 'Print the DDL of the application''s outbox table, for migrations of its own')
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Create the outbox table (and its rejected table; on PostgreSQL, the trigger that wakes the relay) in the application''s database; run again, it changes nothing')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Move the rows of the application''s outbox table into this outbox as events, oldest first, deleting each once its event is recorded')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'How many rows wait, how long the oldest has waited, how many were rejected, and whether a relay holds the table')
            [CompletionResult]::new('rejected', 'rejected', [CompletionResultType]::ParameterValue, 'The rows the relay set aside (in the rejected table beside the application''s): list them, move mended ones back, or drop them')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'outbox;relay;help;schema' {
            break
        }
        'outbox;relay;help;init' {
            break
        }
        'outbox;relay;help;run' {
            break
        }
        'outbox;relay;help;status' {
            break
        }
        'outbox;relay;help;rejected' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'The rejected rows, oldest first, with why each was refused')
            [CompletionResult]::new('retry', 'retry', [CompletionResultType]::ParameterValue, 'Move rejected rows back into the application''s outbox table, as they are now (mend them first, e.g. with UPDATE), in one transaction; the relay takes them again')
            [CompletionResult]::new('drop', 'drop', [CompletionResultType]::ParameterValue, 'Delete rejected rows for good')
            break
        }
        'outbox;relay;help;rejected;list' {
            break
        }
        'outbox;relay;help;rejected;retry' {
            break
        }
        'outbox;relay;help;rejected;drop' {
            break
        }
        'outbox;relay;help;help' {
            break
        }
        'outbox;export' {
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write to this file instead of stdout')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write to this file instead of stdout')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;import' {
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;mcp' {
            [CompletionResult]::new('--http', '--http', [CompletionResultType]::ParameterName, 'Serve Streamable HTTP at http://ADDR/mcp instead of stdio (e.g. 127.0.0.1:8765). Off loopback, a bearer token from OUTBOX_MCP_TOKEN is required')
            [CompletionResult]::new('--allow-origin', '--allow-origin', [CompletionResultType]::ParameterName, 'With --http: also take requests from browser pages of this origin (`https://agent.example.com`; repeatable). A request with any other Origin than the server''s own is refused (403)')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--read-only', '--read-only', [CompletionResultType]::ParameterName, 'Serve only the tools that read: no claims, completions or records')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;serve' {
            [CompletionResult]::new('--listen', '--listen', [CompletionResultType]::ParameterName, 'The address to listen on. Beyond loopback, a token from OUTBOX_SERVE_TOKEN is required (`Authorization: Bearer TOKEN`)')
            [CompletionResult]::new('--base-path', '--base-path', [CompletionResultType]::ParameterName, 'Serve under this path (`/outbox`), as a reverse proxy forwards it')
            [CompletionResult]::new('--relay-from', '--relay-from', [CompletionResultType]::ParameterName, 'The application''s database the relay reads (as `relay status --from`): its backlog at /api/v1/relay/status and in /metrics')
            [CompletionResult]::new('--relay-table', '--relay-table', [CompletionResultType]::ParameterName, 'The application''s outbox table, with --relay-from')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--read-only', '--read-only', [CompletionResultType]::ParameterName, 'Serve every read and refuse every write (403)')
            [CompletionResult]::new('--hide-payloads', '--hide-payloads', [CompletionResultType]::ParameterName, 'Show event payloads on the dashboard only behind a click')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;completions' {
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;man' {
            [CompletionResult]::new('--dir', '--dir', [CompletionResultType]::ParameterName, 'Write every page (outbox.1, outbox-work.1, ...) into this folder instead, e.g. /usr/local/share/man/man1')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;schema' {
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('events', 'events', [CompletionResultType]::ParameterValue, 'The payload of each operational event (outbox.delivery.dead, ...) as a JSON Schema, by type; one type''s alone with --type')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'outbox;schema;events' {
            [CompletionResult]::new('--type', '--type', [CompletionResultType]::ParameterName, 'One operational event type')
            [CompletionResult]::new('--db', '--db', [CompletionResultType]::ParameterName, 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL')
            [CompletionResult]::new('--sync', '--sync', [CompletionResultType]::ParameterName, 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits')
            [CompletionResult]::new('--max-payload', '--max-payload', [CompletionResultType]::ParameterName, 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes')
            [CompletionResult]::new('--busy-timeout', '--busy-timeout', [CompletionResultType]::ParameterName, 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never')
            [CompletionResult]::new('--json', '--json', [CompletionResultType]::ParameterName, 'Print the result object as one line of JSON')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'outbox;schema;help' {
            [CompletionResult]::new('events', 'events', [CompletionResultType]::ParameterValue, 'The payload of each operational event (outbox.delivery.dead, ...) as a JSON Schema, by type; one type''s alone with --type')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'outbox;schema;help;events' {
            break
        }
        'outbox;schema;help;help' {
            break
        }
        'outbox;help' {
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Create the database (and its schema) before first use')
            [CompletionResult]::new('event', 'event', [CompletionResultType]::ParameterValue, 'Record, read, list and ack events')
            [CompletionResult]::new('sub', 'sub', [CompletionResultType]::ParameterValue, 'Create and manage subscriptions: which clients want which events')
            [CompletionResult]::new('delivery', 'delivery', [CompletionResultType]::ParameterValue, 'Claim, complete, fail, retry and inspect deliveries')
            [CompletionResult]::new('stats', 'stats', [CompletionResultType]::ParameterValue, 'Count deliveries by state, transport and client')
            [CompletionResult]::new('prune', 'prune', [CompletionResultType]::ParameterValue, 'Delete finished deliveries, dead chains and emptied events older than a cut-off')
            [CompletionResult]::new('work', 'work', [CompletionResultType]::ParameterValue, 'Work deliveries: run a handler command for each, or send webhooks, A2A messages, MCP tool calls and broker messages')
            [CompletionResult]::new('relay', 'relay', [CompletionResultType]::ParameterValue, 'The transactional outbox: relay the rows an application writes to an outbox table of its own database, in its own transactions')
            [CompletionResult]::new('export', 'export', [CompletionResultType]::ParameterValue, 'Write every subscription, event and delivery as NDJSON (to move an outbox)')
            [CompletionResult]::new('import', 'import', [CompletionResultType]::ParameterValue, 'Read an export into this database, in one transaction')
            [CompletionResult]::new('mcp', 'mcp', [CompletionResultType]::ParameterValue, 'Serve the outbox to agents as an MCP server (stdio, or Streamable HTTP with --http)')
            [CompletionResult]::new('serve', 'serve', [CompletionResultType]::ParameterValue, 'Serve the outbox over HTTP: a JSON API under /api/v1/ (its OpenAPI document at /api/v1/openapi.json) and Prometheus metrics at /metrics')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('man', 'man', [CompletionResultType]::ParameterValue, 'Print a man page (outbox man, outbox man work), or write them all: outbox man --dir /usr/local/share/man/man1')
            [CompletionResult]::new('schema', 'schema', [CompletionResultType]::ParameterValue, 'The JSON Schemas of what outbox writes: the payloads of its operational events')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'outbox;help;init' {
            break
        }
        'outbox;help;event' {
            [CompletionResult]::new('record', 'record', [CompletionResultType]::ParameterValue, 'Record an event and create a delivery for every matching subscription')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one event')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List events, newest first')
            [CompletionResult]::new('ack', 'ack', [CompletionResultType]::ParameterValue, 'Mark an event as acknowledged')
            break
        }
        'outbox;help;event;record' {
            break
        }
        'outbox;help;event;get' {
            break
        }
        'outbox;help;event;list' {
            break
        }
        'outbox;help;event;ack' {
            break
        }
        'outbox;help;sub' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Subscribe a client to event types')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one subscription')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List subscriptions, newest first')
            [CompletionResult]::new('update', 'update', [CompletionResultType]::ParameterValue, 'Change a subscription; only the flags given change')
            [CompletionResult]::new('pause', 'pause', [CompletionResultType]::ParameterValue, 'Stop creating deliveries for a subscription')
            [CompletionResult]::new('test', 'test', [CompletionResultType]::ParameterValue, 'Send one test event to the subscription''s endpoint now, through the sender outbox work uses, and show what it answered. Nothing is written to the ledger unless --record')
            [CompletionResult]::new('delete', 'delete', [CompletionResultType]::ParameterValue, 'Delete a subscription: no more deliveries for it. Its finished deliveries stay in the ledger (delivery get and chain still answer); its secrets, health and lanes go with it. Refused while it has deliveries queued or claimed, unless --cancel-pending')
            [CompletionResult]::new('resume', 'resume', [CompletionResultType]::ParameterValue, 'Start creating deliveries for a paused or disabled subscription again, and reset its health: breaker closed, failures forgotten')
            [CompletionResult]::new('health', 'health', [CompletionResultType]::ParameterValue, 'Show each subscription''s endpoint health: breaker, failures, last success, rate and in-flight use, pauses (every subscription, the newest 500, or the one named)')
            [CompletionResult]::new('match', 'match', [CompletionResultType]::ParameterValue, 'Show which subscriptions an event would reach; writes nothing')
            [CompletionResult]::new('secret', 'secret', [CompletionResultType]::ParameterValue, 'Show the subscription''s webhook signing secret (made on first use), set one, or rotate it. The secret never appears in `sub get`/`list`')
            [CompletionResult]::new('backfill', 'backfill', [CompletionResultType]::ParameterValue, 'Create deliveries for past events this subscription takes now but never got (created or resumed late); running it again creates nothing')
            break
        }
        'outbox;help;sub;create' {
            break
        }
        'outbox;help;sub;get' {
            break
        }
        'outbox;help;sub;list' {
            break
        }
        'outbox;help;sub;update' {
            break
        }
        'outbox;help;sub;pause' {
            break
        }
        'outbox;help;sub;test' {
            break
        }
        'outbox;help;sub;delete' {
            break
        }
        'outbox;help;sub;resume' {
            break
        }
        'outbox;help;sub;health' {
            break
        }
        'outbox;help;sub;match' {
            break
        }
        'outbox;help;sub;secret' {
            break
        }
        'outbox;help;sub;backfill' {
            break
        }
        'outbox;help;delivery' {
            [CompletionResult]::new('create', 'create', [CompletionResultType]::ParameterValue, 'Create a delivery by hand (recording an event creates them for you)')
            [CompletionResult]::new('get', 'get', [CompletionResultType]::ParameterValue, 'Show one delivery')
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'List deliveries, newest first')
            [CompletionResult]::new('ready', 'ready', [CompletionResultType]::ParameterValue, 'List deliveries a worker could claim now, oldest first')
            [CompletionResult]::new('chain', 'chain', [CompletionResultType]::ParameterValue, 'Show every attempt of the event and subscription behind a delivery')
            [CompletionResult]::new('claim', 'claim', [CompletionResultType]::ParameterValue, 'Claim the oldest ready delivery under a lease (or several with --batch)')
            [CompletionResult]::new('complete', 'complete', [CompletionResultType]::ParameterValue, 'Mark a claimed delivery as delivered')
            [CompletionResult]::new('fail', 'fail', [CompletionResultType]::ParameterValue, 'Mark a delivery as failed and queue the next attempt, up to --max-attempts')
            [CompletionResult]::new('retry', 'retry', [CompletionResultType]::ParameterValue, 'Queue the next attempt of a failed or canceled delivery')
            [CompletionResult]::new('cancel', 'cancel', [CompletionResultType]::ParameterValue, 'Cancel a delivery that has not been delivered')
            [CompletionResult]::new('renew', 'renew', [CompletionResultType]::ParameterValue, 'Extend the lease of a claimed delivery')
            [CompletionResult]::new('release', 'release', [CompletionResultType]::ParameterValue, 'Give a claimed delivery back to the queue')
            [CompletionResult]::new('sweep', 'sweep', [CompletionResultType]::ParameterValue, 'Put deliveries whose lease expired back in the queue (run it from cron)')
            [CompletionResult]::new('redrive', 'redrive', [CompletionResultType]::ParameterValue, 'Send dead letters again: one more attempt each, past maxAttempts')
            [CompletionResult]::new('bulk', 'bulk', [CompletionResultType]::ParameterValue, 'Redrive, replay or cancel every delivery `delivery list` lists with the same filters (every page), or the ids given, in one transaction')
            [CompletionResult]::new('replay', 'replay', [CompletionResultType]::ParameterValue, 'Send finished chains of events recorded in a window again (after an outage); chains already queued or claimed are skipped')
            break
        }
        'outbox;help;delivery;create' {
            break
        }
        'outbox;help;delivery;get' {
            break
        }
        'outbox;help;delivery;list' {
            break
        }
        'outbox;help;delivery;ready' {
            break
        }
        'outbox;help;delivery;chain' {
            break
        }
        'outbox;help;delivery;claim' {
            break
        }
        'outbox;help;delivery;complete' {
            break
        }
        'outbox;help;delivery;fail' {
            break
        }
        'outbox;help;delivery;retry' {
            break
        }
        'outbox;help;delivery;cancel' {
            break
        }
        'outbox;help;delivery;renew' {
            break
        }
        'outbox;help;delivery;release' {
            break
        }
        'outbox;help;delivery;sweep' {
            break
        }
        'outbox;help;delivery;redrive' {
            break
        }
        'outbox;help;delivery;bulk' {
            break
        }
        'outbox;help;delivery;replay' {
            break
        }
        'outbox;help;stats' {
            break
        }
        'outbox;help;prune' {
            break
        }
        'outbox;help;work' {
            break
        }
        'outbox;help;relay' {
            [CompletionResult]::new('schema', 'schema', [CompletionResultType]::ParameterValue, 'Print the DDL of the application''s outbox table, for migrations of its own')
            [CompletionResult]::new('init', 'init', [CompletionResultType]::ParameterValue, 'Create the outbox table (and its rejected table; on PostgreSQL, the trigger that wakes the relay) in the application''s database; run again, it changes nothing')
            [CompletionResult]::new('run', 'run', [CompletionResultType]::ParameterValue, 'Move the rows of the application''s outbox table into this outbox as events, oldest first, deleting each once its event is recorded')
            [CompletionResult]::new('status', 'status', [CompletionResultType]::ParameterValue, 'How many rows wait, how long the oldest has waited, how many were rejected, and whether a relay holds the table')
            [CompletionResult]::new('rejected', 'rejected', [CompletionResultType]::ParameterValue, 'The rows the relay set aside (in the rejected table beside the application''s): list them, move mended ones back, or drop them')
            break
        }
        'outbox;help;relay;schema' {
            break
        }
        'outbox;help;relay;init' {
            break
        }
        'outbox;help;relay;run' {
            break
        }
        'outbox;help;relay;status' {
            break
        }
        'outbox;help;relay;rejected' {
            [CompletionResult]::new('list', 'list', [CompletionResultType]::ParameterValue, 'The rejected rows, oldest first, with why each was refused')
            [CompletionResult]::new('retry', 'retry', [CompletionResultType]::ParameterValue, 'Move rejected rows back into the application''s outbox table, as they are now (mend them first, e.g. with UPDATE), in one transaction; the relay takes them again')
            [CompletionResult]::new('drop', 'drop', [CompletionResultType]::ParameterValue, 'Delete rejected rows for good')
            break
        }
        'outbox;help;relay;rejected;list' {
            break
        }
        'outbox;help;relay;rejected;retry' {
            break
        }
        'outbox;help;relay;rejected;drop' {
            break
        }
        'outbox;help;export' {
            break
        }
        'outbox;help;import' {
            break
        }
        'outbox;help;mcp' {
            break
        }
        'outbox;help;serve' {
            break
        }
        'outbox;help;completions' {
            break
        }
        'outbox;help;man' {
            break
        }
        'outbox;help;schema' {
            [CompletionResult]::new('events', 'events', [CompletionResultType]::ParameterValue, 'The payload of each operational event (outbox.delivery.dead, ...) as a JSON Schema, by type; one type''s alone with --type')
            break
        }
        'outbox;help;schema;events' {
            break
        }
        'outbox;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
