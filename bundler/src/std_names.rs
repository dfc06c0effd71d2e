//! Names the renamer never touches: Rust's keywords and primitive types, and the names of `std`, `core`
//! and the prelude (types, traits, their methods, associated items and constants) that a crate may use
//! without a `std::` path in front. A name missing here makes the bundle fail to compile, never play
//! differently (see `rename.rs`): add it when the bundler's compile check names it.

/// Keywords (strict, reserved and weak), primitive types, macro fragment kinds, and `self`/`Self`.
pub fn is_reserved(name: &str) -> bool {
    const RESERVED: &str = "
        as async await break const continue crate dyn else enum extern false fn for if impl in let loop match
        mod move mut pub ref return self Self static struct super trait true type unsafe use where while
        abstract become box do final macro override priv typeof unsized virtual yield try gen union raw safe
        bool char str u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize f32 f64 expr ident ty tt pat
        pat_param path block stmt item literal lifetime meta vis
    ";
    RESERVED.split_whitespace().any(|r| r == name)
}

/// True for a name of std, core or the prelude (`STD_NAMES`).
pub fn is_std_name(name: &str) -> bool {
    std_names().any(|n| n == name)
}

/// The names of `STD_NAMES`, one by one.
pub fn std_names() -> impl Iterator<Item = &'static str> {
    STD_NAMES.lines().filter(|l| !l.trim_start().starts_with("//")).flat_map(str::split_whitespace)
}

