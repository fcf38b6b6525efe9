//! `outbox completions SHELL` and `outbox man`: completion scripts and the
//! man page, generated from the clap definitions so they never drift from
//! the flags.

use crate::output::{Report, View};
use clap::Args;
use clap_complete::Shell;
use std::io::IsTerminal as _;

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// bash, zsh, fish, elvish or powershell.
    pub shell: Shell,
}

/// The completion script for `shell`.
pub fn script(shell: Shell) -> String {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut super::full_command(), "outbox", &mut out);
    String::from_utf8(out).expect("completion scripts are UTF-8")
}

#[derive(Debug, Args)]
pub struct ManArgs {
    /// The command whose page to print (`work`, `delivery claim`); none
    /// for outbox(1) itself.
    #[arg(value_name = "COMMAND")]
    pub command: Vec<String>,
    /// Write every page (outbox.1, outbox-work.1, ...) into this folder
    /// instead, e.g. /usr/local/share/man/man1.
    #[arg(long, value_name = "DIR", conflicts_with = "command")]
    pub dir: Option<std::path::PathBuf>,
}

/// The exit codes, as outbox(1) lists them (and docs/reference.md).
const EXIT_STATUS: [(&str, &str); 5] = [
    ("0", "The result has \"ok\": true."),
    (
        "1",
        "The result has \"ok\": false: not found, nothing to claim, a refused transition, a validation error.",
    ),
    (
        "2",
        "Bad usage or input: an unknown flag, malformed JSON, an unknown status or transport, an ambiguous id prefix, a bad duration or time. Nothing was written.",
    ),
    (
        "3",
        "The database could not be used: no outbox at the path, cannot open or create it, not an outbox, a damaged one, a schema newer than this binary, locked past the busy timeout, disk full. Nothing was written.",
    ),
    (
        "4",
        "An address to serve on could not be had: outbox mcp --http on a port in use (listen:inUse).",
    ),
];

/// The environment variables outbox reads, as outbox(1) lists them.
const ENVIRONMENT: [(&str, &str); 9] = [
    (
        "OUTBOX_DB",
        "The database when --db is not given: a SQLite file (default outbox.db) or a postgres:// URL.",
    ),
    (
        "OUTBOX_NOW",
        "Unix seconds to use as now (replays, tests, deterministic scripts).",
    ),
    (
        "OUTBOX_SOURCE",
        "The default source of recorded events (otherwise picux, as in the reference).",
    ),
    ("OUTBOX_SYNC", "full (default) or normal, as --sync."),
    (
        "OUTBOX_BUSY_TIMEOUT",
        "How long to wait for a locked database, as --busy-timeout (default 10s).",
    ),
    (
        "OUTBOX_MAX_PAYLOAD",
        "The largest JSON input in bytes, as --max-payload (default 1 MiB).",
    ),
    (
        "OUTBOX_MCP_TOKEN",
        "The bearer token outbox mcp --http requires of its clients (required beyond loopback).",
    ),
    (
        "NO_COLOR",
        "No colour in tables (as --color never, unless --color always).",
    ),
    (
        "PGPASSWORD, PGPASSFILE",
        "A PostgreSQL password kept out of the URL, read as libpq reads them (then ~/.pgpass).",
    ),
];

/// Every man page as `(file name, roff)`: outbox.1 and one per command
/// (outbox-work.1, outbox-delivery-claim.1), as the pages name each other.
pub fn man_pages() -> Vec<(String, String)> {
    fn walk(cmd: &clap::Command, pages: &mut Vec<(String, String)>) {
        // Every page's footer names outbox and its version, not the
        // subcommand (`claim 0.1.0`).
        let man = clap_mangen::Man::new(cmd.clone())
            .source(format!("outbox {}", env!("CARGO_PKG_VERSION")));
        let mut out = Vec::new();
        let rendered = if pages.is_empty() {
            top_page(&man, &mut out)
        } else {
            man.render(&mut out)
        };
        rendered.expect("rendering to memory cannot fail");
        let text = sections_of_extra(&String::from_utf8(out).expect("man pages are UTF-8"));
        pages.push((man.get_filename(), text));
        for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
            walk(sub, pages);
        }
    }
    let mut cmd = super::full_command().disable_help_subcommand(true);
    cmd.build();
    let mut pages = Vec::new();
    walk(&cmd, &mut pages);
    pages
}

