//! Rows as bytes while a batch holds them back to sort them: text fields
//! length-prefixed, numbers as eight bytes each, the JSON-valued fields as
//! their JSON text. Every event and delivery of a batch is written this way
//! and read back once; as JSON objects they took a tenth of a large
//! batch's time.

use super::spill_error;
use crate::core::records::error::Result;
use crate::core::records::model::{Delivery, Event, Place};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// An event held with the index and input line of its request, and which
/// fields an existing event keeps.
pub(super) struct HeldEvent {
    pub index: usize,
    pub line: usize,
    pub event: Event,
    pub keeps: [bool; 3],
}

pub(super) fn encode_event(index: usize, line: usize, e: &Event, keeps: [bool; 3]) -> Vec<u8> {
    let mut out = Writer(Vec::with_capacity(256));
    out.number(index as i64);
    out.number(line as i64);
    out.number(
        keeps
            .iter()
            .rev()
            .fold(0, |bits, &keep| bits << 1 | i64::from(keep)),
    );
    for text in [
        e.event_id.as_str(),
        &e.event_type,
        &e.subject,
        &e.source,
        &e.target,
        e.status.as_str(),
        &e.traceparent,
        &e.tracestate,
    ] {
        out.text(text);
    }
    out.json(&e.payload);
    out.json(&e.subscriptions);
    out.json(&e.ack);
    for n in [e.created_at, e.updated_at, e.ack_at] {
        out.number(n);
    }
    out.0
}

pub(super) fn decode_event(bytes: &[u8]) -> Result<HeldEvent> {
    let mut from = Reader(bytes);
    let index = from.number()? as usize;
    let line = from.number()? as usize;
    let bits = from.number()?;
    let keeps = [0, 1, 2].map(|i| bits >> i & 1 == 1);
    let event = Event {
        event_id: from.text()?.to_owned(),
        event_type: from.text()?.to_owned(),
        subject: from.text()?.to_owned(),
        source: from.text()?.to_owned(),
        target: from.text()?.to_owned(),
        status: from.text()?.parse().map_err(spill_error)?,
        traceparent: from.text()?.to_owned(),
        tracestate: from.text()?.to_owned(),
        payload: from.json()?,
        subscriptions: from.json()?,
        ack: from.json()?,
        created_at: from.number()?,
        updated_at: from.number()?,
        ack_at: from.number()?,
        // Given as the batch writes it, from its index.
        seq: 0,
    };
    from.end()?;
    Ok(HeldEvent {
        index,
        line,
        event,
        keeps,
    })
}

pub(super) fn encode_delivery(d: &Delivery) -> Vec<u8> {
    let mut out = Writer(Vec::with_capacity(256));
    for text in [
        d.delivery_id.as_str(),
        &d.event_id,
        &d.sub_id,
        &d.client_id,
        d.transport.as_str(),
        &d.endpoint,
        d.status.as_str(),
        &d.claimed_by,
        &d.last_error,
    ] {
        out.text(text);
    }
    out.json(&d.meta);
    for n in [
        d.attempt,
        d.created_at,
        d.updated_at,
        d.next_attempt_at,
        d.claimed_at,
        d.lease_expires_at,
        d.delivered_at,
        d.place.lane,
        d.place.seq,
        i64::from(d.place.held),
        d.claims,
    ] {
        out.number(n);
    }
    out.0
}

pub(super) fn decode_delivery(bytes: &[u8]) -> Result<Delivery> {
    let mut from = Reader(bytes);
    let delivery = Delivery {
        delivery_id: from.text()?.to_owned(),
        event_id: from.text()?.to_owned(),
        sub_id: from.text()?.to_owned(),
        client_id: from.text()?.to_owned(),
        transport: from.text()?.parse().map_err(spill_error)?,
        endpoint: from.text()?.to_owned(),
        status: from.text()?.parse().map_err(spill_error)?,
        claimed_by: from.text()?.to_owned(),
        last_error: from.text()?.to_owned(),
        meta: from.json()?,
        attempt: from.number()?,
        created_at: from.number()?,
        updated_at: from.number()?,
        next_attempt_at: from.number()?,
        claimed_at: from.number()?,
        lease_expires_at: from.number()?,
        delivered_at: from.number()?,
        place: Place {
            lane: from.number()?,
            seq: from.number()?,
            held: from.number()? != 0,
        },
        claims: from.number()?,
    };
    from.end()?;
    Ok(delivery)
}

