//! The trainer's backpropagation against finite differences.

use super::auxiliary::AUX_OUTPUTS;
use super::examples::example;
use super::*;
use crate::board::Board;

/// The positions of one random game, each with an arbitrary target.
fn batch(seed: u64, buckets: usize) -> Vec<Example> {
    let (mut rng, mut board, mut out) = (Rng::new(seed), Board::new(), Vec::new());
    while let Some(m) = board.random_move(&mut rng) {
        board.play(m);
        out.push(example(&board, (out.len() % 5) as f32 / 4.0, INPUTS, buckets));
    }
    out
}

/// Asserts that `analytic`, the gradient's entry for parameter `k` of `net`, is the slope of `loss` there
/// (a central difference), where the loss has one: returns false, asserting nothing, where a unit's clip
/// lies within the step (the slopes on the two sides differ), as a random net's may at a random position.
fn assert_slope(
    net: &FloatNet,
    k: usize,
    analytic: f32,
    loss: impl Fn(&FloatNet) -> f64,
    what: &str,
) -> bool {
    let eps = 1e-3;
    let (mut plus, mut minus) = (net.clone(), net.clone());
    *plus.parameters_mut().nth(k).unwrap() += eps;
    *minus.parameters_mut().nth(k).unwrap() -= eps;
    let (above, here, below) = (loss(&plus), loss(net), loss(&minus));
    let (right, left) = ((above - here) / eps as f64, (here - below) / eps as f64);
    if (right - left).abs() > 0.01 + 0.05 * right.abs() {
        return false;
    }
    let numeric = (above - below) / (2.0 * eps as f64);
    let analytic = analytic as f64;
    assert!(
        (numeric - analytic).abs() < 0.02 + 0.05 * analytic.abs(),
        "parameter {k} ({what}): numeric {numeric}, analytic {analytic}"
    );
    true
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
        let total = gradient(&net, None, &samples, &mut grad).0;
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
            if assert_slope(&net, k, grad[k], loss, &format!("second layer {hidden2}")) {
                checked[(k >= w1_end) as usize + (k >= wm_end) as usize] += 1;
            }
        }
        assert!(checked[0] > 5 && checked[2] > 2, "too few parameters checked: {checked:?}");
        assert!(hidden2 == 0 || checked[1] > 5, "second layer not checked: {checked:?}");
    }
}

/// With the auxiliary head, the first layer's gradient is that of the value's loss and the head's
/// together, and differs from the value's alone.
#[test]
fn the_auxiliary_heads_gradient_reaches_the_first_layer() {
    let net = FloatNet { squared: true, ..FloatNet::random(16, 0, 2, 7) };
    let head = AuxHead::random(16, 5);
    let mut samples = batch(3, 2);
    for (k, s) in samples.iter_mut().enumerate() {
        s.aux = Some([(k % 3) as f32 / 2.0; AUX_OUTPUTS]);
    }
    let size = net.parameters() + head.parameters();
    let both = |net: &FloatNet, grad: &mut [f32]| {
        let (value, aux) = gradient(net, Some((&head, 0.7)), &samples, grad);
        value + aux
    };
    let loss = |net: &FloatNet| both(net, &mut vec![0.0; size]);
    let mut grad = vec![0.0; size];
    assert!(both(&net, &mut grad) > loss_of_value_alone(&net, &samples));
    let mut value_alone = vec![0.0; net.parameters()];
    gradient(&net, None, &samples, &mut value_alone);
    let (mut rng, mut checked, mut differs) = (Rng::new(2), 0, 0);
    for _ in 0..300 {
        let k = rng.below((net.w1.len() + net.b1.len()) as u32) as usize;
        if grad[k].abs() < 1e-3 {
            continue;
        }
        if !assert_slope(&net, k, grad[k], loss, "with the auxiliary head") {
            continue;
        }
        checked += 1;
        differs += ((grad[k] - value_alone[k]).abs() > 1e-4) as usize;
    }
    assert!(
        checked > 5 && differs * 2 > checked,
        "{differs} of {checked} first-layer weights moved by the head"
    );
}

/// The value's summed loss over `samples`.
fn loss_of_value_alone(net: &FloatNet, samples: &[Example]) -> f64 {
    samples.iter().map(|s| cross_entropy(net.predict(&s.features, s.bucket as usize), s.target)).sum()
}

/// `quantise` with a first-layer step rounds each first-layer weight to the nearest multiple of the step
/// (in the quantised scale, within ±`W1_LIMIT`) and leaves the other layers as at step 1.
#[test]
fn a_first_layer_step_rounds_to_its_multiples() {
    let mut net = FloatNet::random(16, 0, 2, 9);
    net.w1[0] = 10.0; // far beyond the range: clamped to the largest multiple within it
    let fine = net.quantise();
    let coarse = FloatNet { w1_step: 4, ..net.clone() }.quantise();
    assert_eq!(coarse.first_layer_step(), 4);
    let (fine_w1, coarse_w1) = (fine.parts().0, coarse.parts().0);
    assert_eq!(coarse_w1[0], crate::value::network::W1_LIMIT / 4 * 4);
    for (k, &w) in net.w1.iter().enumerate().skip(1) {
        let exact = w * crate::value::network::QA as f32;
        assert_eq!(coarse_w1[k] % 4, 0);
        assert!((coarse_w1[k] as f32 - exact).abs() <= 2.0 + 1e-3, "{} for {exact}", coarse_w1[k]);
        assert!((fine_w1[k] as f32 - exact).abs() <= 0.5 + 1e-3);
    }
    assert_eq!(fine.parts().3, coarse.parts().3, "the output layer is untouched");
}

