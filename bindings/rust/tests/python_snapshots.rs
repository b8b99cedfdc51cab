//! Byte-identical games through two bindings: `python_snapshots.py` plays fixed games
//! through the Python binding (cffi) and prints every snapshot; this test replays the
//! same seeds and moves through the Rust binding and compares the bytes after every
//! move, the legal actions before it, and the returns and public observation at the
//! end.
//!
//! The Python package is found as Python finds it (PYTHONPATH; tests/run_rust.sh points
//! it at the tests' staged build); the interpreter is `MEEPLE_PYTHON` or `python3`.
//! Without an importable `meeple` the test says so and passes, unless
//! `MEEPLE_REQUIRE_PYTHON=1` (as tests/run_rust.sh sets), when it fails.

use std::process::Command;

use meeple::{Game, PlayerId, State, Viewer};

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Python's float.hex() ("0x1.8000000000000p+0", "-0x0.0p+0", "0x0.0p+0") as an f64.
fn from_float_hex(text: &str) -> f64 {
    let (negative, body) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let body = body.strip_prefix("0x").unwrap_or_else(|| panic!("not a hex float: {text}"));
    let (mantissa, exponent) = body.split_once('p').unwrap();
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut value = u64::from_str_radix(int_part, 16).unwrap() as f64;
    let mut scale = 1.0 / 16.0;
    for digit in frac_part.chars() {
        value += digit.to_digit(16).unwrap() as f64 * scale;
        scale /= 16.0;
    }
    let value = value * 2f64.powi(exponent.parse::<i32>().unwrap());
    if negative {
        -value
    } else {
        value
    }
}

fn python_output() -> Option<String> {
    let python = std::env::var("MEEPLE_PYTHON").unwrap_or_else(|_| "python3".to_string());
    let required = std::env::var("MEEPLE_REQUIRE_PYTHON").is_ok_and(|v| v == "1");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python_snapshots.py");
    let output = Command::new(&python).arg(script).output();
    match output {
        Ok(out) if out.status.success() => Some(String::from_utf8(out.stdout).expect("UTF-8 output")),
        other => {
            let why = match other {
                Ok(out) => String::from_utf8_lossy(&out.stderr).into_owned(),
                Err(e) => format!("cannot run {python}: {e}"),
            };
            assert!(!required, "MEEPLE_REQUIRE_PYTHON=1 but the Python side failed:\n{why}");
            eprintln!(
                "skipped: the Python binding is not importable by {python} (set PYTHONPATH to \
                 a built meeple, or MEEPLE_PYTHON; MEEPLE_REQUIRE_PYTHON=1 makes this fail):\n{why}"
            );
            None
        }
    }
}

struct Replay {
    game: Game,
    spec: String,
    seed: u64,
    state: State,
    moves: usize,
}

#[test]
fn rust_replays_python_games_byte_for_byte() {
    let Some(text) = python_output() else { return };
    let mut replay: Option<Replay> = None;
    let (mut games, mut moves, mut finished) = (0, 0, 0);
    for line in text.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        match fields[0] {
            "python" => {
                // Which Python package played: tests/run_rust.sh points PYTHONPATH at the
                // build whose library this crate links.
                eprintln!("Python side: meeple {} from {}", fields[2], fields[1]);
                assert_eq!(fields[2], meeple::version(), "the Python package is another release than the library");
            }
            "game" => {
                let (spec, seed) = (fields[1].to_string(), fields[2].parse::<u64>().unwrap());
                let game = Game::new(&spec).unwrap();
                let state = game.new_state(seed).unwrap();
                assert_eq!(hex(&state.snapshot()), fields[3], "{spec} seed {seed}: initial snapshots differ");
                replay = Some(Replay { game, spec, seed, state, moves: 0 });
                games += 1;
            }
            "move" => {
                let r = replay.as_mut().expect("a move before any game");
                let here = format!("{} seed {} move {}", r.spec, r.seed, r.moves);
                let player = PlayerId(fields[1].parse().unwrap());
                let action: i32 = fields[2].parse().unwrap();
                let legal: Vec<i32> =
                    fields[3].split(',').filter(|s| !s.is_empty()).map(|s| s.parse().unwrap()).collect();
                assert_eq!(r.state.current_player().unwrap(), Some(player), "{here}: player to act");
                assert_eq!(r.state.legal_actions(player).unwrap(), legal, "{here}: legal actions");
                r.state.apply(player, action).unwrap_or_else(|e| panic!("{here}: {e}"));
                assert_eq!(
                    hex(&r.state.snapshot()),
                    fields[4],
                    "{here}: snapshots differ after {player} plays {action}"
                );
                r.moves += 1;
                moves += 1;
            }
            "end" => {
                let r = replay.take().expect("an end before any game");
                let returns: Vec<f64> = fields[1].split(',').map(from_float_hex).collect();
                let rust_returns = r.state.returns();
                assert_eq!(
                    rust_returns.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
                    returns.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
                    "{} seed {}: returns {rust_returns:?} against Python's {returns:?}",
                    r.spec,
                    r.seed
                );
                let obs = r.state.observation(Viewer::PUBLIC).unwrap();
                let obs_bytes: Vec<u8> = obs.iter().flat_map(|f| f.to_le_bytes()).collect();
                assert_eq!(hex(&obs_bytes), fields[2], "{} seed {}: public observations differ", r.spec, r.seed);
                assert_eq!(r.state.is_terminal(), fields[3] == "1");
                assert_eq!(r.game.spec(), Game::new(&r.spec).unwrap().spec());
                finished += usize::from(r.state.is_terminal());
            }
            other => panic!("unexpected line kind {other:?}"),
        }
    }
    assert!(games >= 11 && moves > 2000, "the Python side played only {games} games, {moves} moves");
    assert!(finished >= 10, "only {finished} of {games} games reached their end");
    eprintln!("replayed {games} games, {moves} moves, byte for byte");
}

#[test]
fn python_float_hex_reads_back() {
    assert_eq!(from_float_hex("0x1.8000000000000p+0"), 1.5);
    assert_eq!(from_float_hex("-0x1.0000000000000p+0"), -1.0);
    assert_eq!(from_float_hex("0x0.0p+0").to_bits(), 0.0f64.to_bits());
    assert_eq!(from_float_hex("0x1.999999999999ap-4"), 0.1);
}
