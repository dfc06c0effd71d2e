//! The quantised net's unit tests: old formats, fewer inputs, heads, buckets and the squared units' bounds.

use super::output_layer::squared_dot;
use super::*;
use crate::codec::Writer;
use crate::rng::Rng;
use crate::value::features::INPUTS;
use crate::value::Accumulator;

/// A net with small random weights and `buckets` output buckets.
pub(crate) fn random_net(hidden: usize, buckets: usize, seed: u64) -> ValueNet {
    let mut rng = Rng::new(seed);
    let mut small = |n: usize, limit: u32| -> Vec<i16> {
        (0..n).map(|_| (rng.below(2 * limit + 1) as i32 - limit as i32) as i16).collect()
    };
    // Output weights small enough that no output saturates the sigmoid's `f32`.
    let (w1, b1, w2) = (small(INPUTS * hidden, 127), small(hidden, 200), small(hidden * buckets, 40));
    ValueNet::new(
        hidden,
        w1,
        b1,
        SecondLayer::default(),
        w2,
        (0..buckets as i32).map(|k| 1000 * k - 1500).collect(),
    )
    .unwrap()
}

/// A random game's positions, closed boards and all.
fn positions(seed: u64) -> Vec<Board> {
    let (mut rng, mut board, mut out) = (Rng::new(seed), Board::new(), Vec::new());
    while let Some(m) = board.random_move(&mut rng) {
        board.play(m);
        out.push(board);
    }
    out
}

#[test]
fn a_version_1_net_reads_as_one_bucket() {
    let net = random_net(16, 1, 3);
    // Version 1's layout: no bucket count, one output bias.
    let mut w = Writer::default();
    [1, INPUTS as i64, 16].iter().for_each(|&v| w.put(v, 16));
    // Its sections: w1 in rows of 16, b1, an empty second layer (weights, biases), w2, b2.
    w.section(16);
    net.first_layer.weights.iter().for_each(|&v| w.put(v as i64, 8));
    w.section(0);
    net.first_layer.biases.iter().for_each(|&v| w.put(v as i64, 16));
    [16, 0, 16].iter().for_each(|&stride| w.section(stride));
    net.output_layer.weights.iter().for_each(|&v| w.put(v as i64, 16));
    w.section(0);
    w.put(net.output_layer.biases[0] as i64, 32);
    let old = ValueNet::decode(&w.finish()).unwrap();
    assert_eq!(old.buckets(), 1);
    // Its scale was half `QA`: it reads as the net with its first layer and biases doubled.
    let (w1, b1, second, w2, b2) = net.parts();
    let doubled = |v: &[i16]| v.iter().map(|&x| 2 * x).collect();
    let b2 = b2.iter().map(|&x| 2 * x).collect();
    let same = ValueNet::new(16, doubled(w1), doubled(b1), second.clone(), w2.to_vec(), b2).unwrap();
    assert_eq!(old.parts(), same.parts());
    for board in positions(5) {
        assert_eq!(old.evaluate(&board), same.evaluate(&board));
    }
}

#[test]
fn a_net_with_fewer_inputs_reads_the_later_features_with_zero_weights() {
    let full = random_net(16, 2, 6);
    let net = full.clone().with_inputs(200);
    let text = net.encode();
    assert!(text.chars().count() < full.encode().chars().count(), "the later columns are not written");
    let back = ValueNet::decode(&text).unwrap();
    assert_eq!((back.inputs(), back.encode()), (200, text));
    assert!(back.column(199) == full.column(199) && back.column(200).iter().all(|&w| w == 0));
    let boards: Vec<Board> = (0..5).flat_map(positions).collect();
    boards.iter().for_each(|board| assert_eq!(back.evaluate(board), net.evaluate(board)));
    assert!(boards.iter().any(|board| back.evaluate(board) != full.evaluate(board)));
}

#[test]
fn a_head_is_valued_from_the_same_hidden_units() {
    let net = random_net(64, 4, 8);
    let other = random_net(64, 4, 9);
    let (w2, b2) = (other.output_layer.weights.clone(), other.output_layer.biases.clone());
    let head = net.with_output(w2, b2).unwrap();
    assert!(net.shares_hidden_layers(&head) && !net.shares_hidden_layers(&other));
    let boards: Vec<Board> = (0..5).flat_map(positions).filter(|b| !b.is_over()).collect();
    for board in &boards {
        assert_eq!(net.evaluate_pair(board, &head), (net.evaluate(board), head.evaluate(board)));
    }
    assert!(boards.iter().any(|b| head.evaluate(b) != net.evaluate(b)), "the head's output is its own");
}

