"""Games and states: the generic game model of meeple, for every registered game."""

from __future__ import annotations

import array
import json
from typing import Any, NamedTuple

import numpy as np

from ._ffi import c_string, check, ffi, fetch_string, lib, raise_for
from .errors import WrongStateError

CHANCE: int = lib.MEEPLE_CHANCE
"""The chance pseudo-player, active while a random outcome is pending."""
PUBLIC: int = lib.MEEPLE_VIEW_PUBLIC
"""A viewer with no seat, who sees only public information."""
ALL: int = lib.MEEPLE_VIEW_ALL
"""An omniscient viewer, for logs and debugging."""
NO_ACTION: int = lib.MEEPLE_NO_ACTION
"""In batch calls: leave this slot unchanged."""

_ACTING = lib.MEEPLE_ACTING_PLAYER
_NOBODY = lib.MEEPLE_NOBODY
_SEVERAL = lib.MEEPLE_SEVERAL_ACTIVE

# The calls a playing loop makes, bound once: reading a function off cffi's lib object
# costs about 50 ns, as much as the rest of such a call's Python side.
_c_status = lib.meeple_state_status
_c_legal_actions = lib.meeple_state_legal_actions
_c_dense_action_mask = lib.meeple_state_dense_action_mask
_c_action_mask = lib.meeple_state_action_mask
_c_is_legal = lib.meeple_state_is_legal
_c_apply = lib.meeple_state_apply
_c_apply_call = lib.meeple_state_apply_call
_ACTION_SLOT = ffi.offsetof("meeple_apply_call_t", "action") // 4  # int32 indices in their structs
_LISTED_SLOT = ffi.offsetof("meeple_state_status_t", "listed") // 4
_c_returns = lib.meeple_state_returns
_c_step_reward = lib.meeple_state_step_reward
_c_observation = lib.meeple_state_observation
_c_clone = lib.meeple_state_clone


class ObsField(NamedTuple):
    """One named block of an observation vector: ``obs[offset:offset + size]``."""

    name: str
    offset: int
    size: int
    shape: tuple[int, ...]
    meaning: str


class Option(NamedTuple):
    """A game option: its type, default, the value this game uses, and its domain."""

    name: str
    type: str
    default: str
    value: str
    meaning: str
    choices: tuple[str, ...] | None = None
    min: float | None = None
    max: float | None = None


def games() -> list[str]:
    """The names of every registered game."""
    names = fetch_string(lambda out, cap, n: lib.meeple_game_names(out, cap, n))
    return names.split(",") if names else []


def _player(player: int | None) -> int:
    return _ACTING if player is None else player


