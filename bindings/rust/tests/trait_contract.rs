//! The `turnbase`-style trait's contract, on every meeple game, through the trait only:
//! who is active, what is legal, the checked `apply_cloned` (the original unchanged,
//! `NotActive` and `IllegalAction` refused), chance outcomes that sum to one, dense
//! rewards that sum to the final reward, and the rules' results in constructed games.

use meeple::turnbase::{Error, Game as TurnGame, PlayerId};
use meeple::{Game, State};

/// SplitMix64: the test's own moves, independent of the library's generators.
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

/// Every registered game with its defaults, and configurations that finish fast, play
/// explicit chance, or change the rules' result.
fn specs() -> Vec<String> {
    let mut specs = meeple::game_names().expect("game names");
    assert!(specs.len() >= 3, "expected catan, tictactoe and triangle at least: {specs:?}");
    specs.extend(
        [
            "tictactoe(misere=true)",
            "catan(players=2,vp_to_win=3)",
            "catan(players=3,vp_to_win=4,explicit_chance=true)",
            "catan(players=4,explicit_chance=true,max_turns=30)",
        ]
        .map(String::from),
    );
    specs
}

fn chance_draw(outcomes: &[(i32, f64)], rng: &mut Rng) -> i32 {
    let mut u = rng.unit();
    for &(action, p) in outcomes {
        if u < p {
            return action;
        }
        u -= p;
    }
    outcomes.last().unwrap().0
}

/// Checks the contract at every step of one random game (at most `max_steps` steps);
/// returns whether the game ended.
fn play_checking_contract(game: &Game, seed: u64, max_steps: usize) -> bool {
    let spec = game.spec().to_string();
    let mut rng = Rng(seed ^ 0xC0FFEE);
    let mut state = game.new_initial_state(seed);
    let seats: Vec<PlayerId> = (0..TurnGame::num_players(game)).map(PlayerId::seat).collect();
    let mut summed = vec![0.0f64; seats.len()];
    for step in 0..max_steps {
        let here = format!("{spec}, seed {seed}, step {step}");
        let active = game.active_players(&state);
        let before = state.snapshot();
        if game.is_terminal(&state) {
            assert!(active.is_empty(), "{here}: a finished game has active players {active:?}");
            for &seat in &seats {
                assert!(game.legal_actions(&state, seat).is_empty(), "{here}: legal actions after the end");
                assert!(
                    matches!(game.apply_cloned(&state, seat, &0), Err(Error::NotActive(_))),
                    "{here}: a move after the end must be NotActive"
                );
                assert!(
                    (summed[seat.0 as usize] - game.reward(&state, seat)).abs() < 1e-9,
                    "{here}: step rewards of {seat} sum to {} but the final reward is {}",
                    summed[seat.0 as usize],
                    game.reward(&state, seat)
                );
            }
            assert_eq!(state.snapshot(), before, "{here}: refused moves changed the state");
            return true;
        }
        assert!(!active.is_empty(), "{here}: a live game with nobody to act");
        let chance = active == [PlayerId::CHANCE];
        let outcomes = game.chance_outcomes(&state);
        if chance {
            let total: f64 = outcomes.iter().map(|o| o.1).sum();
            assert!((total - 1.0).abs() < 1e-9, "{here}: chance outcomes sum to {total}");
            assert!(outcomes.iter().all(|o| o.1 > 0.0), "{here}: an outcome without probability");
            let actions: Vec<i32> = outcomes.iter().map(|o| o.0).collect();
            assert_eq!(actions, game.legal_actions(&state, PlayerId::CHANCE), "{here}: outcomes are CHANCE's actions");
        } else {
            assert!(outcomes.is_empty(), "{here}: chance outcomes while seats {active:?} act");
            assert!(!active.contains(&PlayerId::CHANCE));
        }
        let player = active[0];
        let legal = game.legal_actions(&state, player);
        assert!(!legal.is_empty(), "{here}: {player} is active with no legal action");
        assert!(legal.windows(2).all(|w| w[0] < w[1]), "{here}: legal actions not increasing");
        for &a in &legal {
            assert!(game.is_legal(&state, player, &a), "{here}: legal action {a} not is_legal");
        }

        // Players who owe nothing are refused, whatever the action.
        let idle: Vec<PlayerId> =
            seats.iter().copied().chain([PlayerId::CHANCE]).filter(|p| !active.contains(p)).collect();
        for &p in &idle {
            assert!(game.legal_actions(&state, p).is_empty(), "{here}: idle {p} has legal actions");
            assert!(!game.is_legal(&state, p, &legal[0]), "{here}: idle {p} may play {}", legal[0]);
            match game.apply_cloned(&state, p, &legal[0]) {
                Err(Error::NotActive(m)) => assert!(!m.is_empty(), "{here}: NotActive without a message"),
                other => panic!("{here}: idle {p} playing {} gave {other:?}", legal[0]),
            }
        }
        // Actions that are not legal are refused: one inside the action space, and ones
        // outside it.
        let illegal = (0..game.num_actions() as i32).find(|a| !legal.contains(a));
        for a in illegal.into_iter().chain([game.num_actions() as i32, -7]) {
            assert!(!game.is_legal(&state, player, &a), "{here}: {a} is_legal");
            match game.apply_cloned(&state, player, &a) {
                Err(Error::IllegalAction(m)) => assert!(!m.is_empty()),
                other => panic!("{here}: illegal {a} for {player} gave {other:?}"),
            }
        }
        assert_eq!(state.snapshot(), before, "{here}: refused moves changed the state");

        // A legal move: apply_cloned leaves the original as it was and equals apply.
        let action = if chance { chance_draw(&outcomes, &mut rng) } else { legal[rng.below(legal.len())] };
        let next = game.apply_cloned(&state, player, &action).unwrap_or_else(|e| panic!("{here}: {e}"));
        assert_eq!(state.snapshot(), before, "{here}: apply_cloned changed the original");
        assert_eq!(next.move_number(), state.move_number() + 1, "{here}: move number");
        let mut applied = state.clone();
        game.apply(&mut applied, player, &action);
        assert_eq!(applied.snapshot(), next.snapshot(), "{here}: apply and apply_cloned differ");
        for &seat in &seats {
            summed[seat.0 as usize] += game.step_reward(&next, seat);
        }
        state = next;
    }
    false
}

