//! Rendering answers: one line of JSON with `--json`, otherwise tables and
//! readable times for people.

mod answers;
mod health;
mod lifecycle;
mod metrics;
pub mod relay;
mod tables;
mod worker;

pub use answers::{Explained, Trial};
pub use lifecycle::StatsWithDead;
pub use metrics::{HistoryReply, Metrics, sparkline};
pub use worker::{WithEvent, failure_line};

use comfy_table::{
    ColumnConstraint, ContentArrangement, ContentLineStyle, LineStyle, Table, TableStyle, Width,
};
use serde::Serialize;
use std::io::IsTerminal;
use tables::{DELIVERIES, EVENTS, tally};

/// How answers are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputFormat {
    Human,
    Json,
}

/// Columns separated by space, a rule under the header: easy to read, to
/// grep and to fit in 80 columns.
const PLAIN: TableStyle = TableStyle::new()
    .header_lines(ContentLineStyle::none().junction(' '))
    .header_separator(LineStyle::none().fill('─').junction(' '))
    .content_lines(ContentLineStyle::none().junction(' '));

/// When tables use colour (`--color`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ColorChoice {
    /// On a terminal, unless `NO_COLOR` is set.
    #[default]
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    pub const NAMES: [&'static str; 3] = ["auto", "always", "never"];
}

impl std::str::FromStr for ColorChoice {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "auto" => Ok(ColorChoice::Auto),
            "always" => Ok(ColorChoice::Always),
            "never" => Ok(ColorChoice::Never),
            _ => Err(format!(
                "unknown colour choice {s:?} (expected auto, always or never)"
            )),
        }
    }
}

/// What a human rendering needs to know about its surroundings.
#[derive(Clone, Copy, Debug)]
pub struct View {
    /// "Now", for relative times.
    pub now: i64,
    /// Stdout is a terminal: tables take its width (or `COLUMNS`) and cut
    /// what does not fit with `…`; piped, they never wrap or cut.
    pub terminal: bool,
    /// Statuses in colour.
    pub colour: bool,
}

impl View {
    pub fn new(now: i64, colour: ColorChoice) -> Self {
        let terminal = std::io::stdout().is_terminal();
        let colour = match colour {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        };
        View {
            now,
            terminal,
            colour,
        }
    }

    /// The table as text: on a terminal each row keeps to one line (long
    /// cells end in `…` instead of breaking words over several).
    fn finish(&self, mut table: Table) -> String {
        if self.terminal {
            for row in table.row_iter_mut() {
                row.max_height(1);
            }
        }
        table.trim_fmt()
    }

    fn table(&self, header: &[&str]) -> Table {
        let mut table = Table::new();
        table.load_style(PLAIN);
        // On a terminal, columns share its width; piped, nothing wraps, so
        // each row stays one line with whole values for grep and cut.
        table.set_content_arrangement(if self.terminal {
            ContentArrangement::Dynamic
        } else {
            ContentArrangement::Disabled
        });
        if self.terminal {
            // COLUMNS, else the terminal's own size. A width of 0 (`stty
            // size` says `0 0` under `script`) is unknown, not narrow: the
            // table is then laid out as if piped rather than cut to nothing.
            match std::env::var("COLUMNS")
                .ok()
                .and_then(|c| c.parse::<u16>().ok())
            {
                Some(width) if width > 0 => {
                    table.set_width(width);
                }
                _ if table.width().is_none_or(|width| width == 0) => {
                    table.set_content_arrangement(ContentArrangement::Disabled);
                }
                _ => {}
            }
        }
        if self.colour {
            table.enforce_styling();
        }
        table.set_header(header.iter().copied());
        for (column, name) in table.column_iter_mut().zip(header) {
            column.set_padding((0, 1));
            // Headers never wrap; long content does.
            column.set_constraint(ColumnConstraint::LowerBoundary(Width::Fixed(
                name.chars().count() as u16 + 1,
            )));
        }
        table
    }
}

/// An answer that can be printed either way.
pub trait Report {
    fn json(&self) -> serde_json::Value;
    fn human(&self, view: &View) -> String;
    /// The `--json` text: one line, or one line per answer for batches.
    fn json_text(&self) -> String {
        self.json().to_string()
    }
    /// Answers that are refusals, one stderr line each; any makes the exit status 1.
    fn refusals(&self) -> Vec<String> {
        Vec::new()
    }
}

/// The human rendering of an answer that is one reference result object;
/// its JSON is that object as serialised.
trait Human {
    fn human(&self, view: &View) -> String;
}

impl<T: Serialize + Human> Report for T {
    fn json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("answers serialise to JSON")
    }
    fn json_text(&self) -> String {
        // Straight to text: a claim of 500 spent a fifth of its time
        // building the intermediate value.
        serde_json::to_string(self).expect("answers serialise to JSON")
    }
    fn human(&self, view: &View) -> String {
        Human::human(self, view)
    }
}

/// The answer of a command that printed as it went (`work`, `relay run`).
pub struct Silent;

impl Report for Silent {
    fn json(&self) -> serde_json::Value {
        serde_json::Value::Null
    }
    fn json_text(&self) -> String {
        String::new()
    }
    fn human(&self, _view: &View) -> String {
        String::new()
    }
}

/// The line printed for `report` in `format`, without a trailing newline.
pub fn render(report: &dyn Report, format: OutputFormat, view: &View) -> String {
    match format {
        OutputFormat::Json => report.json_text(),
        OutputFormat::Human => report.human(view).trim_end().to_owned(),
    }
}

