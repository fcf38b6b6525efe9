"""Operation sequences for dev/gen_fixtures.py. Each scenario gets a fresh
database; `run(args, now, env=None, stdin=None)` runs one command line on the
reference and returns the recorded step (its `stdout` holds the objects)."""

T = 1795975331  # 2026-11-29 18:02:11Z


def first(entry):
    return entry["stdout"][0]


def delivery_id(entry):
    return first(entry)["delivery"]["deliveryId"]


def fan_out(run):
    run(["sub", "create", "--client", "billing", "--types", "order.created,order.paid", "--any-target"], T)
    run(["sub", "create", "--client", "shipping", "--types", "order.created"], T + 1)
    run(["sub", "create", "--client", "audit", "--types", "*", "--any-target", "--transport", "webhook",
         "--endpoint", "https://audit.example/hook", "--meta", '{"team": "sec"}'], T + 2)
    run(["sub", "create", "--client", "sleepy", "--types", "order.created", "--any-target", "--status", "paused"], T + 3)
    run(["sub", "create", "--client", "shop-only", "--types", "order.created", "--any-target",
         "--filter", "source=shop", "--filter", "subject=o-9"], T + 4)
    run(["sub", "create", "--target", "  crm  ", "--types", " a , a ,b,", "--transport", "mcp"], T + 5)
    run(["sub", "match", "--type", "order.created"], T + 6)
    run(["sub", "match", "--type", "order.created", "--target", "shipping"], T + 6)
    run(["sub", "match", "--type", "order.created", "--source", "shop", "--subject", "o-9"], T + 6)
    run(["sub", "match", "--type", "nothing.here"], T + 6)
    run(["sub", "match"], T + 6)
    run(["event", "record", "--type", "order.created", "--subject", "o-1", "--payload", '{"total": 12.5}'], T + 10)
    run(["event", "record", "--type", "order.created", "--subject", "o-2", "--target", "shipping"], T + 11)
    run(["event", "record", "--type", "order.created", "--subject", "o-9", "--source", "shop"], T + 12)
    run(["event", "record", "--type", "order.paid", "--subject", "o-1", "--target", "billing"], T + 13)
    run(["event", "record", "--type", "  user.signed_up  "], T + 14)
    run(["event", "record", "--type", "order.created", "--subject", "o-1", "--payload", '{"total": 12.5}'], T + 15)
    run(["event", "list"], T + 20)
    run(["event", "list", "--type", "order.created"], T + 20)
    run(["event", "list", "--source", "shop"], T + 20)
    run(["event", "list", "--target", "shipping"], T + 20)
    run(["event", "list", "--subject", "o-1", "--status", "queued"], T + 20)
    run(["event", "list", "--status", "acked"], T + 20)
    run(["event", "list", "--limit", "2"], T + 20)
    run(["event", "list", "--limit", "0"], T + 20)
    run(["event", "list", "--limit", "100000"], T + 20)
    run(["delivery", "list"], T + 21)
    run(["delivery", "list", "--client", "audit"], T + 21)
    run(["delivery", "list", "--transport", "webhook", "--status", "queued"], T + 21)
    run(["delivery", "list", "--status", "claimed"], T + 21)
    run(["delivery", "list", "--limit", "3"], T + 21)
    run(["delivery", "ready"], T + 21)
    run(["delivery", "ready", "--client", "billing", "--limit", "1"], T + 21)
    run(["stats"], T + 22)
    run(["stats", "--client", "audit"], T + 22)
    run(["sub", "list"], T + 23)
    run(["sub", "list", "--type", "order.paid"], T + 23)
    run(["sub", "list", "--client", "billing"], T + 23)
    run(["sub", "list", "--status", "paused"], T + 23)
    run(["sub", "list", "--transport", "webhook", "--limit", "1"], T + 23)


