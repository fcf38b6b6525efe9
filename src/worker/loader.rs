//! Reading the events of claimed deliveries off the worker's main thread.
//! That thread records every outcome and makes every claim; reading each
//! claimed delivery's event there took about a fifth of its time on a
//! drain to a fast broker (an event is a random row among all recorded, so
//! most reads miss the page cache). A sender therefore asks this thread,
//! which reads on a connection of its own (see `Store::event_reader`) what
//! several deliveries asked for at once, while the main thread goes on.

use crate::core::records::model::Event;
use crate::core::storage::EventReader;
use std::collections::HashMap;
use std::sync::mpsc;
use tokio::sync::oneshot;

/// The event a delivery asked for: `None` when it no longer exists; an
/// error when it could not be read.
pub(super) type Loaded = Result<Option<Event>, String>;

type Request = (String, oneshot::Sender<Loaded>);

/// Most events read in one transaction: a turn claims a few hundred.
const MOST_AT_ONCE: usize = 500;

/// The handle senders ask through; the thread ends once it is dropped.
pub(super) struct Loader {
    requests: mpsc::Sender<Request>,
}

impl Loader {
    /// Starts the thread that reads through `reader`.
    pub fn start(mut reader: Box<dyn EventReader>) -> Self {
        let (requests, asked) = mpsc::channel::<Request>();
        std::thread::Builder::new()
            .name("outbox-events".to_owned())
            .spawn(move || {
                while let Ok(first) = asked.recv() {
                    let mut batch = vec![first];
                    while batch.len() < MOST_AT_ONCE
                        && let Ok(next) = asked.try_recv()
                    {
                        batch.push(next);
                    }
                    answer(reader.as_mut(), batch);
                }
            })
            .expect("a thread starts");
        Loader { requests }
    }

    /// Asks for the event `event_id`; the answer comes on the receiver.
    pub fn load(&self, event_id: String) -> oneshot::Receiver<Loaded> {
        let (tx, rx) = oneshot::channel();
        // Gone only if the thread panicked: the receiver then says so.
        let _ = self.requests.send((event_id, tx));
        rx
    }
}

fn answer(reader: &mut dyn EventReader, batch: Vec<Request>) {
    let ids: Vec<String> = batch.iter().map(|(id, _)| id.clone()).collect();
    match reader.events(&ids) {
        Ok(mut events) => {
            // An event asked for by several deliveries is copied for all
            // but the last of them.
            let mut left: HashMap<&str, usize> = HashMap::new();
            for id in &ids {
                *left.entry(id.as_str()).or_default() += 1;
            }
            for (id, reply) in batch {
                let count = left.get_mut(id.as_str()).expect("counted above");
                *count -= 1;
                let event = if *count == 0 {
                    events.remove(&id)
                } else {
                    events.get(&id).cloned()
                };
                let _ = reply.send(Ok(event));
            }
        }
        Err(e) => {
            for (_, reply) in batch {
                let _ = reply.send(Err(e.to_string()));
            }
        }
    }
}

/// What a sender makes of an answer: the event, or why it has none.
pub(super) fn received(answer: Result<Loaded, oneshot::error::RecvError>) -> Loaded {
    answer.unwrap_or_else(|_| Err("the thread reading events stopped".to_owned()))
}

#[cfg(test)]
mod tests {
    use super::{Loader, received};
    use crate::core::records::error::Result;
    use crate::core::records::model::Event;
    use crate::core::storage::EventReader;
    use std::collections::HashMap;

    /// Events named `e…` exist; a read asking for `broken` fails.
    struct Reader;

    impl EventReader for Reader {
        fn events(&mut self, ids: &[String]) -> Result<HashMap<String, Event>> {
            if ids.iter().any(|id| id == "broken") {
                return Err(crate::core::records::error::Error::storage(
                    crate::core::records::error::StorageCode::Other,
                    "disk on fire",
                ));
            }
            Ok(ids
                .iter()
                .filter(|id| id.starts_with('e'))
                .map(|id| (id.clone(), Event::for_test(id)))
                .collect())
        }
    }

    #[test]
    fn each_delivery_gets_its_event_or_hears_why_not() {
        let loader = Loader::start(Box::new(Reader));
        let asked: Vec<_> = ["e1", "e2", "e1", "gone"]
            .iter()
            .map(|id| loader.load((*id).to_owned()))
            .collect();
        let got: Vec<Option<String>> = asked
            .into_iter()
            .map(|rx| received(rx.blocking_recv()).unwrap().map(|e| e.event_id))
            .collect();
        assert_eq!(
            got,
            [Some("e1"), Some("e2"), Some("e1"), None].map(|id| id.map(str::to_owned))
        );
        let failed = received(loader.load("broken".to_owned()).blocking_recv());
        assert!(failed.unwrap_err().contains("disk on fire"));
    }
}
