// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssessmentResult } from '../../../dsp/assessment-types';
import type { AnalyseOnDevice, AnalysisOutcome } from './analysis-outcome';
import type { StoredAssessment } from './assessment-api';
import type { RecordTake, Take } from './record-take';
import { PROBLEM_TEXT } from './take-quality';

const stored = vi.hoisted(() => ({ list: [] as StoredAssessment[], saved: [] as unknown[] }));
vi.mock('./assessment-api', async (original) => ({
  ...(await original<typeof import('./assessment-api')>()),
  useAssessments: () => ({ data: stored.list }),
  usePendingAssessments: () => [],
  useSaveAssessment: () => ({
    mutate: (body: unknown) => stored.saved.push(body),
    isPending: false,
    isSuccess: false,
    isError: false,
  }),
}));
const { AssessmentCheck, STANDARD_SENTENCE } = await import('./AssessmentCheck');

afterEach(() => {
  cleanup();
  stored.list = [];
  stored.saved = [];
});

const RATE = 16000;
/** A voice-like take: a 180 Hz tone with harmonics, `seconds` long, quiet lead-in and tail. */
function voiced(seconds: number, amplitude = 0.3): Take {
  const samples = new Float32Array(Math.round((seconds + 1) * RATE));
  for (let i = 0; i < seconds * RATE; i++) {
    const t = i / RATE;
    samples[RATE / 2 + i] =
      amplitude * (0.6 * Math.sin(2 * Math.PI * 180 * t) + 0.3 * Math.sin(2 * Math.PI * 360 * t));
  }
  return { samples, rate: RATE };
}
const RESULT: AssessmentResult = {
  avqi: 3.12,
  cpps: 11.4,
  hnr: 17.9,
  shimmerPercent: 6.1,
  shimmerDb: 0.55,
  ltasSlope: -20.3,
  ltasTilt: -8.7,
  analysisMs: 35,
  engineVersion: 'avqi-test',
};
const earlier = (daysAgo: number, avqi: number): StoredAssessment => ({
  ...RESULT,
  id: daysAgo,
  avqi,
  mptSeconds: null,
  recordedAt: new Date(Date.parse('2026-11-26T12:00:00Z') - daysAgo * 86_400_000).toISOString(),
});

/** Each "Record" gets the next take in the list; the analysis answers `outcome`. */
function device(takes: Take[], outcome: AnalysisOutcome = { ok: true, result: RESULT }) {
  const queue = [...takes];
  const recordTake: RecordTake = vi.fn(async ({ onLevel }) => {
    onLevel({ rms: 0.1, peak: 0.3 });
    return queue.shift()!;
  });
  const analyse: AnalyseOnDevice = vi.fn(async () => outcome);
  return { recordTake, analyse, now: () => new Date('2026-11-26T12:00:00Z') };
}

async function show(deps: ReturnType<typeof device>) {
  render(
    <MemoryRouter>
      <AssessmentCheck deps={deps} onClose={() => undefined} />
    </MemoryRouter>,
  );
}
async function pressRecord() {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Record' })));
}

