//! The safe layer: errors carry the status and the library's message, query-then-fill
//! hides the buffer sizes, batches agree with states stepped alone, poker follows the
//! hand rules, and a control block cancels a long call from another thread.

use std::sync::Arc;
use std::time::{Duration, Instant};

use meeple::poker::{self, Category, EquityMode, Variant};
use meeple::{derive_seed, status, Batch, Control, Error, Game, PlayerId, Viewer};

#[test]
fn unknown_games_and_malformed_specs_are_errors_with_the_librarys_message() {
    let e = Game::new("catn").unwrap_err();
    assert!(matches!(e, Error::InvalidArgument(_)), "{e:?}");
    assert!(e.message().contains("catn") && e.message().contains("tictactoe"), "{e}");
    assert_eq!(e.code(), -1);
    assert!(e.to_string().starts_with("MEEPLE_ERR_INVALID_ARGUMENT: "), "{e}");
    assert!(matches!(Game::new("tictactoe(misere=maybe"), Err(Error::Parse(_))));
    // A NUL would shorten the spec on the C side; the binding refuses it.
    let e = Game::new("tictactoe\0(misere=true)").unwrap_err();
    assert!(matches!(&e, Error::InvalidArgument(m) if m.contains("NUL")), "{e:?}");
}

#[test]
fn every_status_code_has_its_variant() {
    for code in -12..=-1 {
        let e = Error::with_message(code, "m".to_string());
        assert_eq!(e.code(), code);
        assert!(!matches!(e, Error::Unknown { .. }), "code {code} has no variant");
        assert_eq!(e.status_name(), meeple::status_name(code));
        assert!(e.status_name().starts_with("MEEPLE_ERR_"));
    }
    assert!(matches!(Error::with_message(-99, String::new()), Error::Unknown { code: -99, .. }));
}

#[test]
fn game_numbers_and_texts_come_through_query_then_fill() {
    let game = Game::new("tictactoe").unwrap();
    assert_eq!((game.num_players(), game.num_actions(), game.mask_words()), (2, 9, 1));
    assert_eq!(game.spec(), "tictactoe(misere=false)");
    assert_eq!(game.name(), "tictactoe");
    assert_eq!(game.action_name(5).unwrap(), "place(1,2)");
    assert!(matches!(game.action_name(9), Err(Error::OutOfRange(_))));
    assert!(game.describe_json().unwrap().contains("\"obs_fields\""));
    let catan = Game::new("catan").unwrap();
    let topology = catan.data_json("topology").unwrap();
    assert!(topology.len() > 1000, "topology JSON is long: {} bytes", topology.len());
    assert!(matches!(catan.data_json("nope"), Err(Error::InvalidArgument(_))));
    assert!(meeple::version().split('.').count() == 3);
}

#[test]
fn states_snapshot_restore_and_clone_independently() {
    let game = Game::new("catan(players=3)").unwrap();
    let mut state = game.new_state(11).unwrap();
    let legal = state.legal_actions(PlayerId::ACTING).unwrap();
    state.apply(PlayerId::ACTING, legal[0]).unwrap();
    let snapshot = state.snapshot();
    assert_eq!(snapshot.len(), game.snapshot_size());
    let restored = game.restore(&snapshot).unwrap();
    assert_eq!(restored.snapshot(), snapshot);
    assert!(restored.same_position(&state));
    let mut copy = state.clone();
    let next = copy.legal_actions(PlayerId::ACTING).unwrap()[0];
    copy.apply(PlayerId::ACTING, next).unwrap();
    assert_eq!(state.snapshot(), snapshot, "changing a clone left the original alone");
    assert_ne!(copy.snapshot(), snapshot);
    assert!(matches!(game.restore(&snapshot[..10]), Err(Error::Parse(_))));
    let other = Game::new("catan(players=4)").unwrap();
    assert!(matches!(other.restore(&snapshot), Err(Error::InvalidArgument(_))));
    assert_eq!(state.observation(Viewer::seat(0)).unwrap().len(), game.obs_size());
    assert!(matches!(state.observation(Viewer(7)), Err(Error::OutOfRange(_))));
}

