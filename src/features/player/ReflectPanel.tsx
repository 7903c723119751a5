import { useId, useState } from 'react';
import { SAVED_OFFLINE_TITLE } from '../../lib/outbox/offline-writes';
import { Button } from '../../ui/Button';
import { toast } from '../toast/toast-store';
import { logSessionAction, NotSignedInError, saveReflection } from './player-api';
import styles from './EndDialog.module.css';

/** The reflection box of the end dialog (panel capped at 500 px high, spec core §9). */
export function ReflectPanel({ sessionId, onSaved }: { sessionId: number; onSaved: () => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const blank = text.trim().length === 0;

  const save = async () => {
    if (blank) return;
    setSaving(true);
    try {
      const { queued } = await saveReflection(sessionId, text.trim());
      if (queued) {
        // Offline: it waits in the outbox (the log is a record only, so it is not kept for later).
        toast({ title: SAVED_OFFLINE_TITLE, description: 'Your reflection is saved once it is sent.' });
      } else {
        void logSessionAction(sessionId, 'reflect', null);
        toast({ title: 'Saved ✨', description: 'Your reflection has been saved', variant: 'success' });
      }
      setText('');
      onSaved();
    } catch (err) {
      if (err instanceof NotSignedInError) {
        toast({ title: 'You must be logged in to save reflections', variant: 'destructive' });
      } else {
        console.warn('Could not save the reflection', err);
        toast({ title: 'Could not save reflection', variant: 'destructive' });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.reflect}>
      <label htmlFor={id} className={styles.reflectLabel}>
        how does your voice feel now?
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={5000}
        rows={5}
        placeholder="a few words for yourself…"
        autoFocus
      />
      <Button block onClick={() => void save()} disabled={blank} loading={saving}>
        save reflection
      </Button>
    </div>
  );
}
