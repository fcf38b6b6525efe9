#!/usr/bin/env python3
"""Writes the golden conformance fixtures under tests/fixtures/ from the
reference implementation (shared/reference/events.py).

Each scenario is a list of command lines run against one fresh database, each
with its own clock. This script maps every command line onto the reference
method that SPEC.md names, applies SPEC.md's deviations, and records what the
command must print and its exit status. The Rust tests replay the command
lines through the built binary; they need neither Python nor this script.

    python3 dev/gen_fixtures.py [--reference PATH]
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import random
import struct
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"

ref = None  # the reference module, loaded in main()
CLOCK = [0]


class Refused(Exception):
    """A command line the CLI refuses before the reference sees it (exit 2)."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


# ---------------------------------------------------------------------------
# The reference, with SPEC.md's deviations layered on top (not rewritten).


def make_books():
    class Events(ref.EventBook):
        _replaced = None  # while recordEvent runs: [the record it replaced]

        def recordEvent(self, payload):
            self._replaced = []
            try:
                result = super().recordEvent(payload)
            finally:
                replaced, self._replaced = self._replaced, None
            if not result.get("ok"):
                return result
            eventId = result["event"]["eventId"]
            prior = replaced[0] if replaced else None
            if prior is None:
                return result
            # Deviation 1: re-recording keeps status, ack and ackAt unless
            # the payload sets them. createdAt stays as the reference keeps
            # it (a payload's createdAt is that call's now: the updatedAt).
            record = copy.deepcopy(self._records[eventId])
            for key in ("status", "ack", "ackAt"):
                if payload.get(key) is None:
                    record[key] = copy.deepcopy(prior[key])
            self._saveRecord(record)
            result["event"] = copy.deepcopy(record)
            return result

        def _saveRecord(self, record):
            # The first save of a recordEvent call replaces the record as it
            # was before the call (copying every record per call instead
            # made a batch of thousands take minutes).
            if self._replaced == []:
                self._replaced.append(self._records.get(str(record.get("eventId", "") or "")))
            super()._saveRecord(record)

    class Deliveries(ref.EventDeliveryBook):
        def retryDelivery(self, deliveryId, payload=None):
            # Deviation 2: an attempt that exists is returned unchanged.
            payload = payload or {}
            current = self.getDelivery(deliveryId)
            if current.get("ok") and current["delivery"].get("status") in {"failed", "canceled"}:
                record = current["delivery"]
                attempt = ref._attempt(payload.get("attempt", int(record.get("attempt", 1) or 1) + 1))
                existing = self.getDelivery(ref._deliveryId(record["eventId"], record["subId"], attempt))
                if existing.get("ok"):
                    return existing
            return super().retryDelivery(deliveryId, payload)

        def releaseDelivery(self, deliveryId, payload=None):
            # Deviation 3: release checks the owner like complete does.
            payload = payload or {}
            current = self.getDelivery(deliveryId)
            if current.get("ok") and current["delivery"].get("status") == "claimed":
                record = current["delivery"]
                workerId = str(payload.get("workerId", payload.get("claimedBy", "")) or "")
                claimedBy = str(record.get("claimedBy", "") or "")
                if workerId and claimedBy and workerId != claimedBy:
                    return {"ok": False, "error": "invalid:claimOwner", "delivery": copy.deepcopy(record)}
            return super().releaseDelivery(deliveryId, payload)

    subs = ref.EventSubscriptionBook()
    deliveries = Deliveries()
    events = Events(subscriptionBook=subs, deliveryBook=deliveries)
    return events, subs, deliveries


# ---------------------------------------------------------------------------
# Command lines -> reference calls, following SPEC.md's flag tables.

def json_flag(flag: str, raw: str, stdin: str | None) -> dict:
    text = stdin if raw == "-" else raw
    try:
        value = json.loads(text)
    except ValueError:
        raise Refused("invalid:json")
    if not isinstance(value, dict):
        raise Refused(f"invalid:{flag}")
    return value


def integer(raw: str) -> int:
    try:
        return int(raw)
    except ValueError:
        raise Refused("invalid:usage")


def seconds(raw: str) -> int:
    """A --lease or --delay: outbox refuses a negative one when given
    (exit 2), where the reference clamps it when used."""
    value = integer(raw)
    if value < 0:
        raise Refused("invalid:usage")
    return value


def one_of(raw: str, allowed: set) -> str:
    if raw not in allowed:
        raise Refused("invalid:usage")
    return raw


