//! Whether the search may run its copy compiled for x86-64-v3 (AVX2, BMI1/2, LZCNT, POPCNT, FMA).
//!
//! The arena compiles the bundle for baseline x86-64 (SSE2), but its machines have these instructions, as
//! do most x86-64 processors since 2015. `Search::search_wide` is the search loop compiled for them, every
//! function of an iteration inlined into it; the same game ran in 0.84× the instructions
//! (docs/performance.md, "Wide instructions"). They are checked at run time, once when a search is made,
//! so the same file still runs, on the baseline copy, where one is missing. The two copies make the same
//! moves: no float is fused into a multiply-add unless the code asks for one, and integer lanes wrap the
//! same at any width (a test compares them, `mcts/tests.rs`).

/// True when the processor has every feature of `Search::search_wide` (std caches the answer); never
/// on other processors, which have no wide copy.
pub fn wide_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    return std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("fma");
    #[cfg(not(target_arch = "x86_64"))]
    false
}
