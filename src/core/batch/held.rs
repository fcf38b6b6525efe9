//! A first attempt as bytes while a batch holds it back to sort it: text
//! fields length-prefixed, numbers as eight bytes each. Every delivery of
//! a batch is written this way and read back once; as JSON that took a
//! tenth of a large batch's time.

use crate::core::json::Object;
use crate::core::model::Delivery;
use crate::error::Result;

pub(super) fn encode(d: &Delivery) -> Vec<u8> {
    let meta = serde_json::to_string(&d.meta).expect("objects serialise to JSON");
    let texts = [
        d.delivery_id.as_str(),
        &d.event_id,
        &d.sub_id,
        &d.client_id,
        d.transport.as_str(),
        &d.endpoint,
        d.status.as_str(),
        &d.claimed_by,
        &d.last_error,
        &meta,
    ];
    let numbers = [
        d.attempt,
        d.created_at,
        d.updated_at,
        d.next_attempt_at,
        d.claimed_at,
        d.lease_expires_at,
        d.delivered_at,
    ];
    let size = texts.iter().map(|t| 4 + t.len()).sum::<usize>() + 8 * numbers.len();
    let mut out = Vec::with_capacity(size);
    for text in texts {
        let len = u32::try_from(text.len()).expect("a field shorter than 4 GiB");
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(text.as_bytes());
    }
    for n in numbers {
        out.extend_from_slice(&n.to_le_bytes());
    }
    out
}

pub(super) fn decode(bytes: &[u8]) -> Result<Delivery> {
    let mut from = Reader(bytes);
    let delivery_id = from.text()?.to_owned();
    let event_id = from.text()?.to_owned();
    let sub_id = from.text()?.to_owned();
    let client_id = from.text()?.to_owned();
    let transport = from.text()?.parse().map_err(super::spill_error)?;
    let endpoint = from.text()?.to_owned();
    let status = from.text()?.parse().map_err(super::spill_error)?;
    let claimed_by = from.text()?.to_owned();
    let last_error = from.text()?.to_owned();
    let meta: Object = serde_json::from_str(from.text()?).map_err(super::spill_error)?;
    let [
        attempt,
        created_at,
        updated_at,
        next_attempt_at,
        claimed_at,
        lease_expires_at,
        delivered_at,
    ] = [(); 7].map(|()| from.number());
    if !from.0.is_empty() {
        return Err(super::spill_error("bytes left over after a held delivery"));
    }
    Ok(Delivery {
        delivery_id,
        event_id,
        sub_id,
        client_id,
        transport,
        endpoint,
        status,
        attempt: attempt?,
        claimed_by,
        last_error,
        meta,
        created_at: created_at?,
        updated_at: updated_at?,
        next_attempt_at: next_attempt_at?,
        claimed_at: claimed_at?,
        lease_expires_at: lease_expires_at?,
        delivered_at: delivered_at?,
    })
}

/// The bytes of a held delivery not read yet.
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        if self.0.len() < n {
            return Err(super::spill_error("a held delivery ends early"));
        }
        let (taken, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(taken)
    }

    fn text(&mut self) -> Result<&'a str> {
        let len = u32::from_le_bytes(self.take(4)?.try_into().expect("4 bytes"));
        std::str::from_utf8(self.take(len as usize)?).map_err(super::spill_error)
    }

    fn number(&mut self) -> Result<i64> {
        Ok(i64::from_le_bytes(
            self.take(8)?.try_into().expect("8 bytes"),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::model::{DeliveryStatus, Transport};

    #[test]
    fn a_delivery_reads_back_as_it_was_written() {
        let meta = serde_json::from_str(r#"{"subject": "é\n", "n": 1.50, "z": [null, {"a": -0}]}"#)
            .unwrap();
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
            meta,
            created_at: -1,
            updated_at: i64::MAX,
            next_attempt_at: i64::MIN,
            claimed_at: 4,
            lease_expires_at: 5,
            delivered_at: 6,
        };
        let bytes = encode(&delivery);
        let back = decode(&bytes).unwrap();
        assert_eq!(
            serde_json::to_string(&back).unwrap(),
            serde_json::to_string(&delivery).unwrap()
        );
        assert!(decode(&bytes[..bytes.len() - 1]).is_err());
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(decode(&longer).is_err());
    }
}
