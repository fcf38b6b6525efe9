-- Version 11: W3C trace context kept with an event (`event record
-- --traceparent`, an NDJSON line's `traceparent`, the relay's column), for
-- the senders to carry on; empty when it has none.
ALTER TABLE events ADD COLUMN traceparent TEXT NOT NULL DEFAULT '';
ALTER TABLE events ADD COLUMN tracestate TEXT NOT NULL DEFAULT '';