class Flags:
    """Reads `--flag value` pairs, positionals and switches of one command."""

    def __init__(self, args: list[str], stdin: str | None):
        self.stdin = stdin
        self.values: list[tuple[str, str | None]] = []
        self.positional: list[str] = []
        switches = {"--any-target", "--no-retry"}
        i = 0
        while i < len(args):
            arg = args[i]
            if arg in switches:
                self.values.append((arg, None))
                i += 1
            elif arg.startswith("--"):
                self.values.append((arg, args[i + 1]))
                i += 2
            else:
                self.positional.append(arg)
                i += 1

    def has(self, flag):
        return any(name == flag for name, _ in self.values)

    def last(self, flag):
        found = [value for name, value in self.values if name == flag]
        return found[-1] if found else None

    def all(self, flag):
        return [value for name, value in self.values if name == flag]

    def put(self, payload, flag, key, convert=lambda v: v):
        if self.has(flag):
            payload[key] = convert(self.last(flag))


def delivery_filters(f: Flags, payload: dict):
    f.put(payload, "--event", "eventId")
    f.put(payload, "--sub", "subId")
    f.put(payload, "--client", "clientId")
    f.put(payload, "--transport", "transport", lambda v: one_of(v, ref.SUBSCRIPTION_TRANSPORTS))


def schedule(f: Flags, payload: dict):
    f.put(payload, "--delay", "delaySeconds", seconds)
    f.put(payload, "--next-attempt-at", "nextAttemptAt", integer)


def meta(f: Flags, payload: dict, flag="--meta", key="meta"):
    f.put(payload, flag, key, lambda v: json_flag(flag[2:], v, f.stdin))


def subscription_fields(f: Flags) -> dict:
    payload: dict = {}
    f.put(payload, "--client", "clientId")
    if f.has("--types"):
        payload["eventTypes"] = [t for value in f.all("--types") for t in value.split(",")]
    f.put(payload, "--target", "target")
    if f.has("--any-target"):
        payload["target"] = ""
    f.put(payload, "--transport", "transport", lambda v: one_of(v, ref.SUBSCRIPTION_TRANSPORTS))
    f.put(payload, "--endpoint", "endpoint")
    f.put(payload, "--status", "status", lambda v: one_of(v, ref.SUBSCRIPTION_STATUSES))
    if f.has("--filter"):
        filters = {}
        for pair in f.all("--filter"):
            if "=" not in pair:
                raise Refused("invalid:filter")
            key, value = pair.split("=", 1)
            filters[key] = value
        payload["filters"] = filters
    meta(f, payload)
    return payload


def batch_line(text: str, source: str | None) -> dict:
    """One NDJSON line, refused (exit 2) where SPEC.md's deviation 5 says so."""
    try:
        payload = json.loads(text)
    except ValueError:
        raise Refused("invalid:json")
    if not isinstance(payload, dict):
        raise Refused("invalid:line")
    # A misspelt key is refused, as a misspelt flag is.
    known = {"type", "event", "eventId", "subject", "source", "target", "payload",
             "status", "ack", "createdAt", "updatedAt", "ackAt"}
    if any(key not in known for key in payload):
        raise Refused("invalid:key")
    for key in ("subject", "source", "target"):
        if payload.get(key) is not None and not isinstance(payload[key], str):
            raise Refused(f"invalid:{key}")
    for key in ("payload", "ack"):
        if payload.get(key) is not None and not isinstance(payload[key], dict):
            raise Refused(f"invalid:{key}")
    status = payload.get("status")
    if status and str(status) not in ref.EVENT_STATUSES:
        raise Refused("invalid:status")
    for key in ("createdAt", "updatedAt", "ackAt"):
        if payload.get(key):
            try:
                int(payload[key])
            except (TypeError, ValueError):
                raise Refused(f"invalid:{key}")
    if source is not None and "source" not in payload:
        payload["source"] = source
    return payload


