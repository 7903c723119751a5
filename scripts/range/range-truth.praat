# Praat's voice range measures of one recording (issue 31; the engine: dsp/assembly/range/), with
# the engine's settings (RANGE_PITCH in dsp/range-types.ts), printed as one JSON line:
# the 2nd and 98th percentiles of the pitch track's F0 (`Get quantile`), every voiced frame's F0
# and intensity (`To Intensity: 100, 0, "no"`, `Get value at time: t, "linear"`), and jitter
# (local) of the pulses `To PointProcess (cc)` finds from the sound and that pitch. With
# `frames` "no" only the summary (what the benchmark times).
#
#   praat --run scripts/range/range-truth.praat /abs/take.wav yes

form Range truth
  sentence path
  boolean frames 1
endform

sound = Read from file: path$
channels = Get number of channels
if channels > 1
  mono = Convert to mono
  removeObject: sound
  sound = mono
endif
selectObject: sound
pitch = To Pitch (ac): 0.01, 55, 15, "no", 0.03, 0.45, 0.01, 0.35, 0.14, 1100
lowest = Get quantile: 0, 0, 0.02, "Hertz"
highest = Get quantile: 0, 0, 0.98, "Hertz"
selectObject: sound
intensity = To Intensity: 100, 0, "no"
selectObject: sound, pitch
points = To PointProcess (cc)
jitter = Get jitter (local): 0, 0, 0.0001, 0.02, 1.3
jitter$ = "null"
if jitter <> undefined
  jitter$ = fixed$ (jitter * 100, 6)
endif

f0$ = ""
db$ = ""
voiced = 0
selectObject: pitch
n = Get number of frames
for i to n
  selectObject: pitch
  f = Get value in frame: i, "Hertz"
  if f <> undefined
    t = Get time from frame number: i
    selectObject: intensity
    level = Get value at time: t, "linear"
    if level <> undefined
      voiced += 1
      if frames
        if voiced > 1
          f0$ = f0$ + ","
          db$ = db$ + ","
        endif
        f0$ = f0$ + fixed$ (f, 4)
        db$ = db$ + fixed$ (level, 4)
      endif
    endif
  endif
endfor

writeInfoLine: "{""lowestHz"":", fixed$ (lowest, 6), ",""highestHz"":", fixed$ (highest, 6),
  ... ",""jitterPercent"":", jitter$, ",""voicedFrames"":", voiced,
  ... ",""f0"":[", f0$, "],""db"":[", db$, "]}"