#[test]
fn every_game_keeps_the_contract_at_every_step() {
    for spec in specs() {
        let game = Game::new(&spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
        let mut finished = 0;
        for seed in 0..3 {
            if play_checking_contract(&game, seed, 2_500) {
                finished += 1;
            }
        }
        // Default catan (10 points, 4 seats) may outlast the step budget; the rest end.
        if !(game.name() == "catan" && spec == "catan") {
            assert!(finished > 0, "{spec}: no game finished within the step budget");
        }
    }
}

#[test]
fn explicit_chance_puts_the_chance_player_to_act_and_sums_to_one() {
    let game = Game::new("catan(players=3,explicit_chance=true)").unwrap();
    let mut state = game.new_initial_state(5);
    let mut rng = Rng(9);
    let mut chance_nodes = 0;
    while chance_nodes < 20 && !game.is_terminal(&state) {
        let active = game.active_players(&state);
        let (player, action) = if active == [PlayerId::CHANCE] {
            chance_nodes += 1;
            let outcomes = game.chance_outcomes(&state);
            assert!(outcomes.len() > 1 || outcomes[0].1 == 1.0);
            let total: f64 = outcomes.iter().map(|o| o.1).sum();
            assert!((total - 1.0).abs() < 1e-12, "outcomes sum to {total}");
            (PlayerId::CHANCE, chance_draw(&outcomes, &mut rng))
        } else {
            let legal = game.legal_actions(&state, active[0]);
            (active[0], legal[rng.below(legal.len())])
        };
        state = game.apply_cloned(&state, player, &action).unwrap();
    }
    assert_eq!(chance_nodes, 20, "random play met too few dice rolls");
}

fn play(game: &Game, cells: &[i32]) -> State {
    let mut state = game.new_initial_state(0);
    for (i, &cell) in cells.iter().enumerate() {
        state = game
            .apply_cloned(&state, PlayerId::seat(i % 2), &cell)
            .unwrap_or_else(|e| panic!("move {i} ({cell}): {e}"));
    }
    state
}

#[test]
fn tictactoe_three_in_a_row_wins_and_a_full_board_draws() {
    let game = Game::new("tictactoe").unwrap();
    // X: 0 1 2 (the top row), O: 3 4.
    let won = play(&game, &[0, 3, 1, 4, 2]);
    assert!(game.is_terminal(&won));
    assert_eq!((game.reward(&won, PlayerId::seat(0)), game.reward(&won, PlayerId::seat(1))), (1.0, -1.0));
    assert_eq!(game.step_reward(&won, PlayerId::seat(0)), 1.0, "the reward comes with the final move");
    // X X O / O O X / X X O... a full board with no line: X 0 2 3 7 8, O 1 4 5 6.
    let drawn = play(&game, &[0, 1, 2, 4, 3, 5, 7, 6, 8]);
    assert!(game.is_terminal(&drawn));
    assert_eq!((game.reward(&drawn, PlayerId::seat(0)), game.reward(&drawn, PlayerId::seat(1))), (0.0, 0.0));
    // Before the end nobody has a reward and O is to move after X.
    let opening = play(&game, &[4]);
    assert_eq!(game.active_players(&opening), vec![PlayerId::seat(1)]);
    assert_eq!(game.reward(&opening, PlayerId::seat(0)), 0.0);
    assert!(!game.is_legal(&opening, PlayerId::seat(1), &4), "an occupied cell is not legal");
    assert!(matches!(game.apply_cloned(&opening, PlayerId::seat(1), &4), Err(Error::IllegalAction(_))));
    assert!(matches!(game.apply_cloned(&opening, PlayerId::seat(0), &0), Err(Error::NotActive(_))));
}

#[test]
fn misere_tictactoe_three_in_a_row_loses() {
    let game = Game::new("tictactoe(misere=true)").unwrap();
    let lost = play(&game, &[0, 3, 1, 4, 2]);
    assert_eq!((game.reward(&lost, PlayerId::seat(0)), game.reward(&lost, PlayerId::seat(1))), (-1.0, 1.0));
}

#[test]
fn views_show_each_seat_what_it_may_see() {
    let game = Game::new("tictactoe").unwrap();
    let state = play(&game, &[4, 0]);
    let public = game.view(&state, None);
    assert!(public.starts_with('{') && public.ends_with('}'), "view JSON: {public}");
    assert!(public.contains("\"board\""), "tictactoe's view has a board: {public}");
    assert_eq!(public, game.view(&state, Some(PlayerId::seat(0))), "tictactoe hides nothing");
    // Catan hides hands: a seat's view differs from the spectator's.
    let catan = Game::new("catan(players=2)").unwrap();
    let mut s = catan.new_initial_state(3);
    let mut rng = Rng(1);
    while s.move_number() < 60 {
        let p = catan.active_players(&s)[0];
        let legal = catan.legal_actions(&s, p);
        catan.apply(&mut s, p, &legal[rng.below(legal.len())]);
    }
    assert_ne!(catan.view(&s, None), catan.view(&s, Some(PlayerId::seat(0))));
}

#[test]
fn trait_apply_panics_on_an_illegal_move_and_leaves_the_state() {
    let game = Game::new("tictactoe").unwrap();
    let state = play(&game, &[4]);
    let before = state.snapshot();
    let mut target = state.clone();
    let result =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| game.apply(&mut target, PlayerId::seat(1), &4)));
    let message = *result.expect_err("apply of an occupied cell must panic").downcast::<String>().unwrap();
    assert!(message.contains("MEEPLE_ERR_ILLEGAL_ACTION"), "{message}");
    assert_eq!(target.snapshot(), before);
}

