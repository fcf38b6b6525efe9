//! The `outbox` binary: parses the command line, runs one command, prints
//! its answer and maps failures to exit codes.

mod call;
mod cli;
mod mcp;
mod output;
mod serve;
mod signals;

use anyhow::Context as _;
use clap::Parser;
use cli::{Cli, Context};
use outbox::core::Clock;
use outbox::{Error, ErrorKind};
use output::OutputFormat;
use std::process::ExitCode;

/// The exit status for a failure: 1 refused by the reference's rules,
/// 2 bad usage or input, 3 the database could not be used, 4 an address to
/// serve on could not be had (`outbox mcp --http` on a port in use).
fn exit_code(kind: ErrorKind) -> u8 {
    match kind {
        ErrorKind::Refused => 1,
        ErrorKind::Input => 2,
        ErrorKind::Storage => 3,
        ErrorKind::Unavailable => 4,
    }
}

/// One line on stderr. A closed stderr is no reason to fail (or panic).
fn say(line: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "outbox: {line}");
}

/// Reports a failure: a line on stderr (not for a refusal with `--quiet`),
/// and with `--json` the failure object on stdout.
fn fail(error: &Error, format: OutputFormat, quiet: bool) -> ExitCode {
    if format == OutputFormat::Json {
        println!("{}", error.to_json());
    }
    if !(quiet && error.kind() == ErrorKind::Refused) {
        say(format_args!("{error}"));
    }
    ExitCode::from(exit_code(error.kind()))
}

/// `OUTBOX_NOW`: a fixed clock for replays and tests.
fn clock_from_env() -> Result<Clock, Error> {
    match std::env::var("OUTBOX_NOW") {
        Ok(text) if !text.trim().is_empty() => {
            let unix = text.trim().parse().map_err(|_| {
                Error::input(
                    "invalid:now",
                    format!("OUTBOX_NOW must be unix seconds, not {text:?}"),
                )
            })?;
            outbox::core::records::model::unix_in_range("OUTBOX_NOW", "invalid:now", unix)
                .map(Clock::Fixed)
        }
        _ => Ok(Clock::System),
    }
}

/// Turns a clap error into our usage failure: one line, exit 2. A line
/// that ends in a colon takes the lines it introduces (the missing
/// arguments), and the usage line says how the command is called.
fn usage_error(error: &clap::Error, args: &[std::ffi::OsString]) -> Error {
    let rendered = error.render().to_string();
    let lines: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let mut message = lines
        .first()
        .copied()
        .unwrap_or("invalid usage")
        .trim_start_matches("error: ")
        .to_owned();
    if message.ends_with(':') {
        let listed: Vec<&str> = lines
            .iter()
            .skip(1)
            .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("tip:"))
            .copied()
            .collect();
        message = format!("{} {}", message, listed.join(", "));
    }
    if let Some(tip) = lines.iter().find(|l| l.starts_with("tip:")) {
        message = format!("{message} ({tip})");
    }
    if let Some(usage) = lines.iter().find_map(|l| l.strip_prefix("Usage: ")) {
        message = format!("{message}; usage: {usage}");
    }
    Error::input(
        "invalid:usage",
        format!("{message}; see {} --help", command_path(args)),
    )
}

/// The command the arguments name (`outbox delivery claim`), whose help a
/// usage error points to: each word that names a subcommand of the command
/// so far goes down one level.
fn command_path(args: &[std::ffi::OsString]) -> String {
    let mut command = cli::full_command();
    let mut path = vec!["outbox".to_owned()];
    for arg in args.iter().skip(1).take_while(|a| *a != "--") {
        let Some(word) = arg.to_str() else { continue };
        let Some(sub) = command.find_subcommand(word).cloned() else {
            continue;
        };
        path.push(sub.get_name().to_owned());
        command = sub;
    }
    path.join(" ")
}

/// Prints clap's help or version text; a subcommand's help names the
/// global options in one line (`outbox --help` tells them in full). A
/// reader that stopped early (`outbox work --help | head -3`) ends it
/// quietly, as for any answer.
fn print_help(e: &clap::Error, args: &[std::ffi::OsString]) -> anyhow::Result<()> {
    use clap::error::ErrorKind::{DisplayHelp, DisplayHelpOnMissingArgumentOrSubcommand};
    use std::io::{IsTerminal, Write};
    let printed = if matches!(
        e.kind(),
        DisplayHelp | DisplayHelpOnMissingArgumentOrSubcommand
    ) && command_path(args) != "outbox"
    {
        // Where clap would print it: a missing subcommand's help is an
        // error's, on stderr.
        let mut out: Box<dyn Write> = if e.use_stderr() {
            Box::new(std::io::stderr().lock())
        } else {
            Box::new(std::io::stdout().lock())
        };
        let terminal = if e.use_stderr() {
            std::io::stderr().is_terminal()
        } else {
            std::io::stdout().is_terminal()
        };
        let rendered = e.render();
        let text = if terminal {
            rendered.ansi().to_string()
        } else {
            rendered.to_string()
        };
        out.write_all(cli::help::naming_global_options(&text).as_bytes())
            .and_then(|()| out.flush())
    } else {
        e.print()
    };
    match printed {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        printed => printed.context("cannot write help"),
    }
}