#[test]
fn the_status_view_and_the_dense_mask_say_what_the_calls_say_at_every_step() {
    let game = Game::new("catan(players=3,explicit_chance=true)").unwrap();
    let mut state = game.new_state(4).unwrap();
    let mut steps = 0;
    loop {
        let s = state.status();
        let player = state.current_player().unwrap().map_or(-5, |p| p.0);
        assert_eq!((s.is_terminal != 0, s.truncated != 0), (state.is_terminal(), state.truncated()));
        assert_eq!((s.current_player, s.move_number), (player, state.move_number()));
        if state.is_terminal() {
            break;
        }
        let legal = state.legal_actions(PlayerId::ACTING).unwrap();
        let dense = state.dense_action_mask(PlayerId::ACTING).unwrap();
        let set: Vec<i32> = (0..dense.len() as i32).filter(|&a| dense[a as usize] == 1).collect();
        assert_eq!(set, legal, "the dense mask holds the legal actions");
        state.apply(PlayerId::ACTING, legal[steps % legal.len()]).unwrap();
        steps += 1;
    }
    assert!(steps > 10);
}

#[test]
fn illegal_and_inactive_moves_leave_the_state_unchanged() {
    let game = Game::new("tictactoe").unwrap();
    let mut state = game.new_state(0).unwrap();
    state.apply(PlayerId::seat(0), 4).unwrap();
    let before = state.snapshot();
    assert!(matches!(state.apply(PlayerId::seat(1), 4), Err(Error::IllegalAction(_))));
    assert!(matches!(state.apply(PlayerId::seat(0), 0), Err(Error::NotActive(_))));
    assert!(matches!(state.apply(PlayerId::seat(2), 0), Err(Error::OutOfRange(_))));
    assert!(matches!(state.legal_actions(PlayerId::seat(0)), Err(Error::NotActive(_))));
    assert_eq!(state.snapshot(), before);
    assert_eq!(state.current_player().unwrap(), Some(PlayerId::seat(1)));
    let mask = state.action_mask(PlayerId::seat(1)).unwrap();
    assert_eq!(mask, vec![0b1_1110_1111], "every cell but the centre");
}

#[test]
fn enumerate_outcomes_gives_each_successor_with_its_probability() {
    let game = Game::new("catan(players=2,explicit_chance=false)").unwrap();
    let mut state = game.new_state(4).unwrap();
    // Play to the first roll, then enumerate it: 2d6 gives 11 sums.
    loop {
        let legal = state.legal_actions(PlayerId::ACTING).unwrap();
        let outcomes = state.enumerate_outcomes(PlayerId::ACTING, legal[0]).unwrap();
        let total: f64 = outcomes.iter().map(|o| o.1).sum();
        assert!((total - 1.0).abs() < 1e-12);
        if outcomes.len() > 1 {
            assert_eq!(outcomes.len(), 11, "a dice roll has 11 sums");
            let mut sampled = state.clone();
            sampled.apply(PlayerId::ACTING, legal[0]).unwrap();
            assert!(
                outcomes.iter().any(|(s, _)| s.snapshot() == sampled.snapshot()),
                "the sampled step is one successor"
            );
            break;
        }
        state.apply(PlayerId::ACTING, legal[0]).unwrap();
    }
}

#[test]
fn a_batch_steps_each_slot_as_its_state_would_step_alone() {
    let game = Game::new("tictactoe").unwrap();
    let (n, seed) = (5usize, 77u64);
    let mut batch = Batch::new(&game, n, seed, 2).unwrap();
    assert_eq!(batch.len(), n);
    let mut states: Vec<_> = (0..n).map(|i| game.new_state(derive_seed(seed, i as u64)).unwrap()).collect();
    let mut masks = vec![0u64; n];
    let mut dones = vec![0u8; n];
    let mut statuses = vec![0i32; n * status::INTS];
    for step in 0..12 {
        batch.write_masks(&mut masks).unwrap();
        let actions: Vec<i32> = masks
            .iter()
            .enumerate()
            .map(|(i, &m)| if m == 0 { meeple::NO_ACTION } else { pick_bit(m, i + step) })
            .collect();
        batch.step(&actions, &mut dones).unwrap();
        for (i, state) in states.iter_mut().enumerate() {
            if actions[i] != meeple::NO_ACTION {
                state.apply(PlayerId::ACTING, actions[i]).unwrap();
            }
            assert_eq!(batch.state(i).unwrap().snapshot(), state.snapshot(), "slot {i} step {step}");
            assert_eq!(dones[i] == 1, state.is_terminal());
        }
        batch.write_status(&mut statuses).unwrap();
        for (i, state) in states.iter().enumerate() {
            assert_eq!(statuses[i * status::INTS + status::TURN] as i64, state.move_number());
        }
    }
    // Slices of the wrong length are refused, with nothing written.
    let mut short = vec![7u64; n - 1];
    assert!(matches!(batch.write_masks(&mut short), Err(Error::BufferTooSmall(_))));
    assert!(short.iter().all(|&w| w == 7));
    assert!(matches!(batch.step(&[0; 4], &mut dones), Err(Error::InvalidArgument(_))));
}

