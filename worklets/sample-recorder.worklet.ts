// AudioWorkletProcessor 'sample-recorder': hands the microphone's samples (downmixed to mono)
// to the main thread in chunks, for the voice assessment, which analyses a whole take at once
// in a Worker (the live 'voice-analyser' only reports frames). Each full chunk is posted as a
// copy (structured clone) about 23 times a second: the one allocation here, and a recorder of a
// few seconds can afford it; the live analyser's process() never allocates. Outputs stay silent.
import { RECORDER_CHUNK, SAMPLE_RECORDER_NAME, type RecorderMessage } from '../dsp/recorder-protocol';

const QUANTUM = 128;

export class SampleRecorderProcessor extends AudioWorkletProcessor {
  private readonly chunk = new Float32Array(RECORDER_CHUNK);
  private filled = 0;
  private peak = 0;
  private sumSquares = 0;

  process(inputs: Float32Array[][]): boolean {
    const channels = inputs[0];
    if (!channels || channels.length === 0) return true;
    const n = channels[0]?.length ?? QUANTUM;
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (const ch of channels) s += ch[i] ?? 0;
      s /= channels.length;
      this.chunk[this.filled++] = s;
      const a = Math.abs(s);
      if (a > this.peak) this.peak = a;
      this.sumSquares += s * s;
      if (this.filled === RECORDER_CHUNK) this.flush();
    }
    return true;
  }

  private flush(): void {
    const message: RecorderMessage = {
      type: 'recorder-chunk',
      samples: this.chunk.slice(0, this.filled),
      peak: this.peak,
      rms: Math.sqrt(this.sumSquares / this.filled),
    };
    this.port.postMessage(message, [message.samples.buffer]);
    this.filled = 0;
    this.peak = 0;
    this.sumSquares = 0;
  }
}

registerProcessor(SAMPLE_RECORDER_NAME, SampleRecorderProcessor);
