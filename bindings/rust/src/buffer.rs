//! Query-then-fill, done once for every call that writes a variable-length result.
//!
//! The header's rule: `(T *out, size_t capacity, size_t *out_len)`; `*out_len` is
//! always set to the full length; `NULL, 0` is the size query and returns MEEPLE_OK; a
//! short buffer receives nothing and returns MEEPLE_ERR_BUFFER_TOO_SMALL. Strings also
//! need room for their NUL. A vector's spare capacity is offered first, so a buffer
//! reused across calls (`State::legal_actions_into`) costs one call, not two.

use std::ptr;

use crate::error::{check, Error, Result};
use crate::sys;

/// Fills `out` through `call(ptr, capacity, &mut len)`, replacing its contents.
/// `extra` is the room needed beyond the length (1 for a string's NUL, 0 otherwise).
/// `T` is plain data that the library writes in full up to the length it reports. The
/// first attempt, into the vector's spare capacity, is the whole call in the common
/// case of a reused vector; growing is kept out of line.
#[inline]
pub(crate) fn fill<T: Copy>(
    out: &mut Vec<T>,
    extra: usize,
    mut call: impl FnMut(*mut T, usize, *mut usize) -> sys::meeple_status_t,
) -> Result<()> {
    let capacity = out.capacity();
    if capacity > 0 {
        let mut len = 0usize;
        let status = call(out.as_mut_ptr(), capacity, &mut len);
        if status == sys::MEEPLE_OK {
            // SAFETY: on success the library wrote `len` (<= capacity) elements.
            unsafe { out.set_len(len) };
            return Ok(());
        }
        if status != sys::MEEPLE_ERR_BUFFER_TOO_SMALL {
            out.clear();
            return check(status);
        }
        return fill_growing(out, extra, len, call);
    }
    fill_growing(out, extra, 0, call)
}

/// Calls with a vector grown to the length a short call reported (`known`), or after
/// the size query when none did.
#[cold]
#[inline(never)]
fn fill_growing<T: Copy>(
    out: &mut Vec<T>,
    extra: usize,
    known: usize,
    mut call: impl FnMut(*mut T, usize, *mut usize) -> sys::meeple_status_t,
) -> Result<()> {
    out.clear();
    if known > 0 {
        out.reserve(known + extra);
    }
    for _ in 0..4 {
        let capacity = out.capacity();
        let mut len = 0usize;
        let data = if capacity == 0 { ptr::null_mut() } else { out.as_mut_ptr() };
        let status = call(data, capacity, &mut len);
        if status == sys::MEEPLE_OK && (capacity > 0 || len == 0) {
            // SAFETY: on success the library wrote `len` elements into our capacity.
            unsafe { out.set_len(len) };
            return Ok(());
        }
        if status != sys::MEEPLE_OK && status != sys::MEEPLE_ERR_BUFFER_TOO_SMALL {
            return check(status);
        }
        // The size query answered, or the buffer was short: grow to the length and
        // call again (a result may grow between calls only if another thread changed
        // the handle, which the contract forbids; the loop is bounded regardless).
        out.reserve(len + extra);
    }
    Err(Error::Internal("the length the library reported kept changing between calls".to_string()))
}

/// A string result (UTF-8, NUL-terminated within the buffer).
pub(crate) fn fill_string(
    mut call: impl FnMut(*mut std::os::raw::c_char, usize, *mut usize) -> sys::meeple_status_t,
) -> Result<String> {
    let mut bytes: Vec<u8> = Vec::new();
    fill(&mut bytes, 1, |p, cap, len| call(p.cast(), cap, len))?;
    String::from_utf8(bytes).map_err(|e| Error::Internal(format!("the library wrote text that is not UTF-8: {e}")))
}

/// A string argument: refused with InvalidArgument when it holds a NUL, which would
/// silently shorten it on the C side.
pub(crate) fn c_string(what: &str, text: &str) -> Result<std::ffi::CString> {
    std::ffi::CString::new(text).map_err(|e| {
        Error::InvalidArgument(format!(
            "{what} holds a NUL byte at {}; meeple text arguments end at their first NUL, \
             so pass text without one",
            e.nul_position()
        ))
    })
}
