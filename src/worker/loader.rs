//! Reading the events of claimed deliveries off the worker's main thread.
//! That thread records every outcome and makes every claim; reading each
//! claimed delivery's event there took about a fifth of its time on a
//! drain to a fast broker (an event is a random row among all recorded, so
//! most reads miss the page cache). Deliveries to start go to this thread
//! instead, which reads the events of as many as are waiting in one
//! transaction on a connection of its own (see `Store::event_reader`) and
//! starts them in the order they came, together, as a turn did.

use super::settle::{Claimed, each_event};
use crate::core::records::model::Event;
use crate::core::storage::EventReader;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, mpsc};

/// A delivery's event: `None` when it no longer exists; an error when it
/// could not be read.
pub(super) type Loaded = Result<Option<Event>, String>;

type Waiting = (Claimed, Arc<AtomicBool>);

/// Most events read in one transaction: a turn claims a few hundred.
const MOST_AT_ONCE: usize = 500;

/// The handle deliveries are started through; the thread ends once it is
/// dropped.
pub(super) struct Loader {
    waiting: mpsc::Sender<Waiting>,
}

impl Loader {
    /// Starts the thread that reads through `reader` and hands each
    /// delivery, with what was read of its event, to `start`.
    pub fn spawn(
        mut reader: Box<dyn EventReader>,
        mut start: impl FnMut(Claimed, Arc<AtomicBool>, Loaded) + Send + 'static,
    ) -> Self {
        let (waiting, taken) = mpsc::channel::<Waiting>();
        std::thread::Builder::new()
            .name("outbox-events".to_owned())
            .spawn(move || {
                while let Ok(first) = taken.recv() {
                    let mut batch = vec![first];
                    while batch.len() < MOST_AT_ONCE
                        && let Ok(next) = taken.try_recv()
                    {
                        batch.push(next);
                    }
                    load(reader.as_mut(), batch, &mut start);
                }
            })
            .expect("a thread starts");
        Loader { waiting }
    }

    /// Starts `claimed` once its event is read.
    pub fn start(&self, claimed: Claimed, cancel: Arc<AtomicBool>) {
        self.waiting
            .send((claimed, cancel))
            .expect("the thread outlives its handle");
    }
}

fn load(
    reader: &mut dyn EventReader,
    batch: Vec<Waiting>,
    start: &mut impl FnMut(Claimed, Arc<AtomicBool>, Loaded),
) {
    let ids: Vec<String> = batch
        .iter()
        .map(|(claimed, _)| claimed.delivery.event_id.clone())
        .collect();
    match reader.events(&ids) {
        Ok(read) => {
            for ((claimed, cancel), event) in batch.into_iter().zip(each_event(read, &ids)) {
                start(claimed, cancel, Ok(event));
            }
        }
        Err(e) => {
            let why = e.to_string();
            for (claimed, cancel) in batch {
                start(claimed, cancel, Err(why.clone()));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Loader;
    use crate::core::records::error::{Error, Result, StorageCode};
    use crate::core::records::model::{Delivery, Event};
    use crate::core::storage::EventReader;
    use crate::worker::settle::Claimed;
    use std::collections::HashMap;
    use std::sync::mpsc;

    /// Events named `evt_e…` exist; a read asking for `evt_broken` fails.
    struct Reader;

    impl EventReader for Reader {
        fn events(&mut self, ids: &[String]) -> Result<HashMap<String, Event>> {
            if ids.iter().any(|id| id == "evt_broken") {
                return Err(Error::storage(StorageCode::Other, "disk on fire"));
            }
            Ok(ids
                .iter()
                .filter(|id| id.starts_with("evt_e"))
                .map(|id| (id.clone(), Event::for_test(id)))
                .collect())
        }
    }

    fn claimed(delivery_id: &str) -> Claimed {
        Claimed {
            delivery: Delivery::claimed_for_test(delivery_id, "sub_1"),
            event: None,
            subscription: None,
            secrets: Vec::new(),
            send_at: None,
        }
    }

    #[test]
    fn each_delivery_starts_in_order_with_its_event_or_why_it_has_none() {
        let (started, seen) = mpsc::channel();
        let loader = Loader::spawn(Box::new(Reader), move |claimed, _, loaded| {
            let loaded = loaded.map(|event| event.map(|e| e.event_id));
            started
                .send((claimed.delivery.delivery_id, loaded))
                .unwrap();
        });
        // A delivery `x` is of the event `evt_x`: the first and third of
        // one event.
        for id in ["e1", "e2", "e1", "gone"] {
            loader.start(claimed(id), Default::default());
        }
        let got: Vec<_> = seen.iter().take(4).collect();
        let expected: Vec<(String, Result<Option<String>, String>)> = vec![
            ("e1".into(), Ok(Some("evt_e1".into()))),
            ("e2".into(), Ok(Some("evt_e2".into()))),
            ("e1".into(), Ok(Some("evt_e1".into()))),
            ("gone".into(), Ok(None)),
        ];
        assert_eq!(got, expected);
        loader.start(claimed("broken"), Default::default());
        let (_, failed) = seen.recv().unwrap();
        assert!(failed.unwrap_err().contains("disk on fire"));
    }
}
