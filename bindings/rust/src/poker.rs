//! Poker: card parsing, hand evaluation, showdowns and equity (Hold'em and PLO).
//!
//! Cards are ids 0..51 (`suit * 13 + rank - 2`, suits c d h s); a set of cards is a
//! `u64` mask with bit `id` set. Hand values run 1..=7462, higher wins.

use std::ptr;

use crate::buffer::{c_string, fill, fill_string};
use crate::control::Control;
use crate::error::{check, Error, Result};
use crate::sys;

/// Which game's hand rules apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Two hole cards, the best five of hole cards and board.
    Holdem,
    /// Four hole cards, exactly two of them with exactly three of the board.
    Plo,
}

impl Variant {
    fn code(self) -> i32 {
        match self {
            Variant::Holdem => sys::MEEPLE_POKER_HOLDEM,
            Variant::Plo => sys::MEEPLE_POKER_PLO,
        }
    }
}

/// Hand categories, from the lowest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    HighCard,
    OnePair,
    TwoPair,
    ThreeOfAKind,
    Straight,
    Flush,
    FullHouse,
    FourOfAKind,
    StraightFlush,
}

impl Category {
    fn from_code(code: i32) -> Result<Category> {
        Ok(match code {
            sys::MEEPLE_POKER_HIGH_CARD => Category::HighCard,
            sys::MEEPLE_POKER_ONE_PAIR => Category::OnePair,
            sys::MEEPLE_POKER_TWO_PAIR => Category::TwoPair,
            sys::MEEPLE_POKER_THREE_OF_A_KIND => Category::ThreeOfAKind,
            sys::MEEPLE_POKER_STRAIGHT => Category::Straight,
            sys::MEEPLE_POKER_FLUSH => Category::Flush,
            sys::MEEPLE_POKER_FULL_HOUSE => Category::FullHouse,
            sys::MEEPLE_POKER_FOUR_OF_A_KIND => Category::FourOfAKind,
            sys::MEEPLE_POKER_STRAIGHT_FLUSH => Category::StraightFlush,
            other => return Err(Error::Internal(format!("unknown hand category {other}"))),
        })
    }
}

/// Card ids in text order: "AsKs Qd", "as,ks", "10s Jh", suit symbols too.
pub fn parse_cards(text: &str) -> Result<Vec<i32>> {
    let text = c_string("the card text", text)?;
    let mut out = Vec::with_capacity(8);
    // SAFETY: query-then-fill with a valid C string.
    fill(&mut out, 0, |p, cap, len| unsafe { sys::meeple_poker_parse_cards(text.as_ptr(), p, cap, len) })?;
    Ok(out)
}

/// The set of the cards in `text`.
pub fn parse_mask(text: &str) -> Result<u64> {
    let text = c_string("the card text", text)?;
    let mut mask = 0;
    // SAFETY: a valid C string and out-pointer.
    check(unsafe { sys::meeple_poker_parse_mask(text.as_ptr(), &mut mask) })?;
    Ok(mask)
}

/// The cards of a mask as text, highest rank first ("As Ah Kd").
pub fn format_mask(mask: u64) -> Result<String> {
    // SAFETY: query-then-fill.
    fill_string(|p, cap, len| unsafe { sys::meeple_poker_format_mask(mask, p, cap, len) })
}

/// The cards not in `removed`, shuffled by a generator seeded from `seed`.
pub fn deal(seed: u64, removed: u64) -> Result<Vec<i32>> {
    let mut out = Vec::with_capacity(52);
    // SAFETY: query-then-fill.
    fill(&mut out, 0, |p, cap, len| unsafe { sys::meeple_poker_deal(seed, removed, p, cap, len) })?;
    Ok(out)
}

/// The value of the best five of the 5, 6 or 7 cards in `mask`.
pub fn evaluate(mask: u64) -> Result<u32> {
    let mut value = 0;
    // SAFETY: an out-pointer.
    check(unsafe { sys::meeple_poker_evaluate(mask, &mut value) })?;
    Ok(value)
}

/// The value of `hole` on `board` (3 to 5 cards) under `variant`'s rules.
pub fn evaluate_hand(variant: Variant, hole: u64, board: u64) -> Result<u32> {
    let mut value = 0;
    // SAFETY: an out-pointer.
    check(unsafe { sys::meeple_poker_evaluate_hand(variant.code(), hole, board, &mut value) })?;
    Ok(value)
}

/// The category of a value.
pub fn category(value: u32) -> Result<Category> {
    let mut code = 0;
    // SAFETY: an out-pointer.
    check(unsafe { sys::meeple_poker_value_category(value, &mut code) })?;
    Category::from_code(code)
}

/// The tie-break ranks (2..14) of a value, most significant first.
pub fn value_ranks(value: u32) -> Result<Vec<i32>> {
    let mut out = Vec::with_capacity(5);
    // SAFETY: query-then-fill.
    fill(&mut out, 0, |p, cap, len| unsafe { sys::meeple_poker_value_ranks(value, p, cap, len) })?;
    Ok(out)
}

/// A value in words ("Full House, aces full of kings").
pub fn describe(value: u32) -> Result<String> {
    // SAFETY: query-then-fill.
    fill_string(|p, cap, len| unsafe { sys::meeple_poker_describe(value, p, cap, len) })
}

/// The result of a showdown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Showdown {
    /// Every hand's value, in seat order.
    pub values: Vec<u32>,
    /// The seats holding the best hand, in increasing order (several on a split pot).
    pub winners: Vec<usize>,
}

