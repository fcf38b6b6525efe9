-- W3C trace context kept with an event, for the senders to carry on;
-- empty when it has none.
ALTER TABLE events ADD COLUMN traceparent text NOT NULL DEFAULT '';
ALTER TABLE events ADD COLUMN tracestate text NOT NULL DEFAULT '';
