//! An external sort in bounded memory: rows of bytes pushed in any order
//! come back ordered by key, rows of one key in the order pushed. A batch
//! writes its rows in key order through it, so that they land in order in
//! the id-keyed indexes instead of all over them.
//!
//! Up to [`IN_MEMORY`] bytes are sorted in memory. Past that each such run
//! is sorted and written to an unnamed temporary file (gone with the
//! process, whatever way it ends), and draining merges the runs. Runs are
//! merged early, [`FAN_IN`] runs of one size into one run of the next, so
//! a merge never reads from more files than that and each row is written
//! once per size (twice at ten million small events).

use crate::core::records::error::{Error, Result, StorageCode};
use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, Write};

/// Bytes of rows held in memory before they are written out as a run.
const IN_MEMORY: usize = 8 << 20;

/// Runs merged at once; each reads through a buffer of [`READ_BUFFER`].
const FAN_IN: usize = 64;
const READ_BUFFER: usize = 64 << 10;

pub(crate) struct Sorter {
    rows: Vec<(String, Vec<u8>)>,
    held: usize,
    /// Bytes held before a run is written ([`IN_MEMORY`] but in tests).
    in_memory: usize,
    /// Sorted runs on disk, oldest first, each with its level: a run
    /// written from memory is level 0, a merge of runs of level n is n + 1.
    /// Levels never grow from older to newer runs.
    runs: Vec<(File, u32)>,
    len: usize,
}

impl Sorter {
    pub fn new() -> Self {
        Self::holding(IN_MEMORY)
    }

    /// A sorter that writes a run past `in_memory` bytes.
    fn holding(in_memory: usize) -> Self {
        Sorter {
            rows: Vec::new(),
            held: 0,
            in_memory,
            runs: Vec::new(),
            len: 0,
        }
    }

    /// Rows pushed and not yet drained.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn push(&mut self, key: String, row: Vec<u8>) -> Result<()> {
        self.len += 1;
        self.held += key.len() + row.len();
        self.rows.push((key, row));
        if self.held > self.in_memory {
            self.write_run()?;
        }
        Ok(())
    }

    /// Hands every row to `each` in key order, then forgets them.
    pub fn drain(&mut self, each: &mut dyn FnMut(Vec<u8>) -> Result<()>) -> Result<()> {
        self.len = 0;
        if self.runs.is_empty() {
            let rows = self.sorted_in_memory();
            return rows.into_iter().try_for_each(|(_, row)| each(row));
        }
        if !self.rows.is_empty() {
            self.write_run()?;
        }
        while self.runs.len() > FAN_IN {
            self.merge_newest(self.runs.len() - FAN_IN + 1)?;
        }
        let runs = std::mem::take(&mut self.runs);
        merge(
            runs.into_iter().map(|(file, _)| file).collect(),
            &mut |_, row| each(row),
        )
    }

    fn sorted_in_memory(&mut self) -> Vec<(String, Vec<u8>)> {
        self.held = 0;
        let mut rows = std::mem::take(&mut self.rows);
        // Stable: rows of one key keep the order they came in.
        rows.sort_by(|a, b| a.0.cmp(&b.0));
        rows
    }

    /// Writes the rows held in memory as a sorted run of level 0; then,
    /// while the newest [`FAN_IN`] runs are of one level, merges them into
    /// one of the next.
    fn write_run(&mut self) -> Result<()> {
        let rows = self.sorted_in_memory();
        let mut run = Run::create()?;
        for (key, row) in &rows {
            run.write(key, row)?;
        }
        self.runs.push((run.finish()?, 0));
        while let Some(newest) = self.runs.len().checked_sub(FAN_IN)
            && self.runs[newest..]
                .iter()
                .all(|r| r.1 == self.runs[newest].1)
        {
            self.merge_newest(FAN_IN)?;
        }
        Ok(())
    }

    /// Merges the newest `n` runs into one. They follow each other in the
    /// order pushed, so the sort stays stable.
    fn merge_newest(&mut self, n: usize) -> Result<()> {
        let newest = self.runs.split_off(self.runs.len() - n);
        let level = newest.iter().map(|r| r.1).max().unwrap_or(0) + 1;
        let mut merged = Run::create()?;
        merge(
            newest.into_iter().map(|(file, _)| file).collect(),
            &mut |key, row| merged.write(&key, &row),
        )?;
        self.runs.push((merged.finish()?, level));
        Ok(())
    }
}

impl Default for Sorter {
    fn default() -> Self {
        Self::new()
    }
}

/// A run being written: each row as its key and text, both length-prefixed.
struct Run(BufWriter<File>);

impl Run {
    fn create() -> Result<Self> {
        let file = tempfile::tempfile().map_err(spill_error)?;
        Ok(Run(BufWriter::with_capacity(READ_BUFFER, file)))
    }

    fn write(&mut self, key: &str, row: &[u8]) -> Result<()> {
        for bytes in [key.as_bytes(), row] {
            self.0
                .write_all(&(bytes.len() as u64).to_le_bytes())
                .and_then(|()| self.0.write_all(bytes))
                .map_err(spill_error)?;
        }
        Ok(())
    }

    /// The run's file, rewound for reading.
    fn finish(self) -> Result<File> {
        let mut file = self.0.into_inner().map_err(|e| spill_error(e.error()))?;
        file.rewind().map_err(spill_error)?;
        Ok(file)
    }
}

/// A run being read, with its next row.
struct Head {
    key: String,
    row: Vec<u8>,
    /// The run's place among the runs merged: equal keys come from the
    /// older run first, which keeps the sort stable.
    run: usize,
    from: BufReader<File>,
}

