# Praat's pitch (ac, 10 ms) of a WAV with a floor low enough for a 55 Hz voice: "time f0" lines,
# f0 0 when unvoiced. The same settings as fixtures/voice/real/praat-pitch.praat otherwise.
form Args
  sentence file x.wav
  positive floor 40
endform
s = Read from file: file$
p = To Pitch (ac): 0.01, floor, 15, "no", 0.03, 0.45, 0.01, 0.35, 0.14, 600
n = Get number of frames
appendInfoLine: "time_s", tab$, "f0_hz"
for i to n
  t = Get time from frame number: i
  f = Get value in frame: i, "Hertz"
  if f = undefined
    f = 0
  endif
  appendInfoLine: fixed$(t, 4), tab$, fixed$(f, 3)
endfor
