# 从第一个元素开始的 Kadane 算法，这样至少取一个元素。
def candidate(a):
    current = best = a[0]
    for x in a[1:]:
        current = max(x, current + x)
        best = max(best, current)
    return best
