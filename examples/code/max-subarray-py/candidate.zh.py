# 非空连续子数组的最大和：Kadane 算法，带一个缺陷。
# best 和 current 从 0 开始，就好像允许空子数组一样。
def candidate(a):
    best = current = 0
    for x in a:
        current = max(0, current + x)
        best = max(best, current)
    return best
