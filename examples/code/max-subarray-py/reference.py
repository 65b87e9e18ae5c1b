# Largest sum of a non-empty contiguous subarray, by brute force over every interval.
# Slow (O(n³)) on purpose: simple, independent of the candidate, easy to check.
def reference(a):
    return max((sum(a[i:j]) for i in range(len(a)) for j in range(i + 1, len(a) + 1)), default=None)