/// A unit whose weights could overflow the quantised accumulator is scaled down, and only it.
#[test]
fn a_unit_that_could_overflow_the_accumulator_is_shrunk_until_it_quantises() {
    let inputs = crate::value::features::INPUTS;
    let mut net = FloatNet::random(16, 0, 1, 4);
    (0..inputs).for_each(|f| net.w1[f * 16 + 2] = 1.9);
    let before = net.clone();
    net.clamp_to_quantisable();
    let (active, qa) = (crate::value::features::MAX_ACTIVE as f32, crate::value::network::QA as f32);
    let worst = active * net.w1[2] + net.b1[2].abs();
    assert!(net.w1[2] < 1.9 && worst <= i16::MAX as f32 / qa, "{} {worst}", net.w1[2]);
    assert!(active * 1.9 + before.b1[2].abs() > i16::MAX as f32 / qa, "the unit was beyond the limit");
    assert!((0..inputs).all(|f| net.w1[f * 16 + 2] == net.w1[2]), "the unit is scaled as a whole");
    let others = |n: &FloatNet| {
        n.w1.iter().enumerate().filter(|(i, _)| i % 16 != 2).map(|(_, &w)| w).collect::<Vec<_>>()
    };
    assert_eq!(others(&net), others(&before));
    // It quantises (`quantise` panics on a net the accumulator could not hold).
    net.quantise();
}

/// A widened net values every position as the net it grew from, and its new units can learn: their
/// output weights get a gradient at once.
#[test]
fn a_widened_net_starts_where_its_source_was() {
    let net = FloatNet { squared: true, ..FloatNet::random(16, 0, 2, 5) };
    let wide = net.widened(24, 9);
    assert_eq!((wide.hidden, wide.w1.len(), wide.w2.len()), (24, INPUTS * 24, 2 * 24));
    let samples = batch(4, 2);
    for s in &samples {
        let (a, b) =
            (net.predict(&s.features, s.bucket as usize), wide.predict(&s.features, s.bucket as usize));
        assert!((a - b).abs() < 1e-6, "{a} against {b}");
    }
    let mut grad = vec![0.0; wide.parameters()];
    gradient(&wide, None, &samples, &mut grad);
    let w2_start = wide.parameters() - wide.w2.len() - wide.b2.len();
    let new_output = (0..2).flat_map(|k| (16..24).map(move |i| w2_start + k * 24 + i));
    assert!(new_output.map(|p| grad[p].abs()).sum::<f32>() > 0.0, "the new units' outputs learn");
}

#[test]
fn the_trainer_makes_the_shipped_shape_unless_asked_otherwise() {
    let d = TrainConfig::default();
    assert_eq!(d.shape(), crate::value::network::SHIPPED);
    assert!(d.check().is_ok());
    let squared_two_layers = TrainConfig { hidden2: 8, ..TrainConfig::default() };
    assert!(squared_two_layers.check().unwrap_err().contains("--hidden2"));
    assert!(TrainConfig { squared: false, ..squared_two_layers }.check().is_ok());
}

/// A training entry is its record's game played under the entry's symmetry: the features, bucket and
/// target that the record's moves, each transformed, lead to.
#[test]
fn an_entry_reads_its_record_under_its_symmetry() {
    use crate::board::symmetry::{transform, SYMMETRIES};
    let mut rng = Rng::new(21);
    let mut records = Vec::new();
    let mut board = Board::new();
    while let Some(m) = board.random_move(&mut rng) {
        board.play(m);
        let moves = records.last().map_or(Vec::new(), |r: &ValueRecord| r.moves.clone());
        records.push(ValueRecord {
            game: 0,
            moves: [moves, vec![m]].concat(),
            result: Some(1.0),
            value: 0.25,
        });
    }
    records.pop(); // the finished game is no training position
    let (buckets, inputs) = (10, 200);
    let reading = Reading { symmetries: SYMMETRIES, inputs, buckets };
    let positions = positions(&records, 0.5);
    for (entry, (r, s)) in records.iter().flat_map(|r| (0..SYMMETRIES).map(move |s| (r, s))).enumerate() {
        let moves: Vec<_> = r.moves.iter().map(|&m| transform(m, s)).collect();
        let expected = example(&Board::from_moves(&moves).unwrap(), 0.625, inputs, buckets);
        let read = reading.example(&positions, entry as u32);
        assert_eq!((read.features, read.bucket, read.target), (expected.features, expected.bucket, 0.625));
    }
}