#[test]
fn check_actions_accepts_what_the_step_plays_and_names_the_first_slot_it_would_not() {
    let game = Game::new("tictactoe").unwrap();
    let mut batch = Batch::new(&game, 3, 5, 1).unwrap();
    let mut out = vec![0i32; 3];
    batch.check_actions(&[4, 0, 8], &mut out).unwrap();
    assert_eq!(out, [4, 0, 8]);
    let mut dones = vec![0u8; 3];
    batch.step(&out, &mut dones).unwrap();
    // Cell 4 is taken in slot 0 now; 9 is outside the board; both refused, slot 0 named.
    let before = batch.state(0).unwrap().snapshot();
    match batch.check_actions(&[4, 1, 9], &mut out) {
        Err(Error::IllegalAction(m)) => assert!(m.contains("actions[0] = 4"), "{m}"),
        other => panic!("expected IllegalAction, got {other:?}"),
    }
    assert!(matches!(batch.check_actions(&[1, 1, 9], &mut out), Err(Error::IllegalAction(m)) if m.contains("[2]")));
    assert_eq!(batch.state(0).unwrap().snapshot(), before);
    assert!(matches!(batch.check_actions(&[1, 1], &mut out), Err(Error::InvalidArgument(_))));
}

/// The `k % popcount`-th set bit of a mask.
fn pick_bit(mask: u64, k: usize) -> i32 {
    let bits: Vec<i32> = (0..64).filter(|b| mask >> b & 1 == 1).collect();
    bits[k % bits.len()]
}

