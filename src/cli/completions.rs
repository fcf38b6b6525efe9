//! `outbox completions SHELL` and `outbox man`: completion scripts and the
//! man page, generated from the clap definitions so they never drift from
//! the flags.

use crate::output::{Report, View};
use clap::{Args, CommandFactory};
use clap_complete::Shell;

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// bash, zsh, fish, elvish or powershell.
    pub shell: Shell,
}

/// The completion script for `shell`.
pub fn script(shell: Shell) -> String {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut super::Cli::command(), "outbox", &mut out);
    String::from_utf8(out).expect("completion scripts are UTF-8")
}

/// A completion script as an answer: the same text with or without `--json`.
pub struct Script(pub Shell);

impl Report for Script {
    fn json(&self) -> serde_json::Value {
        serde_json::Value::String(script(self.0))
    }
    fn json_text(&self) -> String {
        script(self.0)
    }
    fn human(&self, _view: &View) -> String {
        script(self.0)
    }
}

#[derive(Debug, Args)]
pub struct ManArgs {}

/// The man page, `outbox(1)`, in roff.
pub fn man_page() -> String {
    let mut out = Vec::new();
    clap_mangen::Man::new(super::Cli::command())
        .render(&mut out)
        .expect("rendering to memory cannot fail");
    String::from_utf8(out).expect("the man page is UTF-8")
}

/// The man page as an answer: the same text with or without `--json`.
pub struct ManPage;

impl Report for ManPage {
    fn json(&self) -> serde_json::Value {
        serde_json::Value::String(man_page())
    }
    fn json_text(&self) -> String {
        man_page()
    }
    fn human(&self, _view: &View) -> String {
        man_page()
    }
}
