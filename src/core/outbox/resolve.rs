//! Ids by any unique prefix: the whole id a short form stands for.

use crate::core::Outbox;
use crate::core::records::error::{Error, Result};
use crate::core::records::prefix::{IdKind, LISTED, short_form, shown};

impl Outbox {
    /// The whole id `given` stands for. An id that exists as given, or
    /// that no id starts with, is returned as given (a missing record is
    /// then reported as the reference reports it); a prefix of several is
    /// refused (exit 2), naming a few.
    pub fn resolve(&mut self, kind: IdKind, given: &str) -> Result<String> {
        let Some(start) = short_form(kind, given) else {
            return Ok(given.to_owned());
        };
        self.read(|tx, _| {
            if tx.id_exists(kind, given)? {
                return Ok(given.to_owned());
            }
            let found = tx.ids_starting(kind, &start, LISTED + 1)?;
            match found.as_slice() {
                [] => Ok(given.to_owned()),
                [one] => Ok(one.clone()),
                many => {
                    let mut listed = many[..many.len().min(LISTED as usize)].join(", ");
                    if many.len() as i64 > LISTED {
                        listed.push_str(", ...");
                    }
                    Err(Error::input(
                        "invalid:ambiguousId",
                        format!(
                            "{} starts several {}: {listed}; give more digits",
                            shown(given),
                            kind.plural()
                        ),
                    ))
                }
            }
        })
    }

    /// [`Outbox::resolve`] for several ids.
    pub fn resolve_all(&mut self, kind: IdKind, given: &[String]) -> Result<Vec<String>> {
        given.iter().map(|id| self.resolve(kind, id)).collect()
    }
}