impl PartialEq for Head {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Head {}
impl PartialOrd for Head {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Head {
    fn cmp(&self, other: &Self) -> Ordering {
        (&self.key, self.run).cmp(&(&other.key, other.run))
    }
}

/// Hands the rows of `runs` (each sorted, oldest first) to `each` in key
/// order.
fn merge(runs: Vec<File>, each: &mut dyn FnMut(String, Vec<u8>) -> Result<()>) -> Result<()> {
    let mut heads = BinaryHeap::with_capacity(runs.len());
    for (run, file) in runs.into_iter().enumerate() {
        let mut from = BufReader::with_capacity(READ_BUFFER, file);
        if let Some((key, row)) = read_row(&mut from).map_err(spill_error)? {
            heads.push(Reverse(Head {
                key,
                row,
                run,
                from,
            }));
        }
    }
    while let Some(Reverse(mut head)) = heads.pop() {
        match read_row(&mut head.from).map_err(spill_error)? {
            Some((key, row)) => {
                let key = std::mem::replace(&mut head.key, key);
                let row = std::mem::replace(&mut head.row, row);
                heads.push(Reverse(head));
                each(key, row)?;
            }
            None => each(head.key, head.row)?,
        }
    }
    Ok(())
}

/// The next row of a run, or `None` at its end.
fn read_row(from: &mut impl Read) -> io::Result<Option<(String, Vec<u8>)>> {
    let Some(key) = read_bytes(from, true)? else {
        return Ok(None);
    };
    let key = String::from_utf8(key).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
    let row = read_bytes(from, false)?.ok_or(io::ErrorKind::UnexpectedEof)?;
    Ok(Some((key, row)))
}

fn read_bytes(from: &mut impl Read, may_end: bool) -> io::Result<Option<Vec<u8>>> {
    let mut len = [0u8; 8];
    match from.read_exact(&mut len) {
        Err(e) if may_end && e.kind() == io::ErrorKind::UnexpectedEof => return Ok(None),
        result => result?,
    }
    let mut bytes = vec![0u8; u64::from_le_bytes(len) as usize];
    from.read_exact(&mut bytes)?;
    Ok(Some(bytes))
}

fn spill_error(e: impl std::fmt::Display) -> Error {
    Error::storage(
        StorageCode::Other,
        format!("a batch's rows could not be sorted on disk: {e}"),
    )
}
#[cfg(test)]
mod tests {
    use super::*;

    /// Rows of `n` keys, several rows per key, pushed out of order.
    fn rows(n: usize) -> Vec<(String, Vec<u8>)> {
        (0..n * 3)
            .map(|i| {
                let key = format!("k{:08}", (i * 7_919) % n);
                let row = format!("{key}:{i}:{}", "x".repeat(100)).into_bytes();
                (key, row)
            })
            .collect()
    }

    fn filled(mut sorter: Sorter, rows: &[(String, Vec<u8>)]) -> Sorter {
        for (key, row) in rows {
            sorter.push(key.clone(), row.clone()).unwrap();
        }
        assert_eq!(sorter.len(), rows.len());
        sorter
    }

    fn drained(mut sorter: Sorter) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        sorter
            .drain(&mut |row| {
                out.push(row);
                Ok(())
            })
            .unwrap();
        assert_eq!(sorter.len(), 0);
        out
    }

    /// What a stable sort by key in memory gives.
    fn expected(rows: &[(String, Vec<u8>)]) -> Vec<Vec<u8>> {
        let mut rows = rows.to_vec();
        rows.sort_by(|a, b| a.0.cmp(&b.0));
        rows.into_iter().map(|(_, row)| row).collect()
    }

    #[test]
    fn sorts_in_memory_keeping_the_order_of_equal_keys() {
        let rows = rows(1_000);
        let out = drained(filled(Sorter::new(), &rows));
        assert_eq!(out, expected(&rows));
        assert_ne!(
            out,
            rows.iter().map(|r| r.1.clone()).collect::<Vec<_>>(),
            "the input was not in order already"
        );
    }

    #[test]
    fn sorts_past_memory_in_runs_on_disk_the_same_way() {
        // Some 150 bytes a row: past what the default sorter holds in memory.
        let rows = rows(30_000);
        assert!(rows.iter().map(|r| r.0.len() + r.1.len()).sum::<usize>() > IN_MEMORY);
        let sorter = filled(Sorter::new(), &rows);
        assert!(!sorter.runs.is_empty(), "rows were written out in runs");
        assert_eq!(drained(sorter), expected(&rows));
    }

    #[test]
    fn merges_runs_early_and_keeps_the_order_of_equal_keys_across_runs() {
        // Runs of about ten rows, pushed until FAN_IN runs of level 0 have
        // been merged into one of level 1 and more than FAN_IN runs are
        // left for the drain; rows of one key sit in different runs.
        let all = rows(FAN_IN * 100);
        let mut sorter = Sorter::holding(1_500);
        let mut pushed = Vec::new();
        for (key, row) in &all {
            sorter.push(key.clone(), row.clone()).unwrap();
            pushed.push((key.clone(), row.clone()));
            assert!(sorter.runs.len() < 2 * FAN_IN);
            let levels: Vec<u32> = sorter.runs.iter().map(|r| r.1).collect();
            if levels.contains(&1) && levels.len() > FAN_IN {
                break;
            }
        }
        assert!(sorter.runs.len() > FAN_IN, "the rows made enough runs");
        assert_eq!(drained(sorter), expected(&pushed));
    }

    #[test]
    fn an_empty_sorter_drains_nothing() {
        assert!(drained(filled(Sorter::holding(10), &[])).is_empty());
    }
}
