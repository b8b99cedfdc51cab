//! A `turnbase`-style game trait, and its implementation for every meeple game.
//!
//! The trait follows the shape of the `turnbase` crate's `Game` (which this offline
//! crate cannot depend on): configuration lives on `&self`, states are values,
//! `PlayerId::CHANCE` stands for chance, and search code written against the trait runs
//! on any game that implements it. `meeple::Game` implements it for every registered
//! game and option set, with `Action = i32` and `View = String` (the view's JSON text).
//!
//! ```no_run
//! use meeple::turnbase::{Game as _, PlayerId};
//! let game = meeple::Game::new("tictactoe").unwrap();
//! let state = game.new_initial_state(7);
//! let next = game.apply_cloned(&state, PlayerId::seat(0), &4).unwrap();
//! assert_eq!(game.legal_actions(&next, PlayerId::seat(1)).len(), 8);
//! assert!(game.apply_cloned(&next, PlayerId::seat(0), &0).is_err()); // not X's turn
//! ```

use std::fmt::Debug;

pub use crate::error::Error;
pub use crate::game::PlayerId;
use crate::game::{State, Viewer};

/// A turn-based game: rules and configuration on `&self`, positions in `State`.
///
/// Required: the state's life (`new_initial_state`, `apply`), who acts
/// (`active_players`, with `PlayerId::CHANCE` while a chance outcome is pending), what
/// they may do (`legal_actions`), the end (`is_terminal`, `reward`) and what a player
/// sees (`view`). Provided, from those: `is_legal`, `chance_outcomes` (none),
/// `apply_cloned` (checked, on a copy) and `step_reward` (sparse: the reward at the end).
pub trait Game {
    type State: Clone;
    type Action: Clone + PartialEq + Debug;
    type View;

    /// The initial state; `seed` seeds whatever randomness the game has.
    fn new_initial_state(&self, seed: u64) -> Self::State;

    /// Seats at the table, `PlayerId::seat(0..num_players)`.
    fn num_players(&self) -> usize;

    /// Who owes a decision now: seats in increasing order, `[PlayerId::CHANCE]` while a
    /// chance outcome is pending, empty once the game is over.
    fn active_players(&self, state: &Self::State) -> Vec<PlayerId>;

    /// The legal actions of `player`; empty for a player who is not active.
    fn legal_actions(&self, state: &Self::State, player: PlayerId) -> Vec<Self::Action>;

    /// Plays a legal action of an active player. Unchecked in the trait's contract: an
    /// implementation may panic on an illegal action (`apply_cloned` checks).
    fn apply(&self, state: &mut Self::State, player: PlayerId, action: &Self::Action);

    fn is_terminal(&self, state: &Self::State) -> bool;

    /// The player's reward for the game: its final result once the game is over.
    fn reward(&self, state: &Self::State, player: PlayerId) -> f64;

    /// What `player` sees of the state; `None` for a spectator who holds no seat.
    fn view(&self, state: &Self::State, player: Option<PlayerId>) -> Self::View;

    /// Whether `player` is active and may play `action`.
    fn is_legal(&self, state: &Self::State, player: PlayerId, action: &Self::Action) -> bool {
        self.active_players(state).contains(&player) && self.legal_actions(state, player).contains(action)
    }

    /// The pending chance outcomes with their probabilities (summing to one) when
    /// `PlayerId::CHANCE` is active; empty otherwise.
    fn chance_outcomes(&self, _state: &Self::State) -> Vec<(Self::Action, f64)> {
        Vec::new()
    }

    /// The state after `player` plays `action`, leaving `state` as it was; errors
    /// `Error::NotActive` (the player owes no decision, the game is over included) and
    /// `Error::IllegalAction`.
    fn apply_cloned(&self, state: &Self::State, player: PlayerId, action: &Self::Action) -> Result<Self::State, Error> {
        let active = self.active_players(state);
        if !active.contains(&player) {
            return Err(Error::NotActive(format!("{player} owes no decision now; active: {active:?}")));
        }
        if !self.legal_actions(state, player).contains(action) {
            return Err(Error::IllegalAction(format!("{action:?} is not legal for {player} now")));
        }
        let mut next = state.clone();
        self.apply(&mut next, player, action);
        Ok(next)
    }