/// Names of std, core and the prelude, separated by whitespace, in groups under `//` lines.
const STD_NAMES: &str = "
    // Configuration options, read inside `cfg!(…)` (which, unlike an attribute, is renamed like code).
    debug_assertions target_arch target_feature target_os test unix windows
    // Prelude and common types and traits.
    Option Some None Result Ok Err Vec String Box ToString ToOwned Clone Copy Default Debug Display Iterator
    IntoIterator DoubleEndedIterator ExactSizeIterator Extend FromIterator PartialEq Eq PartialOrd Ord Hash
    Hasher Send Sync Sized Unpin Drop Fn FnMut FnOnce From Into TryFrom TryInto AsRef AsMut Borrow Deref
    DerefMut Index IndexMut Add Sub Mul Div Rem Neg Not BitAnd BitOr BitXor Shl Shr AddAssign SubAssign
    MulAssign DivAssign BitAndAssign BitOrAssign BitXorAssign ShlAssign ShrAssign Item Output Target Error
    IntoIter Formatter Arguments Ordering Less Equal Greater Range RangeInclusive Duration Instant SystemTime
    UNIX_EPOCH OnceLock OnceCell Cell RefCell Rc Arc Mutex HashMap HashSet BTreeMap BTreeSet VecDeque
    BinaryHeap Read Write BufRead BufReader BufWriter Stdin Stdout Stderr ExitCode PhantomData MaybeUninit
    NonNull Wrapping FromStr Chars Lines Iter IterMut Entry Path PathBuf File Cow Any TypeId Infallible
    ParseIntError ParseFloatError Utf8Error Layout Peekable Rev Zip Map Filter Chain Take Skip Enumerate
    Cycle StepBy Copied Cloned Flatten FlatMap Once Repeat Empty Sum Product Bound Saturating Scope Thread
    JoinHandle Ref RefMut Pin Future Poll Context Waker Termination
    // Modules.
    std core alloc mem ptr fmt io fs env time thread sync collections cmp ops iter str string vec slice array
    num hash hint process convert borrow marker cell rc os char f32 f64 primitive arch x86_64 x86 aarch64
    prelude rust_2021 v1 atomic mpsc error any option result boxed ascii default clone backtrace panic net
    // Associated functions and constants.
    new default from into with_capacity from_millis from_secs from_micros from_nanos from_secs_f64
    from_secs_f32 now elapsed from_u32 from_digit from_utf8 from_utf8_lossy from_str from_str_radix
    from_le_bytes from_be_bytes from_ne_bytes from_bits from_fn repeat once empty successors zeroed uninit
    swap replace take size_of size_of_val align_of transmute forget drop min max args var var_os exit stdin
    stdout stderr spawn scope sleep available_parallelism read_to_string write read black_box
    unreachable_unchecked MAX MIN BITS EPSILON INFINITY NEG_INFINITY NAN MIN_POSITIVE consts PI E LN_2 SQRT_2
    ZERO UNIX_EPOCH SUCCESS FAILURE null null_mut get_or_init get_or_insert get_or_insert_with finish from_iter partial_cmp cmp eq
    ne lt le gt ge fmt hash deref deref_mut index index_mut next next_back size_hint clone clone_from
    to_owned to_string as_ref as_mut borrow borrow_mut try_from try_into type_id write_str write_fmt
    write_all pad debug_struct debug_list debug_tuple field entries
    // Methods.
    abs abs_diff all and and_then any append as_bytes as_deref as_deref_mut as_millis as_micros as_nanos
    as_secs as_secs_f32 as_secs_f64 as_mut_ptr as_ptr as_slice as_mut_slice as_str binary_search
    binary_search_by binary_search_by_key by_ref bytes capacity ceil chain char_indices chars checked_add
    checked_sub checked_mul checked_div checked_duration_since checked_sub_instant chunks chunks_exact
    chunks_mut clamp clear cloned collect concat contains contains_key copied copy_from_slice copy_within cos
    count count_ones count_zeros cycle dedup drain duration_since ends_with entry enumerate
    eq_ignore_ascii_case exp exp2 expect expect_err extend extend_from_slice fill filter filter_map find
    find_map first first_mut flat_map flatten floor flush fold for_each fract get get_mut get_unchecked
    get_unchecked_mut hypot insert is_alphabetic is_alphanumeric is_ascii is_ascii_digit is_ascii_uppercase
    is_ascii_lowercase is_ascii_whitespace is_digit is_empty is_err is_finite is_infinite is_nan is_none
    is_ok is_power_of_two is_some is_some_and is_none_or is_ok_and is_sign_negative is_sign_positive
    is_whitespace iter iter_mut join keys last last_mut leading_zeros leading_ones len lines ln ln_1p lock
    log10 log2 map map_err map_or map_or_else max_by max_by_key min_by min_by_key mul_add mul_f32 mul_f64
    div_f32 div_f64 next_multiple_of
    next_power_of_two nth ok ok_or ok_or_else or or_else or_insert or_insert_with or_default parse partition
    peek peekable pop pop_front pop_back position pow powf powi product push push_back push_front push_str
    read_line read_until recip remove rem_euclid reserve resize retain rev reverse rfind rotate_left rotate_right
    round rposition rsplit saturating_add saturating_duration_since saturating_mul saturating_sub scan signum
    sin skip skip_while sort sort_by sort_by_key sort_unstable sort_unstable_by sort_unstable_by_key
    select_nth_unstable select_nth_unstable_by total_cmp
    spare_capacity_mut split split_at split_at_mut split_once split_whitespace splitn sqrt starts_with
    step_by strip_prefix strip_suffix sum swap_remove tan tanh take_while then then_some to_ascii_lowercase
    to_ascii_uppercase to_be_bytes to_le_bytes to_ne_bytes to_bits to_lowercase to_uppercase to_vec
    trailing_ones trailing_zeros trim trim_end trim_end_matches trim_matches trim_start trim_start_matches
    truncate trunc unsigned_abs unwrap unwrap_err unwrap_or unwrap_or_default unwrap_or_else unzip values
    values_mut windows wrapping_add wrapping_mul wrapping_neg wrapping_shl wrapping_shr wrapping_sub
    write_str zip encode_utf16 encode_utf8 is_char_boundary char_indices get_or_init replace swap start end
    contains to_digit leak into_iter into_boxed_slice into_inner into_bytes iter_mut nanos as_chunks
    fetch_add fetch_sub load store Relaxed SeqCst AcqRel Acquire Release stdin lines read_exact
";
