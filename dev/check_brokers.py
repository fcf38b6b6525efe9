#!/usr/bin/env python3
"""Checks what `outbox work` publishes to each message broker with that
broker's official Python client, and every message's CloudEvent with the
CloudEvents Python SDK (`cloudevents`), none of which outbox's code wrote.

Usage: python3 dev/check_brokers.py path/to/outbox

For NATS JetStream (`nats-py`), RabbitMQ (`pika`), MQTT 5 and 3.1.1
(`paho-mqtt`), Redis Streams (`redis`) and a webhook, in the binary and
the structured CloudEvents mode: records events for several subjects,
drains them with `outbox work --drain --concurrency 4 --ordered-by
subject`, reads what arrived with the official client, turns each message
into the HTTP binding's headers and body as the protocol binding maps them
(`ce-` headers, AMQP's `cloudEvents:` properties, MQTT 5 user properties
and Redis fields by name), parses it with `cloudevents.http.from_http`,
and fails unless every event arrived once, with its id, type, source,
subject and payload, in recording order per subject, and with the trace
context it was recorded with under a span of the attempt's own: the
CloudEvent's `traceparent` attribute and, where the protocol has headers,
the same value as a plain `traceparent` header.

The brokers are the ones on their standard ports on 127.0.0.1; without
them (OUTBOX_TEST_BROKERS unset and nothing listening) the check is
skipped, saying so. The libraries go into target/dev-venv on first use.
"""

import asyncio
import http.server
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

LIBRARIES = [
    ("nats", "nats-py"),
    ("pika", "pika"),
    ("paho.mqtt.client", "paho-mqtt>=2"),
    ("redis", "redis"),
    ("cloudevents.http", "cloudevents>=1.11,<2"),
]
PORTS = {"nats": 4222, "amqp": 5672, "mqtt": 1883, "redis": 6379}
SUBJECTS = ["s0", "s1", "s2"]
PER_SUBJECT = 4
TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736"
RECORDED_SPAN = "00f067aa0ba902b7"


def listening(port):
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


def main():
    outbox = os.path.abspath(sys.argv[1])
    if "--inside" not in sys.argv:
        down = [name for name, port in PORTS.items() if not listening(port)]
        if down and not os.environ.get("OUTBOX_TEST_BROKERS"):
            print(f"broker check skipped: nothing listens for {', '.join(down)} on 127.0.0.1")
            return
        from devvenv import python_with

        python = None
        for module, package in LIBRARIES:
            python = python_with(module, package)
            if python is None:
                print(f"broker check skipped: {package} could not be installed from PyPI")
                return
        sys.exit(subprocess.run([python, __file__, outbox, "--inside"]).returncode)
    failures = []
    for check in (nats, amqp, mqtt5, mqtt311, redis_streams, webhook):
        for mode in ("binary", "structured"):
            if check is mqtt311 and mode == "binary":
                continue  # MQTT 3.1.1 has no headers: structured only
            try:
                count = check(outbox, mode)
                print(f"   {check.__name__} ({mode}): {count} messages, each event once, in order per subject")
            except AssertionError as e:
                failures.append(f"{check.__name__} ({mode}): {e}")
                print(f"   {check.__name__} ({mode}): FAILED: {e}")
    if failures:
        sys.exit(1)


class Outbox:
    """A new outbox database and the binary on it, on the system clock."""

    def __init__(self, outbox):
        self.dir = tempfile.TemporaryDirectory()
        self.outbox = outbox
        self.env = dict(os.environ, OUTBOX_DB=os.path.join(self.dir.name, "outbox.db"))
        self.env.pop("OUTBOX_NOW", None)

    def run(self, *args, stdin=None):
        out = subprocess.run(
            [self.outbox, *args, "--json"], env=self.env, input=stdin, capture_output=True, text=True
        )
        assert out.returncode == 0, f"outbox {' '.join(args)}: {out.stdout}{out.stderr}"
        return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]

    def subscribe(self, transport, endpoint, *extra):
        self.run(
            "sub", "create", "--client", "check", "--any-target", "--types", "order.paid",
            "--transport", transport, "--endpoint", endpoint, "--ordered-by", "subject", *extra,
        )

    def record(self):
        """Events for every subject, interleaved; their (id, subject, payload)
        in recording order."""
        lines = []
        for n in range(PER_SUBJECT):
            for subject in SUBJECTS:
                lines.append(json.dumps({
                    "type": "order.paid", "subject": subject, "source": "shop",
                    "payload": {"subject": subject, "n": n, "text": "grüße"},
                    "traceparent": f"00-{TRACE_ID}-{RECORDED_SPAN}-01",
                }))
        answers = self.run("event", "record", "--batch", "-", stdin="\n".join(lines) + "\n")
        events = [a["event"] for a in answers]
        return [(e["eventId"], e["subject"], e["payload"]) for e in events]

    def drain(self):
        answers = self.run("work", "--drain", "--concurrency", "4", "--timeout", "10s")
        statuses = [a["delivery"]["status"] for a in answers]
        assert statuses and all(s == "delivered" for s in statuses), f"not all delivered: {answers}"