def worker_loop(run):
    run(["sub", "create", "--client", "billing", "--types", "order.created", "--any-target"], T)
    run(["sub", "create", "--client", "audit", "--types", "*", "--any-target", "--transport", "webhook"], T)
    for n in range(4):
        run(["event", "record", "--type", "order.created", "--subject", f"o-{n}"], T + 10 + n)
    first_claim = run(["delivery", "claim", "--worker", "w1", "--lease", "60"], T + 20)
    d1 = delivery_id(first_claim)
    run(["delivery", "claim", "--batch", "2", "--worker", "w2"], T + 21)
    run(["delivery", "claim", "--client", "nobody"], T + 21)
    run(["delivery", "claim", "--client", "nobody", "--event", "evt_x", "--sub", "sub_y", "--transport", "mcp"], T + 21)
    run(["delivery", "ready"], T + 22)
    run(["delivery", "renew", d1, "--worker", "w2"], T + 23)
    run(["delivery", "renew", d1, "--worker", "w1", "--lease", "120"], T + 24)
    run(["delivery", "renew", d1, "--lease", "999999"], T + 25)
    run(["delivery", "renew", d1, "--lease", "0"], T + 26)
    run(["delivery", "renew", d1, "--lease", "-5"], T + 27)
    run(["delivery", "complete", d1, "--worker", "w2"], T + 28)
    run(["delivery", "complete", d1, "--worker", "w1", "--meta", '{"http": 200}'], T + 29)
    run(["delivery", "complete", d1, "--worker", "w9"], T + 30)
    run(["delivery", "renew", d1], T + 31)
    run(["delivery", "release", d1], T + 31)
    run(["delivery", "fail", d1], T + 31)
    run(["delivery", "cancel", d1], T + 31)
    run(["delivery", "retry", d1], T + 31)
    claimed = run(["delivery", "claim", "--batch", "50", "--worker", "w3", "--lease", "30"], T + 40)
    ids = [d["deliveryId"] for d in first(claimed)["deliveries"]]
    run(["delivery", "complete", ids[0], "--delivered-at", str(T + 5), "--error", "late note"], T + 41)
    run(["delivery", "complete", ids[1], "--delivered-at", "0"], T + 41)
    run(["delivery", "release", ids[2], "--worker", "w1"], T + 42)
    run(["delivery", "release", ids[2], "--worker", "w3", "--error", "busy", "--delay", "60"], T + 42)
    run(["delivery", "release", ids[3], "--next-attempt-at", str(T + 500), "--meta", '{"why": "later"}'], T + 43)
    run(["delivery", "release", ids[4]], T + 43)
    run(["delivery", "ready"], T + 44)
    run(["delivery", "ready"], T + 200)
    run(["stats"], T + 44)
    run(["delivery", "get", ids[2]], T + 45)
    run(["delivery", "get", "delv_missing"], T + 45)
    run(["delivery", "complete", "delv_missing"], T + 45)
    run(["delivery", "list", "--status", "delivered"], T + 46)
    run(["delivery", "list", "--event", first(claimed)["deliveries"][0]["eventId"]], T + 46)
    run(["delivery", "list", "--sub", first(claimed)["deliveries"][0]["subId"], "--limit", "2"], T + 46)


def leases(run):
    run(["sub", "create", "--client", "c", "--types", "t", "--any-target"], T)
    run(["sub", "create", "--client", "d", "--types", "t", "--any-target", "--transport", "a2a"], T)
    run(["event", "record", "--type", "t", "--subject", "s1"], T + 1)
    run(["event", "record", "--type", "t", "--subject", "s2"], T + 2)
    a = delivery_id(run(["delivery", "claim", "--worker", "w1", "--lease", "10"], T + 10))
    b = delivery_id(run(["delivery", "claim", "--worker", "w2", "--lease", "100"], T + 10))
    run(["stats"], T + 15)
    run(["stats"], T + 20)
    run(["delivery", "ready"], T + 20)
    run(["delivery", "sweep"], T + 19)
    # The expired lease makes the delivery claimable again; claimedAt stays.
    run(["delivery", "claim", "--worker", "w3", "--lease", "50"], T + 25)
    run(["delivery", "complete", a, "--worker", "w1"], T + 26)
    run(["delivery", "fail", a, "--worker", "w1"], T + 26)
    run(["delivery", "cancel", a, "--worker", "w1"], T + 26)
    run(["delivery", "renew", a, "--worker", "w1"], T + 26)
    run(["delivery", "release", a, "--worker", "w1"], T + 26)
    run(["delivery", "renew", a, "--worker", "w3", "--lease", "5"], T + 27)
    run(["delivery", "claim", "--batch", "10", "--worker", "w4", "--lease", "5"], T + 28)
    run(["stats", "--status", "claimed"], T + 40)
    run(["delivery", "sweep", "--limit", "1"], T + 40)
    run(["delivery", "sweep", "--transport", "a2a", "--error", "lease lost"], T + 40)
    run(["delivery", "sweep", "--client", "c", "--error", ""], T + 200)
    run(["delivery", "sweep"], T + 200)
    run(["delivery", "get", a], T + 201)
    run(["delivery", "get", b], T + 201)
    run(["delivery", "claim", "--worker", "w5"], T + 202)
    run(["delivery", "renew", a, "--worker", "w5"], T + 203)


