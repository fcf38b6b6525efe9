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
run and prints the seed and the command lines that led to it. Every tenth
sequence starts with a large batch (--large lines, some events repeated),
which outbox writes sorted, its indexes set aside (on PostgreSQL, as an
initial load into the empty outbox).

    cargo build && python3 dev/fuzz.py [--seeds 200] [--first 0] [--steps 40]
        [--binary target/debug/outbox] [--pg postgres://...]

Each sequence runs on a new SQLite file; with --pg it also runs, step by
step, in a schema of its own on that PostgreSQL server, and both backends
must answer alike. The walk also takes outbox's commands beyond the
reference (dead letters, redrive, replay, prune, export, retry policies):
those are compared backend to backend, and once one of them has written,
the reference can no longer follow the sequence, so from there on only the
backends are compared with each other (without --pg: outbox must still
answer every step with JSON and exit 0, 1 or 2).
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
        self.status = {}  # delivery id -> the status an answer last showed
        self.holder = {}  # delivery id -> the worker an answer last showed claiming it

    def learn(self, value):
        if isinstance(value, dict):
            if isinstance(value.get("deliveryId"), str) and "status" in value:
                self.status[value["deliveryId"]] = value["status"]
                self.holder[value["deliveryId"]] = value.get("claimedBy")
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

    def delivery(self, *statuses):
        """Mostly a delivery last seen in one of `statuses`, so that
        transitions succeed about as often as they are refused."""
        ids = [d for d, status in self.status.items() if status in statuses]
        if ids and self.maybe(0.7):
            return self.pick(ids)
        return self.known("deliveryId", "dlv-missing")

    def small(self, *values):
        return str(self.pick(values))

    def next_args(self) -> tuple[list[str], str | None]:
        makers = [
            (6, self.sub_create), (1, self.sub_change), (1, self.sub_read),
            (10, self.event_record), (2, self.event_batch), (2, self.event_read), (2, self.event_ack),
            (1, self.delivery_create), (3, self.delivery_read),
            (8, self.claim), (14, self.settle), (2, self.sweep), (2, self.stats),
            (3, self.beyond_read), (2, self.beyond_write),
        ]
        weights = [w for w, _ in makers]
        maker = self.rng.choices([m for _, m in makers], weights)[0]
        made = maker()
        return made if isinstance(made, Step) else Step(made)

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
        return Step(["event", "record", "--batch", "-"], "\n".join(lines) + "\n")

    def large_batch(self, lines: int):
        """A batch past the size at which outbox sorts it through temporary
        files and sets the indexes aside, with events repeated within it."""
        pool = [f"evt-large-{n}" for n in range(lines // 40)]
        text = []
        for _ in range(lines):
            fields = self.event_fields()
            if self.maybe(0.15):
                fields["eventId"] = self.pick(pool)
            text.append(json.dumps(fields))
        return Step(["event", "record", "--batch", "-"], "\n".join(text) + "\n")

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
        wanted = ("failed", "canceled") if verb == "retry" else ("claimed",)
        delivery = self.delivery(*wanted)
        args = ["delivery", verb, delivery]
        if verb != "retry" and self.maybe(0.8):
            holder = self.holder.get(delivery)
            args += ["--worker", holder if holder and self.maybe(0.8) else self.pick(WORKERS)]
        if verb in ("fail", "release") and self.maybe(0.5):
            args += ["--error", "boom"]
        if verb == "fail":
            if self.maybe(0.3):
                args.append("--no-retry")
            if self.maybe(0.3):
                args += ["--max-attempts", self.small(1, 1, 2, 3)]
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


    # -- beyond the reference ---------------------------------------------

    def since(self):
        return self.pick(["1m", "10m", "1h", "1d", str(self.now - self.pick([0, 60, 600]))])

    def beyond_read(self):
        kind = self.pick(["dead", "export", "recount", "prune", "replay"])
        if kind == "dead":
            args = self.filters(["delivery", "list", "--dead"])
            return Step(args + (["--limit", self.small(1, 2, 100)] if self.maybe(0.3) else []), beyond=True)
        if kind == "export":
            return Step(["export"], beyond=True)
        if kind == "recount":
            return Step(self.filters(["stats", "--recount"]), beyond=True)
        if kind == "prune":
            return Step(["prune", "--older-than", self.pick(["0s", "1m", "10m", "1h"]), "--dry-run"], beyond=True)
        return Step(self.replay_filters(["delivery", "replay", "--since", self.since(), "--dry-run"]), beyond=True)

    def replay_filters(self, args):
        if self.maybe(0.3):
            args += ["--status", self.pick(["delivered", "failed", "canceled"])]
        if self.maybe(0.2):
            args += ["--client", self.pick(CLIENTS)]
        if self.maybe(0.2):
            args += ["--type", self.pick(TYPES)]
        return args

    def beyond_write(self):
        kind = self.pick(["redrive", "replay", "prune", "policy"])
        if kind == "redrive":
            if self.maybe(0.4):
                return Step(["delivery", "redrive", self.delivery("failed")], beyond=True, writes=True)
            args = ["delivery", "redrive", "--all"]
            if self.maybe(0.5):
                args += self.pick([["--client", self.pick(CLIENTS)], ["--type", self.pick(TYPES)],
                                   ["--sub", self.known("subId", "sub-missing")]])
            return Step(args, beyond=True, writes=True)
        if kind == "replay":
            args = ["delivery", "replay", "--since", self.since()]
            return Step(self.replay_filters(args), beyond=True, writes=True)
        if kind == "prune":
            args = ["prune", "--older-than", self.pick(["0s", "1m", "10m", "1h"])]
            if self.maybe(0.3):
                args.append("--keep-dead")
            if self.maybe(0.3):
                args += ["--batch-size", self.small(1, 2, 1000)]
            return Step(args, beyond=True, writes=True)
        args = ["sub", "create", "--client", self.pick(CLIENTS), "--types", self.pick(TYPES), "--any-target",
                "--retry-schedule", self.pick(["5s", "10s,1m", "30s,5m,1h"])]
        if self.maybe(0.6):
            args += ["--max-attempts", self.small(1, 2, 3, 5)]
        return Step(args, beyond=True, writes=True)


class Step:
    """One command line, its stdin, and whether the reference knows it
    (`beyond`: a command or flag of outbox's own) and, if not, whether it
    writes (after which the reference cannot follow the sequence)."""

    def __init__(self, args, stdin=None, beyond=False, writes=False):
        self.args, self.stdin, self.beyond, self.writes = args, stdin, beyond, writes


def outbox(binary: str, db: str, entry: dict) -> tuple[int, list, str]:
    """Runs one step through the binary: its exit status, printed objects and stderr."""
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
    """How `outbox`'s outcome differs from the expected one, as tests/conformance.rs judges."""
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


# Every row, read once more after a sequence's last step: what its own reads missed.
FINAL_READS = [
    Step(["event", "list", "--limit", "500"]),
    Step(["delivery", "list", "--limit", "500"]),
    Step(["sub", "list", "--limit", "500"]),
    Step(["delivery", "list", "--dead", "--limit", "500"], beyond=True),
    Step(["stats", "--recount"], beyond=True),
    Step(["export"], beyond=True),
]


# Two subscriptions that match most events, so that deliveries pile up
# from the first events on; the walk adds narrower ones.
OPENING = [
    Step(["sub", "create", "--client", "billing", "--types", "*", "--any-target"]),
    Step(["sub", "create", "--client", "audit", "--types", "order.created,order.paid", "--any-target",
          "--transport", "webhook", "--endpoint", "https://audit.example/in"]),
]


def run_seed(seed: int, steps: int, binary: str, pg: str | None, folder: Path, large: int) -> list[str] | None:
    """Runs one sequence; returns the transcript up to the first difference, if any."""
    rng = random.Random(seed)
    walk = Walk(rng)
    books = fx.make_books()
    dbs = [str(folder / f"fuzz-{seed}.db")] + ([postgres_schema(pg, seed)] if pg else [])
    # Reads of a file that does not exist yet are refused (SPEC.md): start from an empty outbox.
    subprocess.run([binary, "init", "--db", dbs[0]], check=True, capture_output=True)
    followed = True  # the reference still holds what the databases hold
    transcript = []
    for number in range(steps + len(FINAL_READS)):
        if number < len(OPENING):
            step = OPENING[number]
        elif number == len(OPENING) and large and seed % 10 == 0:
            step = walk.large_batch(large)
        elif number < steps:
            # Steps of the lengths of leases and delays, so that deadlines fall
            # due exactly at a step as often as before or after one.
            walk.now += rng.choice([0, 0, 1, 1, 5, 10, 30, 60, 120, 300])
            step = walk.next_args()
        else:
            step = FINAL_READS[number - steps]
        shown = " ".join(step.args) + (f" <<< {step.stdin[:2000]!r}" if step.stdin else "")
        transcript.append(f"  {number:3} now={walk.now} outbox {shown}")
        entry = {"args": step.args, "now": walk.now}
        if step.stdin is not None:
            entry["stdin"] = step.stdin
        if followed and not step.beyond:
            entry = fx.step(books, step.args, walk.now, None, step.stdin)
        followed = followed and not step.writes
        outcomes = [outbox(binary, db, entry) for db in dbs]
        if "exit" in entry:
            want = [(entry, "the reference")] * len(dbs)
        else:
            # Beyond the reference: PostgreSQL must answer as SQLite did.
            code, printed, stderr = outcomes[0]
            if code not in (0, 1, 2) or any(isinstance(p, str) for p in printed):
                return transcript + ["", f"SQLite: exit {code}, printed {printed}; stderr: {stderr.strip()}"]
            want = [None] + [({"exit": code, "stdout": printed}, "SQLite")] * (len(dbs) - 1)
        for db, outcome, expected in zip(dbs, outcomes, want):
            if expected is None:
                continue
            problems = differences(expected[0], *outcome)
            if problems:
                where = "PostgreSQL" if db.startswith("postgres") else "SQLite"
                return transcript + ["", f"{where} against {expected[1]}:", *problems]
        walk.learn([outcomes[0][1]])
    if pg:
        subprocess.run(["psql", "-q", pg, "-c", f"DROP SCHEMA outbox_fuzz_{seed} CASCADE"], capture_output=True)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200, help="how many sequences (default 200)")
    parser.add_argument("--first", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--steps", type=int, default=40, help="command lines per sequence (default 40)")
    parser.add_argument("--binary", default=str(fx.ROOT / "target" / "debug" / "outbox"))
    parser.add_argument("--pg", help="a postgres:// URL to run every sequence on beside SQLite")
    parser.add_argument("--large", type=int, default=12_000,
                        help="lines of the batch that every tenth sequence starts with (0: none; default 12000)")
    parser.add_argument("--reference", default=fx.DEFAULT_REFERENCE)
    options = parser.parse_args()
    if not Path(options.reference, "events.py").exists():
        print(f"fuzz skipped: no reference at {options.reference}")
        return
    fx.load_reference(options.reference)
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(options.first, options.first + options.seeds):
            transcript = run_seed(seed, options.steps, options.binary, options.pg, Path(folder), options.large)
            if transcript:
                print(f"seed {seed}: outbox differs from the reference at the last step of", file=sys.stderr)
                print("\n".join(transcript), file=sys.stderr)
                sys.exit(1)
    backends = "SQLite and PostgreSQL" if options.pg else "SQLite"
    print(f"{options.seeds} sequences of {options.steps} steps on {backends} match the reference")


if __name__ == "__main__":
    main()
