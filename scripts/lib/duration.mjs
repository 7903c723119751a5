// How the test run prints a duration: "9 min 05 s". Rounded to whole seconds first, so 239.6 s
// reads "4 min 00 s", never "3 min 60 s".
export function minutes(seconds) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}
