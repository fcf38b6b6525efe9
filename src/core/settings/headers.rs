//! Headers a webhook subscription adds to every request (`sub create|update
//! --header 'Name: value'`), kept in its `meta.headers`, as Svix's endpoint
//! headers: an API key the receiver's gateway wants, a tenant name. They
//! never replace what outbox sets (the Standard Webhooks signature headers,
//! the body's type), and a value whose name looks secret is shown `***`.

use crate::core::records::error::{Error, Result};
use crate::core::records::model::Subscription;
use crate::core::reference::json::Object;
use serde_json::Value;

/// The key of a subscription's `meta` that holds its headers.
pub const META_KEY: &str = "headers";

/// Headers outbox sets itself, which a subscription may not.
const RESERVED: [&str; 7] = [
    "content-type",
    "content-length",
    "host",
    "webhook-id",
    "webhook-timestamp",
    "webhook-signature",
    "transfer-encoding",
];

/// `Name: value` as `--header` takes it; an empty value (`Name:`) means
/// the header is to be removed.
pub fn parse(text: &str) -> Result<(String, String)> {
    let refuse = |why: &str| {
        Error::input(
            "invalid:header",
            format!(
                "--header {:?}: {why}",
                crate::core::records::prefix::shown(text)
            ),
        )
    };
    let (name, value) = text
        .split_once(':')
        .ok_or_else(|| refuse("give Name: value"))?;
    let name = name.trim();
    let value = value.trim();
    let token = |c: char| c.is_ascii_alphanumeric() || "!#$%&'*+-.^_`|~".contains(c);
    if name.is_empty() || !name.chars().all(token) {
        return Err(refuse("not a header name"));
    }
    if RESERVED.contains(&name.to_ascii_lowercase().as_str()) {
        return Err(refuse("outbox sets that header itself"));
    }
    if value.chars().any(|c| c.is_control() && c != '\t') {
        return Err(refuse("a header value is one line"));
    }
    Ok((name.to_owned(), value.to_owned()))
}

/// Writes `changes` into `meta.headers` (an empty value removes its name,
/// whatever its case); an empty set removes the key.
pub fn apply(meta: &mut Object, changes: &[(String, String)]) {
    if changes.is_empty() {
        return;
    }
    crate::core::reference::json::edit_object(meta, META_KEY, |headers| {
        for (name, value) in changes {
            headers.retain(|kept, _| !kept.eq_ignore_ascii_case(name));
            if !value.is_empty() {
                headers.insert(name.clone(), Value::String(value.clone()));
            }
        }
    });
}

/// The headers a subscription adds, as kept.
pub fn of(meta: &Object) -> Vec<(String, String)> {
    meta.get(META_KEY)
        .and_then(Value::as_object)
        .map(|headers| {
            headers
                .iter()
                .filter_map(|(name, value)| Some((name.clone(), value.as_str()?.to_owned())))
                .filter(|(name, _)| !RESERVED.contains(&name.to_ascii_lowercase().as_str()))
                .collect()
        })
        .unwrap_or_default()
}

/// Whether a header's value is a credential: never printed.
pub fn looks_secret(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    matches!(
        name.as_str(),
        "authorization" | "proxy-authorization" | "cookie"
    ) || ["-key", "-token", "-secret", "-password", "-auth"]
        .iter()
        .any(|end| name.ends_with(end))
        || ["apikey", "api-key", "token", "secret", "password"]
            .iter()
            .any(|word| name == *word)
}

/// The subscription as it may be shown: secret-looking header values
/// replaced by `***` (`export` keeps them, for `import`).
pub fn masked(mut sub: Subscription) -> Subscription {
    if let Some(Value::Object(headers)) = sub.meta.get_mut(META_KEY) {
        for (name, value) in headers.iter_mut() {
            if looks_secret(name) {
                *value = Value::String("***".to_owned());
            }
        }
    }
    sub
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_parse_apply_and_mask() {
        assert_eq!(
            parse("X-Tenant: acme").unwrap(),
            ("X-Tenant".to_owned(), "acme".to_owned())
        );
        assert_eq!(parse("X-Gone:").unwrap().1, "");
        for bad in [
            "no colon",
            ": v",
            "Bad Name: v",
            "webhook-signature: v1,x",
            "X-A: a\nb",
        ] {
            assert_eq!(parse(bad).unwrap_err().code(), "invalid:header", "{bad}");
        }
        let mut meta = Object::new();
        apply(
            &mut meta,
            &[
                ("X-Tenant".into(), "acme".into()),
                ("Authorization".into(), "Bearer s".into()),
            ],
        );
        apply(&mut meta, &[("x-tenant".into(), String::new())]);
        assert_eq!(
            of(&meta),
            [("Authorization".to_owned(), "Bearer s".to_owned())]
        );
        for name in ["Authorization", "X-Api-Key", "X-Auth-Token", "api-key"] {
            assert!(looks_secret(name), "{name}");
        }
        assert!(!looks_secret("X-Tenant"));
    }
}
