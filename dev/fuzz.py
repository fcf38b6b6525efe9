#!/usr/bin/env python3
"""Random command sequences run on the reference and on the built binary,
compared step by step.

The fixed scenarios of dev/scenarios.py pin the cases someone thought of;
this walks the ones nobody did: each seed makes one sequence of command
lines over a small pool of clients, types, workers and ids (so that
deliveries collide, leases lapse, retries chain and filters match), with
the clock moving forward between steps. Every step goes through
gen_fixtures.py's mapping onto the reference (with SPEC.md's deviations)
and through `outbox --json`, and the two outcomes are compared as
tests/conformance.rs compares the fixtures. The first difference stops the
run and prints the seed and the command lines that led to it.

    cargo build && python3 dev/fuzz.py [--seeds 200] [--first 0] [--steps 40]
        [--binary target/debug/outbox] [--db postgres://...]

With --db, each sequence runs in a schema of its own on that PostgreSQL
server instead of a new SQLite file.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import gen_fixtures as fx

T0 = 1795975331  # 2026-11-29 18:02:11Z, as in dev/scenarios.py

CLIENTS = ["billing", "shipping", "audit"]
TYPES = ["order.created", "order.paid", "user.signed_up"]
WORKERS = ["w1", "w2"]
SUBJECTS = ["o-1", "o-2", "o-3"]
SOURCES = ["shop", "crm"]


class Walk:
    """One random sequence: picks each next command line from what the
    earlier answers named (sub, event and delivery ids)."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.now = T0
        self.seen = {"subId": [], "eventId": [], "deliveryId": []}

    def learn(self, value):
        if isinstance(value, dict):
            for key, item in value.items():
                if key in self.seen and isinstance(item, str) and item and item not in self.seen[key]:
                    self.seen[key].append(item)
                self.learn(item)
        elif isinstance(value, list):
            for item in value:
                self.learn(item)

    def maybe(self, chance=0.5) -> bool:
        return self.rng.random() < chance

    def pick(self, items):
        return self.rng.choice(items)

    def known(self, key, fallback):
        """An id seen in an answer, now and then one that names nothing."""
        if self.seen[key] and not self.maybe(0.08):
            return self.pick(self.seen[key])
        return fallback

    def small(self, *values):
        return str(self.pick(values))

    def next_args(self) -> tuple[list[str], str | None]:
        makers = [
            (6, self.sub_create), (1, self.sub_change), (1, self.sub_read),
            (10, self.event_record), (2, self.event_batch), (2, self.event_read), (2, self.event_ack),
            (1, self.delivery_create), (3, self.delivery_read),
            (8, self.claim), (9, self.settle), (2, self.sweep), (2, self.stats),
        ]
        weights = [w for w, _ in makers]
        maker = self.rng.choices([m for _, m in makers], weights)[0]
        made = maker()
        return made if isinstance(made, tuple) else (made, None)

    # -- subscriptions ------------------------------------------------------

    def sub_fields(self, args):
        if self.maybe(0.7):
            args += ["--types", ",".join(self.rng.sample(TYPES + ["*"], self.rng.randint(1, 2)))]
        if self.maybe(0.5):
            args.append("--any-target")
        elif self.maybe(0.3):
            args += ["--target", self.pick(CLIENTS)]
        if self.maybe(0.3):
            transport = self.pick(["poll", "webhook", "a2a", "mcp"])
            args += ["--transport", transport]
            if transport != "poll" and self.maybe(0.7):
                args += ["--endpoint", f"https://{transport}.example/in"]
        if self.maybe(0.15):
            args += ["--status", self.pick(["active", "paused", "disabled"])]
        if self.maybe(0.2):
            args += ["--filter", self.pick([f"source={self.pick(SOURCES)}", f"subject={self.pick(SUBJECTS)}"])]
        if self.maybe(0.1):
            args += ["--meta", json.dumps({"team": self.pick(["a", "b"])})]
        return args

    def sub_create(self):
        args = ["sub", "create"]
        if self.maybe(0.85):
            args += ["--client", self.pick(CLIENTS)]
        if self.maybe(0.1):
            args += ["--id", self.pick(["sub-a", "sub-b"])]
        return self.sub_fields(args)

    def sub_change(self):
        sub = self.known("subId", "sub-missing")
        verb = self.pick(["update", "pause", "resume"])
        args = ["sub", verb, sub]
        return self.sub_fields(args) if verb == "update" else args

    def sub_read(self):
        verb = self.pick(["get", "list", "match"])
        if verb == "get":
            return ["sub", "get", self.known("subId", "sub-missing")]
        args = ["sub", verb]
        if verb == "list":
            if self.maybe(0.3):
                args += ["--client", self.pick(CLIENTS)]
            if self.maybe(0.3):
                args += ["--type", self.pick(TYPES)]
            if self.maybe(0.2):
                args += ["--status", self.pick(["active", "paused", "disabled"])]
            if self.maybe(0.2):
                args += ["--limit", self.small(0, 1, 2, 50)]
            return args
        for flag, values in (("--type", TYPES), ("--target", CLIENTS), ("--source", SOURCES), ("--subject", SUBJECTS)):
            if self.maybe(0.5):
                args += [flag, self.pick(values)]
        return args

    # -- events -------------------------------------------------------------

    def event_fields(self):
        fields = {"type": self.pick(TYPES)}
        if self.maybe(0.6):
            fields["subject"] = self.pick(SUBJECTS)
        if self.maybe(0.3):
            fields["source"] = self.pick(SOURCES)
        if self.maybe(0.3):
            fields["target"] = self.pick(CLIENTS)
        if self.maybe(0.5):
            fields["payload"] = {"n": self.rng.randint(0, 3), "total": self.pick([1, 2.5, "x", None, [1, 2]])}
        if self.maybe(0.1):
            fields["status"] = self.pick(["queued", "acked", "failed", "canceled"])
        if self.maybe(0.15):
            fields["eventId"] = self.known("eventId", "evt-fixed")
        if self.maybe(0.1):
            fields["createdAt"] = self.now - self.rng.randint(0, 500)
        return fields

    def event_record(self):
        args = ["event", "record"]
        flags = {"type": "--type", "subject": "--subject", "source": "--source", "target": "--target",
                 "status": "--status", "eventId": "--id", "createdAt": "--created-at"}
        for key, value in self.event_fields().items():
            if key == "payload":
                args += ["--payload", json.dumps(value)]
            else:
                args += [flags[key], str(value)]
        return args

    def event_batch(self):
        lines = []
        for _ in range(self.rng.randint(1, 4)):
            fields = self.event_fields()
            if "eventId" in fields:
                fields["event"] = fields.pop("eventId") if self.maybe(0.5) else fields["eventId"]
            if self.maybe(0.03):
                fields["paylaod"] = {}
            lines.append(json.dumps(fields))
        return ["event", "record", "--batch", "-"], "\n".join(lines) + "\n"

    def event_read(self):
        if self.maybe(0.4):
            return ["event", "get", self.known("eventId", "evt-missing")]
        args = ["event", "list"]
        for flag, values in (("--type", TYPES), ("--subject", SUBJECTS), ("--source", SOURCES),
                             ("--target", CLIENTS), ("--status", ["queued", "acked", "failed", "canceled"])):
            if self.maybe(0.2):
                args += [flag, self.pick(values)]
        if self.maybe(0.3):
            args += ["--limit", self.small(0, 1, 3, 100)]
        return args

    def event_ack(self):
        args = ["event", "ack", self.known("eventId", "evt-missing")]
        if self.maybe(0.5):
            args += ["--ack", json.dumps({"by": self.pick(CLIENTS)})]
        if self.maybe(0.2):
            args += ["--ack-at", str(self.now - 5)]
        return args

    # -- deliveries ---------------------------------------------------------

    def filters(self, args, chance=0.25):
        if self.maybe(chance):
            args += ["--client", self.pick(CLIENTS)]
        if self.maybe(chance / 2):
            args += ["--transport", self.pick(["poll", "webhook", "a2a", "mcp"])]
        if self.maybe(chance / 3):
            args += ["--sub", self.known("subId", "sub-missing")]
        if self.maybe(chance / 3):
            args += ["--event", self.known("eventId", "evt-missing")]
        return args

    def delivery_create(self):
        args = ["delivery", "create", "--event", self.known("eventId", "evt-x"),
                "--sub", self.known("subId", "sub-x")]
        if self.maybe(0.7):
            args += ["--client", self.pick(CLIENTS)]
        if self.maybe(0.3):
            args += ["--attempt", self.small(1, 2, 3)]
        if self.maybe(0.2):
            args += ["--status", self.pick(["queued", "claimed", "delivered", "failed", "canceled"])]
        if self.maybe(0.2):
            args += ["--delay", self.small(0, 10, 30, 60)]
        return args

    def delivery_read(self):
        verb = self.pick(["get", "list", "ready", "chain"])
        if verb in ("get", "chain"):
            return ["delivery", verb, self.known("deliveryId", "dlv-missing")]
        args = self.filters(["delivery", verb])
        if verb == "list" and self.maybe(0.3):
            args += ["--status", self.pick(["queued", "claimed", "delivered", "failed", "canceled"])]
        if self.maybe(0.3):
            args += ["--limit", self.small(0, 1, 2, 100)]
        return args

    def claim(self):
        args = self.filters(["delivery", "claim"], 0.2)
        if self.maybe(0.85):
            args += ["--worker", self.pick(WORKERS)]
        if self.maybe(0.4):
            args += ["--batch", self.small(1, 2, 5, 50)]
        if self.maybe(0.5):
            args += ["--lease", self.small(1, 30, 120)]
        return args

    def settle(self):
        verb = self.pick(["complete", "complete", "fail", "fail", "retry", "cancel", "renew", "release"])
        args = ["delivery", verb, self.known("deliveryId", "dlv-missing")]
        if verb != "retry" and self.maybe(0.8):
            args += ["--worker", self.pick(WORKERS)]
        if verb in ("fail", "release") and self.maybe(0.5):
            args += ["--error", "boom"]
        if verb == "fail":
            if self.maybe(0.2):
                args.append("--no-retry")
            if self.maybe(0.3):
                args += ["--max-attempts", self.small(1, 2, 3)]
            if self.maybe(0.3):
                args += ["--delay", self.small(0, 5, 10, 30, 60)]
        if verb == "retry" and self.maybe(0.3):
            args += ["--attempt", self.small(2, 3, 5)]
        if verb == "cancel" and self.maybe(0.5):
            args += ["--reason", "not needed"]
        if verb == "renew" and self.maybe(0.5):
            args += ["--lease", self.small(10, 60)]
        if verb in ("complete", "fail", "cancel", "release") and self.maybe(0.1):
            args += ["--meta", json.dumps({"note": "x"})]
        return args

    def sweep(self):
        args = self.filters(["delivery", "sweep"], 0.15)
        if self.maybe(0.3):
            args += ["--limit", self.small(1, 2, 100)]
        return args

    def stats(self):
        args = self.filters(["stats"], 0.3)
        if self.maybe(0.2):
            args += ["--status", self.pick(["queued", "claimed", "delivered", "failed", "canceled"])]
        return args