#[test]
fn batches_report_busy_rather_than_share_a_call() {
    // Sync is sound because the library refuses a second concurrent call: two threads
    // reading one batch either succeed or get Busy, never anything else.
    let game = Game::new("catan").unwrap();
    let batch = Arc::new(Batch::new(&game, 64, 1, 1).unwrap());
    let handles: Vec<_> = (0..2)
        .map(|_| {
            let batch = Arc::clone(&batch);
            std::thread::spawn(move || {
                let mut obs = vec![0f32; 64 * batch.game().obs_size()];
                for _ in 0..50 {
                    match batch.write_observations(&mut obs) {
                        Ok(()) | Err(Error::Busy(_)) => {}
                        Err(e) => panic!("{e}"),
                    }
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
}

fn mask(text: &str) -> u64 {
    poker::parse_mask(text).unwrap()
}

#[test]
fn poker_cards_values_and_categories_follow_the_hand_rules() {
    assert_eq!(poker::parse_cards("As 2c").unwrap(), vec![3 * 13 + 12, 0]);
    assert!(matches!(poker::parse_cards("Ax"), Err(Error::Parse(_))));
    assert_eq!(poker::format_mask(mask("kd,as,ah")).unwrap(), "As Ah Kd");
    let royal = poker::evaluate(mask("As Ks Qs Js Ts")).unwrap();
    assert_eq!(royal, 7462, "the royal flush is the best hand");
    assert_eq!(poker::category(royal).unwrap(), Category::StraightFlush);
    let wheel = poker::evaluate(mask("5d 4c 3h 2s Ad")).unwrap();
    assert_eq!(poker::category(wheel).unwrap(), Category::Straight);
    assert_eq!(poker::value_ranks(wheel).unwrap(), vec![5], "the wheel is five-high");
    let boat = poker::evaluate(mask("Ah Ad Ac Kd Ks 2c 3d")).unwrap();
    assert_eq!(poker::describe(boat).unwrap(), "Full House, aces full of kings");
    assert!(matches!(poker::evaluate(mask("As Ks")), Err(Error::InvalidArgument(_))));
    // PLO uses exactly two hole cards: four spades in hand and one on board is no flush.
    let board = mask("2s 7h 9d Jc Kh");
    let plo = poker::evaluate_hand(Variant::Plo, mask("As Qs 8s 3s"), board).unwrap();
    assert!(poker::category(plo).unwrap() < Category::Flush);
    let shown =
        poker::showdown(Variant::Holdem, &[mask("Ac Ad"), mask("Kc Kd"), mask("Ah As")], mask("2c 7s 9h 3d Jc"))
            .unwrap();
    assert_eq!(shown.winners, vec![0, 2], "two pairs of aces split");
    let mut values = vec![0u32; 2];
    poker::evaluate_batch(&[mask("As Ks Qs Js Ts"), mask("5d 4c 3h 2s Ad")], 1, &mut values).unwrap();
    assert_eq!(values, vec![royal, wheel]);
    assert!(matches!(poker::evaluate_batch(&[1], 1, &mut values), Err(Error::InvalidArgument(_))));
    // The same hands as card ids (suit * 13 + rank - 2): As Ks Qs Js Ts, 5d 4c 3h 2s Ad.
    poker::evaluate_ids_batch(&[51, 50, 49, 48, 47, 16, 2, 27, 39, 25], 5, 1, &mut values).unwrap();
    assert_eq!(values, vec![royal, wheel]);
    assert!(matches!(
        poker::evaluate_ids_batch(&[51, 51, 49, 48, 47], 5, 1, &mut values[..1]),
        Err(Error::InvalidArgument(_))
    ));
    assert!(matches!(
        poker::evaluate_ids_batch(&[51, 50, 49, 48], 4, 1, &mut values[..1]),
        Err(Error::InvalidArgument(_))
    ));
    assert_eq!(poker::deal(3, mask("As Ks")).unwrap().len(), 50);
}

#[test]
fn equity_of_two_outs_on_the_river() {
    // AA against KK on 2c 7s 9h 3d: no straight or flush can come with one card, a
    // river ace or pair keeps AA ahead, so KK wins only with Kh or Ks: 2 of 44 cards.
    let hands = [mask("Ac Ad"), mask("Kc Kd")];
    let board = mask("2c 7s 9h 3d");
    let eq = poker::equity(Variant::Holdem, &hands, board, 0, EquityMode::Exact, 1, None).unwrap();
    assert_eq!(eq.count, 44);
    assert!((eq.win[1] - 2.0 / 44.0).abs() < 1e-12 && (eq.win[0] - 42.0 / 44.0).abs() < 1e-12, "{eq:?}");
    assert_eq!(eq.tie, vec![0.0, 0.0]);
    assert_eq!(poker::count_boards(Variant::Holdem, &hands, board, 0).unwrap(), 44);
    let mc =
        poker::equity(Variant::Holdem, &hands, board, 0, EquityMode::MonteCarlo { trials: 20_000, seed: 1 }, 2, None)
            .unwrap();
    assert!((mc.equity[1] - 2.0 / 44.0).abs() < 5.0 * mc.stderr[1] + 1e-3, "{mc:?}");
}

#[test]
fn a_control_block_cancels_a_long_equity_from_another_thread() {
    let control = Arc::new(Control::new());
    let worker = {
        let control = Arc::clone(&control);
        std::thread::spawn(move || {
            let hands = [mask("Ac Kd"), mask("7h 7s"), mask("Qs Js")];
            let mode = EquityMode::MonteCarlo { trials: 10_000_000_000, seed: 1 };
            poker::equity(Variant::Holdem, &hands, 0, 0, mode, 1, Some(&control))
        })
    };
    let started = Instant::now();
    while control.progress() == 0 && started.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(control.total(), 10_000_000_000);
    control.cancel();
    let result = worker.join().unwrap();
    assert!(matches!(result, Err(Error::Cancelled(_))), "{result:?}");
    assert!(control.progress() > 0);
    // Random games count games and can be cancelled too; a reset block runs to the end.
    control.reset();
    let game = Game::new("tictactoe").unwrap();
    let totals = game.run_random_games(200, 5, 1, Some(&control)).unwrap();
    assert_eq!(totals.games, 200);
    assert_eq!(control.progress(), 200);
    assert_eq!(totals.wins.iter().sum::<u64>() + totals.draws, 200);
    control.cancel();
    assert!(matches!(game.run_random_games(200, 5, 1, Some(&control)), Err(Error::Cancelled(_))));
}

#[test]
fn query_then_fill_grows_short_vectors_and_replaces_old_contents() {
    let game = Game::new("catan").unwrap();
    let state = game.new_state(2).unwrap();
    let expected = state.legal_actions(PlayerId::ACTING).unwrap();
    assert!(expected.len() > 8, "the opening placement offers many nodes");
    for mut out in [Vec::new(), Vec::with_capacity(1), vec![-9; 3], vec![-9; 500]] {
        state.legal_actions_into(PlayerId::ACTING, &mut out).unwrap();
        assert_eq!(out, expected);
    }
    // On an error the vector is left empty, not holding stale actions.
    let mut out = vec![1, 2, 3];
    assert!(state.legal_actions_into(PlayerId(9), &mut out).is_err());
    assert!(out.is_empty());
}

/// X (seat 0) holds 0 and 1, O holds 3 and 4: X completes the top row with 2.
fn x_to_win() -> meeple::State {
    let game = Game::new("tictactoe").unwrap();
    let mut state = game.new_state(0).unwrap();
    for (i, cell) in [0, 3, 1, 4].into_iter().enumerate() {
        state.apply(PlayerId::seat(i % 2), cell).unwrap();
    }
    state
}

#[test]
fn the_tictactoe_heuristic_completes_its_line() {
    let state = x_to_win();
    let mut agent = meeple::Agent::new(state.game(), "heuristic", 3).unwrap();
    assert_eq!(agent.act(&state, PlayerId::ACTING).unwrap(), 2);
    assert!(matches!(agent.act(&state, PlayerId::seat(1)), Err(Error::NotActive(_))));
    assert!(matches!(meeple::Agent::new(state.game(), "minimax", 0), Err(Error::InvalidArgument(_))));
    let mut random = meeple::Agent::new(state.game(), "random", 3).unwrap();
    for _ in 0..20 {
        let a = random.act(&state, PlayerId::ACTING).unwrap();
        assert!(state.is_legal(PlayerId::seat(0), a).unwrap(), "random chose illegal {a}");
    }
}

#[test]
fn mcts_finds_the_winning_move_with_rollouts_and_with_an_external_evaluator() {
    let state = x_to_win();
    let game = state.game().clone();
    let mut search = meeple::Search::new(&game, "mcts(iterations=2000,seed=1)", 1, 1).unwrap();
    search.set_root(0, &state, PlayerId::ACTING).unwrap();
    assert_eq!(search.run(None).unwrap(), meeple::SearchResult::Done);
    assert_eq!(search.chosen_actions().unwrap(), vec![2]);
    // The solver proves the win in one on the first iteration, and the round ends there.
    assert_eq!(search.stats(0).unwrap().iterations, 1);
    assert_eq!(search.principal_variation(0).unwrap()[0], 2);

    // The evaluator loop: every leaf is valued 0 for both seats except through the
    // game's own end, so the search must find the terminal win by itself.
    let mut search =
        meeple::Search::new(&game, "mcts(evaluator=external,iterations=400,batch=4,seed=1)", 1, 1).unwrap();
    search.set_root(0, &state, PlayerId::ACTING).unwrap();
    let mut rounds = 0;
    while search.run(None).unwrap() == meeple::SearchResult::NeedsValues {
        let count = search.pending().unwrap();
        let mut masks = vec![0u64; count];
        let mut players = vec![0i32; count];
        assert_eq!(search.write_leaves(count, None, Some(&mut masks), None, Some(&mut players)).unwrap(), count);
        assert!(masks.iter().all(|&m| m != 0), "a waiting leaf has legal actions");
        assert!(matches!(
            search.write_leaves(count, None, Some(&mut masks[..0]), None, None),
            Err(Error::BufferTooSmall(_))
        ));
        search.provide(count, &vec![0.0; count * 2], None).unwrap();
        rounds += 1;
    }
    assert!(rounds > 0, "the external evaluator was never asked");
    assert_eq!(search.chosen_actions().unwrap(), vec![2]);
    let policy = search.policy(0, 0.0).unwrap();
    assert_eq!(policy[2], 1.0);
}
