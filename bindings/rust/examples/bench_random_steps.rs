//! Random-game steps per second through the Rust binding: the loop of
//! benchmarks/bench_c_random_steps.c (is_terminal, current_player, legal actions into a
//! reused buffer, a SplitMix64 draw, apply), through the safe `State` API, and the same
//! games through the `turnbase` trait (which allocates its vectors each step).
//! Games g = 0..n-1 start from seed g, so each loop must count the C loop's steps.
//!
//!     cargo run --release --example bench_random_steps -- [spec] [games]

use std::time::Instant;

use meeple::turnbase::Game as TurnGame;
use meeple::{Game, PlayerId};

fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn safe_api(game: &Game, games: u64) -> Result<u64, meeple::Error> {
    let mut legal = Vec::with_capacity(game.num_actions());
    let (mut rng, mut steps) = (12345u64, 0u64);
    for g in 0..games {
        let mut state = game.new_state(g)?;
        while !state.is_terminal() {
            let player = state.current_player()?.expect("a live game has a player");
            state.legal_actions_into(player, &mut legal)?;
            let action = legal[(splitmix64(&mut rng) % legal.len() as u64) as usize];
            state.apply(player, action)?;
            steps += 1;
        }
    }
    Ok(steps)
}

fn through_trait<G: TurnGame<Action = i32>>(game: &G, games: u64) -> u64 {
    let (mut rng, mut steps) = (12345u64, 0u64);
    for g in 0..games {
        let mut state = game.new_initial_state(g);
        while !game.is_terminal(&state) {
            let player: PlayerId = game.active_players(&state)[0];
            let legal = game.legal_actions(&state, player);
            let action = legal[(splitmix64(&mut rng) % legal.len() as u64) as usize];
            game.apply(&mut state, player, &action);
            steps += 1;
        }
    }
    steps
}

fn main() -> Result<(), meeple::Error> {
    let mut args = std::env::args().skip(1);
    let spec = args.next().unwrap_or_else(|| "tictactoe".to_string());
    let games: u64 = args.next().map_or(200_000, |g| g.parse().expect("a number of games"));
    let game = Game::new(&spec)?;

    let start = Instant::now();
    let steps = safe_api(&game, games)?;
    let seconds = start.elapsed().as_secs_f64();
    println!("rust\t{spec}\t{games} games\t{steps} steps\t{seconds:.3} s\t{:.0} steps/s", steps as f64 / seconds);

    let start = Instant::now();
    let steps = through_trait(&game, games);
    let seconds = start.elapsed().as_secs_f64();
    println!("trait\t{spec}\t{games} games\t{steps} steps\t{seconds:.3} s\t{:.0} steps/s", steps as f64 / seconds);
    Ok(())
}
