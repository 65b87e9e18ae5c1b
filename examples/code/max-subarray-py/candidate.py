# Largest sum of a non-empty contiguous subarray: Kadane's algorithm, with a bug.
# best and current start at 0, as if the empty subarray were allowed.
def candidate(a):
    best = current = 0
    for x in a:
        current = max(0, current + x)
        best = max(best, current)
    return best