def run(books, args: list[str], env: dict, stdin: str | None):
    """Returns (exit status, [printed objects]) for one command line."""
    events, subs, deliveries = books
    noun, verb, rest = args[0], (args[1] if len(args) > 1 else None), args[2:]
    if noun == "stats":
        verb, rest = None, args[1:]
    f = Flags(rest, stdin)
    ident = f.positional[0] if f.positional else None
    p: dict = {}

    def limit():
        f.put(p, "--limit", "limit", integer)

    if (noun, verb) == ("event", "record") and f.has("--batch"):
        return record_batch(books, f, env, stdin)
    if (noun, verb) == ("event", "record"):
        f.put(p, "--type", "type")
        f.put(p, "--subject", "subject")
        f.put(p, "--source", "source")
        if "source" not in p and env.get("OUTBOX_SOURCE"):
            p["source"] = env["OUTBOX_SOURCE"]
        f.put(p, "--target", "target")
        f.put(p, "--payload", "payload", lambda v: json_flag("payload", v, stdin))
        f.put(p, "--status", "status", lambda v: one_of(v, ref.EVENT_STATUSES))
        f.put(p, "--id", "eventId")
        f.put(p, "--created-at", "createdAt", integer)
        return events.recordEvent(p)
    if (noun, verb) == ("event", "get"):
        return events.getEvent(ident)
    if (noun, verb) == ("event", "list"):
        for flag, key in (("--type", "type"), ("--source", "source"), ("--target", "target"), ("--subject", "subject")):
            f.put(p, flag, key)
        f.put(p, "--status", "status", lambda v: one_of(v, ref.EVENT_STATUSES))
        limit()
        return events.listEvents(p)
    if (noun, verb) == ("event", "ack"):
        p["ack"] = json_flag("ack", f.last("--ack"), stdin) if f.has("--ack") else {}
        f.put(p, "--ack-at", "ackAt", integer)
        return events.ackEvent(ident, p)
    if (noun, verb) == ("sub", "create"):
        p = subscription_fields(f)
        f.put(p, "--id", "subId")
        return subs.createSubscription(p)
    if (noun, verb) == ("sub", "get"):
        return subs.getSubscription(ident)
    if (noun, verb) == ("sub", "list"):
        f.put(p, "--client", "clientId")
        f.put(p, "--type", "eventType")
        f.put(p, "--status", "status", lambda v: one_of(v, ref.SUBSCRIPTION_STATUSES))
        f.put(p, "--transport", "transport", lambda v: one_of(v, ref.SUBSCRIPTION_TRANSPORTS))
        limit()
        return subs.listSubscriptions(p)
    if (noun, verb) == ("sub", "update"):
        return subs.updateSubscription(ident, subscription_fields(f))
    if (noun, verb) in (("sub", "pause"), ("sub", "resume")):
        return subs.updateSubscription(ident, {"status": "paused" if verb == "pause" else "active"})
    if (noun, verb) == ("sub", "match"):
        for flag, key in (("--type", "type"), ("--source", "source"), ("--subject", "subject"), ("--target", "target")):
            f.put(p, flag, key)
        return subs.matchEvent(p)
    if (noun, verb) == ("delivery", "create"):
        delivery_filters(f, p)
        f.put(p, "--endpoint", "endpoint")
        f.put(p, "--attempt", "attempt", integer)
        f.put(p, "--status", "status", lambda v: one_of(v, ref.DELIVERY_STATUSES))
        schedule(f, p)
        meta(f, p)
        f.put(p, "--id", "deliveryId")
        return deliveries.createDelivery(p)
    if (noun, verb) == ("delivery", "get"):
        return deliveries.getDelivery(ident)
    if (noun, verb) == ("delivery", "list"):
        delivery_filters(f, p)
        f.put(p, "--status", "status", lambda v: one_of(v, ref.DELIVERY_STATUSES))
        limit()
        return deliveries.listDeliveries(p)
    if (noun, verb) == ("delivery", "ready"):
        delivery_filters(f, p)
        limit()
        return deliveries.readyDeliveries(p)
    if (noun, verb) == ("delivery", "chain"):
        limit()
        return deliveries.deliveryChain(ident, p)
    if (noun, verb) == ("delivery", "claim"):
        delivery_filters(f, p)
        f.put(p, "--worker", "workerId")
        f.put(p, "--lease", "leaseSeconds", seconds)
        if f.has("--batch"):
            p["limit"] = integer(f.last("--batch"))
            return deliveries.claimBatch(p)
        return deliveries.claimNext(p)
    if (noun, verb) == ("delivery", "complete"):
        f.put(p, "--worker", "workerId")
        f.put(p, "--delivered-at", "deliveredAt", integer)
        f.put(p, "--error", "lastError")
        meta(f, p)
        return deliveries.completeDelivery(ident, p)
    if (noun, verb) == ("delivery", "fail"):
        f.put(p, "--worker", "workerId")
        f.put(p, "--error", "lastError")
        if f.has("--no-retry"):
            p["retry"] = False
        f.put(p, "--max-attempts", "maxAttempts", integer)
        schedule(f, p)
        meta(f, p)
        meta(f, p, "--retry-meta", "retryMeta")
        return deliveries.failDelivery(ident, p)
    if (noun, verb) == ("delivery", "retry"):
        f.put(p, "--client", "clientId")
        f.put(p, "--transport", "transport", lambda v: one_of(v, ref.SUBSCRIPTION_TRANSPORTS))
        f.put(p, "--endpoint", "endpoint")
        f.put(p, "--attempt", "attempt", integer)
        schedule(f, p)
        meta(f, p)
        return deliveries.retryDelivery(ident, p)
    if (noun, verb) == ("delivery", "cancel"):
        f.put(p, "--worker", "workerId")
        f.put(p, "--reason", "reason")
        meta(f, p)
        return deliveries.cancelDelivery(ident, p)
    if (noun, verb) == ("delivery", "renew"):
        f.put(p, "--worker", "workerId")
        f.put(p, "--lease", "leaseSeconds", seconds)
        return deliveries.renewLease(ident, p)
    if (noun, verb) == ("delivery", "release"):
        f.put(p, "--worker", "workerId")
        f.put(p, "--error", "lastError")
        schedule(f, p)
        meta(f, p)
        return deliveries.releaseDelivery(ident, p)
    if (noun, verb) == ("delivery", "sweep"):
        delivery_filters(f, p)
        limit()
        f.put(p, "--error", "lastError")
        return deliveries.sweepExpiredLeases(p)
    if noun == "stats":
        delivery_filters(f, p)
        f.put(p, "--status", "status", lambda v: one_of(v, ref.DELIVERY_STATUSES))
        return deliveries.deliveryStats(p)
    raise SystemExit(f"no mapping for {args}")