def claim_order(run):
    """Lapsed leases and queued deliveries are claimed together, oldest first."""
    run(["sub", "create", "--client", "c", "--types", "t", "--any-target"], T)
    for n in range(1, 5):
        run(["event", "record", "--type", "t", "--subject", f"s{n}"], T + n)
    first_id = delivery_id(run(["delivery", "claim", "--worker", "w1", "--lease", "100"], T + 10))
    run(["delivery", "claim", "--worker", "w2", "--lease", "5"], T + 10)
    run(["delivery", "claim", "--worker", "w3", "--lease", "5"], T + 10)
    # The oldest is queued again while the next two lapse behind it.
    run(["delivery", "release", first_id, "--worker", "w1"], T + 11)
    run(["delivery", "ready", "--limit", "3"], T + 20)
    run(["delivery", "claim", "--batch", "2", "--worker", "w4"], T + 20)
    run(["delivery", "claim", "--batch", "5", "--worker", "w5"], T + 20)


def retries(run):
    run(["sub", "create", "--client", "c", "--types", "t", "--any-target"], T)
    run(["event", "record", "--type", "t", "--subject", "x"], T + 1)
    d1 = delivery_id(run(["delivery", "claim", "--worker", "w1"], T + 2))
    run(["delivery", "fail", d1, "--worker", "w2", "--error", "nope"], T + 3)
    f1 = run(["delivery", "fail", d1, "--worker", "w1", "--error", "HTTP 500", "--delay", "30",
              "--meta", '{"status": 500}', "--retry-meta", '{"hint": "backoff"}'], T + 4)
    d2 = first(f1)["retry"]["delivery"]["deliveryId"]
    run(["delivery", "claim", "--worker", "w1"], T + 5)
    run(["delivery", "ready"], T + 34)
    run(["delivery", "claim", "--worker", "w1"], T + 34)
    run(["delivery", "fail", d2, "--next-attempt-at", str(T + 1000)], T + 35)
    # Failing a failed delivery again: the next attempt exists and is kept.
    run(["delivery", "fail", d1, "--error", "again"], T + 36)
    run(["delivery", "retry", d1], T + 36)
    chain = run(["delivery", "chain", d1], T + 37)
    d3 = first(chain)["latestDeliveryId"]
    run(["delivery", "chain", d2, "--limit", "1"], T + 37)
    run(["delivery", "chain", "delv_missing"], T + 37)
    run(["delivery", "claim", "--worker", "w1"], T + 2000)
    run(["delivery", "fail", d3, "--worker", "w1"], T + 2001)
    run(["delivery", "fail", d3, "--max-attempts", "5"], T + 2002)
    run(["delivery", "retry", d2], T + 2003)
    run(["delivery", "retry", d3, "--attempt", "7", "--client", "other", "--transport", "mcp",
         "--endpoint", "mcp://x", "--delay", "90", "--meta", '{"manual": true}'], T + 2004)
    run(["delivery", "retry", d3, "--attempt", "7"], T + 2005)
    run(["delivery", "chain", d1], T + 2006)
    run(["delivery", "fail", "delv_missing"], T + 2006)
    # A queued delivery can be failed directly; retries can be switched off.
    run(["event", "record", "--type", "t", "--subject", "y"], T + 3000)
    q = first(run(["delivery", "list", "--status", "queued", "--limit", "1"], T + 3001))["deliveries"][0]["deliveryId"]
    run(["delivery", "fail", q, "--no-retry", "--error", "bad payload"], T + 3002)
    run(["delivery", "fail", q, "--max-attempts", "1"], T + 3003)
    run(["delivery", "fail", q, "--max-attempts", "0"], T + 3003)
    run(["delivery", "fail", q, "--max-attempts", "1000"], T + 3004)
    # Cancel, and retry after cancel.
    run(["event", "record", "--type", "t", "--subject", "z"], T + 4000)
    z = first(run(["delivery", "claim", "--worker", "wz"], T + 4001))["delivery"]["deliveryId"]
    run(["delivery", "cancel", z, "--worker", "other"], T + 4002)
    run(["delivery", "cancel", z, "--worker", "wz", "--reason", "customer left", "--meta", '{"by": "ops"}'], T + 4003)
    run(["delivery", "cancel", z], T + 4004)
    run(["delivery", "fail", z], T + 4004)
    run(["delivery", "retry", z, "--next-attempt-at", str(T + 4100)], T + 4005)
    run(["delivery", "cancel", "delv_missing"], T + 4006)
    run(["delivery", "retry", "delv_missing"], T + 4006)
    run(["stats"], T + 4007)


