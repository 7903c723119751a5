# One synthetic AVQI fixture pair: a sustained /a/ made with a KlattGrid, and a mostly voiced
# reading (after two CAPE-V sentences, `sentence$` below) spoken by Praat's built-in eSpeak, analysed into a
# KlattGrid and resynthesised with the same voice source, so both takes share one voice quality.
#
#   praat --run make-pair.praat OUTDIR NAME SEX RATE ASPIRATION_DB BREATHINESS_DB FLUTTER DOUBLE_PULSING SNR_DB SEED JITTER_PERCENT SHIMMER_DB
#
# SEX: "male" (f0 about 110 Hz) or "female" (about 210 Hz). ASPIRATION_DB and BREATHINESS_DB
# add turbulent noise (0 = none; the voicing is 90 dB); FLUTTER (0-1) is Klatt's slow f0
# wander and DOUBLE_PULSING (0-1) alternates pulse amplitudes (a rough, diplophonic voice);
# SNR_DB > 0 adds white noise at that signal-to-noise ratio (0 = none). JITTER_PERCENT and
# SHIMMER_DB (issue 31: hoarse and creaky voices) give every glottal period its own random f0
# and, in the vowel, its own voicing level: Gaussian, scaled so that the mean difference between
# neighbouring periods is about the value given (Praat measures what comes out; the KlattGrid
# interpolates between the points, which smooths a little). 0 = none, and then the pair is the
# same as before these two arguments existed. Writes
# OUTDIR/NAME-vowel.wav and OUTDIR/NAME-speech.wav, 16-bit mono at RATE Hz, peak -3 dBFS.

form Make an AVQI pair
  sentence outDir
  sentence name
  word sex
  positive rate
  real aspiration
  real breathiness
  real flutter
  real doublePulsing
  real snr
  integer seed
  real jitter 0
  real shimmer 0
endform

sentence$ = "We were away a year ago. A man and a woman were ambling along a lane."
random_initializeWithSeedUnsafelyButPredictably (seed)
if sex$ = "male"
  f0 = 110
  formantScale = 1
  voice$ = "Male1"
else
  f0 = 210
  formantScale = 1.17
  voice$ = "Female1"
endif

# The vowel: 3.2 s of /a/ (the method analyses the last 3 s), the pitch drifting a little as a
# held note does.
kg = Create KlattGrid: "vowel", 0, 3.2, 5, 1, 1, 6, 1, 1, 1
Add pitch point: 0, f0 * 0.99
Add pitch point: 1.1, f0 * 1.01
Add pitch point: 2.2, f0
Add pitch point: 3.2, f0 * 0.995
Add voicing amplitude point: 0, 0
Add voicing amplitude point: 0.05, 90
Add voicing amplitude point: 3.15, 90
Add voicing amplitude point: 3.2, 0
if jitter > 0 or shimmer > 0
  Remove pitch points between: 0, 3.2
  @periods: 0, 1.1, f0 * 0.99, f0 * 1.01, 1
  @periods: 1.1, 2.2, f0 * 1.01, f0, 1
  @periods: 2.2, 3.2, f0, f0 * 0.995, 1
endif
noiseOffset = 0
@source
formantHz# = {700, 1220, 2600, 3300, 3750}
bandwidthHz# = {80, 90, 120, 250, 300}
for k to 5
  Add oral formant frequency point: k, 0.1, formantHz# [k] * formantScale
  Add oral formant bandwidth point: k, 0.1, bandwidthHz# [k]
endfor
vowel = To Sound
@finish: vowel, "vowel"

# The sentence, resynthesised with the same source settings.
synth = Create SpeechSynthesizer: "English (America)", voice$
Speech output settings: 44100, 0.01, 1, 1, 165, "IPA"
selectObject: synth
spoken = To Sound: sentence$, "no"
selectObject: spoken
duration = Get total duration
spokenKg = To KlattGrid (simple): 0.005, 5, 5500 * formantScale, 0.025, 50, 60, 600, 100, "yes"
Remove pitch points between: 0, 1000
# eSpeak's own contour is flat and robotic; give the sentence a speaking melody around f0.
if jitter > 0
  @periods: 0, duration * 0.3, f0 * 1.15, f0 * 1.2, 0
  @periods: duration * 0.3, duration * 0.7, f0 * 1.2, f0 * 0.95, 0
  @periods: duration * 0.7, duration, f0 * 0.95, f0 * 0.85, 0
else
  Add pitch point: 0, f0 * 1.15
  Add pitch point: duration * 0.3, f0 * 1.2
  Add pitch point: duration * 0.7, f0 * 0.95
  Add pitch point: duration, f0 * 0.85
endif
# The analysed voicing is quieter than the vowel's 90 dB: the noise sources follow it, so the
# sentence has the same signal-to-turbulence ratio as the vowel.
voicedSum = 0
voicedCount = 0
for step to floor (duration / 0.01)
  level = Get voicing amplitude at time: step * 0.01
  if level > 0
    voicedSum += level
    voicedCount += 1
  endif
endfor
noiseOffset = voicedSum / voicedCount - 90
@source
speech = To Sound
@finish: speech, "speech"

# One pitch point a period from .start to .end, the contour going from .from to .to Hz, each
# period's f0 drawn around it (jitter); with .level, a voicing amplitude point a period too
# (shimmer), inside the vowel's 50 ms ramps.
procedure periods: .start, .end, .from, .to, .level
  .t = .start
  while .t < .end
    .f = .from + (.to - .from) * (.t - .start) / (.end - .start)
    if jitter > 0
      .f = .f * (1 + randomGauss (0, jitter / 100 / 1.128))
    endif
    Add pitch point: .t, .f
    if .level and shimmer > 0 and .t > 0.05 and .t < 3.15
      Add voicing amplitude point: .t, 90 + randomGauss (0, shimmer / 1.128)
    endif
    .t += 1 / .f
  endwhile
endproc

procedure source
  if aspiration > 0
    Add aspiration amplitude point: 0, aspiration + noiseOffset
  endif
  if breathiness > 0
    Add breathiness amplitude point: 0, breathiness + noiseOffset
  endif
  if flutter > 0
    Add flutter point: 0, flutter
  endif
  if doublePulsing > 0
    Add double pulsing point: 0, doublePulsing
  endif
endproc

procedure finish: .sound, .suffix$
  selectObject: .sound
  .current = Resample: rate, 50
  if snr > 0
    .rms = Get root-mean-square: 0, 0
    Formula: "self + randomGauss (0, 1) * .rms / 10 ^ (snr / 20)"
  endif
  Scale peak: 0.708
  Save as WAV file: outDir$ + "/" + name$ + "-" + .suffix$ + ".wav"
endproc
