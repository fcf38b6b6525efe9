//! One tool of `outbox mcp` and how a call of it becomes a command line:
//! its arguments (each a flag or a positional argument of the command),
//! the JSON schema they are offered under, and their checks.

use serde_json::{Map, Value, json};

/// The kind of value an argument takes, as its JSON schema says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Text,
    Integer,
    /// A switch: `true` gives the flag.
    Switch,
    /// A JSON object, passed as its text.
    Object,
    /// Several texts, each a positional argument.
    Texts,
}

/// One argument of a tool.
#[derive(Clone, Copy, Debug)]
pub struct Param {
    pub name: &'static str,
    /// The flag it becomes; `None` for a positional argument.
    pub flag: Option<&'static str>,
    pub kind: Kind,
    pub required: bool,
    pub help: &'static str,
    /// The value used when the call leaves it out.
    pub default: Option<&'static str>,
}

pub(super) const fn flag(
    name: &'static str,
    flag: &'static str,
    kind: Kind,
    help: &'static str,
) -> Param {
    Param {
        name,
        flag: Some(flag),
        kind,
        required: false,
        help,
        default: None,
    }
}

pub(super) const fn required(mut param: Param) -> Param {
    param.required = true;
    param
}

pub(super) const fn or(mut param: Param, default: &'static str) -> Param {
    param.default = Some(default);
    param
}

pub(super) const fn positional(name: &'static str, help: &'static str) -> Param {
    Param {
        name,
        flag: None,
        kind: Kind::Text,
        required: true,
        help,
        default: None,
    }
}

/// One tool: the command it runs and the arguments it takes.
#[derive(Clone, Copy, Debug)]
pub struct Tool {
    pub name: &'static str,
    pub description: &'static str,
    /// The command's words (`["delivery", "claim"]`) and fixed flags.
    pub command: &'static [&'static str],
    pub params: &'static [Param],
    /// Whether it changes the outbox (absent with `--read-only`).
    pub writes: bool,
}

impl Tool {
    /// The JSON schema of the tool's arguments.
    pub fn input_schema(&self) -> Map<String, Value> {
        let mut properties = Map::new();
        for param in self.params {
            let schema = match param.kind {
                Kind::Text => json!({"type": "string"}),
                Kind::Integer => json!({"type": "integer"}),
                Kind::Switch => json!({"type": "boolean"}),
                Kind::Object => json!({"type": "object"}),
                Kind::Texts => json!({"type": "array", "items": {"type": "string"}}),
            };
            let mut schema = schema.as_object().cloned().unwrap_or_default();
            schema.insert("description".to_owned(), param.help.into());
            properties.insert(param.name.to_owned(), Value::Object(schema));
        }
        let required: Vec<&str> = self
            .params
            .iter()
            .filter(|p| p.required)
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

    /// The command line this call stands for, or why the arguments do not
    /// fit the schema.
    pub fn command_line(&self, arguments: &Map<String, Value>) -> Result<Vec<String>, String> {
        if let Some(unknown) = arguments
            .keys()
            .find(|k| !self.params.iter().any(|p| p.name == k.as_str()))
        {
            let known: Vec<&str> = self.params.iter().map(|p| p.name).collect();
            return Err(format!(
                "{}: unknown argument {unknown:?} (it takes {})",
                self.name,
                known.join(", ")
            ));
        }
        let mut words: Vec<String> = self.command.iter().map(|w| (*w).to_owned()).collect();
        let mut positionals = Vec::new();
        for param in self.params {
            let given = arguments.get(param.name).filter(|v| !v.is_null()).cloned();
            let Some(value) = given.or(param
                .default
                .map(|d| d.parse::<i64>().ok().map_or(d.into(), Value::from)))
            else {
                if param.required {
                    return Err(format!("{}: {} is required", self.name, param.name));
                }
                continue;
            };
            let value = &value;
            let wrong = |kind: &str| format!("{}: {} must be {kind}", self.name, param.name);
            let texts: Vec<String> = match (param.kind, value) {
                (Kind::Text, Value::String(text)) => vec![text.clone()],
                // Numbers given for durations or ids read as their text.
                (Kind::Text, Value::Number(n)) => vec![n.to_string()],
                (Kind::Text, _) => return Err(wrong("a string")),
                (Kind::Integer, Value::Number(n)) if n.is_i64() => vec![n.to_string()],
                (Kind::Integer, _) => return Err(wrong("an integer")),
                (Kind::Switch, Value::Bool(true)) => vec![],
                (Kind::Switch, Value::Bool(false)) => continue,
                (Kind::Switch, _) => return Err(wrong("true or false")),
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
            };
            match param.flag {
                Some(flag) if param.kind == Kind::Switch => words.push(flag.to_owned()),
                Some(flag) => {
                    for text in texts {
                        words.push(flag.to_owned());
                        words.push(text);
                    }
                }
                None => positionals.extend(texts),
            }
        }
        // After `--`, a positional id never reads as a flag, whatever it holds.
        if !positionals.is_empty() {
            words.push("--".to_owned());
            words.extend(positionals);
        }
        Ok(words)
    }
}
