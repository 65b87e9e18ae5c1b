#!/usr/bin/env python3
"""Write test/core/random/vectors.json: reference draws from CPython's random.Random.

src/core/random/py-random.ts must reproduce these bit for bit. Run from the repository root:

    python3 scripts/random-vectors.py

Each seed gets one fresh generator, and its calls are recorded in order as one sequence, so
the vectors also check that the state carries over correctly between different kinds of call.
Integers that are not safe in JavaScript (|x| > 2**53 - 1) are stored as decimal strings;
floats are stored as their repr strings (shortest round-trip, which JavaScript parses exactly).
"""

import json
import platform
import random
import subprocess
from pathlib import Path

MAX_SAFE = 2**53 - 1
OUT = Path(__file__).resolve().parent.parent / "test" / "core" / "random" / "vectors.json"

SEEDS = [
    0,
    1,
    42,
    1103,
    -1,
    -1103,
    2**32 - 1,
    2**32,
    2**32 + 5,
    2**64,
    2**64 + 123456789,
    2**100 + 7,
    int("a5" * 25, 16),  # 200 bits: the top bit of 0xa5 is set
    -(2**70),
]

# (method, args, repetitions), drawn in this order from one generator per seed.
PLAN = [
    ("getrandbits", [32], 20),
    *(("getrandbits", [k], 1) for k in [1, 5, 31, 33, 64, 65, 100, 128]),
    ("random", [], 20),
    ("randint", [-9, 9], 30),
    ("randrange", [0, 10**12], 5),
    ("randint", [-(2**40), 2**40], 5),
    ("randint", [0, 2**70], 5),
    ("randrange", [10, -10, -3], 5),
    ("randrange", [5], 5),
    ("randrange", [0, 100, 7], 5),
]

ATTEMPT_SEED = 1103
ATTEMPT_SIZE = 12
ATTEMPTS = [1, 2, 3, 4452]
ATTEMPT_4452 = [-3, -3, -8, -4, -4, -8, -1, -9, -5, -4, -6, -7]


def encode(value):
    """JSON form of a draw: safe integers as numbers, others as decimal strings."""
    if isinstance(value, float):
        return repr(value)
    return value if -MAX_SAFE <= value <= MAX_SAFE else str(value)


def seed_vectors(seed):
    rng = random.Random(seed)
    calls = []
    for method, args, times in PLAN:
        results = [encode(getattr(rng, method)(*args)) for _ in range(times)]
        calls.append({"method": method, "args": [encode(a) for a in args], "results": results})
    return {"seed": encode(seed), "calls": calls}


def attempt_vectors():
    rng = random.Random(ATTEMPT_SEED)
    wanted = {}
    seen_4452_before = False
    for attempt in range(1, max(ATTEMPTS) + 1):
        inputs = [rng.randint(-9, 9) for _ in range(ATTEMPT_SIZE)]
        if attempt in ATTEMPTS:
            wanted[attempt] = inputs
        elif inputs == ATTEMPT_4452:
            seen_4452_before = True
    assert wanted[4452] == ATTEMPT_4452, wanted[4452]
    assert not seen_4452_before, "an earlier attempt already equals attempt 4452"
    return {
        "seed": ATTEMPT_SEED,
        "size": ATTEMPT_SIZE,
        "low": -9,
        "high": 9,
        "attempts": [{"attempt": a, "inputs": wanted[a]} for a in ATTEMPTS],
    }


# Inputs of other kinds, as src/core/generate/generator.ts documents its draws.
KIND_CASES = [
    {"kind": "string", "seed": 1103, "length": 12, "alphabet": 'ab<>"'},
    {"kind": "string", "seed": 7, "length": 0, "maxLength": 9, "alphabet": "xyz \n\u00e9\U0001F600"},
    {"kind": "string", "seed": 2**64 + 1, "length": 3, "alphabet": "01"},
    {"kind": "array", "seed": 42, "length": 2, "maxLength": 6, "min": -5, "max": 5,
     "alphabet": "ab", "elements": ["int", "string", "bool", "null"]},
    {"kind": "array", "seed": 1, "length": 4, "min": 0, "max": 3, "alphabet": "pq",
     "elements": ["string", "bool"], "maxStringLength": 2},
]
KIND_DRAWS = 25


def draw(rng, case):
    """One input of `case`, drawn exactly as the generator documents it."""
    if "maxLength" in case:
        n = rng.randint(case["length"], case["maxLength"])
    else:
        n = case["length"]
    alphabet = case.get("alphabet", "")

    def text(k):
        return "".join(rng.choice(alphabet) for _ in range(k))

    if case["kind"] == "string":
        return text(n)
    out = []
    for _ in range(n):
        kind = rng.choice(case["elements"])
        if kind == "int":
            out.append(rng.randint(case["min"], case["max"]))
        elif kind == "string":
            out.append(text(rng.randint(0, case.get("maxStringLength", 4))))
        elif kind == "bool":
            out.append(rng.choice([False, True]))
        else:
            out.append(None)
    return out


def kind_vectors():
    cases = []
    for case in KIND_CASES:
        rng = random.Random(case["seed"])
        inputs = [draw(rng, case) for _ in range(KIND_DRAWS)]
        cases.append({"config": {**case, "seed": encode(case["seed"])}, "inputs": inputs})
    return cases


def main():
    data = {
        "generator": f"CPython {platform.python_version()} random.Random",
        "seeds": [seed_vectors(seed) for seed in SEEDS],
        "attempts": attempt_vectors(),
        "kinds": kind_vectors(),
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=2) + "\n")
    # Let Biome lay the file out the way `npm run lint` expects (it fills number arrays).
    root = Path(__file__).resolve().parent.parent
    try:
        subprocess.run(["npx", "biome", "format", "--write", str(OUT)], cwd=root, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except (OSError, subprocess.CalledProcessError):
        print(f"note: run `npx biome format --write {OUT.relative_to(root)}` before committing")
    assert json.loads(OUT.read_text()) == data
    print(f"wrote {OUT} ({len(SEEDS)} seeds)")


if __name__ == "__main__":
    main()