def outbox(binary: str, db: str, entry: dict) -> tuple[int, list]:
    env = {"PATH": "/usr/bin:/bin", "OUTBOX_NOW": str(entry["now"])}
    done = subprocess.run([binary, *entry["args"], "--json", "--db", db], input=entry.get("stdin", ""),
                          capture_output=True, text=True, env=env, timeout=60)
    printed = []
    for line in done.stdout.splitlines():
        try:
            printed.append(json.loads(line))
        except ValueError:
            printed.append(f"not JSON: {line}")
    return done.returncode, printed, done.stderr


def differences(entry: dict, code: int, printed: list, stderr: str) -> list[str]:
    """How `outbox`'s outcome differs from the reference's, as tests/conformance.rs judges."""
    problems = []
    if code != entry["exit"]:
        problems.append(f"exit {code}, want {entry['exit']}; stderr: {stderr.strip()}")
    want = entry["stdout"]
    if len(printed) != len(want):
        return problems + [f"printed {len(printed)} objects, want {len(want)}:\n  {printed}\n  want {want}"]
    for got, expected in zip(printed, want):
        if entry.get("partial"):
            same = isinstance(got, dict) and all(got.get(k) == v for k, v in expected.items())
        else:
            same = got == expected
        if not same:
            problems.append(f"printed\n  {json.dumps(got, sort_keys=True)}\nwant\n  {json.dumps(expected, sort_keys=True)}")
    return problems


