#!/usr/bin/env python3
"""The baseline of figure 22: COUNT messages published by a broker's
official Python client, the broker's acknowledgement awaited in windows of
100 (a forwarder with no ledger at all). Prints messages per second.

Usage: brokers_python.py nats|amqp|mqtt|redis COUNT NAME

NAME is the subject, routing key (on amq.topic), topic or stream. Each
message is the one outbox sends in CloudEvents binary mode for an event of
the bench: the same JSON body, the same attributes written where outbox
writes them (NATS `ce-` headers, AMQP `cloudEvents:` headers, MQTT 5 user
properties, Redis fields by name) and the same unique id (NATS
`Nats-Msg-Id`, AMQP `message_id`, MQTT 5 correlation data, the Redis
`id` field), so both sides put the same bytes on the wire.
"""

import asyncio
import json
import sys
import time

WINDOW = 100


def body(n):
    return json.dumps({"n": n, "total": n % 1000 + 0.5}, separators=(",", ":")).encode()


def attributes(n):
    """The CloudEvent attributes outbox gives the message of event n, in
    its order, with ids and a time of the same length."""
    return [
        ("specversion", "1.0"),
        ("id", f"evt_{n:024x}"),
        ("source", "bench"),
        ("type", "t"),
        ("subject", f"o-{n}"),
        ("time", "2026-12-05T10:17:57Z"),
        ("outboxdelivery", f"delv_{n:024x}"),
        ("outboxattempt", "1"),
    ]


async def nats(count, subject):
    import nats as nats_py

    client = await nats_py.connect("nats://127.0.0.1:4222")
    js = client.jetstream()
    started = time.perf_counter()
    for start in range(0, count, WINDOW):
        await asyncio.gather(*(
            js.publish(subject, body(n), headers={
                "Nats-Msg-Id": f"evt_{n:024x}",
                "content-type": "application/json",
                **{f"ce-{name}": value for name, value in attributes(n)},
            })
            for n in range(start, min(start + WINDOW, count))
        ))
    took = time.perf_counter() - started
    await client.close()
    return took


async def amqp(count, key):
    import aio_pika

    connection = await aio_pika.connect("amqp://guest:guest@127.0.0.1:5672/")
    channel = await connection.channel(publisher_confirms=True)
    exchange = await channel.get_exchange("amq.topic")
    started = time.perf_counter()
    for start in range(0, count, WINDOW):
        await asyncio.gather(*(
            exchange.publish(
                aio_pika.Message(
                    body(n),
                    message_id=f"evt_{n:024x}",
                    content_type="application/json",
                    delivery_mode=2,
                    app_id="outbox",
                    headers={f"cloudEvents:{name}": value for name, value in attributes(n)},
                ),
                routing_key=key,
                mandatory=True,
            )
            for n in range(start, min(start + WINDOW, count))
        ))
    took = time.perf_counter() - started
    await connection.close()
    return took


def mqtt(count, topic):
    import paho.mqtt.client as paho
    from paho.mqtt.enums import CallbackAPIVersion
    from paho.mqtt.packettypes import PacketTypes
    from paho.mqtt.properties import Properties

    client = paho.Client(CallbackAPIVersion.VERSION2, protocol=paho.MQTTv5)
    client.max_inflight_messages_set(WINDOW)
    client.max_queued_messages_set(0)
    client.connect("127.0.0.1", 1883)
    client.loop_start()
    started = time.perf_counter()
    for start in range(0, count, WINDOW):
        infos = []
        for n in range(start, min(start + WINDOW, count)):
            properties = Properties(PacketTypes.PUBLISH)
            properties.ContentType = "application/json"
            properties.CorrelationData = f"evt_{n:024x}".encode()
            properties.UserProperty = attributes(n)
            infos.append(client.publish(topic, body(n), qos=1, properties=properties))
        for info in infos:
            info.wait_for_publish()
    took = time.perf_counter() - started
    client.loop_stop()
    client.disconnect()
    return took


def redis_streams(count, stream):
    import redis

    connection = redis.Redis(host="127.0.0.1", port=6379)
    started = time.perf_counter()
    for start in range(0, count, WINDOW):
        pipe = connection.pipeline(transaction=False)
        for n in range(start, min(start + WINDOW, count)):
            fields = dict(attributes(n))
            fields["datacontenttype"] = "application/json"
            fields["data"] = body(n)
            pipe.xadd(stream, fields)
        pipe.execute()
    took = time.perf_counter() - started
    connection.delete(stream)
    return took


def main():
    broker, count, name = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    if broker == "nats":
        took = asyncio.run(nats(count, name))
    elif broker == "amqp":
        took = asyncio.run(amqp(count, name))
    elif broker == "mqtt":
        took = mqtt(count, name)
    else:
        took = redis_streams(count, name)
    print(f"{count / took:.1f}")


if __name__ == "__main__":
    main()
