//! The value net: incremental accumulator against recomputation, quantisation against the float net,
//! the weight text, and training that learns something.

use proptest::prelude::*;
use uttt::train::value::data::{run_shard, SelfPlay};
use uttt::train::value::fit::{train, FloatNet, TrainConfig};
use uttt::train::value::records::parse_complete;
use uttt::value::features::{active_features, INPUTS};
use uttt::value::{Accumulator, ValueNet};
use uttt::{Board, Move, Player};

/// A random net of `hidden` units, with 1 to 4 output buckets and a second hidden layer of 0, 8 or 16
/// units, by seed; one-layer nets of odd seeds square their units.
fn random_net(hidden: usize, seed: u64) -> ValueNet {
    let hidden2 = 8 * (seed as usize % 3);
    let float = FloatNet::random(hidden, hidden2, 1 + seed as usize % 4, seed);
    FloatNet { squared: hidden2 == 0 && seed % 2 == 1, ..float }.quantise()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// `evaluate`'s fixed-width paths (32, 64, 128 hidden) give exactly the value of the general one:
    /// the accumulator recomputed, then the output layer.
    #[test]
    fn evaluation_at_every_width_equals_the_accumulators(choices in proptest::collection::vec(any::<u16>(), 81), width in 0usize..4) {
        let net = random_net([32, 64, 128, 40][width], width as u64);
        let mut board = Board::new();
        for pick in choices {
            let mut acc = Accumulator::default();
            acc.refresh(&net, &board);
            prop_assert_eq!(net.evaluate(&board), net.output(acc.side(board.side_to_move()), net.bucket(&board)));
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            board.play(moves.as_slice()[pick as usize % moves.len()]);
        }
    }

    /// Playing moves into the accumulator gives exactly the sums of a recomputation, for both players,
    /// at every ply of random games (boards closing, free choices and all).
    #[test]
    fn incremental_accumulator_equals_recomputation(choices in proptest::collection::vec(any::<u16>(), 81), seed in 0u64..4) {
        let net = random_net(8 * (1 + seed as usize), seed);
        let mut board = Board::new();
        let mut acc = Accumulator::default();
        acc.refresh(&net, &board);
        for pick in choices {
            let moves = board.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[pick as usize % moves.len()];
            let before = board;
            board.play(m);
            acc.play(&net, &before, m, &board);
            let mut fresh = Accumulator::default();
            fresh.refresh(&net, &board);
            for p in [Player::X, Player::O] {
                prop_assert_eq!(&acc.side(p)[..net.hidden()], &fresh.side(p)[..net.hidden()]);
            }
            prop_assert!((net.evaluate(&board) - net.output(acc.side(board.side_to_move()), net.bucket(&board))).abs() < 1e-6);
        }
    }
}

