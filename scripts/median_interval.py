"""The median of paired ratios and its distribution-free 95 % interval, for scripts/speed-ab.sh and
scripts/speed-ratio.sh (which import it)."""

import statistics
from math import comb


def median_interval(ratios):
    """(median, low, high) of `ratios`: the order statistics k and n + 1 - k, k the largest with
    P(Binomial(n, 1/2) < k) <= 2.5 %, hold the median 95 % of the time; low and high are None when there
    are too few ratios for such an interval."""
    ordered = sorted(ratios)
    n, k, below = len(ordered), 0, 0.0
    while below + comb(n, k) / 2**n <= 0.025:
        below += comb(n, k) / 2**n
        k += 1
    median = statistics.median(ordered)
    return (median, ordered[k - 1], ordered[n - k]) if k > 0 else (median, None, None)