describe('the guided voice check', () => {
  it('walks through "ah", the standard sentence and the breath task to the result', async () => {
    const deps = device([voiced(4), voiced(4), voiced(14.2)]);
    await show(deps);
    expect(screen.getByText('step 1 of 3')).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'microphone level' })).toBeTruthy();
    await pressRecord();
    expect(screen.getByText('step 2 of 3')).toBeTruthy();
    // The new step takes the focus, so a screen reader reads what to do next.
    expect(document.activeElement?.textContent).toBe('read this sentence aloud');
    expect(screen.getByTestId('standard-sentence').textContent).toBe(STANDARD_SENTENCE);
    await pressRecord();
    expect(screen.getByText('step 3 of 3')).toBeTruthy();
    await pressRecord();
    // Plain words first, then the number.
    const words = screen.getByTestId('avqi-words');
    expect(words.textContent).toMatch(/^Your voice sounds hoarse or breathy today/);
    expect(words.compareDocumentPosition(screen.getByTestId('avqi-value'))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(screen.getByTestId('avqi-value').textContent).toBe('AVQI 3.12');
    expect(screen.getByTestId('avqi-side').textContent).toContain('Above 2.43');
    // The six technical measures wait behind "details", each with its meaning.
    const details = screen.getByTestId('assessment-details');
    expect(details.hasAttribute('open')).toBe(false);
    expect(details.contains(screen.getByTestId('measure-cpps'))).toBe(true);
    expect(details.contains(screen.getByTestId('measure-mptSeconds'))).toBe(false);
    expect(screen.getByTestId('measure-cpps').textContent).toContain('11.4 dB');
    expect(screen.getByTestId('measure-mptSeconds').textContent).toContain('14.2 s');
    expect(screen.getByText(/wellbeing indicator, not a diagnosis/)).toBeTruthy();
    // One result above the boundary is not yet a reason to see someone.
    expect(screen.queryByTestId('see-a-professional')).toBeNull();
    expect(deps.analyse).toHaveBeenCalledTimes(1);
    // The engine got the held "ah" without the half seconds of room before and after it.
    const [vowel] = vi.mocked(deps.analyse).mock.calls[0]!;
    expect(vowel.samples[0]!.length / RATE).toBeCloseTo(4, 1);
  });

  it('asks again with words when the "ah" was too short, and records it again', async () => {
    const deps = device([voiced(1.5), voiced(4)]);
    await show(deps);
    await pressRecord();
    expect(screen.getByTestId('take-problem').textContent).toContain(PROBLEM_TEXT['too-short'].vowel);
    expect(screen.getByText('step 1 of 3')).toBeTruthy();
    await pressRecord();
    expect(screen.getByText('step 2 of 3')).toBeTruthy();
  });

  it('says when a take was too quiet', async () => {
    await show(device([voiced(4, 0.005)]));
    await pressRecord();
    expect(screen.getByTestId('take-problem').textContent).toContain(PROBLEM_TEXT['too-quiet'].vowel);
  });

  it('takes the member back to the sentence when the engine heard no voiced speech in it', async () => {
    const deps = device([voiced(4), voiced(4)], {
      ok: false,
      code: 'no-voiced-speech',
      message: 'We heard no voiced speech in the reading.',
    });
    await show(deps);
    await pressRecord();
    await pressRecord();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'skip this step' })));
    expect(screen.getByText('step 2 of 3')).toBeTruthy();
    expect(screen.getByTestId('take-problem').textContent).toContain(
      'We heard no voiced speech in the reading.',
    );
  });

  it('compares with earlier results and suggests a professional after two of the last three above 2.43', async () => {
    stored.list = [earlier(7, 2.9), earlier(14, 1.9)];
    await show(device([voiced(4), voiced(4)]));
    await pressRecord();
    await pressRecord();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'skip this step' })));
    expect(screen.getByTestId('avqi-compare').textContent).toContain('2.90');
    expect(screen.getByTestId('avqi-compare').textContent).toContain('about the same as last time');
    expect(screen.getByTestId('see-a-professional')).toBeTruthy();
    expect(screen.queryByTestId('measure-mptSeconds')).toBeNull();
  });

  it('saves only the numbers, when the member chooses to', async () => {
    await show(device([voiced(4), voiced(4)]));
    await pressRecord();
    await pressRecord();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'skip this step' })));
    expect(stored.saved).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'save to my voice health' }));
    expect(stored.saved).toEqual([
      {
        avqi: 3.12,
        cpps: 11.4,
        hnr: 17.9,
        shimmerPercent: 6.1,
        shimmerDb: 0.55,
        ltasSlope: -20.3,
        ltasTilt: -8.7,
        mptSeconds: null,
        recordedAt: '2026-11-26T12:00:00.000Z',
        engineVersion: 'avqi-test',
      },
    ]);
  });
});

describe('jitter for the voice severity index (issue 31)', () => {
  it('is saved with the check when the engine measured it', async () => {
    const withJitter = { ...RESULT, jitterPercent: 0.62 } as AssessmentResult;
    await show(device([voiced(4), voiced(4)], { ok: true, result: withJitter }));
    await pressRecord();
    await pressRecord();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'skip this step' })));
    fireEvent.click(screen.getByRole('button', { name: 'save to my voice health' }));
    expect(stored.saved).toEqual([expect.objectContaining({ avqi: 3.12, jitterPercent: 0.62 })]);
  });
});
