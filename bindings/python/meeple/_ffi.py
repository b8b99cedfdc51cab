"""The one door to the native library: the cffi extension built from meeple.h.

It checks the ABI version on import and turns status codes into exceptions. Every
other module of the package calls the library through ``lib`` and ``check`` here.
"""

from __future__ import annotations

from typing import Any, Callable

from . import errors
from ._meeple_cffi import ffi, lib  # type: ignore[import-not-found]

__all__ = ["ffi", "lib", "check", "check_abi", "raise_for", "fetch_string", "c_string", "VERSION"]


def check_abi(header_abi: int, library_abi: int) -> None:
    """Refuses to go on when the binding and the loaded library disagree on the ABI."""
    if header_abi != library_abi:
        raise ImportError(
            f"meeple: the Python binding was built for ABI version {header_abi} but the loaded "
            f"library reports ABI version {library_abi}; reinstall meeple so both match"
        )


check_abi(lib.MEEPLE_ABI_VERSION, lib.meeple_abi_version())

VERSION: str = ffi.string(lib.meeple_version_string()).decode()
"""The loaded library's version (``meeple.__version__``)."""


def raise_for(status: int) -> None:
    """Raises the exception of a failing status code, with the library's message."""
    cls = errors.BY_STATUS.get(status, errors.InternalError)
    message = ffi.string(lib.meeple_last_error_message()).decode("utf-8", "replace")
    name = ffi.string(lib.meeple_status_name(status)).decode()
    exc = cls(message or name)
    exc.status = status
    exc.status_name = name
    raise exc


def check(status: int) -> None:
    """Returns quietly on MEEPLE_OK, raises the matching MeepleError otherwise."""
    if status != 0:
        raise_for(status)


def fetch_string(call: Callable[[Any, int, Any], int]) -> str:
    """Runs a query-then-fill string call: ``call(out, capacity, out_len)``."""
    n = ffi.new("size_t *")
    check(call(ffi.NULL, 0, n))
    buf = ffi.new("char[]", n[0] + 1)
    check(call(buf, n[0] + 1, n))
    return str(ffi.string(buf, n[0]).decode("utf-8"))


def c_string(text: str, what: str) -> bytes:
    """The UTF-8 bytes of ``text`` for a library call. The C interface reads text up to
    its first NUL, so a string holding one would reach it cut short: that raises
    ``ValueError`` here, naming ``what`` and where. Every string the package hands to
    the library goes through this function."""
    if not isinstance(text, str):
        raise TypeError(f"{what} must be a str, not {type(text).__name__}")
    nul = text.find("\0")
    if nul >= 0:
        raise ValueError(
            f"{what} holds a NUL character at index {nul}; text passed to meeple ends at its "
            f"first NUL, so remove it (or everything after it)"
        )
    return text.encode("utf-8")
