//! The outbox file itself, before and after SQLite opens it: what may be
//! opened (nothing yet, an empty file, a SQLite database; never a single
//! byte or `/dev/null`), a new file made for its owner alone, a warning
//! when others can read it, and the removal of a file a failed command made.

use crate::core::records::error::{Error, Result, StorageCode};
use rusqlite::{Connection, OpenFlags};
use std::path::Path;

/// What lies at `path` before SQLite opens it, which would take a file too
/// short for its header (a single byte) as an empty database and write an
/// outbox over it: nothing yet, an empty file, or a file that starts as
/// every SQLite database does. Anything else is refused untouched.
pub(super) fn check_file(path: &Path) -> Result<()> {
    let not_outbox = |why: String| {
        Error::storage(
            StorageCode::NotOutbox,
            format!("{} is not an outbox: {why}", path.display()),
        )
    };
    let meta = match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => {
            return Err(Error::storage(
                StorageCode::Open,
                format!("cannot open {}: {e}", path.display()),
            ));
        }
        Ok(meta) => meta,
    };
    if !meta.is_file() {
        return Err(not_outbox("not a regular file".to_owned()));
    }
    if meta.len() == 0 {
        return Ok(());
    }
    let mut header = [0u8; 16];
    let read = std::fs::File::open(path).and_then(|mut file| {
        use std::io::Read as _;
        file.read_exact(&mut header)
    });
    match read {
        Ok(()) if &header == b"SQLite format 3\0" => Ok(()),
        Ok(()) => Err(not_outbox("not a SQLite database".to_owned())),
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => Err(not_outbox(format!(
            "{} bytes, too short for a SQLite database",
            meta.len()
        ))),
        Err(e) => Err(Error::storage(
            StorageCode::Open,
            format!("cannot read {}: {e}", path.display()),
        )),
    }
}

/// The outbox file this process created, if it did: a command that then
/// fails removes it again (see [`forget_created`]).
static CREATED: std::sync::Mutex<Option<std::path::PathBuf>> = std::sync::Mutex::new(None);

/// Notes that this process created the outbox file at `path`.
pub(super) fn remember_created(path: &Path) {
    *CREATED.lock().unwrap_or_else(|e| e.into_inner()) = Some(path.to_owned());
}

/// Removes the outbox file this process created, for a command that failed
/// (exits 2 and 3 leave no file behind), unless it holds any event or
/// subscription: then another process has written to it meanwhile. Call
/// it once every connection of the process is closed.
pub fn forget_created() {
    let Some(path) = CREATED.lock().unwrap_or_else(|e| e.into_inner()).take() else {
        return;
    };
    let empty = Connection::open_with_flags(&path, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .and_then(|conn| {
            conn.query_row(
                "SELECT NOT EXISTS (SELECT 1 FROM events) AND NOT EXISTS (SELECT 1 FROM subscriptions)",
                [],
                |row| row.get::<_, bool>(0),
            )
        })
        .unwrap_or(false);
    if empty {
        for suffix in ["", "-wal", "-shm"] {
            let mut file = path.clone().into_os_string();
            file.push(suffix);
            let _ = std::fs::remove_file(file);
        }
    }
}

/// Creates a new outbox file readable and writable by its owner alone
/// (0600, whatever the umask), as `gh` keeps its tokens and libpq requires
/// of `.pgpass`: it holds signing secrets and endpoint passwords. SQLite
/// gives the `-wal` and `-shm` files the database file's mode. Returns
/// whether this call created it (false when it was there already).
pub(super) fn create_private(path: &Path) -> Result<bool> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(path) {
        Ok(file) => {
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt as _;
                // The umask may have taken bits away; 0600 is what is meant.
                let _ = file.set_permissions(std::fs::Permissions::from_mode(0o600));
            }
            drop(file);
            Ok(true)
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
        Err(e) => Err(Error::storage(
            StorageCode::Open,
            format!("cannot create {}: {e}", path.display()),
        )),
    }
}

/// Whether other users may read the outbox file at `path` (its mode, when
/// they may): the commands that read its secrets warn of it.
pub fn readable_by_others(path: &Path) -> Option<u32> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = std::fs::metadata(path).ok()?.permissions().mode() & 0o777;
        (mode & 0o044 != 0).then_some(mode)
    }
    #[cfg(not(unix))]
    {
        let _ = path;
        None
    }
}
