// The Kaiser-like windows of Praat's intensity analyses (fon/Sound_to_Intensity.cpp): the AVQI's
// silence detection (sounding.ts) and the voice range profile (../range/intensity.ts).

/** melder/NUMspecfunc.cpp NUMbessel_i0_f (Abramowitz & Stegun 9.8.1 and 9.8.2). */
export function besselI0(xIn: f64): f64 {
  const x = xIn < 0.0 ? -xIn : xIn;
  if (x < 3.75) {
    let t = x / 3.75;
    t *= t;
    return (
      1.0 +
      t * (3.5156229 + t * (3.0899424 + t * (1.2067492 + t * (0.2659732 + t * (0.0360768 + t * 0.0045813)))))
    );
  }
  const t = 3.75 / x;
  return (
    (Math.exp(x) / Math.sqrt(x)) *
    (0.39894228 +
      t *
        (0.01328592 +
          t *
            (0.00225319 +
              t *
                (-0.00157565 +
                  t *
                    (0.00916281 +
                      t * (-0.02057706 + t * (0.02635537 + t * (-0.01647633 + t * 0.00392377))))))))
  );
}