/// `2026-11-29 18:02:11Z`.
pub fn timestamp(unix: i64) -> String {
    let (year, month, day, hour, minute, second) = outbox::lifecycle::when::civil(unix);
    format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02}:{second:02}Z")
}

/// `in 4m`, `3h ago`, `now`.
pub fn relative(at: i64, now: i64) -> String {
    let delta = at - now;
    let span = delta.unsigned_abs();
    let amount = match span {
        0 => return "now".to_owned(),
        1..=59 => format!("{span}s"),
        60..=3_599 => format!("{}m", span / 60),
        3_600..=86_399 => format!("{}h", span / 3_600),
        _ => format!("{}d", span / 86_400),
    };
    if delta > 0 {
        format!("in {amount}")
    } else {
        format!("{amount} ago")
    }
}

/// A full page of a list, for people: its last line says how many there
/// are in all and how to see more; the JSON is the list's own.
pub struct Paged {
    pub list: Box<dyn Report>,
    pub shown: usize,
    pub total: i64,
    /// The id that `--before` takes for the next page.
    pub last: String,
}

impl Report for Paged {
    fn json(&self) -> serde_json::Value {
        self.list.json()
    }
    fn json_text(&self) -> String {
        self.list.json_text()
    }
    fn human(&self, view: &View) -> String {
        let text = self.list.human(view);
        let text = text.trim_end();
        if self.total <= self.shown as i64 {
            return text.to_owned();
        }
        // The list's last line is its tally, "100 deliveries".
        let (table, tally) = text.rsplit_once('\n').unwrap_or(("", text));
        let noun = tally.split_once(' ').map_or("", |(_, noun)| noun);
        // "1 of 800 events": the word follows the total, not the page.
        let noun = tables::counted(noun, self.total);
        format!(
            "{table}\n{} of {} {noun} (--limit for more at once, --before {} for the next page)",
            self.shown,
            thousands(self.total),
            tables::short(&self.last)
        )
    }
}

/// `40,001`.
fn thousands(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 { format!("-{out}") } else { out }
}

/// Answers made elsewhere, one JSON object each (a batch's lines, for a
/// server): a JSON array, one line each for people.
pub struct Lines(pub Vec<serde_json::Value>);

impl Report for Lines {
    fn json(&self) -> serde_json::Value {
        serde_json::Value::Array(self.0.clone())
    }
    fn json_text(&self) -> String {
        let lines: Vec<String> = self.0.iter().map(|v| v.to_string()).collect();
        lines.join("\n")
    }
    fn human(&self, _view: &View) -> String {
        self.json_text()
    }
}

/// Answers for several ids handled in one transaction, in the order given.
pub struct Many(pub Vec<(String, Answer)>);

/// One id's answer, or its refusal.
pub type Answer = Result<Box<dyn Report>, outbox::Error>;

impl Report for Many {
    fn json(&self) -> serde_json::Value {
        let answers = self.0.iter().map(|(_, answer)| match answer {
            Ok(report) => report.json(),
            Err(e) => e.to_json(),
        });
        serde_json::Value::Array(answers.collect())
    }
    fn json_text(&self) -> String {
        let lines: Vec<String> = self
            .0
            .iter()
            .map(|(_, answer)| match answer {
                Ok(report) => report.json_text(),
                Err(e) => e.to_json().to_string(),
            })
            .collect();
        lines.join("\n")
    }
    fn human(&self, view: &View) -> String {
        let mut table = view.table(&["delivery", "result"]);
        for (id, answer) in &self.0 {
            let result = match answer {
                Ok(_) => "ok".to_owned(),
                Err(e) => e.to_string(),
            };
            table.add_row(vec![id.clone(), result]);
        }
        view.finish(table)
    }
    fn refusals(&self) -> Vec<String> {
        self.0
            .iter()
            .filter_map(|(_, answer)| answer.as_ref().err().map(|e| e.to_string()))
            .collect()
    }
}

/// The answer to a whole `event record --batch`, for people: how much it
/// recorded. (With `--json` its lines are printed as they were spooled.)
#[derive(Default)]
pub struct Batch {
    pub events: usize,
    pub deliveries: usize,
    /// Its lines are on stdout already: nothing more to print.
    printed: bool,
}

impl Batch {
    pub fn printed(self) -> Self {
        Batch {
            printed: true,
            ..self
        }
    }
}

impl Report for Batch {
    fn json(&self) -> serde_json::Value {
        serde_json::Value::Null
    }
    fn json_text(&self) -> String {
        String::new()
    }
    fn human(&self, _view: &View) -> String {
        if self.printed {
            return String::new();
        }
        format!(
            "recorded {}, {}",
            tally(self.events, None, EVENTS),
            tally(self.deliveries, None, DELIVERIES)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_utc_calendar_dates() {
        assert_eq!(timestamp(0), "1970-01-01 00:00:00Z");
        assert_eq!(timestamp(1_795_975_331), "2026-11-29 18:02:11Z");
        assert_eq!(timestamp(951_782_400), "2000-02-29 00:00:00Z");
    }

    #[test]
    fn relative_times_read_naturally() {
        assert_eq!(relative(1_000 + 240, 1_000), "in 4m");
        assert_eq!(relative(1_000, 1_000 + 3 * 3600 + 5), "3h ago");
        assert_eq!(relative(1_000, 1_000), "now");
        assert_eq!(relative(1_000 + 2 * 86_400, 1_000), "in 2d");
    }
}
