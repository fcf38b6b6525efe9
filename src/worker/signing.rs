//! Webhook signatures as the Standard Webhooks specification defines them:
//! `v1,` + base64 of HMAC-SHA256 over `{id}.{timestamp}.{body}`, keyed
//! with the bytes a `whsec_...` secret encodes in base64.

use crate::core::records::error::{Error, Result};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

/// What every signing secret starts with.
pub const PREFIX: &str = "whsec_";
/// Bytes of a secret outbox makes itself.
pub const GENERATED_BYTES: usize = 32;

/// The key bytes of a `whsec_...` secret; a malformed one is refused
/// (exit 2), naming what is wrong.
pub fn key_of(secret: &str) -> Result<Vec<u8>> {
    let encoded = secret.strip_prefix(PREFIX).ok_or_else(|| {
        Error::input(
            "invalid:secret",
            format!("a signing secret starts with {PREFIX}, followed by base64"),
        )
    })?;
    let key = STANDARD.decode(encoded).map_err(|e| {
        Error::input(
            "invalid:secret",
            format!("the part after {PREFIX} is not base64: {e}"),
        )
    })?;
    if key.len() < 24 {
        return Err(Error::input(
            "invalid:secret",
            format!(
                "a signing secret needs at least 24 bytes of key, not {}",
                key.len()
            ),
        ));
    }
    Ok(key)
}

/// A new random secret from the operating system's generator.
pub fn generate() -> Result<String> {
    let mut key = [0u8; GENERATED_BYTES];
    getrandom::fill(&mut key).map_err(|e| {
        Error::storage(
            crate::StorageCode::Other,
            format!("no random bytes for a secret: {e}"),
        )
    })?;
    Ok(format!("{PREFIX}{}", STANDARD.encode(key)))
}

/// `v1,<signature>` of one message under one key.
pub fn sign(key: &[u8], id: &str, timestamp: i64, body: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes keys of any length");
    mac.update(id.as_bytes());
    mac.update(b".");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body.as_bytes());
    format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()))
}

/// The `webhook-signature` header: one signature per secret, newest first,
/// space-separated (a receiver accepts any one it knows the secret of).
pub fn signature_header(keys: &[Vec<u8>], id: &str, timestamp: i64, body: &str) -> String {
    let signatures: Vec<String> = keys.iter().map(|k| sign(k, id, timestamp, body)).collect();
    signatures.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The example of the Standard Webhooks specification
    /// (github.com/standard-webhooks/standard-webhooks, spec/standard-webhooks.md).
    #[test]
    fn reproduces_the_specifications_test_vector() {
        let key = key_of("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw").unwrap();
        let signature = sign(
            &key,
            "msg_p5jXN8AQM9LWM0D4loKWxJek",
            1_614_265_330,
            r#"{"test": 2432232314}"#,
        );
        assert_eq!(signature, "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

    #[test]
    fn secrets_are_checked_and_made_long_enough() {
        for bad in [
            "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
            "whsec_not base64!",
            "whsec_c2hvcnQ=",
        ] {
            assert_eq!(key_of(bad).unwrap_err().code(), "invalid:secret", "{bad}");
        }
        let made = generate().unwrap();
        assert_eq!(key_of(&made).unwrap().len(), GENERATED_BYTES);
        assert_ne!(made, generate().unwrap());
    }

    #[test]
    fn every_secret_signs_while_one_is_rotated() {
        let keys = vec![vec![1u8; 24], vec![2u8; 24]];
        let header = signature_header(&keys, "evt_1", 10, "{}");
        let parts: Vec<&str> = header.split(' ').collect();
        assert_eq!(
            parts,
            [
                sign(&keys[0], "evt_1", 10, "{}"),
                sign(&keys[1], "evt_1", 10, "{}")
            ]
        );
    }
}
