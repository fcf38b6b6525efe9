#!/usr/bin/env python3
"""The baseline of figure 22: COUNT messages published by a broker's
official Python client, the broker's acknowledgement awaited in windows of
100 (a forwarder with no ledger at all). Prints messages per second.

Usage: brokers_python.py nats|amqp|mqtt|redis COUNT NAME

NAME is the subject, routing key (on amq.topic), topic or stream. Each
message is a JSON body of the size outbox's binary-mode messages carry,
with a unique id (NATS `Nats-Msg-Id`, AMQP `message_id`, MQTT 5
correlation data, a Redis field), as outbox's are.
"""

import asyncio
import json
import sys
import time

WINDOW = 100


def body(n):
    return json.dumps({"n": n, "sku": "A-1", "total": 42}).encode()


async def nats(count, subject):
    import nats as nats_py

    client = await nats_py.connect("nats://127.0.0.1:4222")
    js = client.jetstream()
    started = time.perf_counter()
    for start in range(0, count, WINDOW):
        await asyncio.gather(*(
            js.publish(subject, body(n), headers={"Nats-Msg-Id": f"bench-{subject}-{n}"})
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
                aio_pika.Message(body(n), message_id=f"bench-{n}", delivery_mode=2),
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
            properties.CorrelationData = f"bench-{n}".encode()
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
            pipe.xadd(stream, {"id": f"bench-{n}", "data": body(n)})
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
