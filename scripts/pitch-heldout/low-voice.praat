# A low male voice for the held-out pitch checks (issue 21): Praat's built-in eSpeak reads a
# sentence, the sound is analysed into a KlattGrid and resynthesised with a speaking melody
# around F0 (1.15 F0 rising to 1.2 F0, then falling to 0.85 F0); Praat's own tracker is the truth.
#
#   praat --run low-voice.praat OUTFILE F0 RATE SENTENCE_NUMBER
form Low voice
  sentence outFile
  positive f0
  positive rate
  integer sentenceNumber
endform
if sentenceNumber = 1
  sentence$ = "We were away a year ago. A man and a woman were ambling along a lane."
elsif sentenceNumber = 2
  sentence$ = "The north wind and the sun were disputing which was the stronger."
else
  sentence$ = "Many animals were roaming in the morning mist, and nobody saw them leave."
endif
synth = Create SpeechSynthesizer: "English (America)", "Male1"
Speech output settings: 44100, 0.01, 1, 1, 165, "IPA"
selectObject: synth
spoken = To Sound: sentence$, "no"
selectObject: spoken
duration = Get total duration
kg = To KlattGrid (simple): 0.005, 5, 5500, 0.025, 50, 60, 600, 100, "yes"
Remove pitch points between: 0, 1000
Add pitch point: 0, f0 * 1.15
Add pitch point: duration * 0.3, f0 * 1.2
Add pitch point: duration * 0.7, f0 * 0.95
Add pitch point: duration, f0 * 0.85
speech = To Sound
current = Resample: rate, 50
Scale peak: 0.708
Save as WAV file: outFile$
