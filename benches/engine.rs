//! Criterion benches of the engine: move generation, a random playout, perft.

// `criterion_group!` defines a public function that cannot carry a doc comment.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use uttt::playout;
use uttt::{Board, Rng};

/// A mid-game position reached by a fixed random line, so move generation has real work.
fn midgame() -> Board {
    let mut rng = Rng::new(42);
    let mut b = Board::new();
    for _ in 0..20 {
        let m = b.random_move(&mut rng).expect("game lasts 20 plies with this seed");
        b.play(m);
    }
    b
}

fn engine(c: &mut Criterion) {
    let empty = Board::new();
    let mid = midgame();
    c.bench_function("legal_moves/empty", |b| b.iter(|| black_box(&empty).legal_moves().len()));
    c.bench_function("legal_moves/midgame", |b| b.iter(|| black_box(&mid).legal_moves().len()));
    c.bench_function("count_moves/midgame", |b| b.iter(|| black_box(&mid).count_moves()));
    let mut rng = Rng::new(1);
    c.bench_function("random_playout/empty", |b| {
        b.iter(|| playout::uniform(&black_box(Board::new()), &mut rng))
    });
    c.bench_function("perft/5", |b| b.iter(|| black_box(&empty).perft(5)));
}

criterion_group!(benches, engine);
criterion_main!(benches);
