//! Asking the memory for a cache line ahead of its use: the mate search's
//! table is far larger than the caches, and a node looks up each of its
//! children in turn; asked for together, the lines arrive together
//! instead of one miss after another.
//!
//! The crate's one `unsafe` block is here.
#![allow(unsafe_code)]

/// Brings the cache line holding `*value` towards the first-level cache.
/// A hint only: nothing is read, and on targets without a prefetch
/// instruction it does nothing.
#[inline(always)]
pub(crate) fn prefetch<T>(value: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: `_mm_prefetch` needs SSE, part of every x86-64 target
        // (the baseline of the `x86_64` architecture), and it neither reads
        // nor writes memory: it is a hint that cannot fault, whatever the
        // address. Here the address is that of a live reference anyway.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(value).cast()) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = value;
}
