//! A generic search written against the `turnbase`-style trait only: flat Monte Carlo
//! (for each legal action, the mean reward of random playouts after it), played on
//! tic-tac-toe against a uniformly random opponent, seats alternating.
//!
//!     cargo run --release --example flat_monte_carlo [games] [playouts]
//!
//! Any game implementing the trait works: `flat_monte_carlo` names no meeple type.

use meeple::turnbase::{Game as TurnGame, PlayerId};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// A move for whoever acts, or a chance outcome by its probability.
fn random_move<G: TurnGame>(game: &G, state: &G::State, player: PlayerId, rng: &mut Rng) -> G::Action {
    if player == PlayerId::CHANCE {
        let outcomes = game.chance_outcomes(state);
        let mut u = rng.unit();
        for (action, p) in &outcomes {
            if u < *p {
                return action.clone();
            }
            u -= p;
        }
        return outcomes[outcomes.len() - 1].0.clone();
    }
    let legal = game.legal_actions(state, player);
    legal[rng.below(legal.len())].clone()
}

/// Plays a state out at random and returns `me`'s reward at the end.
fn playout<G: TurnGame>(game: &G, mut state: G::State, me: PlayerId, rng: &mut Rng) -> f64 {
    while !game.is_terminal(&state) {
        let player = game.active_players(&state)[0];
        let action = random_move(game, &state, player, rng);
        game.apply(&mut state, player, &action);
    }
    game.reward(&state, me)
}

/// Flat Monte Carlo: the legal action of `me` with the best mean playout reward.
fn flat_monte_carlo<G: TurnGame>(
    game: &G,
    state: &G::State,
    me: PlayerId,
    playouts: usize,
    rng: &mut Rng,
) -> G::Action {
    let mut best: Option<(f64, G::Action)> = None;
    for action in game.legal_actions(state, me) {
        let next = game.apply_cloned(state, me, &action).expect("a legal action of the active player");
        let total: f64 = (0..playouts).map(|_| playout(game, next.clone(), me, rng)).sum();
        let mean = total / playouts as f64;
        if best.as_ref().map_or(true, |(b, _)| mean > *b) {
            best = Some((mean, action));
        }
    }
    best.expect("an active player has a legal action").1
}

fn main() -> Result<(), meeple::Error> {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<usize>().expect("a number"));
    let games = args.next().unwrap_or(20);
    let playouts = args.next().unwrap_or(50);
    let game = meeple::Game::new("tictactoe")?;
    let mut rng = Rng(7);
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for g in 0..games {
        let searcher = PlayerId::seat(g % 2);
        let mut state = game.new_initial_state(g as u64);
        while !game.is_terminal(&state) {
            let player = game.active_players(&state)[0];
            let action = if player == searcher {
                flat_monte_carlo(&game, &state, player, playouts, &mut rng)
            } else {
                random_move(&game, &state, player, &mut rng)
            };
            game.apply(&mut state, player, &action);
        }
        match game.reward(&state, searcher) {
            r if r > 0.0 => wins += 1,
            r if r < 0.0 => losses += 1,
            _ => draws += 1,
        }
    }
    println!("flat Monte Carlo ({playouts} playouts an action) against random, {games} games of tic-tac-toe:");
    println!("  wins {wins}, draws {draws}, losses {losses}");
    Ok(())
}