/// Positions from quick self-play games, with their features.
fn positions(games: u64) -> Vec<(Board, Vec<u16>)> {
    let dir = std::env::temp_dir().join(format!("uttt-value-{}-{games}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("d.txt");
    let config = SelfPlay { iterations: 50, use_value: false, ..SelfPlay::default() };
    run_shard(&config, games, 3, (0, 1), 2, path.to_str().unwrap()).unwrap();
    let (records, _) = parse_complete(&std::fs::read_to_string(&path).unwrap());
    std::fs::remove_dir_all(&dir).ok();
    records
        .iter()
        .map(|r| {
            let b = Board::from_moves(&r.moves).unwrap();
            let mut f = Vec::new();
            active_features(&b, b.side_to_move(), INPUTS, |x| f.push(x as u16));
            (b, f)
        })
        .collect()
}

#[test]
fn the_quantised_net_stays_close_to_the_float_net() {
    // Tolerance: at most 0.03 on any position (0.04 with squared units) and 0.01 on average (the first
    // layer's weights are rounded to 1/64, so the sums drift by a few hundredths over ~45 active features).
    // The same with a second hidden layer of 16 units (its sums are truncated to 1/64 too), and with
    // squared units.
    let positions = positions(10);
    for (hidden2, squared) in [(0, false), (16, false), (0, true)] {
        let float = FloatNet { squared, ..FloatNet::random(32, hidden2, 4, 5) };
        let quantised = float.quantise();
        assert_eq!((quantised.hidden2(), quantised.squared()), (hidden2, squared));
        let (mut worst, mut total, mut n) = (0.0f32, 0.0f32, 0);
        for (board, features) in &positions {
            let d = (float.predict(features, quantised.bucket(board)) - quantised.evaluate(board)).abs();
            worst = worst.max(d);
            total += d;
            n += 1;
        }
        assert!(n > 100);
        // Squaring doubles a unit's rounding error near 1, so the worst case gets a little more room.
        let worst_allowed = if squared { 0.04 } else { 0.03 };
        assert!(
            worst < worst_allowed && total / (n as f32) < 0.01,
            "second layer {hidden2}, squared {squared}: worst {worst}, mean {}",
            total / n as f32
        );
    }
}

#[test]
fn weight_text_round_trips_and_bad_text_is_named() {
    let net = random_net(16, 2);
    let text = net.encode();
    let back = ValueNet::decode(&text).unwrap();
    assert_eq!(back.encode(), text);
    let board = Board::from_moves(&[Move::new(4, 4), Move::new(4, 0)]).unwrap();
    assert_eq!(net.evaluate(&board), back.evaluate(&board));
    // Random 8-bit weights carry 8 bits each, and printable ASCII 6.5 bits a byte: about 1.23 bytes each.
    assert!(text.is_ascii() && text.len() * 10 < INPUTS * 16 * 13, "not dense enough: {} bytes", text.len());
    // Cut at a whole chunk of 11 characters, so that what is left reads as bytes, then runs out.
    let truncated = &text[..text.len() / 2 / 11 * 11];
    let err = ValueNet::decode_named("weights/value.txt", truncated).unwrap_err();
    assert!(err.starts_with("weights/value.txt: ") && err.contains("truncated"), "{err}");
    let err = ValueNet::decode_named("weights/value.txt", "not weights").unwrap_err();
    assert!(err.starts_with("weights/value.txt: "), "{err}");
    assert!(ValueNet::decode_named("x", "").is_err());
}

#[test]
fn a_squared_net_round_trips_and_values_unlike_its_clipped_twin() {
    let float = FloatNet::random(64, 0, 4, 12);
    let (clipped, squared) = (float.quantise(), FloatNet { squared: true, ..float }.quantise());
    let text = squared.encode();
    let back = ValueNet::decode(&text).unwrap();
    assert!(back.squared() && !clipped.squared());
    assert_eq!(back.encode(), text);
    let boards: Vec<Board> = positions(2).into_iter().map(|(b, _)| b).collect();
    for board in &boards {
        assert_eq!(back.evaluate(board), squared.evaluate(board));
    }
    assert!(boards.iter().any(|b| squared.evaluate(b) != clipped.evaluate(b)), "the activation is used");
    // A head must square its units as its net does.
    assert!(!clipped.shares_hidden_layers(&squared));
}

#[test]
fn the_embedded_net_decodes() {
    let net = ValueNet::embedded().expect("the committed value weights decode");
    // A one-layer net is still written as it was before the second layer existed.
    assert_eq!(net.encode().trim_end(), include_str!("../weights/value.txt").trim_end());
    let v = net.evaluate(&Board::new());
    assert!((0.0..=1.0).contains(&v));
}

#[test]
fn training_beats_the_constant_predictor_on_held_out_games() {
    let dir = std::env::temp_dir().join(format!("uttt-value-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("d.txt");
    let config = SelfPlay { iterations: 100, use_value: false, ..SelfPlay::default() };
    run_shard(&config, 300, 11, (0, 1), 2, path.to_str().unwrap()).unwrap();
    let (records, _) = parse_complete(&std::fs::read_to_string(&path).unwrap());
    std::fs::remove_dir_all(&dir).ok();
    let t =
        train(&records, &TrainConfig { hidden: 16, epochs: 12, threads: 2, ..TrainConfig::default() }, false);
    let (float, quantised, constant) = t.losses;
    assert!(t.sizes.1 > 300, "only {} validation positions", t.sizes.1);
    assert!(float < constant - 0.01, "float {float} against constant {constant}");
    assert!((quantised - float).abs() < 0.005, "quantised {quantised} against float {float}");
}

#[test]
fn a_quantised_net_read_back_as_floats_quantises_to_itself() {
    // `train-value --init NET` starts from NET's weights: undoing the scales must lose nothing
    // (a net with fewer inputs, like the shipped one, is read back and written with its own count).
    let embedded = ValueNet::embedded().unwrap();
    let squared = FloatNet { squared: true, ..FloatNet::random(32, 0, 4, 9) }.quantise();
    for net in [
        FloatNet::random(32, 0, 4, 9).quantise(),
        FloatNet::random(32, 16, 2, 9).quantise(),
        squared,
        embedded,
    ] {
        let back = FloatNet::from_quantised(&net);
        assert_eq!((back.hidden, back.hidden2, back.squared), (net.hidden(), net.hidden2(), net.squared()));
        assert_eq!(back.quantise().with_inputs(net.inputs()).encode(), net.encode());
    }
}

/// Damaged copies of the committed weight texts: every one is refused with an error that names its file,
/// none panics and none is read as other weights.
#[test]
fn damaged_weight_texts_are_refused_by_name_without_a_panic() {
    use uttt::policy::Policy;
    use uttt::value::rollout_head;
    let value = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/weights/value.txt")).unwrap();
    let policy = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/weights/policy.txt")).unwrap();
    let head =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/weights/rollout_head.txt")).unwrap();
    let net = ValueNet::embedded().unwrap();
    let mut rng = uttt::Rng::new(17);
    let printable: Vec<u8> = (b' '..=b'~').filter(|&b| b != b'"').collect();
    let mut total_refused = 0;
    for round in 0..60 {
        let damage = |text: &str, rng: &mut uttt::Rng| -> String {
            let mut bytes = text.trim_end().as_bytes().to_vec();
            match round % 3 {
                // One character changed for another printable one.
                0 => {
                    let at = rng.below(bytes.len() as u32) as usize;
                    let old = bytes[at];
                    bytes[at] = *printable.iter().find(|&&b| b != old && rng.below(8) == 0).unwrap_or(&b'a');
                    if bytes[at] == old {
                        bytes[at] = if old == b'a' { b'b' } else { b'a' };
                    }
                }
                // Cut short.
                1 => bytes.truncate(rng.below(bytes.len() as u32) as usize),
                // A character no weight text holds.
                _ => bytes.insert(rng.below(bytes.len() as u32) as usize, b'"'),
            }
            String::from_utf8(bytes).unwrap()
        };
        // A change in the coder's last bits can leave every value and the checksum as they were: such
        // a text is harmless (the same weights), anything else must be refused by name.
        let mut refused = 0;
        match ValueNet::decode_named("weights/value.txt", &damage(&value, &mut rng)) {
            Err(e) => refused += e.starts_with("weights/value.txt: ") as usize,
            Ok(other) => assert_eq!(other.encode(), net.encode(), "round {round}: read as other weights"),
        }
        match Policy::decode_named("weights/policy.txt", &damage(&policy, &mut rng)) {
            Err(e) => refused += e.starts_with("weights/policy.txt: ") as usize,
            Ok(other) => assert_eq!(other.weights(), Policy::embedded().unwrap().weights(), "round {round}"),
        }
        match rollout_head::decode_named(&net, "weights/rollout_head.txt", &damage(&head, &mut rng)) {
            Err(e) => refused += e.starts_with("weights/rollout_head.txt: ") as usize,
            Ok(other) => assert_eq!(other.encode(), rollout_head::load(&net, None).unwrap().encode()),
        }
        total_refused += refused;
    }
    assert!(total_refused >= 170, "only {total_refused} of 180 damaged texts refused");
}
