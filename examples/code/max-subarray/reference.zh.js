// 非空连续子数组的最大和，暴力枚举每一个区间。
// 故意写得慢（O(n³)）：简单、与被测程序无关、容易核对。
export function reference(a) {
  let best = null;
  for (let i = 0; i < a.length; i++) {
    for (let j = i + 1; j <= a.length; j++) {
      let sum = 0;
      for (let k = i; k < j; k++) sum += a[k];
      if (best === null || sum > best) best = sum;
    }
  }
  return best;
}
