//! SplitMix64, the one small seeded generator of the workspace: the hash keys,
//! the search's root shuffle, the Tsuitate player's per-use seeds and the
//! tests' random playouts all draw from it.
//!
//! It is tiny, fast, has a fixed output for a seed on every machine, and needs
//! no dependency; it is not for cryptography. (Card shogi's deck uses ChaCha8
//! from `rand_chacha`, whose stream is specified too.)

/// SplitMix64 (Steele, Lea and Flood, 2014): each number is the finalizer
/// [`SplitMix::mix`] of a counter stepped by the golden-ratio constant.
///
/// ```
/// use shogi_core::rng::SplitMix;
/// let mut a = SplitMix(7);
/// let mut b = SplitMix(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// assert_eq!(a.pick::<u8>(&[]), None);
/// assert!([1, 2, 3].contains(&a.pick(&[1, 2, 3]).unwrap()));
/// // The first number of seed 0 is SplitMix64's published first output.
/// assert_eq!(SplitMix(0).next_u64(), 0xE220_A839_7B1D_CDAF);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix(pub u64);

impl SplitMix {
    /// The counter's step: the golden ratio in 64 bits.
    const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

    /// One step from `state`: the next state and the number it gives (the
    /// `const` form of [`SplitMix::next_u64`], for tables built at compile time).
    ///
    /// ```
    /// use shogi_core::rng::SplitMix;
    /// let (state, n) = SplitMix::step(0);
    /// assert_eq!(SplitMix(0).next_u64(), n);
    /// assert_eq!(SplitMix(state).next_u64(), SplitMix::step(state).1);
    /// ```
    #[inline]
    pub const fn step(state: u64) -> (u64, u64) {
        let state = state.wrapping_add(SplitMix::GAMMA);
        (state, SplitMix::mix(state))
    }

    /// The finalizer: a well-mixed 64-bit function of `z` (also a good hash
    /// of a seed and labels).
    ///
    /// ```
    /// use shogi_core::rng::SplitMix;
    /// assert_ne!(SplitMix::mix(1), SplitMix::mix(2));
    /// ```
    #[inline]
    pub const fn mix(mut z: u64) -> u64 {
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// The next number.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let (state, n) = SplitMix::step(self.0);
        self.0 = state;
        n
    }

    /// A number in `0..n` (by remainder: the bias is negligible for the small
    /// `n` of move lists); 0 when `n` is 0.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        if n == 0 {
            return 0;
        }
        (self.next_u64() % n) as usize
    }

    /// One of `items` at random, or `None` if there are none.
    #[inline]
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> Option<T> {
        if items.is_empty() {
            None
        } else {
            Some(items[self.below(items.len())])
        }
    }
}