/// Showdown of `holes` (one mask a seat) on a five-card board.
pub fn showdown(variant: Variant, holes: &[u64], board: u64) -> Result<Showdown> {
    let mut values = vec![0u32; holes.len()];
    let mut winners = vec![0i32; holes.len()];
    let mut len = 0;
    // SAFETY: arrays of holes.len() entries, the capacity that always suffices.
    check(unsafe {
        sys::meeple_poker_showdown(
            variant.code(),
            holes.as_ptr(),
            holes.len(),
            board,
            values.as_mut_ptr(),
            winners.as_mut_ptr(),
            winners.len(),
            &mut len,
        )
    })?;
    winners.truncate(len);
    Ok(Showdown { values, winners: winners.into_iter().map(|w| w as usize).collect() })
}

fn same_length(what: &str, got: usize, need: usize) -> Result<()> {
    if got == need {
        Ok(())
    } else {
        Err(Error::InvalidArgument(format!("{what} holds {got} entries; it must hold {need}, one an input")))
    }
}

/// Values of `masks` (5 to 7 cards each) into `out` (the same length), on `threads`
/// threads (0: one per hardware thread). Nothing is written on an error.
pub fn evaluate_batch(masks: &[u64], threads: i32, out: &mut [u32]) -> Result<()> {
    same_length("the output", out.len(), masks.len())?;
    // SAFETY: slices of equal lengths.
    check(unsafe { sys::meeple_poker_evaluate_batch(masks.as_ptr(), masks.len(), threads, out.as_mut_ptr()) })
}

/// Values of hands given as card ids (suit * 13 + rank - 2), `cards_per_hand` (5 to 7)
/// to a hand, one after another in `ids`, into `out` (one value a hand). Nothing is
/// written on an error.
pub fn evaluate_ids_batch(ids: &[u8], cards_per_hand: usize, threads: i32, out: &mut [u32]) -> Result<()> {
    if !(5..=7).contains(&cards_per_hand) || ids.len() % cards_per_hand != 0 {
        return Err(Error::InvalidArgument(format!(
            "{} ids in hands of {cards_per_hand}; a hand holds 5, 6 or 7 ids and the ids fill whole hands",
            ids.len()
        )));
    }
    let n = ids.len() / cards_per_hand;
    same_length("the output", out.len(), n)?;
    // SAFETY: ids holds n * cards_per_hand bytes and out n values.
    check(unsafe { sys::meeple_poker_evaluate_ids_batch(ids.as_ptr(), n, cards_per_hand, threads, out.as_mut_ptr()) })
}

/// Values of `holes[i]` on `boards[i]` into `out[i]`.
pub fn evaluate_hand_batch(
    variant: Variant,
    holes: &[u64],
    boards: &[u64],
    threads: i32,
    out: &mut [u32],
) -> Result<()> {
    same_length("boards", boards.len(), holes.len())?;
    same_length("the output", out.len(), holes.len())?;
    // SAFETY: slices of equal lengths.
    check(unsafe {
        sys::meeple_poker_evaluate_hand_batch(
            variant.code(),
            holes.as_ptr(),
            boards.as_ptr(),
            holes.len(),
            threads,
            out.as_mut_ptr(),
        )
    })
}

/// The number of boards an exact equity run of these hands would enumerate.
pub fn count_boards(variant: Variant, hands: &[u64], board: u64, dead: u64) -> Result<u64> {
    let mut count = 0;
    // SAFETY: a slice and its length, an out-pointer.
    check(unsafe {
        sys::meeple_poker_count_boards(variant.code(), hands.as_ptr(), hands.len(), board, dead, &mut count)
    })?;
    Ok(count)
}

/// How an equity is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EquityMode {
    /// Every remaining board.
    Exact,
    /// `trials` random boards from generators seeded by `seed` (the same results at
    /// every thread count).
    MonteCarlo { trials: u64, seed: u64 },
}

/// Equity of each hand.
#[derive(Clone, Debug, PartialEq)]
pub struct Equity {
    /// Probability of winning the whole pot.
    pub win: Vec<f64>,
    /// Probability of splitting it.
    pub tie: Vec<f64>,
    /// Expected share of the pot (the shares sum to one).
    pub equity: Vec<f64>,
    /// Standard error of `equity` (zeros when exact).
    pub stderr: Vec<f64>,
    /// Boards enumerated or trials drawn.
    pub count: u64,
}

/// Equity of known `hands` on a partial `board` with `dead` cards out of the deck.
/// `control` may cancel the call from another thread (`Error::Cancelled`) and shows
/// its progress in boards or trials.
pub fn equity(
    variant: Variant,
    hands: &[u64],
    board: u64,
    dead: u64,
    mode: EquityMode,
    threads: i32,
    control: Option<&Control>,
) -> Result<Equity> {
    let n = hands.len();
    let (mode, trials, seed) = match mode {
        EquityMode::Exact => (sys::MEEPLE_POKER_EQUITY_EXACT, 0, 0),
        EquityMode::MonteCarlo { trials, seed } => (sys::MEEPLE_POKER_EQUITY_MONTE_CARLO, trials, seed),
    };
    let mut result =
        Equity { win: vec![0.0; n], tie: vec![0.0; n], equity: vec![0.0; n], stderr: vec![0.0; n], count: 0 };
    // SAFETY: four arrays of hands.len() entries; the control block is shared with
    // other threads through its atomics only.
    check(unsafe {
        sys::meeple_poker_equity(
            variant.code(),
            hands.as_ptr(),
            n,
            board,
            dead,
            mode,
            trials,
            seed,
            threads,
            result.win.as_mut_ptr(),
            result.tie.as_mut_ptr(),
            result.equity.as_mut_ptr(),
            result.stderr.as_mut_ptr(),
            &mut result.count,
            control.map_or(ptr::null_mut(), Control::as_ptr),
        )
    })?;
    Ok(result)
}
