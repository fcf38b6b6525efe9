use super::*;

fn event(event_type: &str, subject: &str) -> Event {
    Event {
        event_type: event_type.into(),
        subject: subject.into(),
        source: "shop".into(),
        target: "billing".into(),
        ..Event::for_test("evt_1")
    }
}

#[test]
fn passwords_are_masked() {
    assert_eq!(
        mask("amqp://app:hunter2@mq/vh?exchange=x"),
        "amqp://app:***@mq/vh?exchange=x"
    );
    assert_eq!(
        mask("postgresql://app:p@ss@db:5432/x"),
        "postgresql://app:***@db:5432/x"
    );
    assert_eq!(
        mask("postgres://app:hunter2@db/outbox"),
        "postgres://app:***@db/outbox"
    );
    assert_eq!(mask("postgres://app@db/outbox"), "postgres://app@db/outbox");
    assert_eq!(mask("nats://token@n/s"), "nats://token@n/s");
    assert_eq!(mask("outbox.db"), "outbox.db");
}

#[test]
fn each_broker_url_is_read_with_its_defaults() {
    let nats =
        BrokerEndpoint::parse(Transport::Nats, "nats://u:p%40ss@127.0.0.1/orders.{type}").unwrap();
    assert_eq!((nats.host.as_str(), nats.port), ("127.0.0.1", 4222));
    assert_eq!((nats.user.as_str(), nats.password.as_str()), ("u", "p@ss"));
    assert_eq!(
        nats.name.fill(&event("order.paid", "o-1"), "c"),
        "orders.order.paid"
    );
    assert!(!nats.tls);
    assert!(
        BrokerEndpoint::parse(Transport::Nats, "tls://h:4333/s")
            .unwrap()
            .tls
    );

    let amqp = BrokerEndpoint::parse(
        Transport::Amqp,
        "amqp://guest:guest@localhost/prod?exchange=events&routing_key={client}.{type}",
    )
    .unwrap();
    assert_eq!(
        (amqp.port, amqp.vhost.as_str(), amqp.exchange.as_str()),
        (5672, "prod", "events")
    );
    assert_eq!(amqp.name.fill(&event("t", ""), "billing"), "billing.t");
    assert_eq!(
        BrokerEndpoint::parse(Transport::Amqp, "amqp://h?routing_key=q")
            .unwrap()
            .vhost,
        "/"
    );

    let mqtt = BrokerEndpoint::parse(Transport::Mqtt, "mqtt://h/shop/{subject}?qos=2").unwrap();
    assert_eq!((mqtt.qos, mqtt.mqtt5, mqtt.port), (2, true, 1883));
    assert_eq!(mqtt.name.fill(&event("t", "o-9"), ""), "shop/o-9");
    let old = BrokerEndpoint::parse(Transport::Mqtt, "mqtt://h/t?version=3.1.1").unwrap();
    assert_eq!((old.mqtt5, old.envelope), (false, Envelope::Structured));

    let redis =
        BrokerEndpoint::parse(Transport::Redis, "redis://h/2?stream=s.{type}&maxlen=1000").unwrap();
    assert_eq!((redis.db, redis.maxlen, redis.port), (2, Some(1000), 6379));
    assert_eq!(redis.envelope, Envelope::Binary);
    assert_eq!(
        BrokerEndpoint::parse(Transport::Redis, "redis://h?stream=s&envelope=structured")
            .unwrap()
            .envelope,
        Envelope::Structured
    );
}

#[test]
fn a_malformed_url_or_template_names_its_part() {
    let refused = |transport, url: &str, says: &str| {
        let why = BrokerEndpoint::parse(transport, url).unwrap_err();
        assert!(why.contains(says), "{url}: {why}");
    };
    refused(Transport::Nats, "http://h/s", "scheme");
    refused(Transport::Nats, "nats://h", "subject is missing");
    refused(Transport::Nats, "nats://h/a b", "' ' at 2");
    refused(Transport::Nats, "nats://h/a.*", "'*' at 3");
    refused(Transport::Nats, "nats://h/a..b", "empty token");
    refused(Transport::Nats, "nats://h/a.{kind}", "{kind}");
    refused(Transport::Nats, "nats://h/a.{type", "without its }");
    refused(Transport::Mqtt, "mqtt://h/a/#", "fragment");
    refused(Transport::Mqtt, "mqtt://h/a/%23", "'#' at 3");
    refused(Transport::Mqtt, "mqtt://h/a?qos=3", "?qos=3");
    refused(
        Transport::Mqtt,
        "mqtt://h/a?version=3.1.1&envelope=binary",
        "3.1.1",
    );
    refused(Transport::Amqp, "amqp://h/?exchange=x", "routing_key");
    refused(Transport::Redis, "redis://h/x?stream=s", "database");
    refused(Transport::Redis, "redis://h", "stream");
    refused(Transport::Redis, "redis://h?stream=s&maxlen=-1", "maxlen");
    refused(
        Transport::Redis,
        "redis://h?stream=s&colour=red",
        "?colour=",
    );
    let error = check(Transport::Amqp, "amqp://u:secret@h/?exchange=x").unwrap_err();
    assert_eq!(error.code(), "invalid:endpoint");
    assert!(!error.to_string().contains("secret"), "{error}");
    assert!(check(Transport::Webhook, "not a url").is_ok());
}

#[test]
fn a_filled_name_the_protocol_forbids_says_which_character_and_where() {
    let nats = BrokerEndpoint::parse(Transport::Nats, "nats://h/orders.{subject}").unwrap();
    let name = nats.name.fill(&event("t", "a b"), "");
    let why = name_fault(Transport::Nats, &name).unwrap_err();
    assert!(why.contains("' ' at 9"), "{why}");
    assert!(name_fault(Transport::Nats, &nats.name.fill(&event("t", ""), "")).is_err());
    assert!(name_fault(Transport::Mqtt, "a/+/b").is_err());
    assert!(name_fault(Transport::Redis, "").is_err());
    assert!(name_fault(Transport::Amqp, "").is_ok());
}
