# 非空连续子数组的最大和，暴力枚举每一个区间。
# 故意写得慢（O(n³)）：简单、与被测程序无关、容易核对。
def reference(a):
    return max((sum(a[i:j]) for i in range(len(a)) for j in range(i + 1, len(a) + 1)), default=None)
