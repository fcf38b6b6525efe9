# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_outbox_global_optspecs
    string join \n db= json sync= max-payload= busy-timeout= color= q/quiet h/help V/version
end

function __fish_outbox_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_outbox_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_outbox_using_subcommand
    set -l cmd (__fish_outbox_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c outbox -n "__fish_outbox_needs_command" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_needs_command" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_needs_command" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_needs_command" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_needs_command" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_needs_command" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_needs_command" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_needs_command" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_needs_command" -f -a "init" -d 'Create the database (and its schema) before first use'
complete -c outbox -n "__fish_outbox_needs_command" -f -a "event" -d 'Record, read, list and ack events'
complete -c outbox -n "__fish_outbox_needs_command" -f -a "sub" -d 'Create and manage subscriptions: which clients want which events'
complete -c outbox -n "__fish_outbox_needs_command" -f -a "delivery" -d 'Claim, complete, fail, retry and inspect deliveries'
complete -c outbox -n "__fish_outbox_needs_command" -f -a "stats" -d 'Count deliveries by state, transport and client'
complete -c outbox -n "__fish_outbox_needs_command" -f -a "prune" -d 'Delete finished deliveries, dead chains and emptied events older than a cut-off'
complete -c outbox -n "__fish_outbox_needs_command" -f -a "work" -d 'Work deliveries: run a handler command for each, or send webhooks, A2A messages, MCP tool calls and broker messages'
complete -c outbox -n "__fish_outbox_needs_command" -f -a "relay" -d 'The transactional outbox: relay the rows an application writes to an outbox table of its own database, in its own transactions'
complete -c outbox -n "__fish_outbox_needs_command" -f -a "export" -d 'Write every subscription, event and delivery as NDJSON (to move an outbox)'
complete -c outbox -n "__fish_outbox_needs_command" -f -a "import" -d 'Read an export into this database, in one transaction'
complete -c outbox -n "__fish_outbox_needs_command" -f -a "mcp" -d 'Serve the outbox to agents as an MCP server (stdio, or Streamable HTTP with --http)'
complete -c outbox -n "__fish_outbox_needs_command" -f -a "serve" -d 'Serve the outbox over HTTP: a JSON API under /api/v1/ (its OpenAPI document at /api/v1/openapi.json) and Prometheus metrics at /metrics'
complete -c outbox -n "__fish_outbox_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c outbox -n "__fish_outbox_needs_command" -f -a "man" -d 'Print a man page (outbox man, outbox man work), or write them all: outbox man --dir /usr/local/share/man/man1'
complete -c outbox -n "__fish_outbox_needs_command" -f -a "schema" -d 'The JSON Schemas of what outbox writes: the payloads of its operational events'
complete -c outbox -n "__fish_outbox_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c outbox -n "__fish_outbox_using_subcommand init" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand init" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand init" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand init" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand init" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand init" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand init" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand init" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand init" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand event; and not __fish_seen_subcommand_from record get list ack help" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand event; and not __fish_seen_subcommand_from record get list ack help" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand event; and not __fish_seen_subcommand_from record get list ack help" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and not __fish_seen_subcommand_from record get list ack help" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and not __fish_seen_subcommand_from record get list ack help" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand event; and not __fish_seen_subcommand_from record get list ack help" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand event; and not __fish_seen_subcommand_from record get list ack help" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand event; and not __fish_seen_subcommand_from record get list ack help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand event; and not __fish_seen_subcommand_from record get list ack help" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand event; and not __fish_seen_subcommand_from record get list ack help" -f -a "record" -d 'Record an event and create a delivery for every matching subscription'
complete -c outbox -n "__fish_outbox_using_subcommand event; and not __fish_seen_subcommand_from record get list ack help" -f -a "get" -d 'Show one event'
complete -c outbox -n "__fish_outbox_using_subcommand event; and not __fish_seen_subcommand_from record get list ack help" -f -a "list" -d 'List events, newest first'
complete -c outbox -n "__fish_outbox_using_subcommand event; and not __fish_seen_subcommand_from record get list ack help" -f -a "ack" -d 'Mark an event as acknowledged'
complete -c outbox -n "__fish_outbox_using_subcommand event; and not __fish_seen_subcommand_from record get list ack help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from record" -l type -d 'The event type, e.g. `order.created`' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from record" -l subject -d 'What the event is about, e.g. an order id' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from record" -l source -d 'Who produced it (default: $OUTBOX_SOURCE, else `picux`)' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from record" -l target -d 'The client it is meant for; subscriptions with a target only match their own' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from record" -l payload -d 'The event body, a JSON object (text, @FILE or - for stdin)' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from record" -l status -d 'Initial status' -r -f -a "queued\t''
acked\t''
failed\t''
canceled\t''"
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from record" -l id -d 'Use this id instead of one derived from the content' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from record" -l created-at -d 'Creation time, unix seconds (default: now); part of the derived id' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from record" -l batch -d 'Record one event per line of this NDJSON file (- for stdin), all in one transaction' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from record" -l traceparent -d 'W3C trace context of the request that records it (00-<trace id>-<span id>-<flags>): kept with the event, and carried on by every sender to the receiver, as the parent of outbox\'s own span' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from record" -l tracestate -d 'The `tracestate` that goes with --traceparent' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from record" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from record" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from record" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from record" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from record" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from record" -l allow-reserved -d 'Let types starting with `outbox.` through: they are outbox\'s own operational events (outbox.delivery.dead, ...), refused otherwise (invalid:reservedType). For tests of what takes them'
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from record" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from record" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from record" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from record" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from get" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from get" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from get" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from get" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from get" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from get" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from get" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from list" -l type -d 'Only events of this type' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from list" -l source -d 'Only events from this source' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from list" -l target -d 'Only events for this target' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from list" -l subject -d 'Only events about this subject' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from list" -l status -d 'Only events in this status' -r -f -a "queued\t''
acked\t''
failed\t''
canceled\t''"
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from list" -l since -d 'Only what was recorded (events) or created (deliveries) at or after this time: unix seconds, RFC 3339 (2026-11-29T18:00:00Z), `2026-11-29 18:00` (UTC), or a duration ago (2h, 7d)' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from list" -l until -d 'Only what was recorded or created before this time (same forms as --since)' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from list" -l limit -d 'At most this many (1-500, default 100)' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from list" -l before -d 'The rows after this one (the last id of the page you have, or a unique prefix of it), in the list\'s order' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from list" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from list" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from list" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from list" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from list" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from list" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from list" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from ack" -l ack -d 'Acknowledgement details, a JSON object (text, @FILE or - for stdin)' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from ack" -l ack-at -d 'When it was acknowledged, unix seconds (default: now)' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from ack" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from ack" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from ack" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from ack" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from ack" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from ack" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from ack" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from ack" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from ack" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from help" -f -a "record" -d 'Record an event and create a delivery for every matching subscription'
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from help" -f -a "get" -d 'Show one event'
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from help" -f -a "list" -d 'List events, newest first'
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from help" -f -a "ack" -d 'Mark an event as acknowledged'
complete -c outbox -n "__fish_outbox_using_subcommand event; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and not __fish_seen_subcommand_from create get list update pause test delete resume health match secret backfill help" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand sub; and not __fish_seen_subcommand_from create get list update pause test delete resume health match secret backfill help" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and not __fish_seen_subcommand_from create get list update pause test delete resume health match secret backfill help" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and not __fish_seen_subcommand_from create get list update pause test delete resume health match secret backfill help" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and not __fish_seen_subcommand_from create get list update pause test delete resume health match secret backfill help" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and not __fish_seen_subcommand_from create get list update pause test delete resume health match secret backfill help" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and not __fish_seen_subcommand_from create get list update pause test delete resume health match secret backfill help" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and not __fish_seen_subcommand_from create get list update pause test delete resume health match secret backfill help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and not __fish_seen_subcommand_from create get list update pause test delete resume health match secret backfill help" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and not __fish_seen_subcommand_from create get list update pause test delete resume health match secret backfill help" -f -a "create" -d 'Subscribe a client to event types'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and not __fish_seen_subcommand_from create get list update pause test delete resume health match secret backfill help" -f -a "get" -d 'Show one subscription'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and not __fish_seen_subcommand_from create get list update pause test delete resume health match secret backfill help" -f -a "list" -d 'List subscriptions, newest first'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and not __fish_seen_subcommand_from create get list update pause test delete resume health match secret backfill help" -f -a "update" -d 'Change a subscription; only the flags given change'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and not __fish_seen_subcommand_from create get list update pause test delete resume health match secret backfill help" -f -a "pause" -d 'Stop creating deliveries for a subscription'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and not __fish_seen_subcommand_from create get list update pause test delete resume health match secret backfill help" -f -a "test" -d 'Send one test event to the subscription\'s endpoint now, through the sender outbox work uses, and show what it answered. Nothing is written to the ledger unless --record'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and not __fish_seen_subcommand_from create get list update pause test delete resume health match secret backfill help" -f -a "delete" -d 'Delete a subscription: no more deliveries for it. Its finished deliveries stay in the ledger (delivery get and chain still answer); its secrets, health and lanes go with it. Refused while it has deliveries queued or claimed, unless --cancel-pending'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and not __fish_seen_subcommand_from create get list update pause test delete resume health match secret backfill help" -f -a "resume" -d 'Start creating deliveries for a paused or disabled subscription again, and reset its health: breaker closed, failures forgotten'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and not __fish_seen_subcommand_from create get list update pause test delete resume health match secret backfill help" -f -a "health" -d 'Show each subscription\'s endpoint health: breaker, failures, last success, rate and in-flight use, pauses (every subscription, the newest 500, or the one named)'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and not __fish_seen_subcommand_from create get list update pause test delete resume health match secret backfill help" -f -a "match" -d 'Show which subscriptions an event would reach; writes nothing'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and not __fish_seen_subcommand_from create get list update pause test delete resume health match secret backfill help" -f -a "secret" -d 'Show the subscription\'s webhook signing secret (made on first use), set one, or rotate it. The secret never appears in `sub get`/`list`'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and not __fish_seen_subcommand_from create get list update pause test delete resume health match secret backfill help" -f -a "backfill" -d 'Create deliveries for past events this subscription takes now but never got (created or resumed late); running it again creates nothing'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and not __fish_seen_subcommand_from create get list update pause test delete resume health match secret backfill help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l client -d 'The client that receives the deliveries' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l types -d 'Event types, comma-separated or repeated; `*` means every type' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l target -d 'Only events with this target match (default: the client id)' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l transport -d 'How the client takes deliveries: poll (it claims them), webhook, a2a, mcp, or a message broker (nats, amqp, mqtt, redis), which `outbox work` sends' -r -f -a "poll\t''
webhook\t''
a2a\t''
mcp\t''
nats\t''
amqp\t''
mqtt\t''
redis\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l endpoint -d 'Where deliveries go: an http(s):// URL for webhook, a2a and mcp; for a broker, nats://HOST/SUBJECT, amqp://HOST/VHOST?exchange=EX&routing_key=KEY, mqtt://HOST/TOPIC[?qos=0|1|2&version=3.1.1] or redis://HOST/DB?stream=NAME[&maxlen=N] (tls://, amqps://, mqtts://, rediss:// for TLS; ?envelope=structured for a whole CloudEvent as the body). The name may hold {type}, {subject}, {source}, {target} and {client}, filled per event' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l status -d 'active (default), paused (no deliveries for new events) or disabled' -r -f -a "active\t''
paused\t''
disabled\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l filter -d 'Only events with this `source` or `subject`, as KEY=VALUE; repeatable' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l meta -d 'Free-form details, a JSON object (text, @FILE or - for stdin)' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l retry-schedule -d 'Delays before attempts 2, 3, ... as durations (5s,5m,30m,2h); the last one repeats. `none` removes the retry policy' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l retry-jitter -d 'Move each retry delay by a random amount within ±PCT (e.g. 20%)' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l max-attempts -d 'Attempts a delivery gets before it is dead (1-100; default 3)' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l header -d 'A header every webhook request carries, `Name: value` (repeatable; `Name:` removes it). Values of names that look secret (Authorization, *-Key, *-Token) are shown as ***' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l mcp-tool -d 'The tool an `mcp` subscription\'s deliveries call on its server (`tools/call`), kept in `meta.mcp`' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l mcp-arguments -d 'The tool\'s arguments: `event` (default), `{"event": BODY}` with the body a webhook posts; or `payload`, the event\'s payload itself' -r -f -a "event\t''
payload\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l envelope -d 'What a webhook\'s body is: `standard-webhooks` (default), or a CloudEvent: `cloudevents` (binary mode: the payload as the body, the attributes as ce- headers) or `cloudevents-structured` (the whole event as the body); signed either way. Kept in `meta.envelope`. A broker endpoint says ?envelope=structured instead' -r -f -a "standard-webhooks\t''
cloudevents\t''
cloudevents-structured\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l ordered-by -d '`subject`: hand out each subject\'s deliveries one at a time, in the order their events were recorded; `none` lifts it' -r -f -a "subject\t''
none\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l on-dead -d 'In an ordered subscription, what a dead letter does to its subject: `block` (default: the subject waits until it is redriven or canceled) or `skip` (the next event goes ahead)' -r -f -a "block\t''
skip\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l announce-retries -d 'Record `outbox.delivery.retrying` each time one of this subscription\'s attempts fails and a retry is queued (for a subscription of `outbox.*` types to take; `false` stops it). Dead letters (`outbox.delivery.dead`) are announced without it' -r -f -a "true\t''
false\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l rate -d 'At most N deliveries sent (or handed to a handler) a second, minute or hour, across every worker: N/s, N/m or N/h; `none` lifts it' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l max-in-flight -d 'At most N deliveries claimed at once, across every worker; `none` lifts it' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l breaker -d 'Stop sending for a cool-down (--breaker-cooldown, doubling to --breaker-max-cooldown) after N failed attempts in a row, then probe with one; `off`. Default 5 for every transport outbox sends; off for poll' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l breaker-cooldown -d 'How long the breaker stays open after its first trip (default 1m); each trip in a row doubles it' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l breaker-max-cooldown -d 'Where the doubling of the breaker\'s cool-down stops (default 1h)' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l disable-after -d 'Disable the subscription once every attempt has failed this long with no success (5d, 12h); `never`. Default 5d for every transport outbox sends; never for poll' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l id -d 'Use this id instead of one derived from the content' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l any-target -d 'Match events whatever their target'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from create" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from get" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from get" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from get" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from get" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from get" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from get" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from get" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from list" -l client -d 'Only this client\'s subscriptions' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from list" -l type -d 'Subscriptions to this type (including `*` ones)' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from list" -l status -d 'Only subscriptions in this status' -r -f -a "active\t''
paused\t''
disabled\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from list" -l transport -d 'Only subscriptions over this transport' -r -f -a "poll\t''
webhook\t''
a2a\t''
mcp\t''
nats\t''
amqp\t''
mqtt\t''
redis\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from list" -l limit -d 'At most this many (1-500, default 100)' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from list" -l before -d 'The rows after this one (the last id of the page you have, or a unique prefix of it), in the list\'s order' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from list" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from list" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from list" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from list" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from list" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from list" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from list" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l client -d 'The client that receives the deliveries' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l types -d 'Event types, comma-separated or repeated; `*` means every type' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l target -d 'Only events with this target match (default: the client id)' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l transport -d 'How the client takes deliveries: poll (it claims them), webhook, a2a, mcp, or a message broker (nats, amqp, mqtt, redis), which `outbox work` sends' -r -f -a "poll\t''
webhook\t''
a2a\t''
mcp\t''
nats\t''
amqp\t''
mqtt\t''
redis\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l endpoint -d 'Where deliveries go: an http(s):// URL for webhook, a2a and mcp; for a broker, nats://HOST/SUBJECT, amqp://HOST/VHOST?exchange=EX&routing_key=KEY, mqtt://HOST/TOPIC[?qos=0|1|2&version=3.1.1] or redis://HOST/DB?stream=NAME[&maxlen=N] (tls://, amqps://, mqtts://, rediss:// for TLS; ?envelope=structured for a whole CloudEvent as the body). The name may hold {type}, {subject}, {source}, {target} and {client}, filled per event' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l status -d 'active (default), paused (no deliveries for new events) or disabled' -r -f -a "active\t''
paused\t''
disabled\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l filter -d 'Only events with this `source` or `subject`, as KEY=VALUE; repeatable' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l meta -d 'Free-form details, a JSON object (text, @FILE or - for stdin)' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l retry-schedule -d 'Delays before attempts 2, 3, ... as durations (5s,5m,30m,2h); the last one repeats. `none` removes the retry policy' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l retry-jitter -d 'Move each retry delay by a random amount within ±PCT (e.g. 20%)' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l max-attempts -d 'Attempts a delivery gets before it is dead (1-100; default 3)' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l header -d 'A header every webhook request carries, `Name: value` (repeatable; `Name:` removes it). Values of names that look secret (Authorization, *-Key, *-Token) are shown as ***' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l mcp-tool -d 'The tool an `mcp` subscription\'s deliveries call on its server (`tools/call`), kept in `meta.mcp`' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l mcp-arguments -d 'The tool\'s arguments: `event` (default), `{"event": BODY}` with the body a webhook posts; or `payload`, the event\'s payload itself' -r -f -a "event\t''
payload\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l envelope -d 'What a webhook\'s body is: `standard-webhooks` (default), or a CloudEvent: `cloudevents` (binary mode: the payload as the body, the attributes as ce- headers) or `cloudevents-structured` (the whole event as the body); signed either way. Kept in `meta.envelope`. A broker endpoint says ?envelope=structured instead' -r -f -a "standard-webhooks\t''
cloudevents\t''
cloudevents-structured\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l ordered-by -d '`subject`: hand out each subject\'s deliveries one at a time, in the order their events were recorded; `none` lifts it' -r -f -a "subject\t''
none\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l on-dead -d 'In an ordered subscription, what a dead letter does to its subject: `block` (default: the subject waits until it is redriven or canceled) or `skip` (the next event goes ahead)' -r -f -a "block\t''
skip\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l announce-retries -d 'Record `outbox.delivery.retrying` each time one of this subscription\'s attempts fails and a retry is queued (for a subscription of `outbox.*` types to take; `false` stops it). Dead letters (`outbox.delivery.dead`) are announced without it' -r -f -a "true\t''
false\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l rate -d 'At most N deliveries sent (or handed to a handler) a second, minute or hour, across every worker: N/s, N/m or N/h; `none` lifts it' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l max-in-flight -d 'At most N deliveries claimed at once, across every worker; `none` lifts it' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l breaker -d 'Stop sending for a cool-down (--breaker-cooldown, doubling to --breaker-max-cooldown) after N failed attempts in a row, then probe with one; `off`. Default 5 for every transport outbox sends; off for poll' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l breaker-cooldown -d 'How long the breaker stays open after its first trip (default 1m); each trip in a row doubles it' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l breaker-max-cooldown -d 'Where the doubling of the breaker\'s cool-down stops (default 1h)' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l disable-after -d 'Disable the subscription once every attempt has failed this long with no success (5d, 12h); `never`. Default 5d for every transport outbox sends; never for poll' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l any-target -d 'Match events whatever their target'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from update" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from pause" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from pause" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from pause" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from pause" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from pause" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from pause" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from pause" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from pause" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from pause" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from test" -l type -d 'The event\'s type (default: the subscription\'s first type, a `*` in it read as `test`)' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from test" -l subject -d 'The event\'s subject (default: none)' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from test" -l payload -d 'The event\'s payload, a JSON object (text, @FILE or - for stdin; default {})' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from test" -l timeout -d 'How long to wait for the endpoint\'s answer' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from test" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from test" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from test" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from test" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from test" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from test" -l record -d 'Record the event, for this subscription alone, and its delivery as delivered or failed (retried by the policy as any other)'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from test" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from test" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from test" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from test" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from delete" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from delete" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from delete" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from delete" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from delete" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from delete" -l cancel-pending -d 'Cancel its queued and claimed deliveries, as delivery cancel would, in the same transaction'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from delete" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from delete" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from delete" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from delete" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from resume" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from resume" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from resume" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from resume" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from resume" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from resume" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from resume" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from resume" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from resume" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from health" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from health" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from health" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from health" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from health" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from health" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from health" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from health" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from health" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from match" -l type -d 'The event\'s type' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from match" -l source -d 'The event\'s source' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from match" -l subject -d 'The event\'s subject' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from match" -l target -d 'The event\'s target (none by default: only --any-target subscriptions take an event without one)' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from match" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from match" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from match" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from match" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from match" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from match" -l explain -d 'Also list every subscription of the type and why each that does not match does not (paused, target, source or subject filter)'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from match" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from match" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from match" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from match" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from secret" -l set -d 'Use this secret (`whsec_` + base64 of at least 24 bytes) instead' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from secret" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from secret" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from secret" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from secret" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from secret" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from secret" -l rotate -d 'Add a new secret; deliveries are signed with the old one too until --expire-old, so receivers can switch at their pace'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from secret" -l expire-old -d 'Keep only the newest secret'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from secret" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from secret" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from secret" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from secret" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from backfill" -l client -d 'Every active subscription of this client instead' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from backfill" -l since -d 'Only what was recorded (events) or created (deliveries) at or after this time: unix seconds, RFC 3339 (2026-11-29T18:00:00Z), `2026-11-29 18:00` (UTC), or a duration ago (2h, 7d)' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from backfill" -l until -d 'Only what was recorded or created before this time (same forms as --since)' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from backfill" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from backfill" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from backfill" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from backfill" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from backfill" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from backfill" -l dry-run -d 'Show what would be created; write nothing'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from backfill" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from backfill" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from backfill" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from backfill" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from help" -f -a "create" -d 'Subscribe a client to event types'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from help" -f -a "get" -d 'Show one subscription'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from help" -f -a "list" -d 'List subscriptions, newest first'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from help" -f -a "update" -d 'Change a subscription; only the flags given change'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from help" -f -a "pause" -d 'Stop creating deliveries for a subscription'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from help" -f -a "test" -d 'Send one test event to the subscription\'s endpoint now, through the sender outbox work uses, and show what it answered. Nothing is written to the ledger unless --record'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from help" -f -a "delete" -d 'Delete a subscription: no more deliveries for it. Its finished deliveries stay in the ledger (delivery get and chain still answer); its secrets, health and lanes go with it. Refused while it has deliveries queued or claimed, unless --cancel-pending'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from help" -f -a "resume" -d 'Start creating deliveries for a paused or disabled subscription again, and reset its health: breaker closed, failures forgotten'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from help" -f -a "health" -d 'Show each subscription\'s endpoint health: breaker, failures, last success, rate and in-flight use, pauses (every subscription, the newest 500, or the one named)'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from help" -f -a "match" -d 'Show which subscriptions an event would reach; writes nothing'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from help" -f -a "secret" -d 'Show the subscription\'s webhook signing secret (made on first use), set one, or rotate it. The secret never appears in `sub get`/`list`'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from help" -f -a "backfill" -d 'Create deliveries for past events this subscription takes now but never got (created or resumed late); running it again creates nothing'
complete -c outbox -n "__fish_outbox_using_subcommand sub; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -f -a "create" -d 'Create a delivery by hand (recording an event creates them for you)'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -f -a "get" -d 'Show one delivery'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -f -a "list" -d 'List deliveries, newest first'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -f -a "ready" -d 'List deliveries a worker could claim now, oldest first'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -f -a "chain" -d 'Show every attempt of the event and subscription behind a delivery'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -f -a "claim" -d 'Claim the oldest ready delivery under a lease (or several with --batch)'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -f -a "complete" -d 'Mark a claimed delivery as delivered'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -f -a "fail" -d 'Mark a delivery as failed and queue the next attempt, up to --max-attempts'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -f -a "retry" -d 'Queue the next attempt of a failed or canceled delivery'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -f -a "cancel" -d 'Cancel a delivery that has not been delivered'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -f -a "renew" -d 'Extend the lease of a claimed delivery'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -f -a "release" -d 'Give a claimed delivery back to the queue'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -f -a "sweep" -d 'Put deliveries whose lease expired back in the queue (run it from cron)'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -f -a "redrive" -d 'Send dead letters again: one more attempt each, past maxAttempts'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -f -a "bulk" -d 'Redrive, replay or cancel every delivery `delivery list` lists with the same filters (every page), or the ids given, in one transaction'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -f -a "replay" -d 'Send finished chains of events recorded in a window again (after an outage); chains already queued or claimed are skipped'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and not __fish_seen_subcommand_from create get list ready chain claim complete fail retry cancel renew release sweep redrive bulk replay help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from create" -l event -d 'The event delivered (required)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from create" -l sub -d 'The subscription it is delivered for (required)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from create" -l client -d 'The client it goes to' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from create" -l transport -d 'How it goes (default poll)' -r -f -a "poll\t''
webhook\t''
a2a\t''
mcp\t''
nats\t''
amqp\t''
mqtt\t''
redis\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from create" -l endpoint -d 'Where it goes (a URL for webhooks)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from create" -l attempt -d 'Attempt number (default 1); part of the derived id' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from create" -l status -d 'Its status (default queued)' -r -f -a "queued\t''
claimed\t''
delivered\t''
failed\t''
canceled\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from create" -l delay -d 'Due this long from now (90, 30s, 5m, 2h; at most 30d)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from create" -l next-attempt-at -d 'Due at this time, unix seconds; wins over --delay' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from create" -l meta -d 'Details merged into the delivery\'s meta, a JSON object (text, @FILE or - for stdin)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from create" -l id -d 'Use this id instead of one derived from event, subscription and attempt' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from create" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from create" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from create" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from create" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from create" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from create" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from create" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from create" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from create" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from get" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from get" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from get" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from get" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from get" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from get" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from get" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from get" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from get" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from list" -l event -d 'Only deliveries of this event' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from list" -l sub -d 'Only deliveries for this subscription' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from list" -l client -d 'Only deliveries to this client' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from list" -l transport -d 'Only deliveries over this transport' -r -f -a "poll\t''
webhook\t''
a2a\t''
mcp\t''
nats\t''
amqp\t''
mqtt\t''
redis\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from list" -l status -d 'Only deliveries in this status' -r -f -a "queued\t''
claimed\t''
delivered\t''
failed\t''
canceled\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from list" -l type -d 'Only deliveries of events of this type (a type of at most 10,000 events is found through them; a commoner one is read newest first until the page is full, which --since bounds)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from list" -l subject -d 'Only deliveries of events about this subject' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from list" -l since -d 'Only what was recorded (events) or created (deliveries) at or after this time: unix seconds, RFC 3339 (2026-11-29T18:00:00Z), `2026-11-29 18:00` (UTC), or a duration ago (2h, 7d)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from list" -l until -d 'Only what was recorded or created before this time (same forms as --since)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from list" -l limit -d 'At most this many (1-500, default 100)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from list" -l before -d 'The rows after this one (the last id of the page you have, or a unique prefix of it), in the list\'s order' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from list" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from list" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from list" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from list" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from list" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from list" -l dead -d 'Only dead letters: failed, with no attempt to come'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from list" -l waiting -d 'Only deliveries of ordered subscriptions held behind an earlier one of their subject, each with the delivery it waits for (`waitingFor`)'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from list" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from list" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from ready" -l event -d 'Only deliveries of this event' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from ready" -l sub -d 'Only deliveries for this subscription' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from ready" -l client -d 'Only deliveries to this client' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from ready" -l transport -d 'Only deliveries over this transport' -r -f -a "poll\t''
webhook\t''
a2a\t''
mcp\t''
nats\t''
amqp\t''
mqtt\t''
redis\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from ready" -l limit -d 'At most this many (1-500, default 100)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from ready" -l before -d 'The rows after this one (the last id of the page you have, or a unique prefix of it), in the list\'s order' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from ready" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from ready" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from ready" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from ready" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from ready" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from ready" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from ready" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from ready" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from ready" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from chain" -l limit -d 'At most this many (1-500, default 100)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from chain" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from chain" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from chain" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from chain" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from chain" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from chain" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from chain" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from chain" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from chain" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from claim" -l event -d 'Only deliveries of this event' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from claim" -l sub -d 'Only deliveries for this subscription' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from claim" -l client -d 'Only deliveries to this client' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from claim" -l transport -d 'Only deliveries over this transport' -r -f -a "poll\t''
webhook\t''
a2a\t''
mcp\t''
nats\t''
amqp\t''
mqtt\t''
redis\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from claim" -l worker -d 'Who claims; only this worker may then complete, fail or release it' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from claim" -l lease -d 'Lease length (60, 5m, 1h; 1s-24h, default 5m); after it the delivery may be claimed again' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from claim" -l batch -d 'Claim up to N deliveries at once (1-500)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from claim" -l wait -d 'Wait up to this long (30s, 5m) for a delivery to become ready, polling; then exit 1 as without it' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from claim" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from claim" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from claim" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from claim" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from claim" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from claim" -l with-event -d 'Add each claimed delivery\'s event (payload included) to the answer: `event` (with --batch, `events`, in the same order)'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from claim" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from claim" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from claim" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from claim" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from complete" -l worker -d 'Refuse unless this worker holds the claim' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from complete" -l delivered-at -d 'Delivery time, unix seconds (default: now)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from complete" -l error -d 'Leave a note in lastError' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from complete" -l meta -d 'Details merged into the delivery\'s meta, a JSON object (text, @FILE or - for stdin)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from complete" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from complete" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from complete" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from complete" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from complete" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from complete" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from complete" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from complete" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from complete" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from fail" -l worker -d 'Refuse unless this worker holds the claim' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from fail" -l error -d 'What went wrong; kept in lastError' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from fail" -l max-attempts -d 'Queue no attempt beyond this number (1-100, default 3)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from fail" -l delay -d 'Due this long from now (90, 30s, 5m, 2h; at most 30d)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from fail" -l next-attempt-at -d 'Due at this time, unix seconds; wins over --delay' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from fail" -l meta -d 'Details merged into the delivery\'s meta, a JSON object (text, @FILE or - for stdin)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from fail" -l retry-meta -d 'Details for the next attempt\'s meta, a JSON object' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from fail" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from fail" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from fail" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from fail" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from fail" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from fail" -l no-retry -d 'Fail for good: queue no further attempt'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from fail" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from fail" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from fail" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from fail" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from retry" -l client -d 'Send the next attempt to this client instead' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from retry" -l transport -d 'Send the next attempt over this transport instead' -r -f -a "poll\t''
webhook\t''
a2a\t''
mcp\t''
nats\t''
amqp\t''
mqtt\t''
redis\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from retry" -l endpoint -d 'Send the next attempt to this endpoint instead' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from retry" -l attempt -d 'Attempt number (default: the failed one\'s plus one)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from retry" -l delay -d 'Due this long from now (90, 30s, 5m, 2h; at most 30d)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from retry" -l next-attempt-at -d 'Due at this time, unix seconds; wins over --delay' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from retry" -l meta -d 'Details merged into the delivery\'s meta, a JSON object (text, @FILE or - for stdin)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from retry" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from retry" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from retry" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from retry" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from retry" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from retry" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from retry" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from retry" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from retry" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from cancel" -l worker -d 'Refuse unless this worker holds the claim' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from cancel" -l reason -d 'Why; kept in lastError' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from cancel" -l meta -d 'Details merged into the delivery\'s meta, a JSON object (text, @FILE or - for stdin)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from cancel" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from cancel" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from cancel" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from cancel" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from cancel" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from cancel" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from cancel" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from cancel" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from cancel" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from renew" -l worker -d 'Refuse unless this worker holds the claim' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from renew" -l lease -d 'New lease length from now (60, 5m, 1h; 1s-24h, default 5m)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from renew" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from renew" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from renew" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from renew" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from renew" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from renew" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from renew" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from renew" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from renew" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from release" -l worker -d 'Refuse unless this worker holds the claim' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from release" -l error -d 'Why; kept in lastError' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from release" -l delay -d 'Due this long from now (90, 30s, 5m, 2h; at most 30d)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from release" -l next-attempt-at -d 'Due at this time, unix seconds; wins over --delay' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from release" -l meta -d 'Details merged into the delivery\'s meta, a JSON object (text, @FILE or - for stdin)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from release" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from release" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from release" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from release" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from release" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from release" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from release" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from release" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from release" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from sweep" -l event -d 'Only deliveries of this event' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from sweep" -l sub -d 'Only deliveries for this subscription' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from sweep" -l client -d 'Only deliveries to this client' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from sweep" -l transport -d 'Only deliveries over this transport' -r -f -a "poll\t''
webhook\t''
a2a\t''
mcp\t''
nats\t''
amqp\t''
mqtt\t''
redis\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from sweep" -l limit -d 'At most this many (1-500, default 100)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from sweep" -l error -d 'Note to leave in lastError (default: keep the last one; with --as-failure, "lease expired")' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from sweep" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from sweep" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from sweep" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from sweep" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from sweep" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from sweep" -l as-failure -d 'Fail each expired lease through its subscription\'s retry policy instead of queueing the same attempt again, so a delivery that crashes its worker every time ends dead'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from sweep" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from sweep" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from sweep" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from sweep" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from redrive" -l client -d 'With --all: only deliveries to this client' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from redrive" -l sub -d 'With --all: only deliveries for this subscription' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from redrive" -l type -d 'With --all: only deliveries of events of this type' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from redrive" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from redrive" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from redrive" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from redrive" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from redrive" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from redrive" -l all -d 'Every dead letter (narrowed by --client, --sub, --type)'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from redrive" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from redrive" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from redrive" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from redrive" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from bulk" -l event -d 'Only deliveries of this event' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from bulk" -l sub -d 'Only deliveries for this subscription' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from bulk" -l client -d 'Only deliveries to this client' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from bulk" -l transport -d 'Only deliveries over this transport' -r -f -a "poll\t''
webhook\t''
a2a\t''
mcp\t''
nats\t''
amqp\t''
mqtt\t''
redis\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from bulk" -l status -d 'Only deliveries in this status' -r -f -a "queued\t''
claimed\t''
delivered\t''
failed\t''
canceled\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from bulk" -l type -d 'Only deliveries of events of this type (a type of at most 10,000 events is found through them; a commoner one is read newest first until the page is full, which --since bounds)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from bulk" -l subject -d 'Only deliveries of events about this subject' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from bulk" -l since -d 'Only what was recorded (events) or created (deliveries) at or after this time: unix seconds, RFC 3339 (2026-11-29T18:00:00Z), `2026-11-29 18:00` (UTC), or a duration ago (2h, 7d)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from bulk" -l until -d 'Only what was recorded or created before this time (same forms as --since)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from bulk" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from bulk" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from bulk" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from bulk" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from bulk" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from bulk" -l dead -d 'Only dead letters: failed, with no attempt to come'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from bulk" -l waiting -d 'Only deliveries of ordered subscriptions held behind an earlier one of their subject, each with the delivery it waits for (`waitingFor`)'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from bulk" -l all -d 'Every delivery: no filter narrows them'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from bulk" -l dry-run -d 'Count and show what would be done; write nothing'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from bulk" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from bulk" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from bulk" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from bulk" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from replay" -l since -d 'Only what was recorded (events) or created (deliveries) at or after this time: unix seconds, RFC 3339 (2026-11-29T18:00:00Z), `2026-11-29 18:00` (UTC), or a duration ago (2h, 7d)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from replay" -l until -d 'Only what was recorded or created before this time (same forms as --since)' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from replay" -l status -d 'Latest attempts in these states only (comma-separated; default all three: delivered, failed, canceled)' -r -f -a "queued\t''
claimed\t''
delivered\t''
failed\t''
canceled\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from replay" -l client -d 'Only deliveries to this client' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from replay" -l sub -d 'Only deliveries for this subscription' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from replay" -l type -d 'Only events of this type' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from replay" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from replay" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from replay" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from replay" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from replay" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from replay" -l dry-run -d 'Show the latest attempts that would be replayed; write nothing'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from replay" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from replay" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from replay" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from replay" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from help" -f -a "create" -d 'Create a delivery by hand (recording an event creates them for you)'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from help" -f -a "get" -d 'Show one delivery'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from help" -f -a "list" -d 'List deliveries, newest first'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from help" -f -a "ready" -d 'List deliveries a worker could claim now, oldest first'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from help" -f -a "chain" -d 'Show every attempt of the event and subscription behind a delivery'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from help" -f -a "claim" -d 'Claim the oldest ready delivery under a lease (or several with --batch)'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from help" -f -a "complete" -d 'Mark a claimed delivery as delivered'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from help" -f -a "fail" -d 'Mark a delivery as failed and queue the next attempt, up to --max-attempts'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from help" -f -a "retry" -d 'Queue the next attempt of a failed or canceled delivery'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from help" -f -a "cancel" -d 'Cancel a delivery that has not been delivered'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from help" -f -a "renew" -d 'Extend the lease of a claimed delivery'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from help" -f -a "release" -d 'Give a claimed delivery back to the queue'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from help" -f -a "sweep" -d 'Put deliveries whose lease expired back in the queue (run it from cron)'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from help" -f -a "redrive" -d 'Send dead letters again: one more attempt each, past maxAttempts'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from help" -f -a "bulk" -d 'Redrive, replay or cancel every delivery `delivery list` lists with the same filters (every page), or the ids given, in one transaction'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from help" -f -a "replay" -d 'Send finished chains of events recorded in a window again (after an outage); chains already queued or claimed are skipped'
complete -c outbox -n "__fish_outbox_using_subcommand delivery; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c outbox -n "__fish_outbox_using_subcommand stats" -l event -d 'Only deliveries of this event' -r
complete -c outbox -n "__fish_outbox_using_subcommand stats" -l sub -d 'Only deliveries for this subscription' -r
complete -c outbox -n "__fish_outbox_using_subcommand stats" -l client -d 'Only deliveries to this client' -r
complete -c outbox -n "__fish_outbox_using_subcommand stats" -l transport -d 'Only deliveries over this transport' -r -f -a "poll\t''
webhook\t''
a2a\t''
mcp\t''
nats\t''
amqp\t''
mqtt\t''
redis\t''"
complete -c outbox -n "__fish_outbox_using_subcommand stats" -l status -d 'Count only deliveries in this status' -r -f -a "queued\t''
claimed\t''
delivered\t''
failed\t''
canceled\t''"
complete -c outbox -n "__fish_outbox_using_subcommand stats" -l format -d '`prometheus`: the counts, the dead letters and the age of the oldest ready delivery in the Prometheus text format (for node_exporter\'s textfile collector)' -r -f -a "prometheus\t''"
complete -c outbox -n "__fish_outbox_using_subcommand stats" -l watch -d 'Redraw the stats every DURATION (default 2s) with the rates since the last redraw and the ready count over the last minutes, until Ctrl-C' -r
complete -c outbox -n "__fish_outbox_using_subcommand stats" -l history -d 'Attempts finished (delivered, failed) over the last DURATION (1h, 24h), a minute each up to 6h and a quarter of an hour beyond. Read from the ledger: attempts created up to an hour before the window count, and what `prune` deleted is gone' -r
complete -c outbox -n "__fish_outbox_using_subcommand stats" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand stats" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand stats" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand stats" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand stats" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand stats" -l recount -d 'Count every delivery again before answering: the SQLite file keeps its counts as outbox writes, so a change made by hand (sqlite3, a script) shows only after this'
complete -c outbox -n "__fish_outbox_using_subcommand stats" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand stats" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand stats" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand stats" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand prune" -l older-than -d 'Delete what finished longer ago than this (30s, 12h, 7d, 1h30m, or seconds)' -r
complete -c outbox -n "__fish_outbox_using_subcommand prune" -l batch-size -d 'Rows deleted per transaction: workers wait at most for one batch' -r
complete -c outbox -n "__fish_outbox_using_subcommand prune" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand prune" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand prune" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand prune" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand prune" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand prune" -l dry-run -d 'Count what would be deleted; delete nothing'
complete -c outbox -n "__fish_outbox_using_subcommand prune" -l keep-dead -d 'Keep dead chains (failed, no attempt to come) for inspection and redrive'
complete -c outbox -n "__fish_outbox_using_subcommand prune" -l vacuum -d 'Vacuum afterwards: SQLite gives the freed space back to the file system (VACUUM, which holds the write lock while it rewrites the file); PostgreSQL runs VACUUM (ANALYZE) on outbox\'s tables now'
complete -c outbox -n "__fish_outbox_using_subcommand prune" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand prune" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand prune" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand prune" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand work" -l event -d 'Only deliveries of this event' -r
complete -c outbox -n "__fish_outbox_using_subcommand work" -l sub -d 'Only deliveries for this subscription' -r
complete -c outbox -n "__fish_outbox_using_subcommand work" -l client -d 'Only deliveries to this client' -r
complete -c outbox -n "__fish_outbox_using_subcommand work" -l transport -d 'Only deliveries over this transport' -r -f -a "poll\t''
webhook\t''
a2a\t''
mcp\t''
nats\t''
amqp\t''
mqtt\t''
redis\t''"
complete -c outbox -n "__fish_outbox_using_subcommand work" -l type -d 'Only deliveries of events of this type' -r
complete -c outbox -n "__fish_outbox_using_subcommand work" -l worker -d 'The worker\'s name on its claims (default: HOSTNAME-PID)' -r
complete -c outbox -n "__fish_outbox_using_subcommand work" -l lease -d 'Lease of each claim, renewed every third of it while the work runs' -r
complete -c outbox -n "__fish_outbox_using_subcommand work" -l concurrency -d 'Deliveries worked on at once' -r
complete -c outbox -n "__fish_outbox_using_subcommand work" -l timeout -d 'Longest a handler may run (default 5m; it is killed) or a send may take (default 15s); either way the delivery fails and is retried' -r
complete -c outbox -n "__fish_outbox_using_subcommand work" -l poll-max -d 'Longest pause between polls while nothing is ready' -r
complete -c outbox -n "__fish_outbox_using_subcommand work" -l grace -d 'After SIGTERM or SIGINT, how long running work may finish before it is killed and its deliveries are released' -r
complete -c outbox -n "__fish_outbox_using_subcommand work" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand work" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand work" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand work" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand work" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand work" -l once -d 'One round of claims (up to --concurrency), then exit'
complete -c outbox -n "__fish_outbox_using_subcommand work" -l drain -d 'Work until nothing is ready, then exit (for cron)'
complete -c outbox -n "__fish_outbox_using_subcommand work" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand work" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand work" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand work" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and not __fish_seen_subcommand_from schema init run status rejected help" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand relay; and not __fish_seen_subcommand_from schema init run status rejected help" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand relay; and not __fish_seen_subcommand_from schema init run status rejected help" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and not __fish_seen_subcommand_from schema init run status rejected help" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and not __fish_seen_subcommand_from schema init run status rejected help" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand relay; and not __fish_seen_subcommand_from schema init run status rejected help" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and not __fish_seen_subcommand_from schema init run status rejected help" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and not __fish_seen_subcommand_from schema init run status rejected help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and not __fish_seen_subcommand_from schema init run status rejected help" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and not __fish_seen_subcommand_from schema init run status rejected help" -f -a "schema" -d 'Print the DDL of the application\'s outbox table, for migrations of its own'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and not __fish_seen_subcommand_from schema init run status rejected help" -f -a "init" -d 'Create the outbox table (and its rejected table; on PostgreSQL, the trigger that wakes the relay) in the application\'s database; run again, it changes nothing'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and not __fish_seen_subcommand_from schema init run status rejected help" -f -a "run" -d 'Move the rows of the application\'s outbox table into this outbox as events, oldest first, deleting each once its event is recorded'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and not __fish_seen_subcommand_from schema init run status rejected help" -f -a "status" -d 'How many rows wait, how long the oldest has waited, how many were rejected, and whether a relay holds the table'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and not __fish_seen_subcommand_from schema init run status rejected help" -f -a "rejected" -d 'The rows the relay set aside (in the rejected table beside the application\'s): list them, move mended ones back, or drop them'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and not __fish_seen_subcommand_from schema init run status rejected help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from schema" -l dialect -d 'The application\'s database: sqlite or postgres' -r -f -a "sqlite\t''
postgres\t''"
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from schema" -l table -d 'The table\'s name (schema-qualified on PostgreSQL: app.outbox)' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from schema" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from schema" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from schema" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from schema" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from schema" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from schema" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from schema" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from schema" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from schema" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from init" -l from -d 'The application\'s database: a SQLite file or a postgres:// URL (passwords as for --db: PGPASSWORD, ~/.pgpass)' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from init" -l table -d 'The application\'s outbox table (schema-qualified on PostgreSQL: app.outbox)' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from init" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from init" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from init" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from init" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from init" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from init" -l create -d 'Create the application\'s SQLite file when there is none (without it, a missing file is refused: most likely a mistyped path)'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from init" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from init" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from init" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from init" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from run" -l from -d 'The application\'s database: a SQLite file or a postgres:// URL (passwords as for --db: PGPASSWORD, ~/.pgpass)' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from run" -l table -d 'The application\'s outbox table (schema-qualified on PostgreSQL: app.outbox)' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from run" -l batch-size -d 'Rows relayed per transaction while the relay keeps up' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from run" -l max-batch-size -d 'The most rows of one transaction under a backlog (the first batch, and one after a full batch): up to this many, read and recorded as a stream' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from run" -l poll-max -d 'Longest pause between looks at an idle table (wake-ups come sooner)' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from run" -l source -d '`source` of rows that leave it empty (default: $OUTBOX_SOURCE, else `picux`)' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from run" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from run" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from run" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from run" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from run" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from run" -l once -d 'One batch, then exit'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from run" -l drain -d 'Relay until the table is empty, then exit (for cron)'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from run" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from run" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from run" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from run" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from status" -l from -d 'The application\'s database: a SQLite file or a postgres:// URL (passwords as for --db: PGPASSWORD, ~/.pgpass)' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from status" -l table -d 'The application\'s outbox table (schema-qualified on PostgreSQL: app.outbox)' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from status" -l format -d '`prometheus`: the same as metrics in the Prometheus text format' -r -f -a "prometheus\t''"
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from status" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from status" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from status" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from status" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from status" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from status" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from status" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from status" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from rejected" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from rejected" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from rejected" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from rejected" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from rejected" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from rejected" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from rejected" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from rejected" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from rejected" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from rejected" -f -a "list" -d 'The rejected rows, oldest first, with why each was refused'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from rejected" -f -a "retry" -d 'Move rejected rows back into the application\'s outbox table, as they are now (mend them first, e.g. with UPDATE), in one transaction; the relay takes them again'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from rejected" -f -a "drop" -d 'Delete rejected rows for good'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from rejected" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from help" -f -a "schema" -d 'Print the DDL of the application\'s outbox table, for migrations of its own'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from help" -f -a "init" -d 'Create the outbox table (and its rejected table; on PostgreSQL, the trigger that wakes the relay) in the application\'s database; run again, it changes nothing'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from help" -f -a "run" -d 'Move the rows of the application\'s outbox table into this outbox as events, oldest first, deleting each once its event is recorded'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from help" -f -a "status" -d 'How many rows wait, how long the oldest has waited, how many were rejected, and whether a relay holds the table'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from help" -f -a "rejected" -d 'The rows the relay set aside (in the rejected table beside the application\'s): list them, move mended ones back, or drop them'
complete -c outbox -n "__fish_outbox_using_subcommand relay; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c outbox -n "__fish_outbox_using_subcommand export" -s o -l output -d 'Write to this file instead of stdout' -r
complete -c outbox -n "__fish_outbox_using_subcommand export" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand export" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand export" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand export" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand export" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand export" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand export" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand export" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand export" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand import" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand import" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand import" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand import" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand import" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand import" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand import" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand import" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand import" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand mcp" -l http -d 'Serve Streamable HTTP at http://ADDR/mcp instead of stdio (e.g. 127.0.0.1:8765). Off loopback, a bearer token from OUTBOX_MCP_TOKEN is required' -r
complete -c outbox -n "__fish_outbox_using_subcommand mcp" -l allow-origin -d 'With --http: also take requests from browser pages of this origin (`https://agent.example.com`; repeatable). A request with any other Origin than the server\'s own is refused (403)' -r
complete -c outbox -n "__fish_outbox_using_subcommand mcp" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand mcp" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand mcp" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand mcp" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand mcp" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand mcp" -l read-only -d 'Serve only the tools that read: no claims, completions or records'
complete -c outbox -n "__fish_outbox_using_subcommand mcp" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand mcp" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand mcp" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand mcp" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand serve" -l listen -d 'The address to listen on. Beyond loopback, a token from OUTBOX_SERVE_TOKEN is required (`Authorization: Bearer TOKEN`)' -r
complete -c outbox -n "__fish_outbox_using_subcommand serve" -l base-path -d 'Serve under this path (`/outbox`), as a reverse proxy forwards it' -r
complete -c outbox -n "__fish_outbox_using_subcommand serve" -l relay-from -d 'The application\'s database the relay reads (as `relay status --from`): its backlog at /api/v1/relay/status and in /metrics' -r
complete -c outbox -n "__fish_outbox_using_subcommand serve" -l relay-table -d 'The application\'s outbox table, with --relay-from' -r
complete -c outbox -n "__fish_outbox_using_subcommand serve" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand serve" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand serve" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand serve" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand serve" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand serve" -l read-only -d 'Serve every read and refuse every write (403)'
complete -c outbox -n "__fish_outbox_using_subcommand serve" -l hide-payloads -d 'Show event payloads on the dashboard only behind a click'
complete -c outbox -n "__fish_outbox_using_subcommand serve" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand serve" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand serve" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand serve" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand completions" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand completions" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand completions" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand completions" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand completions" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand completions" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand completions" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand completions" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand man" -l dir -d 'Write every page (outbox.1, outbox-work.1, ...) into this folder instead, e.g. /usr/local/share/man/man1' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand man" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand man" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand man" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand man" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand man" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand man" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand man" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand man" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand man" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand schema; and not __fish_seen_subcommand_from events help" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand schema; and not __fish_seen_subcommand_from events help" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand schema; and not __fish_seen_subcommand_from events help" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand schema; and not __fish_seen_subcommand_from events help" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand schema; and not __fish_seen_subcommand_from events help" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand schema; and not __fish_seen_subcommand_from events help" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand schema; and not __fish_seen_subcommand_from events help" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand schema; and not __fish_seen_subcommand_from events help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand schema; and not __fish_seen_subcommand_from events help" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand schema; and not __fish_seen_subcommand_from events help" -f -a "events" -d 'The payload of each operational event (outbox.delivery.dead, ...) as a JSON Schema, by type; one type\'s alone with --type'
complete -c outbox -n "__fish_outbox_using_subcommand schema; and not __fish_seen_subcommand_from events help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c outbox -n "__fish_outbox_using_subcommand schema; and __fish_seen_subcommand_from events" -l type -d 'One operational event type' -r
complete -c outbox -n "__fish_outbox_using_subcommand schema; and __fish_seen_subcommand_from events" -l db -d 'The outbox database: a SQLite file (created with its schema by `outbox init` or the first command that adds data), or a postgres://user@host:port/dbname URL' -r -F
complete -c outbox -n "__fish_outbox_using_subcommand schema; and __fish_seen_subcommand_from events" -l sync -d 'Durability of commits: `full` survives power loss; `normal` is faster but a power cut (PostgreSQL: a server crash) may lose the last commits' -r -f -a "full\t''
normal\t''"
complete -c outbox -n "__fish_outbox_using_subcommand schema; and __fish_seen_subcommand_from events" -l max-payload -d 'Largest JSON input accepted (a --payload/--meta/--ack value, one NDJSON line), in bytes' -r
complete -c outbox -n "__fish_outbox_using_subcommand schema; and __fish_seen_subcommand_from events" -l busy-timeout -d 'How long to wait for a database locked by another writer (SQLite; PostgreSQL: for a row lock) before failing with storage:locked' -r
complete -c outbox -n "__fish_outbox_using_subcommand schema; and __fish_seen_subcommand_from events" -l color -d 'Colour in tables: auto (on a terminal, unless NO_COLOR is set), always or never' -r -f -a "auto\t''
always\t''
never\t''"
complete -c outbox -n "__fish_outbox_using_subcommand schema; and __fish_seen_subcommand_from events" -l json -d 'Print the result object as one line of JSON'
complete -c outbox -n "__fish_outbox_using_subcommand schema; and __fish_seen_subcommand_from events" -s q -l quiet -d 'No stderr line for an expected refusal (exit 1: nothing to claim, not found); the exit status and any --json answer stay'
complete -c outbox -n "__fish_outbox_using_subcommand schema; and __fish_seen_subcommand_from events" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c outbox -n "__fish_outbox_using_subcommand schema; and __fish_seen_subcommand_from events" -s V -l version -d 'Print version'
complete -c outbox -n "__fish_outbox_using_subcommand schema; and __fish_seen_subcommand_from help" -f -a "events" -d 'The payload of each operational event (outbox.delivery.dead, ...) as a JSON Schema, by type; one type\'s alone with --type'
complete -c outbox -n "__fish_outbox_using_subcommand schema; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c outbox -n "__fish_outbox_using_subcommand help; and not __fish_seen_subcommand_from init event sub delivery stats prune work relay export import mcp serve completions man schema help" -f -a "init" -d 'Create the database (and its schema) before first use'
complete -c outbox -n "__fish_outbox_using_subcommand help; and not __fish_seen_subcommand_from init event sub delivery stats prune work relay export import mcp serve completions man schema help" -f -a "event" -d 'Record, read, list and ack events'
complete -c outbox -n "__fish_outbox_using_subcommand help; and not __fish_seen_subcommand_from init event sub delivery stats prune work relay export import mcp serve completions man schema help" -f -a "sub" -d 'Create and manage subscriptions: which clients want which events'
complete -c outbox -n "__fish_outbox_using_subcommand help; and not __fish_seen_subcommand_from init event sub delivery stats prune work relay export import mcp serve completions man schema help" -f -a "delivery" -d 'Claim, complete, fail, retry and inspect deliveries'
complete -c outbox -n "__fish_outbox_using_subcommand help; and not __fish_seen_subcommand_from init event sub delivery stats prune work relay export import mcp serve completions man schema help" -f -a "stats" -d 'Count deliveries by state, transport and client'
complete -c outbox -n "__fish_outbox_using_subcommand help; and not __fish_seen_subcommand_from init event sub delivery stats prune work relay export import mcp serve completions man schema help" -f -a "prune" -d 'Delete finished deliveries, dead chains and emptied events older than a cut-off'
complete -c outbox -n "__fish_outbox_using_subcommand help; and not __fish_seen_subcommand_from init event sub delivery stats prune work relay export import mcp serve completions man schema help" -f -a "work" -d 'Work deliveries: run a handler command for each, or send webhooks, A2A messages, MCP tool calls and broker messages'
complete -c outbox -n "__fish_outbox_using_subcommand help; and not __fish_seen_subcommand_from init event sub delivery stats prune work relay export import mcp serve completions man schema help" -f -a "relay" -d 'The transactional outbox: relay the rows an application writes to an outbox table of its own database, in its own transactions'
complete -c outbox -n "__fish_outbox_using_subcommand help; and not __fish_seen_subcommand_from init event sub delivery stats prune work relay export import mcp serve completions man schema help" -f -a "export" -d 'Write every subscription, event and delivery as NDJSON (to move an outbox)'
complete -c outbox -n "__fish_outbox_using_subcommand help; and not __fish_seen_subcommand_from init event sub delivery stats prune work relay export import mcp serve completions man schema help" -f -a "import" -d 'Read an export into this database, in one transaction'
complete -c outbox -n "__fish_outbox_using_subcommand help; and not __fish_seen_subcommand_from init event sub delivery stats prune work relay export import mcp serve completions man schema help" -f -a "mcp" -d 'Serve the outbox to agents as an MCP server (stdio, or Streamable HTTP with --http)'
complete -c outbox -n "__fish_outbox_using_subcommand help; and not __fish_seen_subcommand_from init event sub delivery stats prune work relay export import mcp serve completions man schema help" -f -a "serve" -d 'Serve the outbox over HTTP: a JSON API under /api/v1/ (its OpenAPI document at /api/v1/openapi.json) and Prometheus metrics at /metrics'
complete -c outbox -n "__fish_outbox_using_subcommand help; and not __fish_seen_subcommand_from init event sub delivery stats prune work relay export import mcp serve completions man schema help" -f -a "completions" -d 'Print a shell completion script'
complete -c outbox -n "__fish_outbox_using_subcommand help; and not __fish_seen_subcommand_from init event sub delivery stats prune work relay export import mcp serve completions man schema help" -f -a "man" -d 'Print a man page (outbox man, outbox man work), or write them all: outbox man --dir /usr/local/share/man/man1'
complete -c outbox -n "__fish_outbox_using_subcommand help; and not __fish_seen_subcommand_from init event sub delivery stats prune work relay export import mcp serve completions man schema help" -f -a "schema" -d 'The JSON Schemas of what outbox writes: the payloads of its operational events'
complete -c outbox -n "__fish_outbox_using_subcommand help; and not __fish_seen_subcommand_from init event sub delivery stats prune work relay export import mcp serve completions man schema help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from event" -f -a "record" -d 'Record an event and create a delivery for every matching subscription'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from event" -f -a "get" -d 'Show one event'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from event" -f -a "list" -d 'List events, newest first'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from event" -f -a "ack" -d 'Mark an event as acknowledged'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from sub" -f -a "create" -d 'Subscribe a client to event types'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from sub" -f -a "get" -d 'Show one subscription'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from sub" -f -a "list" -d 'List subscriptions, newest first'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from sub" -f -a "update" -d 'Change a subscription; only the flags given change'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from sub" -f -a "pause" -d 'Stop creating deliveries for a subscription'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from sub" -f -a "test" -d 'Send one test event to the subscription\'s endpoint now, through the sender outbox work uses, and show what it answered. Nothing is written to the ledger unless --record'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from sub" -f -a "delete" -d 'Delete a subscription: no more deliveries for it. Its finished deliveries stay in the ledger (delivery get and chain still answer); its secrets, health and lanes go with it. Refused while it has deliveries queued or claimed, unless --cancel-pending'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from sub" -f -a "resume" -d 'Start creating deliveries for a paused or disabled subscription again, and reset its health: breaker closed, failures forgotten'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from sub" -f -a "health" -d 'Show each subscription\'s endpoint health: breaker, failures, last success, rate and in-flight use, pauses (every subscription, the newest 500, or the one named)'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from sub" -f -a "match" -d 'Show which subscriptions an event would reach; writes nothing'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from sub" -f -a "secret" -d 'Show the subscription\'s webhook signing secret (made on first use), set one, or rotate it. The secret never appears in `sub get`/`list`'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from sub" -f -a "backfill" -d 'Create deliveries for past events this subscription takes now but never got (created or resumed late); running it again creates nothing'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from delivery" -f -a "create" -d 'Create a delivery by hand (recording an event creates them for you)'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from delivery" -f -a "get" -d 'Show one delivery'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from delivery" -f -a "list" -d 'List deliveries, newest first'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from delivery" -f -a "ready" -d 'List deliveries a worker could claim now, oldest first'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from delivery" -f -a "chain" -d 'Show every attempt of the event and subscription behind a delivery'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from delivery" -f -a "claim" -d 'Claim the oldest ready delivery under a lease (or several with --batch)'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from delivery" -f -a "complete" -d 'Mark a claimed delivery as delivered'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from delivery" -f -a "fail" -d 'Mark a delivery as failed and queue the next attempt, up to --max-attempts'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from delivery" -f -a "retry" -d 'Queue the next attempt of a failed or canceled delivery'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from delivery" -f -a "cancel" -d 'Cancel a delivery that has not been delivered'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from delivery" -f -a "renew" -d 'Extend the lease of a claimed delivery'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from delivery" -f -a "release" -d 'Give a claimed delivery back to the queue'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from delivery" -f -a "sweep" -d 'Put deliveries whose lease expired back in the queue (run it from cron)'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from delivery" -f -a "redrive" -d 'Send dead letters again: one more attempt each, past maxAttempts'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from delivery" -f -a "bulk" -d 'Redrive, replay or cancel every delivery `delivery list` lists with the same filters (every page), or the ids given, in one transaction'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from delivery" -f -a "replay" -d 'Send finished chains of events recorded in a window again (after an outage); chains already queued or claimed are skipped'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from relay" -f -a "schema" -d 'Print the DDL of the application\'s outbox table, for migrations of its own'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from relay" -f -a "init" -d 'Create the outbox table (and its rejected table; on PostgreSQL, the trigger that wakes the relay) in the application\'s database; run again, it changes nothing'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from relay" -f -a "run" -d 'Move the rows of the application\'s outbox table into this outbox as events, oldest first, deleting each once its event is recorded'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from relay" -f -a "status" -d 'How many rows wait, how long the oldest has waited, how many were rejected, and whether a relay holds the table'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from relay" -f -a "rejected" -d 'The rows the relay set aside (in the rejected table beside the application\'s): list them, move mended ones back, or drop them'
complete -c outbox -n "__fish_outbox_using_subcommand help; and __fish_seen_subcommand_from schema" -f -a "events" -d 'The payload of each operational event (outbox.delivery.dead, ...) as a JSON Schema, by type; one type\'s alone with --type'
