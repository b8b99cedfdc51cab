//! Status codes as a Rust error, carrying the library's message.

use std::ffi::CStr;
use std::fmt;

use crate::sys;

/// A failed call: one variant a `MEEPLE_ERR_*` status code, each with the message the
/// library gave for it (`meeple_last_error_message`, read on the failing thread right
/// after the call), or a message of this binding's own for arguments it refuses before
/// calling (a string holding a NUL, a slice of the wrong length).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// `MEEPLE_ERR_INVALID_ARGUMENT`: a NULL pointer, a value outside its domain, an
    /// unknown game or option.
    InvalidArgument(String),
    /// `MEEPLE_ERR_OUT_OF_RANGE`: an action, seat or viewer outside its range.
    OutOfRange(String),
    /// `MEEPLE_ERR_BUFFER_TOO_SMALL`: a caller's buffer (a slice) shorter than needed.
    BufferTooSmall(String),
    /// `MEEPLE_ERR_ILLEGAL_ACTION`: the action is not legal now; nothing changed.
    IllegalAction(String),
    /// `MEEPLE_ERR_NOT_ACTIVE`: the player owes no decision now; nothing changed.
    NotActive(String),
    /// `MEEPLE_ERR_WRONG_STATE`: the call does not fit the phase (the game is over).
    WrongState(String),
    /// `MEEPLE_ERR_PARSE`: malformed text or bytes.
    Parse(String),
    /// `MEEPLE_ERR_VERSION_MISMATCH`: another snapshot, state or ABI version.
    VersionMismatch(String),
    /// `MEEPLE_ERR_OUT_OF_MEMORY`.
    OutOfMemory(String),
    /// `MEEPLE_ERR_INTERNAL`: a bug in meeple.
    Internal(String),
    /// `MEEPLE_ERR_CANCELLED`: a long call stopped at its control block's cancel flag.
    Cancelled(String),
    /// `MEEPLE_ERR_BUSY`: the handle is in use by a call on another thread.
    Busy(String),
    /// A status code this binding does not know (a newer library).
    Unknown { code: i32, message: String },
}

impl Error {
    /// The error of a status code, with the calling thread's last error message.
    #[cold]
    #[inline(never)]
    pub(crate) fn from_status(code: i32) -> Error {
        // SAFETY: the library returns a NUL-terminated string valid until the next
        // meeple call on this thread; it is copied at once.
        let message = unsafe {
            let ptr = sys::meeple_last_error_message();
            if ptr.is_null() {
                String::new()
            } else {
                CStr::from_ptr(ptr).to_string_lossy().into_owned()
            }
        };
        Error::with_message(code, message)
    }

    /// The error of a status code with a given message.
    pub fn with_message(code: i32, message: String) -> Error {
        match code {
            sys::MEEPLE_ERR_INVALID_ARGUMENT => Error::InvalidArgument(message),
            sys::MEEPLE_ERR_OUT_OF_RANGE => Error::OutOfRange(message),
            sys::MEEPLE_ERR_BUFFER_TOO_SMALL => Error::BufferTooSmall(message),
            sys::MEEPLE_ERR_ILLEGAL_ACTION => Error::IllegalAction(message),
            sys::MEEPLE_ERR_NOT_ACTIVE => Error::NotActive(message),
            sys::MEEPLE_ERR_WRONG_STATE => Error::WrongState(message),
            sys::MEEPLE_ERR_PARSE => Error::Parse(message),
            sys::MEEPLE_ERR_VERSION_MISMATCH => Error::VersionMismatch(message),
            sys::MEEPLE_ERR_OUT_OF_MEMORY => Error::OutOfMemory(message),
            sys::MEEPLE_ERR_INTERNAL => Error::Internal(message),
            sys::MEEPLE_ERR_CANCELLED => Error::Cancelled(message),
            sys::MEEPLE_ERR_BUSY => Error::Busy(message),
            code => Error::Unknown { code, message },
        }
    }

    /// The status code (`MEEPLE_ERR_*`, negative).
    pub fn code(&self) -> i32 {
        match self {
            Error::InvalidArgument(_) => sys::MEEPLE_ERR_INVALID_ARGUMENT,
            Error::OutOfRange(_) => sys::MEEPLE_ERR_OUT_OF_RANGE,
            Error::BufferTooSmall(_) => sys::MEEPLE_ERR_BUFFER_TOO_SMALL,
            Error::IllegalAction(_) => sys::MEEPLE_ERR_ILLEGAL_ACTION,
            Error::NotActive(_) => sys::MEEPLE_ERR_NOT_ACTIVE,
            Error::WrongState(_) => sys::MEEPLE_ERR_WRONG_STATE,
            Error::Parse(_) => sys::MEEPLE_ERR_PARSE,
            Error::VersionMismatch(_) => sys::MEEPLE_ERR_VERSION_MISMATCH,
            Error::OutOfMemory(_) => sys::MEEPLE_ERR_OUT_OF_MEMORY,
            Error::Internal(_) => sys::MEEPLE_ERR_INTERNAL,
            Error::Cancelled(_) => sys::MEEPLE_ERR_CANCELLED,
            Error::Busy(_) => sys::MEEPLE_ERR_BUSY,
            Error::Unknown { code, .. } => *code,
        }
    }

    /// The message: what was wrong and what would be right.
    pub fn message(&self) -> &str {
        match self {
            Error::InvalidArgument(m)
            | Error::OutOfRange(m)
            | Error::BufferTooSmall(m)
            | Error::IllegalAction(m)
            | Error::NotActive(m)
            | Error::WrongState(m)
            | Error::Parse(m)
            | Error::VersionMismatch(m)
            | Error::OutOfMemory(m)
            | Error::Internal(m)
            | Error::Cancelled(m)
            | Error::Busy(m) => m,
            Error::Unknown { message, .. } => message,
        }
    }

    /// The code's symbolic name, as the library spells it (`MEEPLE_ERR_NOT_ACTIVE`).
    pub fn status_name(&self) -> String {
        status_name(self.code())
    }
}

/// The symbolic name of a status code (`meeple_status_name`).
pub fn status_name(code: i32) -> String {
    // SAFETY: a static NUL-terminated string.
    unsafe { CStr::from_ptr(sys::meeple_status_name(code)).to_string_lossy().into_owned() }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.message().is_empty() {
            write!(f, "{}", self.status_name())
        } else {
            write!(f, "{}: {}", self.status_name(), self.message())
        }
    }
}

impl std::error::Error for Error {}

/// The result of a meeple call.
pub type Result<T> = std::result::Result<T, Error>;

/// `Ok(())` for `MEEPLE_OK`, the error with the thread's message otherwise.
#[inline]
pub(crate) fn check(status: sys::meeple_status_t) -> Result<()> {
    if status == sys::MEEPLE_OK {
        Ok(())
    } else {
        Err(Error::from_status(status))
    }
}