/// The text after a command's options (its `after_long_help`) as sections
/// a man page reader looks for: NOTES for what comes before `Examples:`,
/// EXAMPLES for the examples, each kept line by line (`.nf`), as written.
fn sections_of_extra(page: &str) -> String {
    let Some((head, rest)) = page.split_once(".SH EXTRA\n") else {
        return page.to_owned();
    };
    let (extra, tail) = match rest.find("\n.SH ") {
        Some(end) => (&rest[..end + 1], &rest[end + 1..]),
        None => (rest, ""),
    };
    let (notes, examples) = match extra.split_once("Examples:\n") {
        Some((notes, examples)) => (notes.trim_end(), Some(examples)),
        None => (extra.trim_end(), None),
    };
    let mut out = head.to_owned();
    if !notes.is_empty() {
        out.push_str(&format!(".SH NOTES\n.nf\n{notes}\n.fi\n"));
    }
    if let Some(examples) = examples {
        out.push_str(&format!(
            ".SH EXAMPLES\n.nf\n{}\n.fi\n",
            examples.trim_end()
        ));
    }
    out.push_str(tail);
    out
}

/// outbox(1): clap's sections, then EXIT STATUS and ENVIRONMENT, which no
/// flag definition holds.
fn top_page(man: &clap_mangen::Man, out: &mut Vec<u8>) -> std::io::Result<()> {
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    man.render_subcommands_section(out)?;
    for (heading, rows) in [
        ("EXIT STATUS", &EXIT_STATUS[..]),
        ("ENVIRONMENT", &ENVIRONMENT[..]),
    ] {
        out.extend_from_slice(format!(".SH \"{heading}\"\n").as_bytes());
        for (name, meaning) in rows {
            let line = format!(".TP\n\\fB{}\\fR\n{}\n", roff(name), roff(meaning));
            out.extend_from_slice(line.as_bytes());
        }
    }
    man.render_extra_section(out)?;
    man.render_version_section(out)
}

/// Text made safe for a roff line: backslashes and hyphens escaped, and no
/// line that starts with a control character.
fn roff(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    if escaped.starts_with(['.', '\'']) {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}

/// The answer of `outbox man`: one page printed, or every page written
/// into a folder (and their paths printed).
pub fn man(args: ManArgs) -> outbox::Result<Box<dyn Report>> {
    let pages = man_pages();
    if let Some(dir) = args.dir {
        let mut written = Vec::new();
        for (name, text) in pages {
            let path = dir.join(&name);
            std::fs::write(&path, text).map_err(|e| {
                outbox::Error::input(
                    "invalid:file",
                    format!(
                        "cannot write {}: {e} (does the folder exist?)",
                        path.display()
                    ),
                )
            })?;
            written.push(path.display().to_string());
        }
        return Ok(Box::new(Text(written.join("\n"))));
    }
    let wanted = std::iter::once("outbox")
        .chain(args.command.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join("-");
    let file = format!("{wanted}.1");
    match pages.into_iter().find(|(name, _)| *name == file) {
        // On a terminal, the page as man shows it; piped, its roff.
        Some((_, text)) if std::io::stdout().is_terminal() => match shown_by_man(&file, &text) {
            Some(()) => Ok(Box::new(crate::output::Silent)),
            None => Ok(Box::new(Text(text))),
        },
        Some((_, text)) => Ok(Box::new(Text(text))),
        None => Err(outbox::Error::input(
            "invalid:usage",
            format!(
                "there is no man page {file}: outbox man takes a command as outbox --help lists it (outbox man work, outbox man delivery claim)"
            ),
        )),
    }
}

/// Shows a page with `man -l` (its pager, its width), when there is a
/// `man` to show it; `None` when there is none.
fn shown_by_man(file: &str, roff: &str) -> Option<()> {
    let dir = tempfile::tempdir().ok()?;
    let path = dir.path().join(file);
    std::fs::write(&path, roff).ok()?;
    let status = std::process::Command::new("man")
        .arg("-l")
        .arg(&path)
        .status()
        .ok()?;
    status.success().then_some(())
}

/// Text printed as it is, with or without `--json`.
pub struct Text(pub String);

impl Report for Text {
    fn json(&self) -> serde_json::Value {
        serde_json::Value::String(self.0.clone())
    }
    fn json_text(&self) -> String {
        self.0.clone()
    }
    fn human(&self, _view: &View) -> String {
        self.0.clone()
    }
}
