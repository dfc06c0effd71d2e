//! The trainer's backpropagation against finite differences.

use super::*;

/// The positions of one random game, each with an arbitrary target.
fn batch(seed: u64, buckets: usize) -> Vec<Sample> {
    let (mut rng, mut board, mut out) = (Rng::new(seed), Board::new(), Vec::new());
    while let Some(m) = board.random_move(&mut rng) {
        board.play(m);
        let mut features = Vec::new();
        active_features(&board, board.side_to_move(), |f| features.push(f as u16));
        let bucket = output_bucket(&board, buckets) as u8;
        out.push(Sample { features, bucket, target: (out.len() % 5) as f32 / 4.0 });
    }
    out
}

/// Backpropagation agrees with finite differences of the loss, in every layer, with and without a
/// second hidden layer, with clipped and with squared units.
#[test]
fn the_gradient_matches_finite_differences() {
    for (hidden2, squared) in [(0, false), (8, false), (0, true)] {
        let net = FloatNet { squared, ..FloatNet::random(16, hidden2, 2, 7) };
        let samples = batch(3, 2);
        let loss = |net: &FloatNet| -> f64 {
            samples.iter().map(|s| cross_entropy(net.predict(&s.features, s.bucket as usize), s.target)).sum()
        };
        let mut grad = vec![0.0; net.parameters()];
        let total = gradient(&net, &samples, &mut grad);
        assert!((total - loss(&net)).abs() < 1e-3, "the gradient's loss is the loss");
        // Layer boundaries in the layout, to check that every layer is tested.
        let w1_end = net.w1.len() + net.b1.len();
        let wm_end = w1_end + net.wm.len() + net.bm.len();
        let mut checked = [0; 3];
        // Every parameter after the first layer, and a random sample of the first layer's.
        let mut rng = Rng::new(11);
        let first_layer = (0..300).map(|_| rng.below(w1_end as u32) as usize);
        for k in first_layer.chain(w1_end..grad.len()) {
            if grad[k].abs() < 1e-3 {
                continue;
            }
            let eps = 1e-3;
            let (mut plus, mut minus) = (net.clone(), net.clone());
            *plus.parameters_mut().nth(k).unwrap() += eps;
            *minus.parameters_mut().nth(k).unwrap() -= eps;
            let numeric = (loss(&plus) - loss(&minus)) / (2.0 * eps as f64);
            let analytic = grad[k] as f64;
            assert!(
                (numeric - analytic).abs() < 0.02 + 0.05 * analytic.abs(),
                "parameter {k} (second layer {hidden2}): numeric {numeric}, analytic {analytic}"
            );
            checked[(k >= w1_end) as usize + (k >= wm_end) as usize] += 1;
        }
        assert!(checked[0] > 5 && checked[2] > 2, "too few parameters checked: {checked:?}");
        assert!(hidden2 == 0 || checked[1] > 5, "second layer not checked: {checked:?}");
    }
}
