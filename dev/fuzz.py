#!/usr/bin/env python3
"""Random command sequences run on the reference and on the built binary,
compared step by step.

The fixed scenarios of dev/scenarios.py pin the cases someone thought of;
this walks the ones nobody did: each seed makes one sequence of command
lines (dev/walk.py) over a small pool of clients, types, workers and ids
(so that deliveries collide, leases lapse, retries chain and filters
match), with the clock moving forward between steps. Every step goes through
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
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

import gen_fixtures as fx
from walk import T0, Step, Walk


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
    # The process id in the name: two fuzz runs on one server (a CI run
    # beside a local one) never share a schema.
    name = f"outbox_fuzz_{os.getpid()}_{seed}"
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
            walk.tick()
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
        subprocess.run(["psql", "-q", pg, "-c", f"DROP SCHEMA outbox_fuzz_{os.getpid()}_{seed} CASCADE"],
                       capture_output=True)
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
