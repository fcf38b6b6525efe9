//! A command called with named arguments, as `outbox mcp` (a tool call) and
//! `outbox serve` (a request) call them: each argument a flag or a
//! positional argument of the command, the JSON schema it is offered under,
//! and how a call becomes the command line it stands for, so that it is
//! checked, refused and answered exactly as that command is.

use serde_json::{Map, Value, json};

/// The kind of value an argument takes, as its JSON schema says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Text,
    Integer,
    /// A switch: `true` gives the flag.
    Switch,
    /// A duration or a time: text (`5m`, RFC 3339) or a number of seconds.
    Time,
    /// A JSON object, passed as its text.
    Object,
    /// `true` or `false`, passed as the flag's value (`--announce-retries=false`).
    Boolean,
    /// Several texts, each a positional argument.
    Texts,
    /// A delivery status, or `dead` or `waiting`: the switches of `delivery
    /// list` that narrow by state (`{"status": "dead"}`).
    State,
}

/// One argument of a tool.
#[derive(Clone, Copy, Debug)]
pub struct Param {
    pub name: &'static str,
    /// A second name it is taken under: the flag's where the name is the
    /// reference's key (`workerId`, `worker`).
    pub alias: Option<&'static str>,
    /// The flag it becomes; `None` for a positional argument.
    pub flag: Option<&'static str>,
    pub kind: Kind,
    pub required: bool,
    pub help: &'static str,
    /// The value used when the call leaves it out.
    pub default: Option<&'static str>,
}

pub const fn flag(name: &'static str, flag: &'static str, kind: Kind, help: &'static str) -> Param {
    Param {
        name,
        alias: None,
        flag: Some(flag),
        kind,
        required: false,
        help,
        default: None,
    }
}

pub const fn required(mut param: Param) -> Param {
    param.required = true;
    param
}

pub const fn or(mut param: Param, default: &'static str) -> Param {
    param.default = Some(default);
    param
}

pub const fn aka(mut param: Param, alias: &'static str) -> Param {
    param.alias = Some(alias);
    param
}

pub const fn positional(name: &'static str, help: &'static str) -> Param {
    Param {
        name,
        alias: None,
        flag: None,
        kind: Kind::Text,
        required: true,
        help,
        default: None,
    }
}

/// The JSON schema of one argument's value.
pub fn value_schema(param: &Param) -> Value {
    let mut schema = match param.kind {
        Kind::Text => json!({"type": "string"}),
        Kind::Time => json!({"type": ["string", "integer"]}),
        Kind::Integer => json!({"type": "integer"}),
        Kind::Switch | Kind::Boolean => json!({"type": "boolean"}),
        Kind::Object => json!({"type": "object"}),
        Kind::Texts => json!({"type": "array", "items": {"type": "string"}}),
        Kind::State => json!({"type": "string", "enum": STATES}),
    };
    schema["description"] = param.help.into();
    schema
}

/// What [`Kind::State`] takes.
pub const STATES: [&str; 7] = [
    "queued",
    "claimed",
    "delivered",
    "failed",
    "canceled",
    "dead",
    "waiting",
];

/// The JSON schema of a call's arguments: one property per name (and
/// alias), the required ones named.
pub fn input_schema(params: &[Param]) -> Map<String, Value> {
    let mut properties = Map::new();
    for param in params {
        properties.insert(param.name.to_owned(), value_schema(param));
        if let Some(alias) = param.alias {
            let mut schema = value_schema(param);
            schema["description"] = format!("The same as {}.", param.name).into();
            properties.insert(alias.to_owned(), schema);
        }
    }
    let required: Vec<&str> = params
        .iter()
        .filter(|p| p.required && p.alias.is_none())
        .map(|p| p.name)
        .collect();
    let schema = json!({
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": false,
    });
    schema.as_object().cloned().unwrap_or_default()
}

/// How strictly values are held to their kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    /// Exactly as the schema says.
    Strict,
    /// A number is taken for text too (an agent's `"delivery_id": 42`).
    Lenient,
}