def manual_deliveries(run):
    run(["delivery", "create"], T)
    run(["delivery", "create", "--event", "  ", "--sub", "s"], T)
    d = run(["delivery", "create", "--event", "evt_1", "--sub", "sub_1", "--client", "c", "--transport", "a2a",
             "--endpoint", "agent://c", "--meta", '{"k": [1, 2]}'], T + 1)
    run(["delivery", "create", "--event", "evt_1", "--sub", "sub_1", "--attempt", "2", "--delay", "45"], T + 2)
    run(["delivery", "create", "--event", "evt_1", "--sub", "sub_1", "--attempt", "0",
         "--next-attempt-at", str(T + 99), "--delay", "45"], T + 3)
    run(["delivery", "create", "--event", "evt_2", "--sub", "sub_1", "--status", "claimed"], T + 4)
    run(["delivery", "create", "--event", "evt_3", "--sub", "sub_1", "--status", "delivered", "--id", "custom-1"], T + 5)
    run(["delivery", "create", "--event", "evt_4", "--sub", "sub_1", "--delay", "99999999"], T + 6)
    run(["delivery", "create", "--event", "evt_4", "--sub", "sub_1", "--attempt", "3", "--delay", "-5"], T + 6)
    run(["delivery", "get", "custom-1"], T + 7)
    run(["delivery", "ready"], T + 8)
    run(["delivery", "ready"], T + 100)
    run(["stats"], T + 100)
    run(["delivery", "claim", "--event", "evt_2"], T + 100)
    run(["delivery", "complete", delivery_id(d)], T + 101)
    run(["delivery", "create", "--event", "evt_1", "--sub", "sub_1", "--client", "c2"], T + 200)
    run(["delivery", "list", "--event", "evt_1"], T + 201)
    run(["delivery", "chain", delivery_id(d)], T + 201)


def subscriptions(run):
    run(["sub", "create"], T)
    run(["sub", "create", "--client", "x"], T)
    run(["sub", "create", "--types", "t"], T)
    run(["sub", "create", "--client", "   ", "--types", " , "], T)
    s = first(run(["sub", "create", "--client", "c", "--types", "t1", "--types", "t2,t1"], T + 1))["subscription"]["subId"]
    run(["sub", "create", "--client", "c", "--types", "t1", "--id", "my-sub", "--target", "elsewhere",
         "--transport", "webhook", "--endpoint", "https://c.example", "--status", "disabled"], T + 2)
    run(["sub", "get", s], T + 3)
    run(["sub", "get", "sub_missing"], T + 3)
    run(["sub", "update", s, "--types", "t3", "--any-target", "--filter", "subject=only-me", "--meta", '{"v": 2}'], T + 4)
    run(["sub", "update", s, "--client", "c-renamed", "--transport", "mcp", "--endpoint", "mcp://c"], T + 5)
    run(["sub", "update", s, "--client", ""], T + 6)
    run(["sub", "update", s, "--types", " "], T + 6)
    run(["sub", "update", s, "--target", "c"], T + 7)
    run(["sub", "update", "sub_missing", "--status", "paused"], T + 7)
    run(["sub", "pause", s], T + 8)
    run(["sub", "match", "--type", "t3", "--target", "c"], T + 8)
    run(["sub", "resume", s], T + 9)
    run(["sub", "match", "--type", "t3", "--target", "c", "--subject", "only-me"], T + 9)
    run(["sub", "match", "--type", "t3", "--target", "c", "--subject", "someone-else"], T + 9)
    run(["sub", "pause", "sub_missing"], T + 9)
    run(["sub", "list"], T + 10)
    run(["sub", "list", "--type", "t1"], T + 10)
    run(["sub", "list", "--status", "disabled"], T + 10)
    # Re-creating a subscription replaces it, as the reference does.
    run(["sub", "create", "--client", "c", "--types", "t1", "--types", "t2,t1"], T + 11)
    run(["sub", "list", "--client", "c"], T + 12)


