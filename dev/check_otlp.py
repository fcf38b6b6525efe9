#!/usr/bin/env python3
"""Checks the spans `outbox work` and `outbox relay run` export over
OTLP/HTTP with a collector stand-in built on the official
`opentelemetry-proto` package (its generated protobuf classes parse every
request; none of outbox's code wrote them).

Usage: python3 dev/check_otlp.py path/to/outbox

An application's span (a trace id and span id of its own) is written with
an event, once through `event record --traceparent` and once through the
relay's `traceparent` column. A webhook receiver records the `traceparent`
it is sent. The check fails unless:
- each delivery attempt's span is a child of the application's span
  (same trace, parent = the application's span id) and is the parent the
  receiver saw (its span id in the receiver's `traceparent`), with the
  attributes and status the attempt had (a failed one is an error);
- the relay exported a span for its batch;
- the resource names the service (`OTEL_SERVICE_NAME`) and carries
  `OTEL_RESOURCE_ATTRIBUTES`;
- `OTEL_TRACES_SAMPLER=always_off` exports nothing;
- with the collector down, every delivery is still delivered and the spans
  lost are counted in `stats --format prometheus`.
"""

import http.server
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

TRACE_ID = "0af7651916cd43dd8448eb211c80319c"
APP_SPAN = "b7ad6b7169203331"
RELAY_TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"
RELAY_APP_SPAN = "00f067aa0ba902b7"


def main():
    outbox = os.path.abspath(sys.argv[1])
    if "--inside" not in sys.argv:
        from devvenv import python_with

        python = python_with("opentelemetry.proto.collector.trace.v1.trace_service_pb2", "opentelemetry-proto")
        if python is None:
            print("OTLP check skipped: opentelemetry-proto could not be installed from PyPI")
            return
        sys.exit(subprocess.run([python, __file__, outbox, "--inside"]).returncode)
    failures = []
    for check in (parent_child_chain, sampled_out, collector_down):
        try:
            print(f"   {check.__name__}: {check(outbox)}")
        except AssertionError as e:
            failures.append(f"{check.__name__}: {e}")
    for failure in failures:
        print(f"FAILED {failure}")
    sys.exit(1 if failures else 0)


def serve(handler_class):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler_class)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


