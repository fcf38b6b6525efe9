//! Reading what commands are given on stdin or in files, never more than
//! they can take: a JSON flag reads at most `--max-payload` bytes and one
//! more, a line of a batch or an import at most its limit and one more, so
//! `/dev/zero` or an endless pipe is refused as soon as it is too long
//! instead of filling memory.

use outbox::{Error, Result};
use std::io::{BufRead, Read};

/// The lines of `input` (a path, or `-` for stdin) and, for a file, its
/// size, which lets a large load take the store's fastest way. A file that
/// cannot be opened is refused with `prefix` before the message.
pub fn open_input(
    input: &str,
    prefix: &str,
) -> Result<(Box<dyn std::io::BufRead + Send>, Option<u64>)> {
    if input == "-" {
        let stdin = std::io::stdin();
        let bytes = bytes_left_on(&stdin);
        return Ok((Box::new(std::io::BufReader::new(stdin)), bytes));
    }
    let file = std::fs::File::open(input)
        .map_err(|e| Error::input("invalid:file", format!("{prefix}cannot read {input}: {e}")))?;
    let bytes = file.metadata().ok().map(|m| m.len());
    Ok((Box::new(std::io::BufReader::new(file)), bytes))
}

/// The bytes left to read on stdin when it is a file (`< dump.ndjson`), so
/// a redirected load counts as large as the same file named; none for a
/// pipe or a terminal, whose size is not known before they end.
#[cfg(unix)]
fn bytes_left_on(stdin: &std::io::Stdin) -> Option<u64> {
    use std::io::Seek;
    use std::os::fd::AsFd;
    let file = std::fs::File::from(stdin.as_fd().try_clone_to_owned().ok()?);
    let metadata = file.metadata().ok()?;
    if !metadata.is_file() {
        return None;
    }
    // The copy shares stdin's offset: what was read already does not count.
    let read = (&file).stream_position().ok()?;
    Some(metadata.len().saturating_sub(read))
}

#[cfg(not(unix))]
fn bytes_left_on(_stdin: &std::io::Stdin) -> Option<u64> {
    None
}

/// All of `reader` when it holds at most `limit` bytes; `None` when it
/// holds more (having read `limit + 1` bytes of it).
pub fn read_at_most(reader: impl Read, limit: usize) -> std::io::Result<Option<String>> {
    let mut bytes = Vec::new();
    reader.take(limit as u64 + 1).read_to_end(&mut bytes)?;
    if bytes.len() > limit {
        return Ok(None);
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
}

/// The lines of a reader, each at most `limit` bytes: a longer line is an
/// error as soon as `limit + 1` bytes of it are read, and the lines end.
pub struct Lines<R> {
    reader: R,
    limit: usize,
    /// What a line over the limit is called in its message, and what
    /// raises the limit: `the line` and `--max-payload`.
    over: fn(usize) -> Error,
    ended: bool,
}

impl<R: BufRead> Lines<R> {
    pub fn new(reader: R, limit: usize, over: fn(usize) -> Error) -> Self {
        Lines {
            reader,
            limit,
            over,
            ended: false,
        }
    }
}

/// One line read: its text, or why it could not be.
pub enum Line {
    Text(String),
    /// Longer than the limit: the error the reader was given for it.
    Failed(Error),
    /// Not readable: an `io` failure, or not UTF-8.
    Unreadable(std::io::Error),
}

impl<R: BufRead> Iterator for Lines<R> {
    type Item = Line;

    fn next(&mut self) -> Option<Line> {
        if self.ended {
            return None;
        }
        let mut bytes = Vec::new();
        let read = (&mut self.reader)
            .take(self.limit as u64 + 2)
            .read_until(b'\n', &mut bytes);
        match read {
            Err(e) => {
                self.ended = true;
                Some(Line::Unreadable(e))
            }
            Ok(0) => None,
            Ok(_) => {
                if bytes.last() == Some(&b'\n') {
                    bytes.pop();
                    if bytes.last() == Some(&b'\r') {
                        bytes.pop();
                    }
                }
                if bytes.len() > self.limit {
                    self.ended = true;
                    return Some(Line::Failed((self.over)(self.limit)));
                }
                Some(match String::from_utf8(bytes) {
                    Ok(text) => Line::Text(text),
                    Err(e) => {
                        self.ended = true;
                        Line::Unreadable(std::io::Error::new(std::io::ErrorKind::InvalidData, e))
                    }
                })
            }
        }
    }
}

/// How many items [`read_ahead`] hands over at a time, and how many such
/// blocks may wait: enough to keep both threads busy, little memory.
const AHEAD_BLOCK: usize = 256;
const AHEAD_BLOCKS: usize = 4;

/// The items of `source`, made on a thread of their own a few blocks ahead
/// of the caller taking them, in the same order. A batch's lines are read
/// and parsed there while the caller checks and sorts the ones before (the
/// server waits for a batch's first write until every line is read), and an
/// import's while the caller writes the records before. The thread ends
/// once `source` does, or at its next block after the items are dropped;
/// it is not waited for, so a caller that stops early never waits on a
/// read that may not end (a terminal's stdin).
pub fn read_ahead<T: Send + 'static>(
    source: impl Iterator<Item = T> + Send + 'static,
) -> impl Iterator<Item = T> {
    let (blocks, taken) = std::sync::mpsc::sync_channel::<Vec<T>>(AHEAD_BLOCKS);
    std::thread::Builder::new()
        .name("outbox-read-ahead".to_owned())
        .spawn(move || {
            let mut source = source.fuse();
            loop {
                let block: Vec<T> = source.by_ref().take(AHEAD_BLOCK).collect();
                if block.is_empty() || blocks.send(block).is_err() {
                    return;
                }
            }
        })
        .expect("a thread to read ahead on");
    taken.into_iter().flatten()
}

