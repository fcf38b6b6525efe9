//! Opened stores kept for the next caller: a server (`outbox serve`) runs
//! a command per request, and opening a connection each time (a PostgreSQL
//! login, a SQLite file's schema check) would cost more than most
//! commands. A store taken from the pool goes back to it when its
//! [`Outbox`](crate::core::Outbox) is dropped, its transactions ended.

use crate::core::records::error::{ErrorKind, Result};
use crate::core::storage::{Space, Store, Tx};
use std::sync::{Arc, Mutex};

/// A store that can move between the threads a server runs commands on.
pub type Shared = Box<dyn Store + Send>;

/// Stores waiting for a caller: at most `keep` of them.
pub struct Pool {
    idle: Mutex<Vec<Shared>>,
    keep: usize,
}

impl Pool {
    pub fn new(keep: usize) -> Arc<Pool> {
        Arc::new(Pool {
            idle: Mutex::new(Vec::new()),
            keep,
        })
    }

    /// A store of the pool, or one `open` makes; it returns to the pool
    /// when dropped.
    pub fn take(self: &Arc<Self>, open: impl FnOnce() -> Result<Shared>) -> Result<Pooled> {
        let idle = self.idle.lock().map(|mut idle| idle.pop()).unwrap_or(None);
        let store = match idle {
            Some(store) => store,
            None => open()?,
        };
        Ok(Pooled {
            store: Some(store),
            pool: Arc::clone(self),
            broken: false,
        })
    }

    fn give_back(&self, store: Shared) {
        if let Ok(mut idle) = self.idle.lock()
            && idle.len() < self.keep
        {
            idle.push(store);
        }
    }
}

/// A store on loan from a [`Pool`].
pub struct Pooled {
    store: Option<Shared>,
    pool: Arc<Pool>,
    /// A transaction could not start on it (the server went away, the
    /// file is gone): it is not given back.
    broken: bool,
}

impl Pooled {
    fn inner(&mut self) -> &mut Shared {
        self.store
            .as_mut()
            .expect("a pooled store is held until dropped")
    }

    fn begun<'s>(broken: &mut bool, begun: Result<Box<dyn Tx + 's>>) -> Result<Box<dyn Tx + 's>> {
        if matches!(&begun, Err(e) if e.kind() == ErrorKind::Storage) {
            *broken = true;
        }
        begun
    }
}

impl Drop for Pooled {
    fn drop(&mut self) {
        if let Some(store) = self.store.take()
            && !self.broken
        {
            self.pool.give_back(store);
        }
    }
}

impl Store for Pooled {
    fn read(&mut self) -> Result<Box<dyn Tx + '_>> {
        let store = self.store.as_mut().expect("held until dropped");
        Self::begun(&mut self.broken, store.read())
    }
    fn write(&mut self) -> Result<Box<dyn Tx + '_>> {
        let store = self.store.as_mut().expect("held until dropped");
        Self::begun(&mut self.broken, store.write())
    }
    fn bulk_write(&mut self, bytes: Option<u64>) -> Result<Box<dyn Tx + '_>> {
        let store = self.store.as_mut().expect("held until dropped");
        Self::begun(&mut self.broken, store.bulk_write(bytes))
    }
    fn end_bulk(&mut self) {
        self.inner().end_bulk();
    }
    fn space(&mut self) -> Result<Option<Space>> {
        self.inner().space()
    }
    fn on_ready(&mut self, ready: Box<dyn Fn() -> bool + Send>) -> Result<bool> {
        self.inner().on_ready(ready)
    }
    fn working(&mut self) {
        self.inner().working();
    }
    fn vacuum(&mut self) -> Result<bool> {
        self.inner().vacuum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::records::error::{Error, StorageCode};
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A store whose server has gone away.
    struct Gone;

    impl Store for Gone {
        fn read(&mut self) -> Result<Box<dyn Tx + '_>> {
            Err(Error::storage(StorageCode::Open, "the server went away"))
        }
        fn write(&mut self) -> Result<Box<dyn Tx + '_>> {
            self.read()
        }
    }

    #[test]
    fn a_store_is_opened_once_and_lent_again_unless_it_broke() {
        let pool = Pool::new(4);
        let opened = AtomicUsize::new(0);
        let open = || -> Result<Shared> {
            opened.fetch_add(1, Ordering::SeqCst);
            Ok(Box::new(Gone))
        };
        drop(pool.take(open).unwrap());
        drop(pool.take(open).unwrap());
        assert_eq!(opened.load(Ordering::SeqCst), 1, "lent again");
        let (first, second) = (pool.take(open).unwrap(), pool.take(open).unwrap());
        assert_eq!(
            opened.load(Ordering::SeqCst),
            2,
            "one more for a second caller at once"
        );
        drop((first, second));
        let mut broken = pool.take(open).unwrap();
        assert!(broken.read().is_err());
        drop(broken);
        let mut other = pool.take(open).unwrap();
        assert!(other.write().is_err());
        drop(other);
        drop(pool.take(open).unwrap());
        drop(pool.take(open).unwrap());
        assert_eq!(
            opened.load(Ordering::SeqCst),
            3,
            "the broken two were not given back"
        );
    }
}