class Collector:
    """An OTLP/HTTP traces endpoint: parses each request with the official
    protobuf classes and keeps its spans (with their resource)."""

    def __init__(self):
        from opentelemetry.proto.collector.trace.v1 import trace_service_pb2

        self.spans = []
        self.resources = []
        self.content_types = set()
        spans, resources, content_types = self.spans, self.resources, self.content_types

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["content-length"]))
                content_types.add(self.headers["content-type"])
                request = trace_service_pb2.ExportTraceServiceRequest()
                request.ParseFromString(body)
                assert self.path == "/v1/traces", self.path
                for resource_spans in request.resource_spans:
                    resources.append(attributes(resource_spans.resource.attributes))
                    for scope_spans in resource_spans.scope_spans:
                        spans.extend(scope_spans.spans)
                answer = trace_service_pb2.ExportTraceServiceResponse().SerializeToString()
                self.send_response(200)
                self.send_header("content-type", "application/x-protobuf")
                self.send_header("content-length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *args):
                pass

        self.server, self.url = serve(Handler)


def attributes(key_values):
    found = {}
    for kv in key_values:
        value = kv.value
        kind = value.WhichOneof("value")
        found[kv.key] = getattr(value, kind) if kind else None
    return found


class Receiver:
    """A webhook receiver that answers 200, or 500 on a path ending in
    /fail, and keeps each request's traceparent by path."""

    def __init__(self):
        self.seen = []
        seen = self.seen

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                self.rfile.read(int(self.headers["content-length"]))
                seen.append((self.path, self.headers.get("traceparent")))
                self.send_response(500 if self.path.endswith("/fail") else 200)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server, self.url = serve(Handler)


class Outbox:
    """A new outbox database and the binary on it, on the system clock."""

    def __init__(self, outbox, **env):
        self.dir = tempfile.TemporaryDirectory()
        self.outbox = outbox
        self.env = dict(os.environ, OUTBOX_DB=os.path.join(self.dir.name, "outbox.db"), **env)
        for name in list(self.env):
            if name.startswith("OTEL_") and name not in env:
                del self.env[name]
        self.env.pop("OUTBOX_NOW", None)

    def run(self, *args, env=None):
        out = subprocess.run(
            [self.outbox, *args], env=dict(self.env, **(env or {})), capture_output=True, text=True
        )
        assert out.returncode == 0, f"outbox {' '.join(args)}: {out.stdout}{out.stderr}"
        return out.stdout

    def webhook(self, client, url):
        self.run(
            "sub", "create", "--client", client, "--any-target", "--types", "order.*",
            "--transport", "webhook", "--endpoint", url, "--max-attempts", "1", "--json",
        )


def hexed(raw):
    return raw.hex()


def parent_child_chain(outbox):
    collector, receiver = Collector(), Receiver()
    otel = {
        "OTEL_EXPORTER_OTLP_ENDPOINT": collector.url,
        "OTEL_SERVICE_NAME": "orders-outbox",
        "OTEL_RESOURCE_ATTRIBUTES": "deployment.environment=check",
        "OTEL_BSP_SCHEDULE_DELAY": "100",
    }
    box = Outbox(outbox)
    box.webhook("ok", f"{receiver.url}/ok")
    box.webhook("fails", f"{receiver.url}/fail")
    box.run("event", "record", "--type", "order.paid", "--traceparent", f"00-{TRACE_ID}-{APP_SPAN}-01")
    app = os.path.join(box.dir.name, "app.db")
    box.run("relay", "init", "--from", app, "--create")
    import sqlite3

    connection = sqlite3.connect(app)
    with connection:
        connection.execute(
            "INSERT INTO outbox (type, subject, traceparent) VALUES (?, ?, ?)",
            ("order.shipped", "order-1", f"00-{RELAY_TRACE_ID}-{RELAY_APP_SPAN}-01"),
        )
    connection.close()
    box.run("relay", "run", "--from", app, "--drain", env=otel)
    box.run("work", "--drain", "--timeout", "5s", env=otel)
    receiver.server.shutdown()
    collector.server.shutdown()

    assert collector.content_types == {"application/x-protobuf"}, collector.content_types
    assert collector.resources, "no resource"
    for resource in collector.resources:
        assert resource.get("service.name") == "orders-outbox", resource
        assert resource.get("deployment.environment") == "check", resource
    by_span = {hexed(s.span_id): s for s in collector.spans}
    relay_spans = [s for s in collector.spans if s.name.startswith("relay ")]
    assert len(relay_spans) == 1, [s.name for s in collector.spans]
    assert attributes(relay_spans[0].attributes)["outbox.relay.rows"] == 1, relay_spans[0]
    # Every request the receiver saw names the span outbox exported for its
    # attempt; that span is a child of the application's span.
    assert len(receiver.seen) == 4, receiver.seen
    for path, traceparent in receiver.seen:
        assert traceparent, f"{path} was sent no traceparent"
        _, trace_id, span_id, flags = traceparent.split("-")
        span = by_span.get(span_id)
        assert span is not None, f"{path}: no span {span_id} exported (have {sorted(by_span)})"
        assert hexed(span.trace_id) == trace_id, (hexed(span.trace_id), trace_id)
        expected_parent = {TRACE_ID: APP_SPAN, RELAY_TRACE_ID: RELAY_APP_SPAN}[trace_id]
        assert hexed(span.parent_span_id) == expected_parent, (hexed(span.parent_span_id), expected_parent)
        found = attributes(span.attributes)
        assert found["outbox.transport"] == "webhook", found
        assert found["outbox.delivery.attempt"] == 1, found
        assert found["http.response.status_code"] == (500 if path.endswith("/fail") else 200), found
        # STATUS_CODE_OK = 1, STATUS_CODE_ERROR = 2
        assert span.status.code == (2 if path.endswith("/fail") else 1), (path, span.status)
        assert span.start_time_unix_nano <= span.end_time_unix_nano, span
    return f"{len(collector.spans)} spans; the receivers' parents are outbox's attempt spans, children of the application's"


def sampled_out(outbox):
    collector, receiver = Collector(), Receiver()
    box = Outbox(outbox)
    box.webhook("ok", f"{receiver.url}/ok")
    box.run("event", "record", "--type", "order.paid", "--traceparent", f"00-{TRACE_ID}-{APP_SPAN}-01")
    box.run("work", "--drain", "--timeout", "5s", env={
        "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": collector.url + "/v1/traces",
        "OTEL_TRACES_SAMPLER": "always_off",
    })
    receiver.server.shutdown()
    collector.server.shutdown()
    assert len(receiver.seen) == 1, receiver.seen
    assert not collector.spans, f"{len(collector.spans)} spans exported under always_off"
    return "OTEL_TRACES_SAMPLER=always_off exports nothing"


def collector_down(outbox):
    receiver = Receiver()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = probe.getsockname()[1]
    box = Outbox(outbox)
    box.webhook("ok", f"{receiver.url}/ok")
    for n in range(20):
        box.run("event", "record", "--type", "order.paid", "--subject", f"o-{n}",
                "--traceparent", f"00-{TRACE_ID}-{APP_SPAN}-01")
    box.run("work", "--drain", "--timeout", "5s", "--concurrency", "4", env={
        "OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{closed}",
    })
    receiver.server.shutdown()
    assert len(receiver.seen) == 20, f"{len(receiver.seen)} of 20 delivered"
    metrics = box.run("stats", "--format", "prometheus")
    dropped = [line for line in metrics.splitlines() if line.startswith("outbox_spans_dropped_total")]
    assert dropped and float(dropped[0].split()[-1]) == 20, dropped or metrics
    return "all 20 delivered with the collector down; outbox_spans_dropped_total 20"


if __name__ == "__main__":
    main()