/// The command line a call of `command` with these arguments stands for,
/// or why the arguments do not fit the schema (named after the call, `what`).
pub fn command_line(
    what: &str,
    command: &[&str],
    params: &[Param],
    arguments: &Map<String, Value>,
    values: Values,
) -> Result<Vec<String>, String> {
    if let Some(unknown) = arguments.keys().find(|k| {
        !params
            .iter()
            .any(|p| p.name == k.as_str() || p.alias == Some(k.as_str()))
    }) {
        let known: Vec<&str> = params.iter().map(|p| p.name).collect();
        return Err(format!(
            "{what}: unknown argument {unknown:?} (it takes {})",
            known.join(", ")
        ));
    }
    let mut words: Vec<String> = command.iter().map(|w| (*w).to_owned()).collect();
    let mut positionals = Vec::new();
    for param in params {
        let named = arguments.get(param.name);
        let aliased = param.alias.and_then(|alias| arguments.get(alias));
        // Strictly, null is no value of any kind; leniently, it is none given.
        if values == Values::Strict && [named, aliased].into_iter().flatten().any(Value::is_null) {
            return Err(format!("{what}: {} must not be null", param.name));
        }
        let named = named.filter(|v| !v.is_null());
        let aliased = aliased.filter(|v| !v.is_null());
        if let (Some(_), Some(_), Some(alias)) = (named, aliased, param.alias) {
            return Err(format!(
                "{what}: {} and {alias} are one argument; give one",
                param.name
            ));
        }
        let Some(value) = named.or(aliased).cloned().or(param
            .default
            .map(|d| d.parse::<i64>().ok().map_or(d.into(), Value::from)))
        else {
            if param.required {
                return Err(format!("{what}: {} is required", param.name));
            }
            continue;
        };
        let value = &value;
        let wrong = |kind: &str| format!("{what}: {} must be {kind}", param.name);
        let texts: Vec<String> = match (param.kind, value) {
            (Kind::Text | Kind::Time, Value::String(text)) => vec![text.clone()],
            (Kind::Time, Value::Number(n)) if n.is_i64() => vec![n.to_string()],
            (Kind::Time, _) => return Err(wrong("text or whole seconds")),
            (Kind::Text, Value::Number(n)) if values == Values::Lenient => vec![n.to_string()],
            (Kind::Text, _) => return Err(wrong("a string")),
            (Kind::Integer, Value::Number(n)) if n.is_i64() => vec![n.to_string()],
            (Kind::Integer, _) => return Err(wrong("an integer")),
            (Kind::Switch, Value::Bool(true)) => vec![],
            (Kind::Switch, Value::Bool(false)) => continue,
            (Kind::Switch, _) => return Err(wrong("true or false")),
            (Kind::Boolean, Value::Bool(b)) => vec![b.to_string()],
            (Kind::Boolean, _) => return Err(wrong("true or false")),
            (Kind::Object, Value::Object(_)) => vec![value.to_string()],
            (Kind::Object, _) => return Err(wrong("a JSON object")),
            (Kind::Texts, Value::Array(items)) => items
                .iter()
                .map(|item| {
                    item.as_str()
                        .map(str::to_owned)
                        .ok_or_else(|| wrong("a list of strings"))
                })
                .collect::<Result<_, _>>()?,
            (Kind::Texts, _) => return Err(wrong("a list of strings")),
            (Kind::State, Value::String(state)) => match state.as_str() {
                "dead" => {
                    words.push("--dead".to_owned());
                    continue;
                }
                "waiting" => {
                    words.push("--waiting".to_owned());
                    continue;
                }
                _ => vec![state.clone()],
            },
            (Kind::State, _) => return Err(wrong("a string")),
        };
        match param.flag {
            Some(flag) if param.kind == Kind::Switch => words.push(flag.to_owned()),
            // `--flag=VALUE`: a value that starts with `-` stays a value.
            Some(flag) => words.extend(texts.into_iter().map(|text| format!("{flag}={text}"))),
            None => {
                // `-` would read the server's own stdin.
                if texts.iter().any(|t| t == "-") {
                    return Err(format!("{what}: {} cannot be -", param.name));
                }
                positionals.extend(texts);
            }
        }
    }
    // After `--`, a positional id never reads as a flag, whatever it holds.
    if !positionals.is_empty() {
        words.push("--".to_owned());
        words.extend(positionals);
    }
    Ok(words)
}
