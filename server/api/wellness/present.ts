import type { BiometricRow, MoodRow } from './repository';

/** Spec 2 §3 "Mood entry": id, moodScore, stressLevel, anxietyLevel, energyLevel, emotions, notes, recordedAt. */
export function presentMood(m: MoodRow) {
  return {
    id: m.id,
    moodScore: m.mood_score,
    stressLevel: m.stress_level,
    anxietyLevel: m.anxiety_level,
    energyLevel: m.energy_level,
    emotions: JSON.parse(m.emotions) as string[],
    notes: m.notes,
    recordedAt: m.recorded_at,
    localDate: m.local_date,
  };
}

/** Spec 2 §3 "Biometric record": id, dataType, value, unit, sourceDevice, recordedAt. */
export function presentBiometric(b: BiometricRow) {
  return {
    id: b.id,
    dataType: b.data_type,
    value: b.value,
    unit: b.unit,
    sourceDevice: b.source_device,
    recordedAt: b.recorded_at,
    localDate: b.local_date,
  };
}
