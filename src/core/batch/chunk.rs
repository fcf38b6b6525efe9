//! Rows written together: a server then sees one statement per chunk rather
//! than one per row, and the chunk's memory stays small.

use std::collections::HashSet;

pub(crate) use crate::core::storage::RECORD_CHUNK;

/// Rows waiting to be written together, each with the id it is stored under.
pub(crate) struct Chunk<T> {
    rows: Vec<T>,
    ids: HashSet<String>,
}

impl<T> Default for Chunk<T> {
    fn default() -> Self {
        Chunk {
            rows: Vec::new(),
            ids: HashSet::new(),
        }
    }
}

impl<T> Chunk<T> {
    /// Whether the rows held must be written before a row stored under
    /// `id` joins them: the chunk is full, or already holds `id` (one
    /// statement cannot write an id twice, and a repeated id must see the
    /// first one written).
    pub(crate) fn ends_before(&self, id: &str) -> bool {
        self.rows.len() == RECORD_CHUNK || self.ids.contains(id)
    }

    pub(crate) fn push(&mut self, id: String, row: T) {
        self.ids.insert(id);
        self.rows.push(row);
    }

    /// The rows held, in the order pushed, leaving the chunk empty.
    pub(crate) fn take(&mut self) -> Vec<T> {
        self.ids.clear();
        std::mem::take(&mut self.rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chunk_ends_when_full_or_before_a_repeated_id() {
        let mut chunk = Chunk::default();
        for n in 0..RECORD_CHUNK {
            assert!(!chunk.ends_before(&n.to_string()), "row {n}");
            chunk.push(n.to_string(), n);
        }
        assert!(chunk.ends_before("new"), "full");
        let rows = chunk.take();
        assert_eq!(rows, (0..RECORD_CHUNK).collect::<Vec<_>>());
        assert!(!chunk.ends_before("0"), "taking forgets the ids");
        chunk.push("a".into(), 1);
        assert!(chunk.ends_before("a"));
        assert!(!chunk.ends_before("b"));
    }
}