def record_batch(books, f: Flags, env: dict, stdin: str | None):
    """All lines in one transaction: a failing line leaves every book as it was."""
    source = f.last("--source") or env.get("OUTBOX_SOURCE") or None
    text = stdin if f.last("--batch") == "-" else Path(f.last("--batch")).read_text()
    saved = [copy.deepcopy(book._records) for book in books]
    results = []
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            result = books[0].recordEvent(batch_line(line, source))
        except Refused as refused:
            refused.line = number
            for book, records in zip(books, saved):
                book._records = records
            raise
        if not result.get("ok"):
            for book, records in zip(books, saved):
                book._records = records
            return dict(result, line=number)
        results.append(result)
    return results


def step(books, args, now, env=None, stdin=None):
    env = env or {}
    CLOCK[0] = now
    entry = {"args": args, "now": now}
    if env:
        entry["env"] = env
    if stdin is not None:
        entry["stdin"] = stdin
    try:
        result = run(books, args, env, stdin)
    except Refused as refused:
        printed = {"ok": False, "error": refused.code}
        if getattr(refused, "line", None):
            printed["line"] = refused.line
        entry.update(exit=2, stdout=[printed], partial=True)
        return entry
    if isinstance(result, list):
        entry.update(exit=0, stdout=result)
    else:
        entry.update(exit=0 if result.get("ok") else 1, stdout=[result])
    return entry


# ---------------------------------------------------------------------------
# Vectors for the canonical JSON writer and the three id functions.

AWKWARD_TEXT = ["", "plain", "Zoë", "naïve café ✓", "😀", "𝄞 clef", "日本語", "\u0000\u001f\u007f\u0080",
                "quote \" back \\ slash /", "\b\f\n\r\t", "\ud7ff\ue000\uffff", "\U0010ffff"]


def random_value(rng, depth=0):
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.choice([0, 1, -1, 2**31, -2**63, 2**64 + 7, -(10**30) - 1, rng.randrange(-10**6, 10**6)])
    if kind == 3:
        while True:
            value = struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]
            if math.isfinite(value):
                return rng.choice([value, 1.0, 1e16, 1.5e-07, 0.1, -0.0, 1e-05, 123456789.125, 1e22, 5e-324])
    if kind in (4, 5):
        return rng.choice(AWKWARD_TEXT) + "".join(chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x800),
                                                                   rng.randrange(0x4e00, 0x9fff), rng.randrange(0x10000, 0x10ffff)]))
                                                  for _ in range(rng.randrange(4)))
    if kind in (6, 7):
        return {rng.choice(AWKWARD_TEXT + ["a", "b", "Z", "é"]): random_value(rng, depth + 1)
                for _ in range(rng.randrange(5))}
    return [random_value(rng, depth + 1) for _ in range(rng.randrange(4))]


def canonical_vectors():
    rng = random.Random(20261129)
    texts = [
        '{"b": 1, "a": 2}', '{"a": 1, "a": 2}', "1E5", "2.50", "-0", "-0.0", "1e16", "1.5e-7", "100", "1.0",
        "12345678901234567890123456789", "0.000001", "0.0001", "1e-4", "123e-2", '"\\ud83d\\ude00"',
        '[1, [2, [3, {"z": {}, "y": []}]]]', '{"\\u00e9": 1, "e": 2}',
    ]
    texts += [json.dumps(random_value(rng)) for _ in range(300)]
    texts += [json.dumps(random_value(rng), ensure_ascii=False) for _ in range(100)]
    return [{"json": text, "canonical": json.dumps(json.loads(text), ensure_ascii=True, sort_keys=True)} for text in texts]