/// A failure of the database names it, whatever part of outbox met it: a
/// damaged file (`storage:corrupt`) also says how to look into it.
fn naming_the_file(e: Error, db: &std::path::Path) -> Error {
    let Error::Storage { code, message } = e else {
        return e;
    };
    let db_text = db.display().to_string();
    let postgres = outbox::store::postgres::is_url(&db_text);
    let mut message = if postgres || message.contains(&db_text) {
        message
    } else {
        format!("{db_text}: {message}")
    };
    if code == outbox::StorageCode::Corrupt && !message.contains("integrity_check") {
        if message.contains("a damaged record") {
            message.push_str("; mend or delete that row by hand, or restore a backup");
        } else if !postgres {
            message.push_str(&format!(
                "; sqlite3 {db_text} 'PRAGMA integrity_check' says what is damaged, and a backup restores it"
            ));
        }
    }
    Error::Storage { code, message }
}

fn run() -> anyhow::Result<ExitCode> {
    let args: Vec<_> = std::env::args_os().collect();
    let wants_json = args
        .iter()
        .skip(1)
        .take_while(|a| *a != "--")
        .any(|a| a == "--json");
    let format = if wants_json {
        OutputFormat::Json
    } else {
        OutputFormat::Human
    };
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version
            print_help(&e, &args)?;
            return Ok(ExitCode::SUCCESS);
        }
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // `outbox` or `outbox delivery` alone: show what there is to run.
            if format == OutputFormat::Json {
                println!(
                    "{}",
                    Error::input("invalid:usage", "a command is missing; see outbox --help")
                        .to_json()
                );
            }
            print_help(&e, &args)?;
            return Ok(ExitCode::from(exit_code(ErrorKind::Input)));
        }
        Err(e) => return Ok(fail(&usage_error(&e, &args), format, false)),
    };
    let clock = match clock_from_env() {
        Ok(clock) => clock,
        Err(e) => return Ok(fail(&e, format, false)),
    };
    let quiet = cli.quiet;
    outbox::store::sqlite::set_busy_timeout(cli.busy_timeout);
    outbox::store::postgres::set_lock_timeout(cli.busy_timeout);
    let ctx = Context {
        db: cli.db,
        format,
        clock,
        durability: cli.sync,
        max_payload: cli.max_payload,
        color: cli.color,
        serving: false,
        pool: None,
    };
    match cli::exec(cli.command, &ctx) {
        Ok(report) => {
            let refusals = report.refusals();
            match ctx.emit(report.as_ref()) {
                // A reader that stopped early (`| head`) is not a failure.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
                written => written.context("cannot write to stdout")?,
            }
            if !quiet {
                for refusal in &refusals {
                    say(format_args!("{refusal}"));
                }
            }
            let code = if refusals.is_empty() {
                0
            } else {
                exit_code(ErrorKind::Refused)
            };
            Ok(ExitCode::from(code))
        }
        Err(e) => {
            let e = naming_the_file(e, &ctx.db);
            if matches!(e.kind(), ErrorKind::Input | ErrorKind::Storage) {
                // Every connection is closed by now.
                outbox::store::sqlite::forget_created();
            }
            Ok(fail(&e, format, quiet))
        }
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(e) => {
            say(format_args!("{e:#}"));
            ExitCode::from(3)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_argument_is_named() {
        let args: Vec<std::ffi::OsString> = ["outbox", "delivery", "get"].map(Into::into).into();
        let error = Cli::try_parse_from(&args).unwrap_err();
        let message = usage_error(&error, &args).to_string();
        assert!(
            message.contains("were not provided: <ID>")
                && message.contains("usage: outbox delivery get")
                && message.ends_with("see outbox delivery get --help"),
            "{message}"
        );
    }

    #[test]
    fn exit_codes_follow_the_spec() {
        assert_eq!(exit_code(ErrorKind::Refused), 1);
        assert_eq!(exit_code(ErrorKind::Input), 2);
        assert_eq!(exit_code(ErrorKind::Storage), 3);
        assert_eq!(exit_code(ErrorKind::Unavailable), 4);
    }
}
