"""Zeller's ddmin as his DD.py runs it, with its outcome cache: the anchor for Delta Lab's default
flat reducer (bench/flat-default.ts).

Written here from DD.py's description of `_ddmin` (Zeller and Hildebrandt 2002, and DD.py's
order of tests), not imported: the empty configuration is tested first (DD.py asserts that it
passes), then, at granularity n, the configuration is split as DD.py splits it (block i holds
(len - start) // (n - i) units, so the shorter blocks come first), every subset is tested
(a failing one is kept, n = 2, the complement offset reset), then every complement starting at
the offset (a failing one is kept, n = n - 1, the offset set to the block removed); when nothing
fails, n doubles up to the length (the offset scaled) and the search ends once n reached it.
Every configuration goes through one cache; `executions` counts the distinct ones judged.

Usage: python3 bench/ddmin-anchor.py

Protocol, one JSON object per line. stdin: {"case": NAME, "n": N}, then answers
{"outcome": "PASS"|"FAIL"|"UNRESOLVED"} to each question. stdout: a question {"config": [indices]}
per distinct configuration (indices into the start, in order), then {"done": {"fail": [indices],
"executions", "calls"}}. End of stdin ends the script.
"""

import json
import sys

PASS, FAIL, UNRESOLVED = "PASS", "FAIL", "UNRESOLVED"


def ask(config):
    print(json.dumps({"config": config}), flush=True)
    return json.loads(sys.stdin.readline())["outcome"]


class Anchor:
    """ddmin over the units 0..n-1, every outcome asked of the driver through one cache."""

    def __init__(self):
        self.outcomes = {}
        self.calls = 0

    def test(self, config):
        self.calls += 1
        key = tuple(config)
        if key not in self.outcomes:
            self.outcomes[key] = ask(list(config))
        return self.outcomes[key]

    @staticmethod
    def split(config, n):
        blocks = []
        start = 0
        for i in range(n):
            block = config[start:start + (len(config) - start) // (n - i)]
            blocks.append(block)
            start += len(block)
        return blocks

    def ddmin(self, config):
        assert self.test([]) == PASS, "the empty configuration must pass"
        n = 2
        offset = 0
        while True:
            assert self.test(config) != PASS, "the configuration must not pass"
            if n > len(config):
                return config
            blocks = self.split(config, n)
            found = None
            for block in blocks:
                if self.test(block) == FAIL:
                    found = (block, 2, 0)
                    break
            if found is None:
                for j in range(n):
                    i = (j + offset) % n
                    removed = set(blocks[i])
                    complement = [unit for unit in config if unit not in removed]
                    if self.test(complement) == FAIL:
                        found = (complement, n - 1, i)
                        break
            if found is None:
                if n >= len(config):
                    return config
                next_n = min(len(config), n * 2)
                offset = (offset * next_n) // n
                n = next_n
            else:
                config, n, offset = found


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        case = json.loads(line)
        anchor = Anchor()
        fail = anchor.ddmin(list(range(case["n"])))
        done = {"fail": fail, "executions": len(anchor.outcomes), "calls": anchor.calls}
        print(json.dumps({"done": done}), flush=True)


if __name__ == "__main__":
    main()
