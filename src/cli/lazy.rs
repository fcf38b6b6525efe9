//! Commands whose arguments clap builds only when a command line names
//! them: `outbox event record` builds the tree of `event`, not the hundreds
//! of arguments of every other command (whose allocations and page faults
//! were a third of a short command's start-up).
//!
//! clap's derive builds the whole tree at once; [`Lazy`] wraps a command's
//! arguments or subcommands so the derive hands clap a `defer`red builder
//! instead. Whatever walks the tree (completions, man pages, help paths)
//! takes it from [`full`], which builds it eagerly, as clap always would.

use clap::{ArgMatches, Args, Command, FromArgMatches, Subcommand};
use std::cell::Cell;

thread_local! {
    /// Set while [`full`] makes the tree: every part is built at once.
    static EAGER: Cell<bool> = const { Cell::new(false) };
}

/// `build` itself while [`full`] makes the tree, else `build` deferred.
fn deferring(cmd: Command, build: fn(Command) -> Command) -> Command {
    if EAGER.get() {
        build(cmd)
    } else {
        cmd.defer(build)
    }
}

/// A command's arguments (an `Args` struct) or its subcommands (a
/// `Subcommand` enum), built when the command is parsed or walked.
#[derive(Debug, Clone)]
pub struct Lazy<T>(pub T);

impl<T: FromArgMatches> FromArgMatches for Lazy<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches(matches).map(Lazy)
    }

    fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, clap::Error> {
        T::from_arg_matches_mut(matches).map(Lazy)
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches(matches)
    }

    fn update_from_arg_matches_mut(&mut self, matches: &mut ArgMatches) -> Result<(), clap::Error> {
        self.0.update_from_arg_matches_mut(matches)
    }
}

impl<T: Args> Args for Lazy<T> {
    fn group_id() -> Option<clap::Id> {
        T::group_id()
    }

    fn augment_args(cmd: Command) -> Command {
        deferring(cmd, keeping_texts::<T>)
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        deferring(cmd, keeping_texts::<T>)
    }
}

impl<T: Subcommand> Subcommand for Lazy<T> {
    fn augment_subcommands(cmd: Command) -> Command {
        deferring(cmd, T::augment_subcommands)
    }

    fn augment_subcommands_for_update(cmd: Command) -> Command {
        deferring(cmd, T::augment_subcommands_for_update)
    }

    fn has_subcommand(name: &str) -> bool {
        T::has_subcommand(name)
    }
}

/// Builds `T`'s arguments into the command, keeping the texts the command
/// was given: built eagerly, the command's own doc comment is set after its
/// arguments, so a flattened struct's doc comment never becomes its about.
fn keeping_texts<T: Args>(cmd: Command) -> Command {
    let about = cmd.get_about().cloned();
    let long_about = cmd.get_long_about().cloned();
    let after_help = cmd.get_after_help().cloned();
    let after_long_help = cmd.get_after_long_help().cloned();
    let mut cmd = T::augment_args(cmd);
    if let Some(text) = about {
        cmd = cmd.about(text);
    }
    if let Some(text) = long_about {
        cmd = cmd.long_about(text);
    }
    if let Some(text) = after_help {
        cmd = cmd.after_help(text);
    }
    if let Some(text) = after_long_help {
        cmd = cmd.after_long_help(text);
    }
    cmd
}

/// The whole command tree, built at once as clap's derive builds it
/// (`help`'s copy of the tree included): for what walks it.
pub fn full() -> Command {
    use clap::CommandFactory;
    EAGER.set(true);
    let cmd = super::Cli::command();
    EAGER.set(false);
    cmd
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A command line builds the command it names; the tree [`full`] gives
    /// has every command's arguments.
    #[test]
    fn only_the_named_command_is_built_and_the_full_tree_has_all() {
        use clap::CommandFactory;
        let unbuilt = super::super::Cli::command();
        let event = unbuilt.find_subcommand("event").expect("event");
        assert_eq!(event.get_subcommands().count(), 0, "event built eagerly");
        let full = full();
        let record = full
            .find_subcommand("event")
            .and_then(|e| e.find_subcommand("record"))
            .expect("event record in the full tree");
        assert!(record.get_arguments().any(|a| a.get_id() == "event_type"));
        let serve = full.find_subcommand("serve").expect("serve");
        assert!(serve.get_arguments().any(|a| a.get_id() == "listen"));
    }
}
