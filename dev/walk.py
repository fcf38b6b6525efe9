"""The random command sequences of dev/fuzz.py: each next command line
picked from a small pool of clients, types, workers and ids and from what
earlier answers named, so that deliveries collide, leases lapse, retries
chain and filters match."""

from __future__ import annotations

import json
import random

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
        self.deadlines = set()  # retry and lease deadlines answers showed

    def tick(self):
        """Moves the clock: a step of the lengths of leases and delays, or
        now and then exactly to the next deadline an answer showed, so that
        claims and sweeps meet a retry or a lease at the second it falls
        due (the boundary `<=` against `<`)."""
        ahead = sorted(d for d in self.deadlines if d > self.now)
        if ahead and self.maybe(0.2):
            self.now = ahead[0]
        else:
            self.now += self.pick([0, 0, 1, 1, 5, 10, 30, 60, 120, 300])

    def learn(self, value):
        if isinstance(value, dict):
            for key in ("nextAttemptAt", "leaseExpiresAt"):
                if isinstance(value.get(key), int) and value[key] > 0:
                    self.deadlines.add(value[key])
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
