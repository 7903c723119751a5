# The Acoustic Voice Quality Index 03.01 (Maryn & Barsties 2015), run in Praat: the reference
# our engine is compared with. Written from the method's description (Barsties & Maryn 2015;
# Maryn, Corthals, Van Cauwenberge, Roy & De Bodt 2010) and the authors' published script, in
# Praat's current command syntax; each step keeps the published parameters, because those
# parameters are what makes a result comparable with the published 2.43 boundary.
#
#   praat --run scripts/avqi/avqi-0301.praat /abs/vowel.wav /abs/speech.wav
#
# prints one JSON line: the six measures in Praat's units, the AVQI, the seconds of voiced
# speech kept and the seconds Praat spent (wall clock, inside this script).

form AVQI 03.01
  sentence vowelPath
  sentence speechPath
endform

startedAt = stopwatch

vowelRaw = Read from file: vowelPath$
channels = Get number of channels
if channels > 1
  vowelMono = Convert to mono
  removeObject: vowelRaw
  vowelRaw = vowelMono
endif
speechRaw = Read from file: speechPath$
channels = Get number of channels
if channels > 1
  speechMono = Convert to mono
  removeObject: speechRaw
  speechRaw = speechMono
endif

# Both recordings are analysed at the vowel's rate (the published method assumes one recording
# setup; a member's two takes can differ when the device switches rates).
selectObject: vowelRaw
vowelRate = Get sampling frequency
selectObject: speechRaw
speechRate = Get sampling frequency
if speechRate <> vowelRate
  resampled = Resample: vowelRate, 50
  removeObject: speechRaw
  speechRaw = resampled
endif

# Step 0: remove everything below 34 Hz (Hann-shaped stop band 0-34 Hz, 0.1 Hz smoothing).
selectObject: speechRaw
speech = Filter (stop Hann band): 0, 34, 0.1
selectObject: vowelRaw
vowel = Filter (stop Hann band): 0, 34, 0.1

# Step 1: the sounding parts of the speech (silence threshold -25 dB re. the maximum,
# pitch floor 50 Hz, minimum silence and sounding 0.1 s), joined end to end.
selectObject: speech
rate = Get sampling frequency
samplePeriod = Get sampling period
grid = To TextGrid (silences): 50, 0.003, -25, 0.1, 0.1, "silence", "sounding"
selectObject: speech, grid
Extract intervals where: 1, "no", "does not contain", "silence"
numberOfParts = numberOfSelected ("Sound")
for part to numberOfParts
  partId [part] = selected ("Sound", part)
endfor
selectObject: partId [1]
for part from 2 to numberOfParts
  plusObject: partId [part]
endfor
sounding = Concatenate
for part to numberOfParts
  removeObject: partId [part]
endfor
removeObject: grid

# The published script starts the joined signal with 1 ms of digital silence; kept for
# equality. Made before the windows because Concatenate joins in the order objects were made.
lead = Create Sound from formula: "lead", 1, 0, 0.001, rate, "0"

# Step 2: keep the 30 ms windows of the sounding speech that are voiced: power above 30 % of
# the sounding speech's power, and a zero-crossing rate (the published script's own count:
# crossings found from 2.5 to 27.5 ms, divided by the span from the first to the last) below
# 3000 per second. Windows step by 30 ms; the last window must end before the signal's end
# minus one window, as in the published script.
selectObject: sounding
soundingEnd = Get end time
windowStart = Get start time
power = Get power in air
threshold = power * 0.3
kept = 0
while windowStart + 0.03 < soundingEnd - 0.03
  selectObject: sounding
  window = Extract part: windowStart, windowStart + 0.03, "rectangular", 1, "no"
  windowPower = Get power in air
  if windowPower > threshold
    @crossingRate: samplePeriod
    if crossingRate$ = "defined" and crossingRate < 3000
      kept += 1
      keptId [kept] = window
    else
      removeObject: window
    endif
  else
    removeObject: window
  endif
  windowStart += 0.03
endwhile
if kept = 0
  exitScript: "no voiced speech"
endif

# Step 3: the vowel's last 3 s (all of it when shorter), after the voiced speech.
selectObject: vowel
vowelDuration = Get total duration
if vowelDuration > 3
  vowelPart = Extract part: vowelDuration - 3, vowelDuration, "rectangular", 1, "no"
