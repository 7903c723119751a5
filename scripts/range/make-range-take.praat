# One KlattGrid fixture of the voice range profile (issue 31): a glide or a row of held notes on
# an /a/, its voicing level (dB, KlattGrid's scale: 90 is a full voice) set per segment, so the
# phonetogram's soft and loud edges are known. Written as 16-bit mono WAV at RATE Hz, the whole
# take scaled by one factor (peak -6 dBFS): levels keep their differences.
#
#   praat --run make-range-take.praat OUT.wav KIND SEX RATE SEED
#
# KIND: "glide" (up and back down over 4.4 s, crescendo then decrescendo), "notes" (four held
# notes, each soft then loud), or "jitter" (a slow glide with jitter rising from 0 to 3 %).
# SEX: "male" (glide 90-350 Hz, notes G2 B2 D3 G3) or "female" (glide 180-900 Hz, notes A3 E4 A4 E5).

form Make a range take
  sentence outPath
  word kind
  word sex
  positive rate
  integer seed
endform

random_initializeWithSeedUnsafelyButPredictably (seed)
if sex$ = "male"
  low = 90
  high = 350
  notes# = {98, 123.47, 146.83, 196}
  formantScale = 1
else
  low = 180
  high = 900
  notes# = {220, 329.63, 440, 659.26}
  formantScale = 1.17
endif

if kind$ = "glide"
  duration = 4.4
elsif kind$ = "notes"
  duration = 4 * 1.3
else
  duration = 4
endif
kg = Create KlattGrid: "take", 0, duration, 5, 1, 1, 6, 1, 1, 1
Add voicing amplitude point: 0, 0
if kind$ = "glide"
  Add voicing amplitude point: 0.04, 80
else
  Add voicing amplitude point: 0.04, 72
endif

if kind$ = "glide"
  # Up in 2.2 s, crescendo 80 -> 90 dB; down in 2.2 s, decrescendo 90 -> 78 dB (a glide's low
  # notes are weaker at the lips anyway: fewer pulses a second). Exponential in
  # time, as a singer's glide is even in semitones.
  for k from 0 to 44
    t = k * 0.05
    Add pitch point: t, low * (high / low) ^ (t / 2.2)
    Add pitch point: duration - t, low * (high / low) ^ (t / 2.2)
  endfor
  Add voicing amplitude point: 2.2, 90
  Add voicing amplitude point: duration - 0.04, 78
elsif kind$ = "notes"
  # Each note 1.3 s: 0.6 s soft (72 dB), 0.1 s swell, 0.55 s loud (90 dB), 50 ms to the next.
  for k to 4
    start = (k - 1) * 1.3
    f = notes# [k]
    Add pitch point: start + 0.01, f * 1.003
    Add pitch point: start + 0.3, f * 0.998
    Add pitch point: start + 0.65, f * 1.002
    Add pitch point: start + 1.0, f * 0.997
    Add pitch point: start + 1.25, f
    Add voicing amplitude point: start + 0.05, 72
    Add voicing amplitude point: start + 0.6, 72
    Add voicing amplitude point: start + 0.7, 90
    Add voicing amplitude point: start + 1.22, 90
    Add voicing amplitude point: start + 1.26, 40
    Add voicing amplitude point: start + 1.3, 72
  endfor
  Add flutter point: 0, 0.25
else
  # A pitch point every period, its f0 drawn around a glide from low to 2.5 low, the jitter's
  # size rising from 0 to 3 % over the take.
  t = 0
  while t < duration
    f = low * 2.5 ^ (t / duration)
    j = 3 * t / duration
    f = f * (1 + randomGauss (0, j / 100 / 1.128))
    Add pitch point: t, f
    t += 1 / f
  endwhile
  Add voicing amplitude point: duration - 0.04, 84
endif
Add voicing amplitude point: duration, 0
formantHz# = {700, 1220, 2600, 3300, 3750}
bandwidthHz# = {80, 90, 120, 250, 300}
for k to 5
  Add oral formant frequency point: k, 0.1, formantHz# [k] * formantScale
  Add oral formant bandwidth point: k, 0.1, bandwidthHz# [k]
endfor
Add aspiration amplitude point: 0, 30
sound = To Sound
current = Resample: rate, 50
Scale peak: 0.5
Save as WAV file: outPath$