def events_and_acks(run):
    run(["event", "record"], T)
    run(["event", "record", "--type", "   "], T)
    e = first(run(["event", "record", "--type", "invoice.sent", "--subject", "inv-1", "--status", "failed"], T + 1))
    eid = e["event"]["eventId"]
    run(["event", "get", eid], T + 2)
    run(["event", "get", "evt_missing"], T + 2)
    run(["event", "ack", eid], T + 3)
    run(["event", "ack", eid, "--ack", '{"receipt": "r-1", "n": 2}', "--ack-at", str(T + 1)], T + 4)
    run(["event", "ack", "evt_missing", "--ack", "{}"], T + 4)
    # Deviation 1: re-recording keeps status, ack, ackAt and createdAt.
    run(["event", "record", "--type", "invoice.sent", "--subject", "inv-1", "--id", eid], T + 5)
    run(["event", "record", "--type", "invoice.sent", "--subject", "inv-1", "--id", eid, "--status", "canceled"], T + 6)
    run(["event", "record", "--type", "invoice.sent", "--id", eid, "--created-at", str(T - 100)], T + 7)
    run(["event", "get", eid], T + 8)
    run(["event", "record", "--type", "x", "--id", "my-event", "--created-at", str(T - 50), "--source", "erp",
         "--target", "t", "--subject", "s"], T + 9)
    run(["event", "record", "--type", "x", "--created-at", str(T - 50), "--source", "", "--target", "",
         "--subject", ""], T + 9)
    run(["event", "record", "--type", "x"], T + 10, env={"OUTBOX_SOURCE": "billing-app"})
    run(["event", "record", "--type", "x", "--source", "flag-wins"], T + 10, env={"OUTBOX_SOURCE": "billing-app"})
    run(["event", "record", "--type", "x", "--payload", "-"], T + 11, stdin='{"from": "stdin"}')
    run(["event", "list", "--source", "billing-app"], T + 12)
    run(["event", "list"], T + 12)


def awkward_ids(run):
    run(["sub", "create", "--client", "Zoë 😀", "--types", "naïve.event", "--any-target"], T)
    payloads = [
        '{"text": "Zoë – naïve café ✓", "emoji": "😀🎉", "cjk": "日本語"}',
        '{"floats": [1.0, 1e16, 1.5e-07, 0.1, -0.0, 2.5E+3, 1e-05, 123456789.123]}',
        '{"big": 123456789012345678901234567890, "neg": -98765432109876543210, "zero": -0}',
        '{"nested": {"b": {"y": [1, {"z": null, "a": true}], "x": false}, "a": []}, "": "empty key"}',
        '{"escapes": "quote \\" backslash \\\\ newline \\n tab \\t ctrl \\u0001 del \\u007f slash /"}',
        '{"é": 1, "e": 2, "z": 3, "A": 4, "😀": 5, "\\u00ff": 6}',
        '{"max": 1.7976931348623157e308, "tiny": 5e-324, "int64": 9223372036854775807, "f": 100.0}',
    ]
    for n, payload in enumerate(payloads):
        run(["event", "record", "--type", "naïve.event", "--subject", f"ünï-{n}", "--payload", payload], T + n)
    run(["event", "record", "--type", "t", "--subject", "Ω", "--target", "☃", "--source", "𝄞"], T + 20)
    run(["event", "list", "--limit", "500"], T + 30)
    run(["delivery", "list"], T + 30)


