import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState } from 'react';
import {
  FOCUS_AREAS,
  SKILL_LEVELS,
  type FocusArea,
  type SessionType,
  type SkillLevel,
} from '../../domain/circles';
import { writeErrorText } from '../../lib/outbox/online-only';
import { Button } from '../../ui/Button';
import { FormError } from '../../ui/FormError';
import { useCircleTemplates, useCreateCircle, type VoiceCircle } from './circles-api';
import { canCreateCircle, defaultLocalStart, focusLabel, localInputToIso, skillLabel } from './circles-text';
import styles from './VoiceCircles.module.css';
import { countText } from '../../lib/plural';

const DURATIONS = [15, 20, 30, 45, 60];

/**
 * Create Circle (spec §5): submit is disabled until the trimmed name is non-empty and while
 * saving; defaults sessionType asynchronous, skillLevel all, maxParticipants 8 (no input shown),
 * isPrivate false. A live circle also needs its weekly time and length.
 */
export function CreateCircleDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onCreated: (c: VoiceCircle) => void;
}) {
  const create = useCreateCircle();
  const templates = useCircleTemplates(open);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [sessionType, setSessionType] = useState<SessionType>('asynchronous');
  const [focusArea, setFocusArea] = useState<FocusArea | ''>('');
  const [skillLevel, setSkillLevel] = useState<SkillLevel>('all');
  const [isPrivate, setIsPrivate] = useState(false);
  const [start, setStart] = useState(() => defaultLocalStart(Date.now()));
  const [duration, setDuration] = useState(30);
  const [templateId, setTemplateId] = useState<number | null>(null);
  const id = useId();
  const live = sessionType === 'real_time';
  const startIso = live ? localInputToIso(start) : null;

  const reset = () => {
    setName('');
    setDescription('');
    setSessionType('asynchronous');
    setFocusArea('');
    setSkillLevel('all');
    setIsPrivate(false);
    setTemplateId(null);
    create.reset();
  };
  const submit = async () => {
    if (!canCreateCircle(name, create.isPending) || (live && !startIso)) return;
    try {
      const circle = await create.mutateAsync({
        name: name.trim(),
        description: description.trim(),
        sessionType,
        focusArea,
        skillLevel,
        maxParticipants: 8,
        isPrivate,
        duration,
        ...(live && startIso ? { scheduledTime: startIso } : {}),
        ...(templateId ? { templateId } : {}),
      });
      reset();
      onOpenChange(false);
      onCreated(circle);
    } catch {
      // shown below; the form keeps what was typed
    }
  };
  const error = create.error ? writeErrorText(create.error, "We couldn't create the circle just now.") : null;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} aria-describedby={undefined}>
          <div className={styles.dialogTop}>
            <Dialog.Title className={styles.dialogTitle}>Create Circle</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label="Close">
              ×
            </Dialog.Close>
          </div>
          <form
            className={styles.form}
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <label className={styles.label} htmlFor={`${id}-name`}>
              Circle name
            </label>
            <input
              id={`${id}-name`}
              className={styles.field}
              value={name}
              maxLength={80}
              onChange={(e) => setName(e.target.value)}
            />
            <label className={styles.label} htmlFor={`${id}-desc`}>
              Description
            </label>
            <textarea
              id={`${id}-desc`}
              className={styles.field}
              rows={3}
              maxLength={500}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
            <label className={styles.label} htmlFor={`${id}-type`}>
              Session type
            </label>
            <select
              id={`${id}-type`}
              className={styles.field}
              value={sessionType}
              onChange={(e) => setSessionType(e.target.value as SessionType)}
            >
              <option value="asynchronous">In your own time (asynchronous)</option>
              <option value="real_time">Live together (real time)</option>
            </select>
            {live && (
              <>
                <label className={styles.label} htmlFor={`${id}-start`}>
                  First session (repeats weekly)
                </label>
                <input
                  id={`${id}-start`}
                  type="datetime-local"
                  className={styles.field}
                  value={start}
                  onChange={(e) => setStart(e.target.value)}
                />
              </>
            )}
            <label className={styles.label} htmlFor={`${id}-duration`}>
              Duration
            </label>
            <select
              id={`${id}-duration`}
              className={styles.field}
              value={duration}
              onChange={(e) => setDuration(Number(e.target.value))}
            >
              {DURATIONS.map((d) => (
                <option key={d} value={d}>
                  {countText(d, 'minute')}
                </option>
              ))}
            </select>
            <label className={styles.label} htmlFor={`${id}-focus`}>
              Focus area
            </label>
            <select
              id={`${id}-focus`}
              className={styles.field}
              value={focusArea}
              onChange={(e) => setFocusArea(e.target.value as FocusArea | '')}
            >
              <option value="">General</option>
              {FOCUS_AREAS.map((f) => (
                <option key={f} value={f}>
                  {focusLabel(f)}
                </option>
              ))}
            </select>
            <label className={styles.label} htmlFor={`${id}-skill`}>
              Skill level
            </label>
            <select
              id={`${id}-skill`}
              className={styles.field}
              value={skillLevel}
              onChange={(e) => setSkillLevel(e.target.value as SkillLevel)}
            >
              {SKILL_LEVELS.map((s) => (
                <option key={s} value={s}>
                  {skillLabel(s)}
                </option>
              ))}
            </select>
            {templates.data && templates.data.length > 0 && (
              <>
                <label className={styles.label} htmlFor={`${id}-template`}>
                  Practice
                </label>
                <select
                  id={`${id}-template`}
                  className={styles.field}
                  value={templateId ?? ''}
                  onChange={(e) => setTemplateId(e.target.value ? Number(e.target.value) : null)}
                >
                  <option value="">A short session chosen for you</option>
                  {templates.data.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.title} ({Math.round(t.durationSec / 60)} min)
                    </option>
                  ))}
                </select>
              </>
            )}
            <label className={styles.check} htmlFor={`${id}-private`}>
              <input
                id={`${id}-private`}
                type="checkbox"
                checked={isPrivate}
                onChange={(e) => setIsPrivate(e.target.checked)}
              />
              Private circle (joined by invite link)
            </label>
            {error && <FormError className={styles.error}>{error}</FormError>}
            <Button
              type="submit"
              block
              loading={create.isPending}
              disabled={!canCreateCircle(name, create.isPending) || (live && !startIso)}
            >
              {create.isPending ? 'Creating...' : 'Create Circle'}
            </Button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
