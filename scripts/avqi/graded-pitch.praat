# Praat's median pitch of one graded vowel (issue 31), for dsp/pitch-graded-praat.json:
#   praat --run scripts/avqi/graded-pitch.praat "$PWD/fixtures/voice/graded/NAME-vowel.wav" FLOOR
# Praat's ac method with its standard settings (15 candidates, voicing threshold 0.45, octave
# cost 0.01, octave-jump cost 0.35, voiced/unvoiced cost 0.14), ceiling 600 Hz; prints the
# median (Get quantile 0.5), the voiced frames and all frames.
form Graded pitch
  sentence File x.wav
  real Floor 50
endform
sound = Read from file: file$
pitch = To Pitch (ac): 0, floor, 15, "no", 0.03, 0.45, 0.01, 0.35, 0.14, 600
median = Get quantile: 0, 0, 0.5, "Hertz"
voiced = Count voiced frames
frames = Get number of frames
writeInfoLine: fixed$ (median, 2), " ", voiced, " ", frames