def check_events(recorded, messages):
    """Parses each (headers, body, plain traceparent header or None) with
    the CloudEvents SDK and compares."""
    from cloudevents.http import from_http

    assert len(messages) == len(recorded), f"{len(messages)} messages for {len(recorded)} events"
    by_id = {event_id: (subject, payload) for event_id, subject, payload in recorded}
    seen = {}
    for headers, body, plain_trace in messages:
        event = from_http(headers, body)
        version, trace_id, span, flags = event["traceparent"].split("-")
        assert (version, trace_id, flags) == ("00", TRACE_ID, "01"), event["traceparent"]
        assert span not in (RECORDED_SPAN, "0" * 16) and len(span) == 16, event["traceparent"]
        assert plain_trace in (None, event["traceparent"]), (plain_trace, event["traceparent"])
        event_id = event["id"]
        assert event_id in by_id, f"unknown id {event_id}"
        assert event_id not in seen, f"{event_id} arrived twice"
        subject, payload = by_id[event_id]
        assert event["type"] == "order.paid", event
        assert event["source"] == "shop", event
        assert event["subject"] == subject, event
        assert event["specversion"] == "1.0", event
        assert event.data == payload, f"{event.data} != {payload}"
        assert event["outboxattempt"] in ("1", 1), event
        seen.setdefault(subject, []).append(event.data["n"])
    for subject in SUBJECTS:
        assert seen.get(subject) == list(range(PER_SUBJECT)), f"{subject} arrived as {seen.get(subject)}"
    return len(messages)


def unique(prefix):
    return f"{prefix}{os.getpid()}x{time.monotonic_ns()}"


def envelope_query(mode, first):
    if mode == "binary":
        return ""
    return ("?" if first else "&") + "envelope=structured"


def nats(outbox, mode):
    import nats as nats_py

    name = unique("check_")
    box = Outbox(outbox)
    box.subscribe("nats", f"nats://127.0.0.1:4222/{name}.{{subject}}{envelope_query(mode, True)}")

    async def setup():
        client = await nats_py.connect("nats://127.0.0.1:4222")
        js = client.jetstream()
        await js.add_stream(name=name, subjects=[f"{name}.>"])
        await client.close()

    async def read():
        client = await nats_py.connect("nats://127.0.0.1:4222")
        js = client.jetstream()
        info = await js.stream_info(name)
        messages = []
        for seq in range(info.state.first_seq, info.state.last_seq + 1):
            message = await js.get_msg(name, seq)
            headers = dict(message.headers or {})
            # JetStream's dedupe key is the event's id.
            msg_id = headers.pop("Nats-Msg-Id")
            event_id = headers["ce-id"] if mode == "binary" else json.loads(message.data)["id"]
            assert msg_id == event_id, (msg_id, event_id)
            messages.append((headers, message.data, headers.pop("traceparent")))
        await js.delete_stream(name)
        await client.close()
        return messages

    asyncio.run(setup())
    recorded = box.record()
    box.drain()
    return check_events(recorded, asyncio.run(read()))


