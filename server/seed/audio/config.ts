/**
 * Output format of every catalogue track: mono, 16 kHz, 48 kbit/s constant bitrate (MPEG-2 Layer III).
 *
 * Why so low a sample rate: everything we synthesise is soft. Measured on the rendered catalogue at
 * 24 kHz, the energy above 7 kHz sits 46-60 dB below the track (low-passed pads, formant-filtered
 * voice whose highest formant is ~3.4 kHz), so an 8 kHz Nyquist loses nothing audible. Meanwhile the
 * first start of the server must build all audio in about a minute on 2 cores, and lame's encode cost
 * dominates: 16 kHz encodes ~30% faster than 24 kHz and synthesises a third fewer samples. 48 kbit/s
 * is both cleaner and, oddly, faster in lamejs than 32-40 kbit/s (fewer quantisation loops).
 * Measured since (issue 23): the whole catalogue (418 minutes) takes about 123 s of CPU in one
 * thread, half of it the WebAssembly LAME encoder, the rest synthesis (see docs/features.md).
 */
export const SAMPLE_RATE = 16_000;
export const BITRATE_KBPS = 48;
/** MPEG-2 (LSF, 16-24 kHz) Layer III frames carry 576 samples; MPEG-1 (32-48 kHz) frames 1152. */
export const SAMPLES_PER_FRAME = SAMPLE_RATE >= 32_000 ? 1152 : 576;
