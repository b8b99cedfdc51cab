//! Random play through the `turnbase`-style trait: every registered meeple game (or the
//! specs given as arguments), a few games each, choosing uniformly among the legal
//! actions and drawing chance outcomes by their probabilities.
//!
//!     cargo run --example random_play
//!     cargo run --example random_play -- "catan(players=3,explicit_chance=true)"

use meeple::turnbase::{Game as TurnGame, PlayerId};

/// SplitMix64, enough for choosing moves.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Plays one game to its end (or `max_moves`) and returns its moves and each seat's
/// reward. Written against the trait alone: any turnbase-style game will do.
fn play_random<G: TurnGame>(game: &G, seed: u64, max_moves: usize, rng: &mut Rng) -> (usize, Vec<f64>) {
    let mut state = game.new_initial_state(seed);
    let mut moves = 0;
    while !game.is_terminal(&state) && moves < max_moves {
        let player = game.active_players(&state)[0];
        let action = if player == PlayerId::CHANCE {
            let outcomes = game.chance_outcomes(&state);
            let mut u = rng.unit();
            let mut chosen = outcomes[outcomes.len() - 1].0.clone();
            for (action, p) in outcomes {
                if u < p {
                    chosen = action;
                    break;
                }
                u -= p;
            }
            chosen
        } else {
            let legal = game.legal_actions(&state, player);
            legal[(rng.next() % legal.len() as u64) as usize].clone()
        };
        game.apply(&mut state, player, &action);
        moves += 1;
    }
    let rewards = (0..game.num_players()).map(|s| game.reward(&state, PlayerId::seat(s))).collect();
    (moves, rewards)
}

fn main() -> Result<(), meeple::Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let specs = if args.is_empty() { meeple::game_names()? } else { args };
    let mut rng = Rng(2026);
    for spec in specs {
        let game = meeple::Game::new(&spec)?;
        for seed in 0..3 {
            let (moves, rewards) = play_random(&game, seed, 100_000, &mut rng);
            println!("{spec:<40} seed {seed}: {moves:>5} moves, rewards {rewards:?}");
        }
    }
    Ok(())
}