class Game:
    """A configured match: a game name and its options, such as ``Game("tictactoe")``
    or ``Game("catan(players=3)")``. Immutable; states are made from it. Each game's
    rules and options: ``docs/catan.md``, ``docs/triangle.md``, ``docs/tictactoe.md``.

    Raises ``InvalidArgumentError`` (a ``ValueError``) for an unknown game or option,
    with a message listing what exists, and ``ParseError`` for a malformed spec.
    """

    __slots__ = ("_ptr", "_spec", "_info", "_describe", "_obs_fields", "_events", "__weakref__")

    def __init__(self, spec: str = "tictactoe") -> None:
        if not isinstance(spec, str):
            raise TypeError(f"Game() takes a spec string such as 'tictactoe', not {type(spec).__name__}")
        out = ffi.new("meeple_game_t **")
        check(lib.meeple_game_new(c_string(spec, "the game spec"), out))
        self._ptr = ffi.gc(out[0], lib.meeple_game_free)
        info = ffi.new("meeple_game_info_t *")
        info.struct_size = ffi.sizeof("meeple_game_info_t")
        check(lib.meeple_game_info(self._ptr, info))
        self._info = info
        self._spec = fetch_string(lambda o, c, n: lib.meeple_game_spec(self._ptr, o, c, n))
        self._describe: dict[str, Any] = json.loads(
            fetch_string(lambda o, c, n: lib.meeple_game_describe_json(self._ptr, o, c, n))
        )
        self._obs_fields = tuple(
            ObsField(f["name"], f["offset"], f["size"], tuple(f["shape"]), f["meaning"])
            for f in self._describe["obs_fields"]
        )

    @classmethod
    def _from_handle(cls, ptr: Any) -> "Game":
        spec = fetch_string(lambda o, c, n: lib.meeple_game_spec(ptr, o, c, n))
        lib.meeple_game_free(ptr)
        return cls(spec)

    @property
    def name(self) -> str:
        """The game's registered name, such as ``"tictactoe"``."""
        return str(self._describe["name"])

    @property
    def spec(self) -> str:
        """The canonical spec: the name with every option, in declared order."""
        return self._spec

    @property
    def num_players(self) -> int:
        """Number of seats."""
        return int(self._info.num_players)

    @property
    def num_actions(self) -> int:
        """Size of the flat action space: actions are ``0 .. num_actions - 1``."""
        return int(self._info.num_actions)

    @property
    def mask_words(self) -> int:
        """Number of uint64 words in a packed action mask."""
        return int(self._info.mask_words)

    @property
    def obs_size(self) -> int:
        """Number of float32 values in an observation."""
        return int(self._info.obs_size)

    @property
    def obs_fields(self) -> tuple[ObsField, ...]:
        """The observation layout: named blocks with offset, size and shape."""
        return self._obs_fields

    @property
    def snapshot_size(self) -> int:
        """Number of bytes in a snapshot of any state of this game."""
        return int(self._info.snapshot_size)

    @property
    def state_version(self) -> int:
        """Version of this game's state layout (snapshots and position hashes follow it)."""
        return int(self._info.state_version)

    @property
    def options(self) -> dict[str, Option]:
        """Every option of the game with its type, default, value and domain."""
        out = {}
        for o in self._describe["options"]:
            choices = tuple(o["choices"]) if "choices" in o else None
            out[o["name"]] = Option(o["name"], o["type"], o["default"], o["value"], o["meaning"],
                                    choices, o.get("min"), o.get("max"))
        return out

    def describe(self) -> dict[str, Any]:
        """Everything the library says about this game, as a dict (a fresh copy)."""
        copy: dict[str, Any] = json.loads(json.dumps(self._describe))
        return copy

    def action_name(self, action: int) -> str:
        """The name of an action with its arguments, such as ``"place(1,2)"``."""
        return fetch_string(lambda o, c, n: lib.meeple_game_action_name(self._ptr, action, o, c, n))

    def features_info(self) -> dict[str, Any]:
        """The game's feature vectors for value networks, as a dict: ``features_version``,
        ``feature_size``, ``variants`` and ``fields`` (each with ``name``, ``offset``,
        ``size``, ``shape``, ``meaning``). ``InvalidArgumentError`` for a game without
        them (catan has them: docs/catan-features.md)."""
        info: dict[str, Any] = json.loads(
            fetch_string(lambda o, c, n: lib.meeple_game_features_json(self._ptr, o, c, n)))
        return info

    @property
    def event_fields(self) -> tuple[str, ...]:
        """Column names of this game's batch event rows, header first
        (``meeple_game_event_fields_json``; see ``meeple.events``)."""
        return tuple(c["name"] for c in self._event_table()["columns"])

    @property
    def event_row_ints(self) -> int:
        """Ints in one batch event row of this game."""
        return int(self._event_table()["row_ints"])

    def _event_table(self) -> dict[str, Any]:
        table: dict[str, Any] | None = getattr(self, "_events", None)
        if table is None:
            table = json.loads(fetch_string(lambda o, c, n: lib.meeple_game_event_fields_json(self._ptr, o, c, n)))
            self._events = table
        return table

    def data(self, key: str) -> Any:
        """Constant data the game publishes under ``key`` (for catan, ``"topology"``),
        decoded from JSON. Unknown keys raise ``InvalidArgumentError``."""
        if not isinstance(key, str):
            raise TypeError(f"data() takes a key string such as 'topology', not {type(key).__name__}")
        k = c_string(key, "the data key")
        return json.loads(fetch_string(lambda o, c, n: lib.meeple_game_data_json(self._ptr, k, o, c, n)))

    def new_state(self, seed: int = 0) -> "State":
        """The initial state, its generator seeded with ``seed`` (an unsigned 64-bit int)."""
        if not 0 <= seed < 2**64:
            raise ValueError(f"seed must be an integer in [0, 2**64), got {seed}")
        out = ffi.new("meeple_state_t **")
        check(lib.meeple_state_new(self._ptr, seed, out))
        return State._wrap(self, out[0])

    def restore(self, data: bytes | bytearray | memoryview) -> "State":
        """A state from ``State.snapshot()`` bytes. The bytes are checked, not trusted:
        ``ParseError`` for malformed or cut bytes, ``VersionMismatchError`` for another
        version, ``InvalidArgumentError`` for a snapshot of another game."""
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError(f"restore() takes bytes from State.snapshot(), not {type(data).__name__}")
        raw = bytes(data)
        out = ffi.new("meeple_state_t **")
        check(lib.meeple_state_restore(self._ptr, raw, len(raw), out))
        return State._wrap(self, out[0])

    def from_position(self, position: dict[str, Any] | str, seed: int = 0) -> "State":
        """A state built from a described position, in the game's own JSON layout (a
        dict, or its JSON text); see ``docs/<game>.md``. For triangle that is
        ``{"occupied": rows x cols of 0/1, "shapes": [None or [[dr, dc, up], ...], ...]}``;
        ``meeple.triangle.position`` builds it for you. The generator is seeded with
        ``seed`` and draws what the position leaves to chance. The position is checked:
        ``InvalidArgumentError`` (a ``ValueError``) names the first rule it breaks,
        ``ParseError`` reports malformed JSON text."""
        if not 0 <= seed < 2**64:
            raise ValueError(f"seed must be an integer in [0, 2**64), got {seed}")
        if isinstance(position, str):
            text = position
        elif isinstance(position, dict):
            text = json.dumps(position)
        else:
            raise TypeError(f"from_position() takes a dict or a JSON string, not {type(position).__name__}")
        out = ffi.new("meeple_state_t **")
        check(lib.meeple_state_from_position(self._ptr, c_string(text, "the position JSON"), seed, out))
        return State._wrap(self, out[0])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other._spec == self._spec

    def __hash__(self) -> int:
        return hash(self._spec)

    def __repr__(self) -> str:
        return f"Game({self._spec!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Game, (self._spec,))


