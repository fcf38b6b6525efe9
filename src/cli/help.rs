//! Help as a subcommand shows it: its own options in full, and the global
//! options (which `outbox --help` tells in full) named in one line rather
//! than repeated under every command.

/// The global options as a subcommand's help names them.
const NAMED: &str = "Global options: --db, --json, --sync, --max-payload, --busy-timeout, --color, -q (see outbox --help)";

/// `help` (as clap rendered it, styled or not) with its "Global options:"
/// section, up to the next heading (a line that is not indented), made one
/// line.
pub fn naming_global_options(help: &str) -> String {
    let mut out = String::with_capacity(help.len());
    let mut skipping = false;
    for line in help.split_inclusive('\n') {
        let plain = strip_styles(line);
        if skipping {
            if plain.trim().is_empty() || plain.starts_with(char::is_whitespace) {
                continue;
            }
            skipping = false;
            out.push('\n');
        }
        if plain.trim_end() == "Global options:" {
            out.push_str(NAMED);
            out.push('\n');
            skipping = true;
            continue;
        }
        out.push_str(line);
    }
    out
}

/// `text` without its ANSI style sequences (`ESC [ ... m`).
fn strip_styles(text: &str) -> String {
    let mut plain = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            plain.push(c);
        }
    }
    plain
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_global_options_section_becomes_one_line_styled_or_not() {
        let help = "Usage: outbox x\n\nOptions:\n  -h  Print help\n\nGlobal options:\n      --db <PATH>  The outbox\n      --json       JSON\n\nExamples:\n  outbox x\n";
        let want = format!(
            "Usage: outbox x\n\nOptions:\n  -h  Print help\n\n{NAMED}\n\nExamples:\n  outbox x\n"
        );
        assert_eq!(naming_global_options(help), want);
        let styled = help.replace(
            "Global options:",
            "\u{1b}[1m\u{1b}[4mGlobal options:\u{1b}[0m",
        );
        assert_eq!(naming_global_options(&styled), want);
        // Long help: each option over several lines, blank lines between.
        let long = "Global options:\n      --db <PATH>\n          The outbox\n\n          [default: outbox.db]\n\n  -q, --quiet\n          Quiet\n\nExamples:\n  outbox x\n";
        assert_eq!(
            naming_global_options(long),
            format!("{NAMED}\n\nExamples:\n  outbox x\n")
        );
        let at_the_end = "Options:\n  -h\n\nGlobal options:\n      --db <PATH>  The outbox\n";
        assert_eq!(
            naming_global_options(at_the_end),
            format!("Options:\n  -h\n\n{NAMED}\n")
        );
    }
}
