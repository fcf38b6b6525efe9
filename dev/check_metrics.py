#!/usr/bin/env python3
"""Checks `outbox stats --format prometheus` with the official Prometheus
Python client's text parser (`prometheus_client` on PyPI), which outbox's
code did not write.

Usage: python3 dev/check_metrics.py path/to/outbox

Installs the client into target/dev-venv on first use, fills a new outbox
(events recorded, a delivery completed, one failed for good, a webhook
subscription whose breaker opens), and fails unless the parser reads the
text whole, every counter and histogram has the type it says, each
histogram's buckets are cumulative and end in +Inf equal to its count, and
the counters hold what was done — before and after a prune.
"""

import os
import subprocess
import sys
import tempfile

from devvenv import python_with

PARSE = r'''
import json, sys
from prometheus_client.parser import text_string_to_metric_families
families = {}
for family in text_string_to_metric_families(sys.stdin.read()):
    families[family.name] = {
        "type": family.type,
        "samples": [[s.name, s.labels, s.value] for s in family.samples],
    }
print(json.dumps(families))
'''


def main():
    outbox = os.path.abspath(sys.argv[1])
    python = python_with("prometheus_client", "prometheus-client")
    if python is None:
        sys.exit("check_metrics: could not install prometheus-client")
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, OUTBOX_DB=os.path.join(tmp, "outbox.db"))
        env.pop("OUTBOX_NOW", None)

        def run(*args, stdin=None):
            done = subprocess.run([outbox, *args], env=env, input=stdin,
                                  capture_output=True, text=True)
            if done.returncode != 0:
                sys.exit(f"check_metrics: outbox {' '.join(args)}: {done.stderr}")
            return done.stdout

        def parsed():
            text = run("stats", "--format", "prometheus")
            out = subprocess.run([python, "-c", PARSE], input=text,
                                 capture_output=True, text=True)
            if out.returncode != 0:
                sys.exit(f"check_metrics: the parser refused the text: {out.stderr}")
            import json
            return json.loads(out.stdout)

        run("sub", "create", "--client", "billing", "--types", "t", "--any-target")
        run("sub", "create", "--client", "crm", "--types", "t", "--any-target",
            "--transport", "webhook", "--endpoint", "http://127.0.0.1:9/hook",
            "--breaker", "2")
        lines = "".join(f'{{"type": "t", "subject": "s{n}", "payload": {{"n": {n}}}}}\n'
                        for n in range(5))
        run("event", "record", "--batch", "-", stdin=lines)
        import json
        first = json.loads(run("delivery", "claim", "--transport", "poll",
                               "--worker", "w", "--json"))
        run("delivery", "complete", first["delivery"]["deliveryId"], "--worker", "w")
        second = json.loads(run("delivery", "claim", "--transport", "poll",
                                "--worker", "w", "--json"))
        run("delivery", "fail", second["delivery"]["deliveryId"], "--worker", "w",
            "--no-retry")
        run("work", "--drain", "--transport", "webhook", "--timeout", "1s")
        for moment in ("before a prune", "after a prune"):
            families = parsed()
            check(families, moment)
            run("prune", "--older-than", "0s")
    print("check_metrics: the Prometheus client's parser read every family; "
          "counters and histograms as kept, before and after a prune")


def check(families, moment):
    def fail(why):
        sys.exit(f"check_metrics ({moment}): {why}")

    expect_types = {
        "outbox_events_recorded": "counter",
        "outbox_delivery_attempts": "counter",
        "outbox_deliveries_dead": "counter",
        "outbox_delivery_latency_seconds": "histogram",
        "outbox_attempt_duration_seconds": "histogram",
        "outbox_subscription_breaker_state": "gauge",
        "outbox_subscription_consecutive_failures": "gauge",
        "outbox_subscription_set_aside": "gauge",
    }
    for name, kind in expect_types.items():
        if name not in families:
            fail(f"no {name} family")
        if families[name]["type"] != kind:
            fail(f"{name} is a {families[name]['type']}, not a {kind}")

    def value(family, sample, **labels):
        for name, got, v in families[family]["samples"]:
            if name == sample and all(got.get(k) == w for k, w in labels.items()):
                return v
        return None

    if value("outbox_events_recorded", "outbox_events_recorded_total") != 5:
        fail("outbox_events_recorded_total is not 5")
    for client, outcome, transport, n in [("billing", "delivered", "poll", 1),
                                          ("billing", "failed", "poll", 1),
                                          ("crm", "failed", "webhook", 2)]:
        got = value("outbox_delivery_attempts", "outbox_delivery_attempts_total",
                    client=client, outcome=outcome, transport=transport)
        if got != n:
            fail(f"attempts {client}/{outcome}/{transport}: {got}, not {n}")
    if value("outbox_deliveries_dead", "outbox_deliveries_dead_total",
             client="billing", transport="poll") != 1:
        fail("one dead letter is not counted")
    for family in ("outbox_delivery_latency_seconds", "outbox_attempt_duration_seconds"):
        by_series = {}
        for name, labels, v in families[family]["samples"]:
            key = labels.get("transport")
            by_series.setdefault(key, {"buckets": [], "count": None})
            if name.endswith("_bucket"):
                by_series[key]["buckets"].append((float(labels["le"]), v))
            elif name.endswith("_count"):
                by_series[key]["count"] = v
        if not by_series:
            fail(f"{family} has no series")
        for key, series in by_series.items():
            buckets = series["buckets"]
            counts = [v for _, v in buckets]
            if counts != sorted(counts):
                fail(f"{family}{{transport={key}}} buckets are not cumulative")
            if buckets[-1][0] != float("inf") or buckets[-1][1] != series["count"]:
                fail(f"{family}{{transport={key}}} does not end in +Inf equal to its count")
    if value("outbox_subscription_breaker_state", "outbox_subscription_breaker_state",
             client="crm") != 1:
        fail("crm's breaker is not shown open")


if __name__ == "__main__":
    main()