/// A game of the crate's test alone, to check the trait's provided methods: a pile of
/// `n` stones, players alternate taking 1 or 2, whoever takes the last stone wins.
struct Nim(u32);

#[derive(Clone, Debug, PartialEq)]
struct Pile {
    left: u32,
    to_move: usize,
}

impl TurnGame for Nim {
    type State = Pile;
    type Action = u32;
    type View = u32;
    fn new_initial_state(&self, _seed: u64) -> Pile {
        Pile { left: self.0, to_move: 0 }
    }
    fn num_players(&self) -> usize {
        2
    }
    fn active_players(&self, s: &Pile) -> Vec<PlayerId> {
        if s.left == 0 {
            vec![]
        } else {
            vec![PlayerId::seat(s.to_move)]
        }
    }
    fn legal_actions(&self, s: &Pile, p: PlayerId) -> Vec<u32> {
        if self.active_players(s) != [p] {
            return vec![];
        }
        (1..=s.left.min(2)).collect()
    }
    fn apply(&self, s: &mut Pile, _p: PlayerId, a: &u32) {
        s.left -= a;
        s.to_move = 1 - s.to_move;
    }
    fn is_terminal(&self, s: &Pile) -> bool {
        s.left == 0
    }
    fn reward(&self, s: &Pile, p: PlayerId) -> f64 {
        match (s.left, p.index()) {
            (0, Some(i)) if i != s.to_move => 1.0,
            (0, Some(_)) => -1.0,
            _ => 0.0,
        }
    }
    fn view(&self, s: &Pile, _p: Option<PlayerId>) -> u32 {
        s.left
    }
}

