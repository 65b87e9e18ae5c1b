"""The article's flow in plain CPython, as one process: the yardstick for `deltalab reduce`.

Re-implements the first part of the article's `shrink.py` (seeds/002, "附完整程序"): seeded
random arrays (seed 1103, twelve integers in [-9, 9]) until the buggy candidate disagrees with the
reference (attempt 4452), then `reduce_failure` on it and `check_reduction`'s checks. The whole
process is timed from outside, as `deltalab reduce` is; it prints the reduced input.

Usage: python3 bench/article_flow.py  ->  one JSON line.
"""

import json
import random

from exhaustive import candidate, check_reduction, outcome


def main():
    rng = random.Random(1103)
    attempts = 0
    while True:
        attempts += 1
        original = [rng.randint(-9, 9) for _ in range(12)]
        if outcome(original) == "FAIL":
            break
    reduced, _, calls = check_reduction(original)
    print(json.dumps({"attempts": attempts, "original": original, "reduced": reduced,
                      "actual": candidate(reduced), "calls": calls}))


if __name__ == "__main__":
    main()
