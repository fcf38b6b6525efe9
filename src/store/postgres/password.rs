//! Passwords kept out of URLs, found as libpq finds them: `PGPASSWORD`,
//! then the password file (`PGPASSFILE`, default `~/.pgpass`), whose lines
//! are `host:port:database:user:password` with `*` matching anything and
//! `\` escaping `:` and itself.

use postgres::config::{Config, Host};
use std::path::PathBuf;

/// Sets the password of `config` when its URL gave none and the
/// environment or the password file has one for this server and user.
pub(super) fn fill_in(config: &mut Config) {
    if config.get_password().is_some() {
        return;
    }
    if let Some(password) = std::env::var("PGPASSWORD").ok().filter(|p| !p.is_empty()) {
        config.password(password);
        return;
    }
    let Some(path) = password_file() else { return };
    let Ok(text) = std::fs::read_to_string(&path) else {
        return;
    };
    if !private(&path) {
        eprintln!(
            "outbox: ignoring {}: it must not be readable by group or others (chmod 0600)",
            path.display()
        );
        return;
    }
    let host = match config.get_hosts().first() {
        Some(Host::Tcp(name)) => name.clone(),
        // libpq matches a socket connection as localhost.
        _ => "localhost".to_owned(),
    };
    let port = config
        .get_ports()
        .first()
        .copied()
        .unwrap_or(5432)
        .to_string();
    let user = config.get_user().unwrap_or_default().to_owned();
    let database = config.get_dbname().map_or(user.clone(), str::to_owned);
    if let Some(password) = lookup(&text, [&host, &port, &database, &user]) {
        config.password(password);
    }
}

fn password_file() -> Option<PathBuf> {
    match std::env::var_os("PGPASSFILE") {
        Some(file) if !file.is_empty() => Some(PathBuf::from(file)),
        _ => std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".pgpass")),
    }
}

fn private(path: &std::path::Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.permissions().mode() & 0o077 == 0)
}

/// The password of the first line matching `host, port, database, user`.
fn lookup(text: &str, wanted: [&str; 4]) -> Option<String> {
    text.lines()
        .filter(|line| !line.trim_start().starts_with('#'))
        .filter_map(fields)
        .find(|f| {
            f[..4]
                .iter()
                .zip(wanted)
                .all(|(field, want)| field == "*" || field == want)
        })
        .map(|f| f[4].clone())
}

/// The five fields of a line, unescaped; `None` for a malformed line.
fn fields(line: &str) -> Option<Vec<String>> {
    let mut fields = vec![String::new()];
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => fields.last_mut()?.push(chars.next().unwrap_or('\\')),
            ':' if fields.len() < 5 => fields.push(String::new()),
            c => fields.last_mut()?.push(c),
        }
    }
    (fields.len() == 5).then_some(fields)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_matching_line_wins_with_wildcards_and_escapes() {
        let file = "# comment\n\
                    db.internal:5432:outbox:app:first\n\
                    *:*:*:app:any-host\n\
                    db.internal:5432:other:app:wrong\n\
                    h:5432:d:u:pa\\:ss\\\\word\n";
        assert_eq!(
            lookup(file, ["db.internal", "5432", "outbox", "app"]).as_deref(),
            Some("first")
        );
        assert_eq!(
            lookup(file, ["elsewhere", "6543", "x", "app"]).as_deref(),
            Some("any-host")
        );
        assert_eq!(
            lookup(file, ["h", "5432", "d", "u"]).as_deref(),
            Some("pa:ss\\word")
        );
        assert_eq!(lookup(file, ["h", "5432", "d", "nobody"]), None);
        assert_eq!(fields("too:few:fields"), None);
    }

    #[test]
    fn a_url_password_is_kept_and_a_missing_one_found() {
        let mut config: Config = "postgres://app:inurl@db/outbox".parse().unwrap();
        fill_in(&mut config);
        assert_eq!(config.get_password(), Some(&b"inurl"[..]));
    }
}
