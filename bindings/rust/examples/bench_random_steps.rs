//! Random-game steps per second through the Rust binding: the loop of
//! benchmarks/bench_c_random_steps.c (is_terminal, current_player, legal actions into a
//! reused buffer, a SplitMix64 draw, apply), through the safe `State` API, the same
//! games through the `turnbase` trait (which allocates its vectors each step), and
//! through the raw `sys` declarations (the C loop, written in Rust).
//! Games g = 0..n-1 start from seed g, so each loop must count the C loop's steps.
//! Times are wall and process CPU time; on a shared machine compare CPU time.
//!
//!     cargo run --release --example bench_random_steps -- [spec] [games] [rust|trait|sys]
//!
//! The third argument runs one loop alone (for profilers counting instructions).

use std::time::Instant;

use std::ptr;

use meeple::turnbase::Game as TurnGame;
use meeple::{sys, Game, PlayerId};

fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Process CPU time in seconds (Linux; elsewhere wall time since the first call).
#[cfg(target_os = "linux")]
fn cpu_seconds() -> f64 {
    #[repr(C)]
    struct Timespec {
        tv_sec: i64,
        tv_nsec: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    const CLOCK_PROCESS_CPUTIME_ID: i32 = 2;
    let mut t = Timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: a valid out-pointer; the C library is linked into every Rust program.
    unsafe { clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 + 1e-9 * t.tv_nsec as f64
}

#[cfg(not(target_os = "linux"))]
fn cpu_seconds() -> f64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64()
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

/// The C loop over the raw declarations: what the safe layer adds is the difference.
fn raw_sys(spec: &str, games: u64) -> u64 {
    let spec = std::ffi::CString::new(spec).expect("a spec without NUL");
    let (mut rng, mut steps) = (12345u64, 0u64);
    // SAFETY: the header's contract: live handles, buffers of the capacity passed.
    unsafe {
        let mut game = ptr::null_mut();
        assert_eq!(sys::meeple_game_new(spec.as_ptr(), &mut game), sys::MEEPLE_OK);
        let mut info = sys::meeple_game_info_t {
            struct_size: std::mem::size_of::<sys::meeple_game_info_t>() as u32,
            ..Default::default()
        };
        sys::meeple_game_info(game, &mut info);
        let mut legal = vec![0i32; info.num_actions as usize];
        for g in 0..games {
            let mut state = ptr::null_mut();
            assert_eq!(sys::meeple_state_new(game, g, &mut state), sys::MEEPLE_OK);
            loop {
                let (mut terminal, mut player, mut n) = (0, 0, 0usize);
                sys::meeple_state_is_terminal(state, &mut terminal);
                if terminal != 0 {
                    break;
                }
                sys::meeple_state_current_player(state, &mut player);
                sys::meeple_state_legal_actions(state, player, legal.as_mut_ptr(), legal.len(), &mut n);
                let action = legal[(splitmix64(&mut rng) % n as u64) as usize];
                assert_eq!(sys::meeple_state_apply(state, player, action), sys::MEEPLE_OK);
                steps += 1;
            }
            sys::meeple_state_free(state);
        }
        sys::meeple_game_free(game);
    }
    steps
}

fn report(label: &str, spec: &str, games: u64, run: impl FnOnce() -> u64) {
    let (wall, cpu) = (Instant::now(), cpu_seconds());
    let steps = run();
    let (wall, cpu) = (wall.elapsed().as_secs_f64(), cpu_seconds() - cpu);
    println!(
        "{label}\t{spec}\t{games} games\t{steps} steps\t{wall:.3} s wall\t{cpu:.3} s cpu\t{:.1} ns/step cpu",
        1e9 * cpu / steps as f64
    );
}

fn main() -> Result<(), meeple::Error> {
    let mut args = std::env::args().skip(1);
    let spec = args.next().unwrap_or_else(|| "tictactoe".to_string());
    let games: u64 = args.next().map_or(200_000, |g| g.parse().expect("a number of games"));
    let game = Game::new(&spec)?;
    let only = args.next();
    if only.as_deref().is_none() || only.as_deref() == Some("rust") {
        report("rust", &spec, games, || safe_api(&game, games).expect("random play"));
    }
    if only.as_deref() != Some("rust") && only.as_deref() != Some("sys") {
        report("trait", &spec, games, || through_trait(&game, games));
    }
    if only.as_deref() == Some("sys") {
        report("sys", &spec, games, || raw_sys(&spec, games));
    }
    Ok(())
}
