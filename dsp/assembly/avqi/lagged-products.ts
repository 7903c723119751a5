// Sums of lagged products, out[i] = x[0] y[i] + x[1] y[i + 1] + ... + x[n - 1] y[i + n - 1] for
// i < count: the pulses' search for the best-correlated next period (praat-pulses.ts) takes one
// such sum per place it tries. Eight places share each pass over x, in four independent
// accumulators of two lanes (an f64 addition waits only for the one before it in its own chain).
// Each lag's sum is accumulated in order of j in both builds, so the SIMD and the scalar builds
// give the same numbers.

/** Places computed per pass over x; the SIMD build computes count rounded up to a multiple. */
export const LAGS_PER_PASS: i32 = 8;

/**
 * out[i] for i < count (f64). Reads x[0..n) and y[0..m + n - 1), m = count rounded up to a
 * multiple of LAGS_PER_PASS (the SIMD build computes and stores out[0..m)).
 */
export function laggedProducts(x: usize, y: usize, n: i32, count: i32, out: usize): void {
  if (ASC_FEATURE_SIMD) {
    for (let i = 0; i < count; i += 8) {
      let s0 = f64x2.splat(0.0),
        s1 = f64x2.splat(0.0),
        s2 = f64x2.splat(0.0),
        s3 = f64x2.splat(0.0);
      let py = y + ((<usize>i) << 3);
      for (let j = 0; j < n; j++) {
        const xj = v128.load64_splat(x + ((<usize>j) << 3));
        s0 = f64x2.add(s0, f64x2.mul(xj, v128.load(py)));
        s1 = f64x2.add(s1, f64x2.mul(xj, v128.load(py, 16)));
        s2 = f64x2.add(s2, f64x2.mul(xj, v128.load(py, 32)));
        s3 = f64x2.add(s3, f64x2.mul(xj, v128.load(py, 48)));
        py += 8;
      }
      const o = out + ((<usize>i) << 3);
      v128.store(o, s0);
      v128.store(o, s1, 16);
      v128.store(o, s2, 32);
      v128.store(o, s3, 48);
    }
    return;
  }
  let i = 0;
  for (; i + 4 <= count; i += 4) {
    let s0 = 0.0,
      s1 = 0.0,
      s2 = 0.0,
      s3 = 0.0;
    let py = y + ((<usize>i) << 3);
    for (let j = 0; j < n; j++) {
      const xj = load<f64>(x + ((<usize>j) << 3));
      s0 += xj * load<f64>(py);
      s1 += xj * load<f64>(py, 8);
      s2 += xj * load<f64>(py, 16);
      s3 += xj * load<f64>(py, 24);
      py += 8;
    }
    const o = out + ((<usize>i) << 3);
    store<f64>(o, s0);
    store<f64>(o, s1, 8);
    store<f64>(o, s2, 16);
    store<f64>(o, s3, 24);
  }
  for (; i < count; i++) {
    let s = 0.0;
    let py = y + ((<usize>i) << 3);
    for (let j = 0; j < n; j++) {
      s += load<f64>(x + ((<usize>j) << 3)) * load<f64>(py);
      py += 8;
    }
    store<f64>(out + ((<usize>i) << 3), s);
  }
}