struct Writer(Vec<u8>);

impl Writer {
    fn text(&mut self, text: &str) {
        let len = u32::try_from(text.len()).expect("a field shorter than 4 GiB");
        self.0.extend_from_slice(&len.to_le_bytes());
        self.0.extend_from_slice(text.as_bytes());
    }

    fn number(&mut self, n: i64) {
        self.0.extend_from_slice(&n.to_le_bytes());
    }

    fn json(&mut self, value: &impl Serialize) {
        self.text(&serde_json::to_string(value).expect("records serialise to JSON"));
    }
}

/// The bytes of a held row not read yet. Struct literals evaluate their
/// fields in the order written, which is the order they were encoded.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        if self.0.len() < n {
            return Err(spill_error("a held row ends early"));
        }
        let (taken, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(taken)
    }

    fn text(&mut self) -> Result<&'a str> {
        let len = u32::from_le_bytes(self.take(4)?.try_into().expect("4 bytes"));
        std::str::from_utf8(self.take(len as usize)?).map_err(spill_error)
    }

    fn number(&mut self) -> Result<i64> {
        Ok(i64::from_le_bytes(
            self.take(8)?.try_into().expect("8 bytes"),
        ))
    }

    fn json<T: DeserializeOwned>(&mut self) -> Result<T> {
        serde_json::from_str(self.text()?).map_err(spill_error)
    }

    fn end(&self) -> Result<()> {
        match self.0 {
            [] => Ok(()),
            _ => Err(spill_error("bytes left over after a held row")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::records::model::{DeliveryStatus, EventStatus, Transport};
    use crate::core::reference::json::Object;

    fn object(text: &str) -> Object {
        serde_json::from_str(text).unwrap()
    }

    /// `decode` of `encode` gives back the same JSON, and a row cut short
    /// or run long is refused.
    fn reads_back<T: Serialize>(bytes: Vec<u8>, decode: impl Fn(&[u8]) -> Result<T>, was: &T) {
        let back = decode(&bytes).unwrap();
        assert_eq!(
            serde_json::to_string(&back).unwrap(),
            serde_json::to_string(was).unwrap()
        );
        assert!(decode(&bytes[..bytes.len() - 1]).is_err());
        let mut longer = bytes;
        longer.push(0);
        assert!(decode(&longer).is_err());
    }

    #[test]
    fn a_delivery_reads_back_as_it_was_written() {
        let delivery = Delivery {
            delivery_id: "delv_1".into(),
            event_id: "evt_\u{1F600}".into(),
            sub_id: "sub_3".into(),
            client_id: String::new(),
            transport: Transport::Webhook,
            endpoint: "https://example.test/hook".into(),
            status: DeliveryStatus::Claimed,
            attempt: 7,
            claimed_by: "worker-9".into(),
            last_error: "timed out".into(),
            meta: object(r#"{"subject": "é\n", "n": 1.50, "z": [null, {"a": -0}]}"#),
            created_at: -1,
            updated_at: i64::MAX,
            next_attempt_at: i64::MIN,
            claimed_at: 4,
            lease_expires_at: 5,
            delivered_at: 6,
            place: Place {
                lane: 3,
                seq: (2 << 32) | 9,
                held: true,
            },
            claims: 2,
        };
        reads_back(encode_delivery(&delivery), decode_delivery, &delivery);
    }

    #[test]
    fn an_event_reads_back_with_its_request() {
        let event = Event {
            event_id: "evt_1".into(),
            event_type: "order.created".into(),
            subject: "o-\u{1F600}".into(),
            source: String::new(),
            target: "billing".into(),
            status: EventStatus::Acked,
            payload: object(r#"{"z": 1e400, "a": [1, 2.50, "x\"y"], "m": {}}"#),
            subscriptions: vec!["sub_1".into(), "sub_2".into()],
            ack: object(r#"{"by": "me"}"#),
            created_at: 1_700_000_000_000,
            updated_at: -3,
            ack_at: i64::MAX,
            seq: 0,
            traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01".into(),
            tracestate: "rojo=00f067aa0ba902b7".into(),
        };
        for keeps in [[true, false, true], [false, true, false]] {
            let bytes = encode_event(usize::MAX, 42, &event, keeps);
            let held = decode_event(&bytes).unwrap();
            assert_eq!((held.index, held.line, held.keeps), (usize::MAX, 42, keeps));
            reads_back(bytes, |b| decode_event(b).map(|h| h.event), &event);
        }
    }
}