class State:
    """One position of a game, with its own random generator.

    Made by ``Game.new_state(seed)``, ``Game.restore(bytes)``, ``clone()`` or
    ``determinize()``. ``player=None`` in the methods below means the player who owes
    the one pending decision.
    """

    __slots__ = ("_ptr", "_game", "_scratch", "_st", "_mask_out", "_views", "_listed", "_call", "_action",
                 "_listing", "_wants_listing")
    _ptr: Any  # the cffi meeple_state_t *, freed with the State
    _game: Game
    # The library's status view of this state (meeple_state_status), which it keeps
    # current after every change: is_terminal, current_player, truncated and
    # move_number read its fields and make no call. Fetched on first use.
    _st: Any
    # The last array given to action_mask(out=...), with its C view, the call that fills
    # it and its length: a loop that passes one array every step converts it once.
    _mask_out: tuple[np.ndarray, Any, Any, int] | None
    # The hot calls below (is_terminal, current_player, legal_actions, apply, returns)
    # do only the cffi call and the result's conversion: the scratch buffers are read
    # once, the status is tested inline and raise_for runs only on failure.
    _scratch: tuple["array.array[int]", Any, Any, Any, int] | None
    # Once legal_actions() has been asked for the acting player (_wants_listing), the
    # next apply() sets up the listing (a few microseconds, so a state queried once and
    # never played, such as a clone in a search, pays nothing), and apply() lists the next
    # acting player's legal actions in its own call (meeple_state_apply_call) into a
    # buffer of this state's own, which no other query writes, and the status view's
    # ``listed`` says how many of them are current: the loop's second call a step is
    # then no call at all. _views: views of the buffer's first k entries by k (made when
    # first needed; a view's tolist() skips the copy that a slice makes), None until
    # the listing starts; _listed: the status view as int32 slots (a memoryview's item
    # costs less than a cffi field); _call: the call's struct (a cffi call costs by the
    # argument, and one pointer is the cheapest); _action: that struct as int32 slots,
    # through which apply() writes the action; _listing: the owners of the buffer and
    # the struct, whose bare pointers the struct holds.
    _views: list[memoryview | None] | None
    _listed: memoryview
    _call: Any
    _action: memoryview
    _listing: tuple[Any, ...]

    @classmethod
    def _wrap(cls, game: Game, ptr: Any) -> "State":
        self = cls.__new__(cls)
        self._ptr = ffi.gc(ptr, lib.meeple_state_free)
        self._game = game
        self._scratch = None
        self._st = None
        self._mask_out = None
        self._views = None
        self._wants_listing = False
        return self

    def _status(self) -> Any:
        self._st = _c_status(self._ptr)
        return self._st

    def _buffers(self) -> tuple["array.array[int]", Any, Any, Any, int]:
        """Per-state scratch buffers, made on first use: the actions (a Python array,
        whose slices turn into lists faster than cffi arrays do, and a C view of it),
        a length, a flag and the actions' capacity. A clone that is never queried pays
        nothing, and no two states share a buffer."""
        if self._scratch is None:
            info = self._game._info
            capacity = max(info.num_actions, info.max_chance_outcomes, 32)  # 32: every seat + chance
            actions = array.array("i", bytes(4 * capacity))
            self._scratch = (actions, ffi.from_buffer("int32_t[]", actions), ffi.new("size_t *"), ffi.new("int32_t *"),
                             capacity)
        return self._scratch

    @property
    def _n(self) -> Any:
        return (self._scratch or self._buffers())[2]

    def __init__(self) -> None:
        raise TypeError("make states with Game.new_state(seed) or Game.restore(data)")

    @property
    def game(self) -> Game:
        """The game this state belongs to."""
        return self._game

    @property
    def active_players(self) -> tuple[int, ...]:
        """Seats that owe a decision now; ``(CHANCE,)`` while a chance outcome is
        pending; empty once the game is over."""
        actions, c_actions, n, _, capacity = self._scratch or self._buffers()
        check(lib.meeple_state_active_players(self._ptr, c_actions, capacity, n))
        return tuple(actions[: n[0]])

    @property
    def current_player(self) -> int | None:
        """The one player who owes a decision (a seat or ``CHANCE``), ``None`` once the
        game is over. Raises ``WrongStateError`` when several seats are active at once
        (a simultaneous phase; see ``active_players``)."""
        player: int = (self._st or self._status()).current_player
        if player >= CHANCE:
            return player
        if player == _SEVERAL:  # the call gives the error and its message
            raise_for(lib.meeple_state_current_player(self._ptr, (self._scratch or self._buffers())[3]))
        return None

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal actions of ``player`` in increasing order. Raises
        ``NotActiveError`` for a seat that owes no decision now."""
        if player is None:
            views = self._views
            if views is not None:
                k = self._listed[_LISTED_SLOT]
                if k >= 0:
                    view = views[k]
                    if view is None:
                        view = views[k] = self._listing[0][:k]
                    listed: list[int] = view.tolist()
                    return listed
            else:
                self._wants_listing = True
        actions, c_actions, n, _, capacity = self._scratch or self._buffers()
        status = _c_legal_actions(self._ptr, _ACTING if player is None else player, c_actions,
                                                capacity, n)
        if status:
            raise_for(status)
        return actions[: n[0]].tolist()

    def _start_listing(self) -> None:
        """Makes the buffer that apply() lists the next legal actions into, and its call."""
        capacity = len((self._scratch or self._buffers())[0])
        actions = array.array("i", bytes(4 * capacity))
        block = bytearray(ffi.sizeof("meeple_apply_call_t"))
        call = ffi.from_buffer("meeple_apply_call_t *", block)
        call.state = self._ptr
        call.player = _ACTING
        call.out = out = ffi.from_buffer("int32_t[]", actions)
        call.capacity = capacity
        self._listing = (memoryview(actions), actions, out, block)
        self._call = call
        self._action = memoryview(block).cast("i")
        self._listed = memoryview(ffi.buffer(self._st or self._status())).cast("i")
        self._views = [None] * (capacity + 1)

    def action_mask(self, player: int | None = None, out: np.ndarray | None = None) -> np.ndarray:
        """Legal actions as a ``bool`` array of length ``num_actions``. The same rule
        as ``legal_actions``: a seat that owes no decision now raises
        ``NotActiveError``; ``player=None`` in a finished game gives all False.

        ``out`` fills a caller's array instead of making one, and returns it: a
        C-contiguous ``bool`` array of ``num_actions`` gets the mask as above, a
        ``uint64`` array of ``mask_words`` the packed bits (bit a % 64 of word a // 64
        set when action a is legal). On an error it is left as it was. The state keeps
        a reference to the last ``out`` it was given, so that passing the same array
        every step costs no conversion."""
        who = _ACTING if player is None else player
        n = (self._scratch or self._buffers())[2]
        if out is None:
            out = np.empty(self._game._info.num_actions, dtype=np.bool_)
            status = _c_dense_action_mask(self._ptr, who, ffi.from_buffer("uint8_t[]", out), out.size, n)
        else:
            target = self._mask_out
            if target is None or target[0] is not out:
                target = self._mask_target(out)
            status = target[2](self._ptr, who, target[1], target[3], n)
        if status:
            raise_for(status)
        return out

    def _mask_target(self, out: Any) -> tuple[np.ndarray, Any, Any, int]:
        """Checks an ``out`` of action_mask and remembers its C view."""
        info = self._game._info
        if isinstance(out, np.ndarray) and out.flags.c_contiguous and out.flags.writeable:
            if out.dtype == np.bool_ and out.shape == (info.num_actions,):
                self._mask_out = (out, ffi.from_buffer("uint8_t[]", out), _c_dense_action_mask,
                                  info.num_actions)
                return self._mask_out
            if out.dtype == np.uint64 and out.shape == (info.mask_words,):
                self._mask_out = (out, ffi.from_buffer("uint64_t[]", out), _c_action_mask,
                                  info.mask_words)
                return self._mask_out
        got = (f"an array of dtype {out.dtype}, shape {out.shape}" + ("" if out.flags.c_contiguous else ", not contiguous")
               + ("" if out.flags.writeable else ", read-only")) if isinstance(out, np.ndarray) else type(out).__name__
        raise TypeError(f"out must be a writable C-contiguous bool array of shape ({info.num_actions},) or uint64 "
                        f"array of shape ({info.mask_words},) for {self._game.spec}; got {got}")

    def is_legal(self, action: int, player: int | None = None) -> bool:
        """Whether ``player`` may play ``action`` now."""
        flag = (self._scratch or self._buffers())[3]
        check(_c_is_legal(self._ptr, _player(player), action, flag))
        return bool(flag[0] != 0)

    def apply(self, action: Any, player: int | None = None) -> None:
        """Plays ``action`` for ``player`` (default: the acting player). Checked: an
        illegal action raises ``IllegalActionError``, a player who is not active
        ``NotActiveError``, and the state stays exactly as it was. An action object
        of a game's own (``meeple.poker.holdem_raise(300)``) applies itself."""
        if self._views is None and self._wants_listing and player is None:
            self._start_listing()
        if self._views is not None and player is None and type(action) is int:
            try:
                self._action[_ACTION_SLOT] = action
            except ValueError:  # beyond int32: the plain call below says so as always
                pass
            else:
                status = _c_apply_call(self._call)
                if status:
                    raise_for(status)
                return
        if type(action) is not int and hasattr(action, "_meeple_apply"):  # the test costs an int nothing
            action._meeple_apply(self, player)
            return
        status = _c_apply(self._ptr, _ACTING if player is None else player, action)
        if status:
            raise_for(status)

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over (won, drawn or truncated)."""
        done: bool = (self._st or self._status()).is_terminal != 0
        return done

    @property
    def truncated(self) -> bool:
        """Whether a turn cap ended the game with no winner."""
        cut: bool = (self._st or self._status()).truncated != 0
        return cut

    @property
    def returns(self) -> np.ndarray:
        """Each seat's final result (``float64[num_players]``), zeros while the game goes on."""
        out = np.zeros(self._game._info.num_players, dtype=np.float64)
        check(_c_returns(self._ptr, ffi.from_buffer("double[]", out), out.size, self._n))
        return out

    @property
    def step_reward(self) -> np.ndarray:
        """Each seat's reward for the last transition (``float64[num_players]``)."""
        out = np.zeros(self._game.num_players, dtype=np.float64)
        check(_c_step_reward(self._ptr, ffi.from_buffer("double[]", out), out.size, self._n))
        return out

    @property
    def move_number(self) -> int:
        """Actions applied since the start, chance outcomes included."""
        moves: int = (self._st or self._status()).move_number
        return moves

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Pending chance outcomes as ``(action, probability)`` pairs summing to one;
        empty when no chance outcome is pending."""
        check(lib.meeple_state_chance_outcomes(self._ptr, ffi.NULL, ffi.NULL, 0, self._n))
        n = self._n[0]
        if n == 0:
            return []
        actions = ffi.new("int32_t[]", n)
        probs = ffi.new("double[]", n)
        check(lib.meeple_state_chance_outcomes(self._ptr, actions, probs, n, self._n))
        return [(int(actions[i]), float(probs[i])) for i in range(n)]

    def enumerate_outcomes(self, action: int, player: int | None = None) -> list[tuple["State", float]]:
        """Every successor of ``player`` (default: whoever acts) playing ``action``,
        with its probability: one successor (probability 1) for an action that draws no
        chance outcome, else one per outcome. Each successor carries the generator a
        sampled ``apply`` would leave, so the drawn outcome's successor equals the
        sampled step. This state is not changed."""
        who = _player(player)
        check(lib.meeple_state_enumerate_outcomes(self._ptr, who, action, ffi.NULL, ffi.NULL, 0, self._n))
        n = self._n[0]
        states = ffi.new("meeple_state_t *[]", n)
        probs = ffi.new("double[]", n)
        check(lib.meeple_state_enumerate_outcomes(self._ptr, who, action, states, probs, n, self._n))
        return [(State._wrap(self._game, states[i]), float(probs[i])) for i in range(n)]

    def observation(self, viewer: int, out: np.ndarray | None = None) -> np.ndarray:
        """What ``viewer`` (a seat, ``PUBLIC`` or ``ALL``) may know, as ``float32[obs_size]``
        in the layout of ``game.obs_fields``. Writes into ``out`` when given (a
        C-contiguous float32 array of that size)."""
        size = self._game.obs_size
        if out is None:
            out = np.empty(size, dtype=np.float32)
        elif not isinstance(out, np.ndarray) or out.dtype != np.float32 or out.size != size \
                or not out.flags.c_contiguous or not out.flags.writeable:
            raise TypeError(f"out must be a writeable C-contiguous float32 array of {size} elements")
        check(_c_observation(self._ptr, viewer, ffi.from_buffer("float[]", out), size, self._n))
        return out

    def features(self, seat: int, omniscient: bool = False, out: np.ndarray | None = None) -> np.ndarray:
        """The feature vector of ``seat``, ``float32[feature_size]`` in the layout of
        ``game.features_info()``: only what that seat may know, or everything with
        ``omniscient=True``. Writes into ``out`` when given (a writeable C-contiguous
        float32 array of that size). ``InvalidArgumentError`` for a game without
        feature vectors, ``OutOfRangeError`` for a seat that is not one."""
        variant = lib.MEEPLE_FEATURES_OMNISCIENT if omniscient else lib.MEEPLE_FEATURES_SEAT
        if out is None:
            check(lib.meeple_state_features(self._ptr, seat, variant, ffi.NULL, 0, self._n))
            out = np.empty(self._n[0], dtype=np.float32)
        elif not isinstance(out, np.ndarray) or out.dtype != np.float32 or out.ndim != 1 \
                or not out.flags.c_contiguous or not out.flags.writeable:
            raise TypeError("out must be a writeable C-contiguous 1-d float32 array of feature_size elements")
        check(lib.meeple_state_features(self._ptr, seat, variant, ffi.from_buffer("float[]", out), out.size,
                                        self._n))
        return out

    def view(self, viewer: int = PUBLIC) -> dict[str, Any]:
        """The state as ``viewer`` may see it, as plain data (hidden values are ``None``)."""
        view: dict[str, Any] = json.loads(
            fetch_string(lambda o, c, n: lib.meeple_state_view_json(self._ptr, viewer, o, c, n)))
        return view

    def render(self) -> str:
        """A text drawing of the state for the terminal."""
        return fetch_string(lambda o, c, n: lib.meeple_state_render(self._ptr, o, c, n))

    def snapshot(self) -> bytes:
        """The whole state, generator included, as versioned bytes."""
        size = self._game.snapshot_size
        buf = ffi.new("uint8_t[]", size)
        check(lib.meeple_state_snapshot(self._ptr, buf, size, self._n))
        return bytes(ffi.buffer(buf, size))

    @property
    def position_hash(self) -> int:
        """A 64-bit hash of the position (an ``int`` in [0, 2**64)) for transposition
        tables: the game state alone, the generator and move number left out, so
        states that differ only in their generators hash equal. Stable for a given
        game and state version (``game.state_version``) on every platform; do not
        store it across versions."""
        out = ffi.new("uint64_t *")
        check(lib.meeple_state_hash(self._ptr, out))
        return int(out[0])

    def same_position(self, other: "State") -> bool:
        """Whether ``other`` holds the same position as this state, generators and
        move numbers aside (``==`` compares whole snapshots, generator included).
        States of different games are never the same position."""
        if not isinstance(other, State):
            raise TypeError(f"same_position() takes a meeple.State, not {type(other).__name__}")
        flag = (self._scratch or self._buffers())[3]
        check(lib.meeple_state_equal_position(self._ptr, other._ptr, flag))
        return bool(flag[0] != 0)

    def clone(self) -> "State":
        """An independent copy, generator included."""
        out = ffi.new("meeple_state_t **")
        check(_c_clone(self._ptr, out))
        return State._wrap(self._game, out[0])

    def determinize(self, pov: int, seed: int) -> "State":
        """A copy in which everything seat ``pov`` cannot see is redrawn from ``seed``,
        consistently with what it can see (for information-set search)."""
        if not 0 <= seed < 2**64:
            raise ValueError(f"seed must be an integer in [0, 2**64), got {seed}")
        out = ffi.new("meeple_state_t **")
        check(lib.meeple_state_determinize(self._ptr, pov, seed, out))
        return State._wrap(self._game, out[0])

    def __copy__(self) -> "State":
        return self.clone()

    def __deepcopy__(self, memo: dict[int, Any]) -> "State":
        return self.clone()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (self._game.spec, self.snapshot()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and other._game == self._game and other.snapshot() == self.snapshot()

    __hash__ = None  # type: ignore[assignment]  # states are mutable

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        players = self.active_players
        status = "terminal" if not players else f"active={list(players)}"
        return f"<meeple.State of {self._game.spec} move={self.move_number} {status}>"


def _restore(spec: str, data: bytes) -> State:
    return Game(spec).restore(data)