def amqp(outbox, mode):
    import pika

    key = unique("check.")
    box = Outbox(outbox)
    box.subscribe(
        "amqp",
        f"amqp://guest:guest@127.0.0.1:5672/%2f?exchange=amq.topic&routing_key={key}.{{subject}}"
        + envelope_query(mode, False),
    )
    connection = pika.BlockingConnection(pika.URLParameters("amqp://guest:guest@127.0.0.1:5672/%2f"))
    channel = connection.channel()
    channel.queue_declare(queue=key)
    channel.queue_bind(queue=key, exchange="amq.topic", routing_key=f"{key}.#")
    recorded = box.record()
    box.drain()
    messages = []
    while True:
        method, properties, body = channel.basic_get(queue=key, auto_ack=True)
        if method is None:
            break
        headers = {"content-type": properties.content_type}
        plain = {}
        for name, value in (properties.headers or {}).items():
            if name in ("traceparent", "tracestate"):
                plain[name] = value.decode() if isinstance(value, bytes) else value
                continue
            # The AMQP binding's `cloudEvents:` prefix, as the HTTP
            # binding's `ce-`.
            assert name.startswith("cloudEvents:"), name
            headers["ce-" + name.removeprefix("cloudEvents:")] = value.decode() if isinstance(value, bytes) else value
        assert properties.delivery_mode == 2, "not persistent"
        ids = [headers.get("ce-id")] if mode == "binary" else [json.loads(body)["id"]]
        assert properties.message_id == ids[0], (properties.message_id, ids)
        messages.append((headers, body, plain["traceparent"]))
    channel.queue_delete(queue=key)
    connection.close()
    return check_events(recorded, messages)


def mqtt(outbox, mode, version):
    import paho.mqtt.client as paho
    from paho.mqtt.enums import CallbackAPIVersion

    topic = unique("check/")
    query = "?version=3.1.1" if version == "3.1.1" else envelope_query(mode, True)
    box = Outbox(outbox)
    box.subscribe("mqtt", f"mqtt://127.0.0.1:1883/{topic}/{{subject}}{query}")
    arrived = []
    subscribed = threading.Event()
    client = paho.Client(CallbackAPIVersion.VERSION2, protocol=paho.MQTTv5)
    client.on_subscribe = lambda *args: subscribed.set()

    def on_message(_client, _userdata, message):
        headers = {}
        plain = None
        properties = message.properties
        if properties is not None:
            for name, value in getattr(properties, "UserProperty", []) or []:
                headers["ce-" + name] = value
                if name == "traceparent":
                    plain = value
            if getattr(properties, "ContentType", None):
                headers["content-type"] = properties.ContentType
        if "content-type" not in headers:
            # MQTT 3.1.1 carries no content type: its messages are
            # structured CloudEvents, as the binding says.
            headers["content-type"] = "application/cloudevents+json"
        if version == "5":
            assert plain is not None, "an MQTT 5 message without a traceparent user property"
        arrived.append((headers, message.payload, plain))

    client.on_message = on_message
    client.connect("127.0.0.1", 1883)
    client.subscribe(f"{topic}/#", qos=1)
    client.loop_start()
    assert subscribed.wait(10), "no SUBACK"
    recorded = box.record()
    box.drain()
    deadline = time.monotonic() + 10
    while len(arrived) < len(recorded) and time.monotonic() < deadline:
        time.sleep(0.05)
    client.loop_stop()
    client.disconnect()
    return check_events(recorded, arrived)


def mqtt5(outbox, mode):
    return mqtt(outbox, mode, "5")


def mqtt311(outbox, mode):
    return mqtt(outbox, mode, "3.1.1")


def redis_streams(outbox, mode):
    import redis

    stream = unique("check-")
    box = Outbox(outbox)
    box.subscribe("redis", f"redis://127.0.0.1:6379?stream={stream}" + envelope_query(mode, False))
    recorded = box.record()
    box.drain()
    connection = redis.Redis(host="127.0.0.1", port=6379)
    messages = []
    for _entry_id, fields in connection.xrange(stream):
        fields = {k.decode(): v for k, v in fields.items()}
        body = fields.pop("data")
        plain = fields["traceparent"].decode()
        if mode == "binary":
            headers = {"content-type": fields.pop("datacontenttype").decode()}
            headers.update({"ce-" + k: v.decode() for k, v in fields.items()})
        else:
            headers = {"content-type": fields["content-type"].decode()}
            assert fields["id"].decode() == json.loads(body)["id"]
        messages.append((headers, body, plain))
    connection.delete(stream)
    return check_events(recorded, messages)


def webhook(outbox, mode):
    arrived = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers["content-length"]))
            headers = {k.lower(): v for k, v in self.headers.items()}
            arrived.append((headers, body, headers["traceparent"]))
            assert self.headers["webhook-signature"].startswith("v1,")
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    box = Outbox(outbox)
    envelope = "cloudevents" if mode == "binary" else "cloudevents-structured"
    box.subscribe("webhook", f"http://127.0.0.1:{server.server_address[1]}/", "--envelope", envelope)
    recorded = box.record()
    box.drain()
    server.shutdown()
    return check_events(recorded, arrived)


if __name__ == "__main__":
    main()