else
  vowelPart = Copy: "vowelPart"
endif

selectObject: lead
for k to kept
  plusObject: keptId [k]
endfor
plusObject: vowelPart
joined = Concatenate
for k to kept
  removeObject: keptId [k]
endfor
voicedSpeechSeconds = kept * 0.03

# CPPS: power cepstrogram (pitch floor 60 Hz, 2 ms step, 5 kHz, pre-emphasis from 50 Hz), no
# time smoothing of the peak search beyond 10 ms averaging, quefrency smoothing 1 ms, peak
# between 60 and 330 Hz, tilt line from 0.001 s on, fitted straight by robust regression.
selectObject: joined
cepstrogram = To PowerCepstrogram: 60, 0.002, 5000, 50
cpps = Get CPPS: "no", 0.01, 0.001, 60, 330, 0.05, "parabolic", 0.001, 0, "Straight", "Robust"

# LTAS with 1 Hz bands: slope (mean energy 0-1 kHz minus 1-10 kHz) of the spectrum and of its
# trend line fitted from 1 Hz to 10 kHz.
selectObject: joined
ltas = To Ltas: 1
slope = Get slope: 0, 1000, 1000, 10000, "energy"
trend = Compute trend line: 1, 10000
tilt = Get slope: 0, 1000, 1000, 10000, "energy"

# Shimmer from the periodic point process (cross-correlation, 50-400 Hz).
selectObject: joined
points = To PointProcess (periodic, cc): 50, 400
selectObject: joined, points
shimmerLocal = Get shimmer (local): 0, 0, 0.0001, 0.02, 1.3, 1.6
shimmerPercent = shimmerLocal * 100
shimmerDb = Get shimmer (local_dB): 0, 0, 0.0001, 0.02, 1.3, 1.6

# HNR as the voice report gives it: pitch (cc, 75-600 Hz, 15 candidates, accurate off), its
# point process, and the report's mean harmonics-to-noise ratio.
selectObject: joined
pitch = To Pitch (cc): 0, 75, 15, "no", 0.03, 0.45, 0.01, 0.35, 0.14, 600
selectObject: joined, pitch
pitchPoints = To PointProcess (cc)
selectObject: joined, pitch, pitchPoints
report$ = Voice report: 0, 0, 75, 600, 1.3, 1.6, 0.03, 0.45
hnr = extractNumber (report$, "Mean harmonics-to-noise ratio:")

avqi = (4.152 - 0.177 * cpps - 0.006 * hnr - 0.037 * shimmerPercent + 0.941 * shimmerDb + 0.01 * slope + 0.093 * tilt) * 2.8902

elapsed = stopwatch
writeInfoLine: "{""avqi"":", fixed$ (avqi, 4), ",""cpps"":", fixed$ (cpps, 4), ",""hnr"":", fixed$ (hnr, 4),
  ... ",""shimmerPercent"":", fixed$ (shimmerPercent, 4), ",""shimmerDb"":", fixed$ (shimmerDb, 5),
  ... ",""ltasSlope"":", fixed$ (slope, 4), ",""ltasTilt"":", fixed$ (tilt, 4),
  ... ",""voicedSpeechSeconds"":", fixed$ (voicedSpeechSeconds, 3), ",""praatMs"":", fixed$ (elapsed * 1000, 1), "}"

# The published zero-crossing count of one 30 ms window (the selected sound): starting from the
# crossing nearest 2.5 ms, step to each next distinct crossing until 27.5 ms; the rate is the
# number of steps divided by the time from the first crossing to the last one reached. "undefined" when no crossing is found.
procedure crossingRate: .samplePeriod
  .first = Get nearest zero crossing: 0.0025
  crossingRate$ = "undefined"
  crossingRate = 0
  if .first <> undefined
    .at = .first
    .probe = .first + .samplePeriod
    .next = Get nearest zero crossing: .probe
    .count = 0
    .gap = undefined
    while .at < 0.0275 and .at <> undefined
      while .next = .at
        .probe += .samplePeriod
        .next = Get nearest zero crossing: .probe
      endwhile
      .gap = .next - .first
      .count += 1
      .at = .next
    endwhile
    if .gap <> undefined and .gap > 0
      crossingRate = .count / .gap
      crossingRate$ = "defined"
    endif
  endif
endproc
