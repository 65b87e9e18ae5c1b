"""The article's exhaustive check in plain CPython, timed: the yardstick for `npm run bench`.

Re-implements the verification part of the article's `shrink.py` (seeds/002, "附完整程序"):
every non-empty array of length 1..6 over [-2, -1, 0, 1, 2] (19530 inputs) is checked for
`corrected(values) == reference(values)`, and each input on which the buggy candidate FAILs
(126 of them) is reduced with `reduce_failure` and checked by `check_reduction`: the result
still fails, is a subsequence of the input, is 1-minimal, and every history step is its
`before` with the block removed (accepted steps re-tested and shrinking).

Usage: python3 bench/exhaustive.py [RUNS]  ->  one JSON line with the time of each run (ms).
"""

import itertools
import json
import sys
import time


def reference(a):
    return max((sum(a[i:j]) for i in range(len(a)) for j in range(i + 1, len(a) + 1)), default=None)


def candidate(a):
    best = current = 0
    for x in a:
        current = max(0, current + x)
        best = max(best, current)
    return best


def outcome(a):
    if not a:
        return "INVALID"
    return "FAIL" if candidate(a) != reference(a) else "PASS"


def corrected(a):
    current = best = a[0]
    for x in a[1:]:
        current = max(x, current + x)
        best = max(best, current)
    return best


def reduce_failure(values, test=outcome):
    current = list(values)
    if test(current) != "FAIL":
        raise ValueError("input must reproduce the failure")
    calls = 1
    history = []
    granularity = 2
    while len(current) >= 2:
        parts = min(granularity, len(current))
        changed = False
        for i in range(parts):
            lo = i * len(current) // parts
            hi = (i + 1) * len(current) // parts
            trial = current[:lo] + current[hi:]
            result = test(trial)
            calls += 1
            history.append({"before": current[:], "removed": [lo, hi], "trial": trial,
                            "outcome": result, "accepted": result == "FAIL"})
            if result == "FAIL":
                current = trial
                granularity = max(2, parts - 1)
                changed = True
                break
        if changed:
            continue
        if parts == len(current):
            break
        granularity = min(len(current), parts * 2)
    return current, history, calls


def check_reduction(original, test=outcome):
    reduced, history, calls = reduce_failure(original, test)
    assert test(reduced) == "FAIL"
    # A subsequence, not a reordered or fabricated input.
    it = iter(original)
    assert all(any(x == y for y in it) for x in reduced)
    assert all(test(reduced[:i] + reduced[i + 1:]) != "FAIL" for i in range(len(reduced)))
    for step in history:
        lo, hi = step["removed"]
        assert step["trial"] == step["before"][:lo] + step["before"][hi:]
        if step["accepted"]:
            assert test(step["trial"]) == "FAIL"
            assert len(step["trial"]) < len(step["before"])
    return reduced, history, calls


def exhaustive():
    failures = 0
    tested = 0
    calls = 0
    for n in range(1, 7):
        for values in itertools.product([-2, -1, 0, 1, 2], repeat=n):
            tested += 1
            assert corrected(values) == reference(values)
            if outcome(values) == "FAIL":
                calls += check_reduction(list(values))[2]
                failures += 1
    return tested, failures, calls


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    times = []
    tested = failures = calls = 0
    for _ in range(runs):
        started = time.perf_counter()
        tested, failures, calls = exhaustive()
        times.append((time.perf_counter() - started) * 1000)
    print(json.dumps({"python": sys.version.split()[0], "inputs": tested, "failures": failures,
                      "calls": calls, "ms": times}))


if __name__ == "__main__":
    main()
