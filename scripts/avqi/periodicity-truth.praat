# Truth for the periodicity measures of AVQI 03.01 (engine: dsp/assembly/avqi/periodicity.ts):
# runs the AVQI script's preparation on one pair (the same steps as avqi-0301.praat, copied here
# because that script cannot stop half-way; keep the two in step), saves the joined signal as a
# 16-bit WAV, reads it back and prints, as one JSON line, Praat's shimmer local (%), shimmer
# local dB and the voice report's mean HNR on the read-back signal (the samples our engine gets),
# and the same three on the joined signal before 16-bit quantisation. With `measure` "no" it only
# saves the joined WAV (what the test needs on a fresh checkout: the measures are committed in
# fixtures/voice/avqi/praat-periodicity.json), a fifth of the CPU on a 44.1 kHz pair.
#
#   praat --run scripts/avqi/periodicity-truth.praat /abs/vowel.wav /abs/speech.wav /abs/out.wav yes

form Periodicity truth
  sentence vowelPath
  sentence speechPath
  sentence joinedPath
  boolean measure 1
endform

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

if measure
  @periodicity: joined
  exactShimmer = periodicity.shimmer
  exactShimmerDb = periodicity.shimmerDb
  exactHnr = periodicity.hnr
  exactJitter = periodicity.jitter
  # The Dysphonia Severity Index's jitter (issue 31): the vowel's last 3 s alone, as extracted.
  selectObject: vowelPart
  vowelPoints = To PointProcess (periodic, cc): 50, 400
  vowelJitter = Get jitter (local): 0, 0, 0.0001, 0.02, 1.3
  vowelJitter = vowelJitter * 100
  removeObject: vowelPoints
endif

selectObject: joined
Save as WAV file: joinedPath$

if measure
  readBack = Read from file: joinedPath$
  samples = Get number of samples
  @periodicity: readBack

  writeInfoLine: "{""shimmerPercent"":", fixed$ (periodicity.shimmer, 6), ",""shimmerDb"":", fixed$ (periodicity.shimmerDb, 6),
    ... ",""hnr"":", fixed$ (periodicity.hnr, 6), ",""jitterPercent"":", fixed$ (periodicity.jitter, 6),
    ... ",""vowelJitterPercent"":", fixed$ (vowelJitter, 6), ",""samples"":", samples, ",""rate"":", rate,
    ... ",""unquantised"":{""shimmerPercent"":", fixed$ (exactShimmer, 6), ",""shimmerDb"":", fixed$ (exactShimmerDb, 6),
    ... ",""hnr"":", fixed$ (exactHnr, 6), ",""jitterPercent"":", fixed$ (exactJitter, 6), "}}"
endif

# The AVQI script's three periodicity steps on one sound: shimmer from the periodic point process
# (cc, 50-400 Hz); HNR as the voice report's mean over the voiced frames of a cc pitch analysis.
procedure periodicity: .sound
  selectObject: .sound
  .points = To PointProcess (periodic, cc): 50, 400
  selectObject: .sound, .points
  .shimmer = Get shimmer (local): 0, 0, 0.0001, 0.02, 1.3, 1.6
  .shimmer = .shimmer * 100
  .shimmerDb = Get shimmer (local_dB): 0, 0, 0.0001, 0.02, 1.3, 1.6
  selectObject: .points
  .jitter = Get jitter (local): 0, 0, 0.0001, 0.02, 1.3
  .jitter = .jitter * 100
  selectObject: .sound
  .pitch = To Pitch (cc): 0, 75, 15, "no", 0.03, 0.45, 0.01, 0.35, 0.14, 600
  selectObject: .sound, .pitch
  .pitchPoints = To PointProcess (cc)
  selectObject: .sound, .pitch, .pitchPoints
  .report$ = Voice report: 0, 0, 75, 600, 1.3, 1.6, 0.03, 0.45
  .hnr = extractNumber (.report$, "Mean harmonics-to-noise ratio:")
  removeObject: .points, .pitch, .pitchPoints
endproc

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
