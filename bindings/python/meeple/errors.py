"""Exceptions raised for meeple status codes.

Every error is a :class:`MeepleError`; each subclass also derives from the built-in
exception a Python user would expect (``ValueError``, ``IndexError``, ...), so
``except ValueError`` works as it does with NumPy.
"""

from __future__ import annotations


class MeepleError(Exception):
    """Base class of every error reported by the meeple library."""

    status: int = 0
    status_name: str = ""


class InvalidArgumentError(MeepleError, ValueError):
    """A NULL pointer, an unknown game or option, or a value outside its domain."""


class OutOfRangeError(MeepleError, IndexError):
    """An action, seat or viewer outside its range."""


class BufferTooSmallError(MeepleError, ValueError):
    """A caller's buffer was too short (the binding sizes its buffers, so this is rare)."""


class IllegalActionError(MeepleError, ValueError):
    """The action is not legal in this state; the state is unchanged."""


class NotActiveError(MeepleError, ValueError):
    """The player owes no decision now; the state is unchanged."""


class WrongStateError(MeepleError, ValueError):
    """The call does not fit the state's phase, for example acting in a finished game."""


class ParseError(MeepleError, ValueError):
    """Text or bytes could not be parsed: a game spec, snapshot bytes."""


class VersionMismatchError(MeepleError, ValueError):
    """Versions differ: of the library, of a snapshot or state layout."""


class OutOfMemoryError(MeepleError, MemoryError):
    """An allocation failed inside the library."""


class InternalError(MeepleError, RuntimeError):
    """A bug in meeple; please report it with the message."""


class CancelledError(MeepleError, RuntimeError):
    """A long call stopped at a cancel request; nothing it would change changed.

    (Ctrl-C during a long call cancels it and raises ``KeyboardInterrupt`` as usual.)"""


class BusyError(MeepleError, RuntimeError):
    """The object is in use by a call on another thread; use one object per thread."""


BY_STATUS: dict[int, type[MeepleError]] = {
    -1: InvalidArgumentError,
    -2: OutOfRangeError,
    -3: BufferTooSmallError,
    -4: IllegalActionError,
    -5: NotActiveError,
    -6: WrongStateError,
    -7: ParseError,
    -8: VersionMismatchError,
    -9: OutOfMemoryError,
    -10: InternalError,
    -11: CancelledError,
    -12: BusyError,
}
