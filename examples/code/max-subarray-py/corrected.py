# Kadane's algorithm started from the first element, so at least one element is taken.
def candidate(a):
    current = best = a[0]
    for x in a[1:]:
        current = max(x, current + x)
        best = max(best, current)
    return best