def float_vectors():
    """repr() of doubles from random bit patterns and of halfway cases."""
    rng = random.Random(1.5)
    out = []
    while len(out) < 3000:
        bits = rng.getrandbits(64)
        value = struct.unpack("<d", struct.pack("<Q", bits))[0]
        if math.isfinite(value):
            out.append({"bits": str(bits), "repr": json.dumps(value)})
    for value in [2.5442733376299663e14, 0.5, 5e-324, 1.7976931348623157e308, 9007199254740993.0, 1e23, 8.41e21]:
        bits = struct.unpack("<Q", struct.pack("<d", value))[0]
        out.append({"bits": str(bits), "repr": json.dumps(value)})
    return out


def id_vectors():
    rng = random.Random(7)
    vectors = []
    for n in range(60):
        payload = {k: random_value(rng, 1) for k in rng.sample(["a", "é", "😀", "n", "x"], rng.randrange(4))}
        args = [rng.choice(AWKWARD_TEXT[1:]) + str(n), rng.choice(AWKWARD_TEXT), rng.choice(["picux", "shop", "𝄞"]),
                rng.choice(AWKWARD_TEXT), payload, rng.choice([0, 1795975331, 2**40])]
        vectors.append({"kind": "event", "args": args,
                        "id": ref._stableId(args[0], {"subject": args[1], "source": args[2], "target": args[3],
                                                      "payload": args[4]}, args[5])})
    for n in range(30):
        client = rng.choice(AWKWARD_TEXT[1:]) + str(n)
        types_ = [rng.choice(AWKWARD_TEXT[1:]) for _ in range(rng.randrange(1, 4))]
        target = rng.choice(["", client, "other"])
        transport = rng.choice(sorted(ref.SUBSCRIPTION_TRANSPORTS))
        endpoint = rng.choice(["", "https://x.example/ü"])
        vectors.append({"kind": "subscription", "args": [client, types_, target, transport, endpoint],
                        "id": ref._subscriptionId(client, types_, {"target": target, "transport": transport,
                                                                   "endpoint": endpoint})})
    for n in range(30):
        args = ["evt_" + rng.choice(AWKWARD_TEXT) + str(n), "sub_" + rng.choice(AWKWARD_TEXT), rng.randrange(1, 10**6)]
        vectors.append({"kind": "delivery", "args": args, "id": ref._deliveryId(*args)})
    return vectors


DEFAULT_REFERENCE = str(ROOT.parent / "shared" / "reference")


def load_reference(path: str):
    """Imports the reference from the folder `path`, its clock set by `step`."""
    global ref
    sys.path.insert(0, path)
    import events as reference  # noqa: E402

    ref = reference
    ref.time = types.SimpleNamespace(time=lambda: CLOCK[0])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", default=DEFAULT_REFERENCE)
    parser.add_argument("--check", action="store_true", help="fail if the committed fixtures differ; write nothing")
    options = parser.parse_args()
    load_reference(options.reference)

    from scenarios import SCENARIOS  # noqa: E402

    scenarios = []
    for name, script in SCENARIOS:
        books = make_books()
        steps = []

        def run_step(args, now, env=None, stdin=None):
            entry = step(books, args, now, env, stdin)
            steps.append(entry)
            return entry

        script(run_step)
        scenarios.append({"name": name, "steps": steps})
    about = "Generated by dev/gen_fixtures.py from shared/reference/events.py; do not edit."
    vectors = {"about": about, "canonical": canonical_vectors(), "floats": float_vectors(), "ids": id_vectors()}
    files = {
        "conformance.json": json.dumps({"about": about, "scenarios": scenarios}, indent=1) + "\n",
        "ids.json": json.dumps(vectors, indent=1) + "\n",
    }
    if options.check:
        stale = [name for name, text in files.items() if (FIXTURES / name).read_text() != text]
        if stale:
            raise SystemExit(f"stale fixtures: {', '.join(stale)}; run python3 dev/gen_fixtures.py")
        print("fixtures match the reference")
        return
    FIXTURES.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (FIXTURES / name).write_text(text)
    total = sum(len(s["steps"]) for s in scenarios)
    print(f"wrote {len(scenarios)} scenarios ({total} steps), {len(vectors['canonical'])} canonical "
          f"and {len(vectors['ids'])} id vectors to {FIXTURES}")


if __name__ == "__main__":
    main()