def postgres_schema(base: str, seed: int) -> str:
    name = f"outbox_fuzz_{seed}"
    subprocess.run(["psql", "-q", base, "-c", f"DROP SCHEMA IF EXISTS {name} CASCADE; CREATE SCHEMA {name};"],
                   check=True, capture_output=True)
    separator = "&" if "?" in base else "?"
    return f"{base}{separator}options=-c%20search_path%3D{name}"


def run_seed(seed: int, steps: int, binary: str, pg: str | None, folder: Path) -> list[str] | None:
    """Runs one sequence; returns the transcript up to the first difference, if any."""
    rng = random.Random(seed)
    walk = Walk(rng)
    books = fx.make_books()
    db = postgres_schema(pg, seed) if pg else str(folder / f"fuzz-{seed}.db")
    # Reads of a file that does not exist yet are refused (SPEC.md): start from an empty outbox.
    subprocess.run([binary, "init", "--db", db], check=True, capture_output=True)
    transcript = []
    for number in range(steps):
        # Steps of the lengths of leases and delays, so that deadlines fall due
        # exactly at a step as often as before or after one.
        walk.now += rng.choice([0, 0, 1, 1, 5, 10, 30, 60, 120, 300])
        args, stdin = walk.next_args()
        entry = fx.step(books, args, walk.now, None, stdin)
        walk.learn(entry["stdout"])
        code, printed, stderr = outbox(binary, db, entry)
        shown = " ".join(args) + (f" <<< {stdin!r}" if stdin else "")
        transcript.append(f"  {number:3} now={walk.now} outbox {shown}")
        problems = differences(entry, code, printed, stderr)
        if problems:
            return transcript + ["", *problems]
    if pg:
        subprocess.run(["psql", "-q", pg, "-c", f"DROP SCHEMA outbox_fuzz_{seed} CASCADE"], capture_output=True)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200, help="how many sequences (default 200)")
    parser.add_argument("--first", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--steps", type=int, default=40, help="command lines per sequence (default 40)")
    parser.add_argument("--binary", default=str(fx.ROOT / "target" / "debug" / "outbox"))
    parser.add_argument("--db", help="a postgres:// URL to run on instead of SQLite files")
    parser.add_argument("--reference", default=fx.DEFAULT_REFERENCE)
    options = parser.parse_args()
    if not Path(options.reference, "events.py").exists():
        print(f"fuzz skipped: no reference at {options.reference}")
        return
    fx.load_reference(options.reference)
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(options.first, options.first + options.seeds):
            transcript = run_seed(seed, options.steps, options.binary, options.db, Path(folder))
            if transcript:
                print(f"seed {seed}: outbox differs from the reference at the last step of", file=sys.stderr)
                print("\n".join(transcript), file=sys.stderr)
                sys.exit(1)
    print(f"{options.seeds} sequences of {options.steps} steps match the reference")


if __name__ == "__main__":
    main()