#[test]
fn the_provided_methods_check_moves_and_give_sparse_rewards() {
    let nim = Nim(3);
    let s = nim.new_initial_state(0);
    assert!(nim.chance_outcomes(&s).is_empty());
    assert!(nim.is_legal(&s, PlayerId::seat(0), &2));
    assert!(!nim.is_legal(&s, PlayerId::seat(1), &1));
    assert!(matches!(nim.apply_cloned(&s, PlayerId::seat(1), &1), Err(Error::NotActive(_))));
    assert!(matches!(nim.apply_cloned(&s, PlayerId::seat(0), &3), Err(Error::IllegalAction(_))));
    let s1 = nim.apply_cloned(&s, PlayerId::seat(0), &2).unwrap();
    assert_eq!(s, Pile { left: 3, to_move: 0 }, "apply_cloned left the original");
    assert_eq!(nim.step_reward(&s1, PlayerId::seat(0)), 0.0);
    let end = nim.apply_cloned(&s1, PlayerId::seat(1), &1).unwrap();
    assert_eq!(nim.step_reward(&end, PlayerId::seat(1)), 1.0, "seat 1 took the last stone");
    assert_eq!(nim.step_reward(&end, PlayerId::seat(0)), -1.0);
    assert!(matches!(nim.apply_cloned(&end, PlayerId::seat(0), &1), Err(Error::NotActive(_))));
}

/// `State` is `Send` (it moves to another thread) and not `Sync` (shared references
/// cannot cross threads): the second is checked at compile time by an impl that would
/// be ambiguous for a `Sync` type.
#[test]
fn states_are_send_and_not_sync() {
    trait AmbiguousIfSync<A> {
        fn check() {}
    }
    impl<T: ?Sized> AmbiguousIfSync<()> for T {}
    #[allow(dead_code)]
    struct IsSync;
    impl<T: ?Sized + Sync> AmbiguousIfSync<IsSync> for T {}
    <State as AmbiguousIfSync<_>>::check();

    fn send<T: Send>(_: &T) {}
    let game = Game::new("tictactoe").unwrap();
    let mut state = game.new_state(0).unwrap();
    send(&state);
    let moved = std::thread::spawn(move || {
        state.apply(PlayerId::seat(0), 4).unwrap();
        state
    })
    .join()
    .unwrap();
    assert_eq!(moved.move_number(), 1);
}