    /// The player's reward for the last transition (summing to `reward` over a game).
    fn step_reward(&self, state: &Self::State, player: PlayerId) -> f64 {
        if self.is_terminal(state) {
            self.reward(state, player)
        } else {
            0.0
        }
    }
}

fn seat_value(values: Vec<f64>, player: PlayerId) -> f64 {
    player.index().and_then(|i| values.get(i).copied()).unwrap_or(0.0)
}

/// Every meeple game, through the C library: `Action = i32` (the flat action space
/// `0..num_actions`), `View = String` (the JSON of `meeple_state_view_json`).
impl Game for crate::Game {
    type State = State;
    type Action = i32;
    type View = String;

    /// Panics only if memory runs out.
    fn new_initial_state(&self, seed: u64) -> State {
        self.new_state(seed).unwrap_or_else(|e| panic!("making a state of {} failed: {e}", self.spec()))
    }

    fn num_players(&self) -> usize {
        crate::Game::num_players(self)
    }

    fn active_players(&self, state: &State) -> Vec<PlayerId> {
        state.active_players()
    }

    fn legal_actions(&self, state: &State, player: PlayerId) -> Vec<i32> {
        state.legal_actions(player).unwrap_or_default()
    }

    /// Panics with the library's message on an illegal action or an inactive player
    /// (the state is unchanged); `apply_cloned` and `State::apply` return the error.
    fn apply(&self, state: &mut State, player: PlayerId, action: &i32) {
        if let Err(e) = state.apply(player, *action) {
            panic!("turnbase::Game::apply of action {action} for {player} in {}: {e}", self.spec());
        }
    }

    fn is_terminal(&self, state: &State) -> bool {
        state.is_terminal()
    }

    /// `returns` of the seat: the final result (two players: +1, -1, 0), or the running
    /// score of one-player games; 0 for CHANCE.
    fn reward(&self, state: &State, player: PlayerId) -> f64 {
        seat_value(state.returns(), player)
    }

    /// The view JSON of the seat, or of a spectator (`Viewer::PUBLIC`) for `None`.
    /// Panics for a player that is no seat.
    fn view(&self, state: &State, player: Option<PlayerId>) -> String {
        let viewer = player.map_or(Viewer::PUBLIC, Viewer::from);
        state.view_json(viewer).unwrap_or_else(|e| panic!("view of {player:?}: {e}"))
    }

    fn is_legal(&self, state: &State, player: PlayerId, action: &i32) -> bool {
        state.is_legal(player, *action).unwrap_or(false)
    }

    fn chance_outcomes(&self, state: &State) -> Vec<(i32, f64)> {
        state.chance_outcomes()
    }

    /// One clone and one checked apply in the library. Its other refusals map onto the
    /// trait's two: a finished game or a player that is no seat is NotActive, an action
    /// outside the action space IllegalAction; the library's message is kept.
    fn apply_cloned(&self, state: &State, player: PlayerId, action: &i32) -> Result<State, Error> {
        let mut next = state.try_clone()?;
        match next.apply(player, *action) {
            Ok(()) => Ok(next),
            Err(e @ (Error::NotActive(_) | Error::IllegalAction(_))) => Err(e),
            Err(Error::WrongState(m)) => Err(Error::NotActive(m)),
            Err(Error::OutOfRange(m)) => {
                let seat_ok = player == PlayerId::CHANCE
                    || player == PlayerId::ACTING
                    || player.index().is_some_and(|i| i < crate::Game::num_players(self));
                Err(if seat_ok { Error::IllegalAction(m) } else { Error::NotActive(m) })
            }
            Err(e) => Err(e),
        }
    }

    /// The library's dense step reward of the seat.
    fn step_reward(&self, state: &State, player: PlayerId) -> f64 {
        seat_value(state.step_reward(), player)
    }
}