#[test]
fn squared_units_are_refused_where_their_sums_could_overflow() {
    let net = random_net(16, 2, 3);
    assert!(net.clone().with_squared_units(true).is_ok());
    let deep = SecondLayer { width: 8, weights: vec![1; 8 * 16], biases: vec![0; 8] };
    let two_layers = ValueNet::new(
        16,
        net.first_layer.weights.clone(),
        net.first_layer.biases.clone(),
        deep,
        vec![0; 16],
        vec![0; 2],
    );
    assert!(two_layers.unwrap().with_squared_units(true).is_err());
    let limit = output_weight_limit(16, true);
    let heavy = net.with_output(vec![limit as i16 + 1; 32], vec![0; 2]).unwrap();
    assert!(heavy.with_squared_units(true).is_err());
    // The largest allowed weights on fully active units still sum within `i32`.
    let units = [QA as i16; 16];
    let sum = squared_dot(&units, &[limit as i16; 16]) as i64;
    assert_eq!(sum, 16 * (QA * QA * limit) as i64);
    // Text that says "squared" for a two-layer net, or an unknown activation, is refused.
    let mut w = Writer::default();
    [4, INPUTS as i64, 16, 2, 0, 2].iter().for_each(|&v| w.put(v, 16));
    assert!(ValueNet::decode(&w.finish()).unwrap_err().contains("activation"));
}

#[test]
fn each_phase_is_valued_by_its_own_bucket() {
    let net = random_net(16, 4, 4);
    let (mut seen, mut positions_seen, mut same_elsewhere) = ([false; 4], 0, 0);
    for seed in 0..20 {
        for board in positions(seed) {
            let k = net.bucket(&board);
            seen[k] = true;
            assert_eq!(k, (board.closed_boards().count_ones() as usize / 2).min(3));
            let mut acc = Accumulator::default();
            acc.refresh(&net, &board);
            let me = acc.side(board.side_to_move());
            assert_eq!(net.evaluate(&board), net.output(me, k));
            positions_seen += 1;
            same_elsewhere += (0..4).any(|j| j != k && net.output(me, j) == net.output(me, k)) as usize;
        }
    }
    assert_eq!(seen, [true; 4], "some phase never reached");
    // The other buckets' output weights give other values: the bucket is really used. (Two buckets'
    // rounded outputs may meet by chance at a rare position.)
    assert!(same_elsewhere * 100 <= positions_seen, "{same_elsewhere} of {positions_seen} positions");
}

#[test]
fn next_board_buckets_follow_the_forced_board_and_survive_their_text() {
    let net = random_net(16, 20, 8);
    let back = ValueNet::decode(&net.encode()).unwrap();
    assert_eq!(back.shape(), net.shape());
    let mut seen = [false; 20];
    for seed in 0..20 {
        for board in positions(seed).into_iter().filter(|b| !b.is_over()) {
            let k = back.bucket(&board);
            seen[k] = true;
            let phase = (board.closed_boards().count_ones() as usize / 2).min(1);
            assert_eq!(k, 10 * phase + board.forced_board().unwrap_or(9));
            assert_eq!(back.evaluate(&board), net.evaluate(&board));
        }
    }
    assert!(seen.iter().filter(|&&s| s).count() >= 18, "the buckets are reached: {seen:?}");
}

#[test]
fn a_coarser_first_layer_is_stored_divided_by_its_step_and_read_back_whole() {
    let net = random_net(16, 2, 5);
    let (w1, b1, second, w2, b2) = net.parts();
    let even: Vec<i16> = w1.iter().map(|&w| w / 2 * 2).collect();
    let make =
        |w1: Vec<i16>| ValueNet::new(16, w1, b1.to_vec(), second.clone(), w2.to_vec(), b2.to_vec()).unwrap();
    assert!(make(w1.to_vec()).with_first_layer_step(2).is_err(), "odd weights are not multiples of 2");
    let plain = make(even.clone());
    let stepped = make(even).with_first_layer_step(2).unwrap();
    let text = stepped.encode();
    let back = ValueNet::decode(&text).unwrap();
    assert_eq!(back.first_layer_step(), 2);
    assert_eq!(back.parts().0, stepped.parts().0, "the weights come back multiplied");
    assert!(back.shares_hidden_layers(&plain));
    for board in positions(6) {
        assert_eq!(back.evaluate(&board), plain.evaluate(&board));
    }
    // Halved values cost fewer bits than the same weights at step 1.
    assert!(text.len() < plain.encode().len(), "{} against {}", text.len(), plain.encode().len());
    // A step out of range is refused.
    assert!(stepped.clone().with_first_layer_step(0).is_err());
    assert!(stepped.with_first_layer_step(16).is_err());
}

#[test]
fn a_unit_whose_sum_could_overflow_the_accumulator_is_refused() {
    let net = random_net(16, 1, 7);
    let (w1, b1, second, w2, b2) = net.parts();
    let with_unit_3 = |heavy_features: usize| {
        let mut w1 = w1.to_vec();
        (0..INPUTS).for_each(|f| w1[f * 16 + 3] = if f < heavy_features { W1_LIMIT } else { 0 });
        ValueNet::new(16, w1, vec![0; 16], second.clone(), w2.to_vec(), b2.to_vec())
    };
    // 128 of the largest weights sum to 32,640, within `i16`; `MAX_ACTIVE` of them would not.
    assert!(with_unit_3(128).is_ok());
    let err = with_unit_3(INPUTS).unwrap_err();
    assert!(err.contains("unit 3"), "{err}");
    assert!(ValueNet::new(16, w1.to_vec(), b1.to_vec(), second.clone(), w2.to_vec(), b2.to_vec()).is_ok());
}