/// The non-blank lines of `lines`, each numbered by its line (from 1)
/// and parsed by `parse`, read and parsed ahead on a thread of their own
/// (see [`read_ahead`]). A line over the limit or an unreadable input
/// ends them with its error, `unreadable` saying which input it was.
pub fn parsed_lines<R, T>(
    lines: Lines<R>,
    unreadable: String,
    parse: impl Fn(&str) -> Result<T> + Send + 'static,
) -> impl Iterator<Item = (usize, Result<T>)>
where
    R: BufRead + Send + 'static,
    T: Send + 'static,
{
    let parsed = lines.enumerate().filter_map(move |(index, line)| {
        let parsed = match line {
            Line::Text(line) if line.trim().is_empty() => return None,
            Line::Text(line) => parse(&line),
            Line::Failed(e) => Err(e),
            Line::Unreadable(e) => Err(Error::input("invalid:file", format!("{unreadable}: {e}"))),
        };
        Some((index + 1, parsed))
    });
    read_ahead(parsed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn over(limit: usize) -> Error {
        Error::input("invalid:payloadTooLarge", format!("over {limit}"))
    }

    #[test]
    fn an_endless_line_is_refused_after_the_limit() {
        let endless = std::io::repeat(b'x');
        let mut lines = Lines::new(std::io::BufReader::new(endless), 1000, over);
        assert!(matches!(lines.next(), Some(Line::Failed(_))));
        assert!(lines.next().is_none());
        assert_eq!(read_at_most(std::io::repeat(0), 10).unwrap(), None);
        assert_eq!(read_at_most(&b"{}"[..], 10).unwrap().as_deref(), Some("{}"));
    }

    #[test]
    fn lines_end_as_lines_do() {
        let text = "a\r\n\nbb\nccc";
        let lines: Vec<String> = Lines::new(text.as_bytes(), 3, over)
            .map(|l| match l {
                Line::Text(t) => t,
                _ => panic!("a line failed"),
            })
            .collect();
        assert_eq!(lines, ["a", "", "bb", "ccc"]);
        let mut long = Lines::new("abcd\n".as_bytes(), 3, over);
        assert!(matches!(long.next(), Some(Line::Failed(_))));
    }

    #[test]
    fn parsed_lines_are_numbered_by_line_without_the_blank_ones() {
        let text = "a\n\n  \nb\nbad\n";
        let parsed: Vec<(usize, std::result::Result<String, String>)> = parsed_lines(
            Lines::new(text.as_bytes(), 100, over),
            "cannot read x".to_owned(),
            |line| {
                if line == "bad" {
                    Err(Error::input("invalid:json", "bad"))
                } else {
                    Ok(line.to_owned())
                }
            },
        )
        .map(|(n, parsed)| (n, parsed.map_err(|e| e.code().to_string())))
        .collect();
        assert_eq!(
            parsed,
            [
                (1, Ok("a".to_owned())),
                (4, Ok("b".to_owned())),
                (5, Err("invalid:json".to_owned()))
            ]
        );
    }

    #[test]
    fn read_ahead_keeps_every_item_in_order_across_blocks() {
        let items: Vec<usize> = read_ahead(0..1_000).collect();
        assert_eq!(items, (0..1_000).collect::<Vec<_>>());
    }

    #[test]
    fn read_ahead_of_nothing_is_nothing() {
        assert_eq!(read_ahead(std::iter::empty::<u8>()).count(), 0);
    }

    #[test]
    fn a_caller_that_stops_early_ends_the_reading_thread() {
        // An endless source: the thread must stop once the items are
        // dropped, not fill memory (the channel holds a few blocks).
        let (ended, ends) = std::sync::mpsc::channel();
        struct Endless(std::sync::mpsc::Sender<()>, usize);
        impl Iterator for Endless {
            type Item = usize;
            fn next(&mut self) -> Option<usize> {
                self.1 += 1;
                Some(self.1)
            }
        }
        impl Drop for Endless {
            fn drop(&mut self) {
                let _ = self.0.send(());
            }
        }
        let first: Vec<usize> = read_ahead(Endless(ended, 0)).take(3).collect();
        assert_eq!(first, [1, 2, 3]);
        ends.recv_timeout(std::time::Duration::from_secs(10))
            .expect("the reading thread ended");
    }
}
