//! Placeholder referee loop (random legal moves) until the search lands.
pub fn main(_args: &[String]) -> i32 {
    0
}