def batches(run):
    run(["sub", "create", "--client", "c", "--types", "a,b", "--any-target"], T)
    good = "\n".join([
        '{"type": "a", "subject": "1", "payload": {"n": 1}}',
        '',
        '   ',
        '{"event": "b", "subject": "2", "source": "erp", "createdAt": 1700000000}',
        '{"type": "c", "status": "acked", "ack": {"ok": 1}, "ackAt": 1700000001, "updatedAt": "1700000002"}',
        '{"type": 5, "subject": "7", "target": null, "eventId": "batch-id", "payload": null}',
        '{"type": "a", "subject": "1", "payload": {"n": 1}}',
    ]) + "\n"
    run(["event", "record", "--batch", "-"], T + 1, stdin=good)
    run(["event", "list"], T + 2)
    run(["delivery", "list"], T + 2)
    run(["event", "record", "--batch", "-"], T + 3, env={"OUTBOX_SOURCE": "env-src"},
        stdin='{"type": "a", "subject": "env"}\n{"type": "a", "subject": "own", "source": "mine"}\n')
    # Any bad line aborts the whole batch: nothing of it is written.
    run(["event", "record", "--batch", "-"], T + 4, stdin='{"type": "a", "subject": "x1"}\n{"subject": "no type"}\n')
    run(["event", "record", "--batch", "-"], T + 4, stdin='{"type": "a", "subject": "x2"}\n{"type": \n')
    run(["event", "record", "--batch", "-"], T + 4, stdin='{"type": "a", "subject": "x3"}\n\n[1, 2]\n')
    run(["event", "record", "--batch", "-"], T + 4, stdin='{"type": "a", "subject": "x4"}\n{"type": "a", "payload": [1]}\n')
    run(["event", "record", "--batch", "-"], T + 4, stdin='{"type": "a", "status": "bogus"}\n')
    run(["event", "record", "--batch", "-"], T + 4, stdin='{"type": "a", "ack": "yes"}\n')
    run(["event", "record", "--batch", "-"], T + 4, stdin='{"type": "a", "createdAt": "soon"}\n')
    run(["event", "record", "--batch", "-"], T + 4, stdin='"just a string"\n')
    run(["event", "record", "--batch", "-"], T + 4, stdin='{"type": "a", "subject": "x5"}\n{"type": "a", "paylaod": {"n": 1}}\n')
    run(["event", "record", "--batch", "-"], T + 4, stdin='{"type": "a", "subject": 7}\n')
    run(["event", "record", "--batch", "-"], T + 4, stdin='{"type": "a", "source": ["erp"]}\n')
    run(["event", "record", "--batch", "-"], T + 4, stdin='')
    run(["event", "list", "--limit", "500"], T + 5)
    run(["stats"], T + 5)


def refused_input(run):
    run(["sub", "create", "--client", "c", "--types", "t", "--any-target"], T)
    run(["event", "record", "--type", "t", "--payload", "[1, 2]"], T + 1)
    run(["event", "record", "--type", "t", "--payload", "{not json"], T + 1)
    run(["event", "record", "--type", "t", "--payload", '"text"'], T + 1)
    run(["event", "record", "--type", "t", "--payload", "42"], T + 1)
    run(["event", "record", "--type", "t", "--status", "bogus"], T + 1)
    run(["event", "list", "--status", "bogus"], T + 1)
    run(["sub", "create", "--client", "c", "--types", "t", "--transport", "pigeon"], T + 1)
    run(["sub", "create", "--client", "c", "--types", "t", "--meta", "[]"], T + 1)
    run(["sub", "create", "--client", "c", "--types", "t", "--filter", "novalue"], T + 1)
    run(["delivery", "list", "--status", "lost"], T + 1)
    run(["delivery", "claim", "--lease", "soon"], T + 1)
    run(["delivery", "claim", "--transport", "pigeon"], T + 1)
    run(["event", "ack", "evt_x", "--ack", "true"], T + 1)
    run(["delivery", "fail", "delv_x", "--retry-meta", "null"], T + 1)
    run(["event", "list"], T + 2)
    run(["delivery", "list"], T + 2)
    run(["sub", "list"], T + 2)


def created_at_kept(run):
    # An event's createdAt never changes once it exists; a createdAt given
    # when recording it again is that call's now, its updatedAt.
    e = first(run(["event", "record", "--type", "order.created", "--id", "evt-fixed", "--created-at", str(T - 100)], T))
    run(["event", "record", "--type", "order.created", "--id", "evt-fixed", "--created-at", str(T - 50)], T + 1)
    run(["event", "record", "--type", "order.created", "--id", "evt-fixed"], T + 2)
    run(["event", "record", "--batch", "-"], T + 3,
        stdin='{"type": "order.created", "eventId": "evt-fixed", "createdAt": %d}\n' % (T + 500))
    run(["event", "get", e["event"]["eventId"]], T + 4)
    run(["event", "list"], T + 4)


SCENARIOS = [
    ("fan_out", fan_out),
    ("worker_loop", worker_loop),
    ("leases", leases),
    ("claim_order", claim_order),
    ("retries", retries),
    ("manual_deliveries", manual_deliveries),
    ("subscriptions", subscriptions),
    ("events_and_acks", events_and_acks),
    ("awkward_ids", awkward_ids),
    ("batches", batches),
    ("refused_input", refused_input),
    ("created_at_kept", created_at_kept),
]
