import { useId, useState } from 'react';
import { ApiRequestError } from '../../../lib/api';
import { StateMessage } from '../../../ui/StateMessage';
import { NeedsConnection } from '../../offline/saved-data/SavedNote';
import { useQueryView } from '../../offline/saved-data/use-query-view';
import { usePrivacy, useSetPrivacy, type PulseIdentity } from './my-data-api';
import styles from './MyData.module.css';

/**
 * 'Show my first name in the community pulse' (on by default). Off, the member chooses whether
 * their completions appear as 'Someone' or not at all. Saved at once on change.
 */
export function PrivacySetting() {
  const privacy = usePrivacy();
  const save = useSetPrivacy();
  const id = useId();
  // Set in the change handler itself: the mutation's pending state reaches React a tick later,
  // and a controlled input re-rendered in between would flip back to the old choice.
  const [chosen, setChosen] = useState<PulseIdentity | null>(null);
  const view = useQueryView(privacy);
  if (view.kind === 'loading') return <StateMessage kind="loading" title="Loading your privacy settings…" />;
  if (view.kind === 'needs-connection') return <NeedsConnection onRetry={() => void privacy.refetch()} />;
  if (view.kind === 'error')
    return (
      <StateMessage
        kind="error"
        title="Could not load your privacy settings."
        onRetry={() => void privacy.refetch()}
      />
    );
  const current = chosen ?? (save.isPending && save.variables ? save.variables : view.data.pulseIdentity);
  const set = (value: PulseIdentity) => {
    setChosen(value);
    save.mutate(value, { onSettled: () => setChosen(null) });
  };
  const showsName = current === 'first_name';
  return (
    <div className={styles.privacy}>
      <label className={styles.toggle} htmlFor={`${id}-name`}>
        <input
          id={`${id}-name`}
          type="checkbox"
          checked={showsName}
          disabled={save.isPending}
          onChange={(e) => set(e.target.checked ? 'first_name' : 'someone')}
        />
        <span>Show my first name in the community pulse</span>
      </label>
      {!showsName && (
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>Instead, my completions appear</legend>
          <label className={styles.choice}>
            <input
              type="radio"
              name={`${id}-how`}
              checked={current === 'someone'}
              disabled={save.isPending}
              onChange={() => set('someone')}
            />
            <span>as “Someone”</span>
          </label>
          <label className={styles.choice}>
            <input
              type="radio"
              name={`${id}-how`}
              checked={current === 'hidden'}
              disabled={save.isPending}
              onChange={() => set('hidden')}
            />
            <span>not at all</span>
          </label>
        </fieldset>
      )}
      <p className={styles.hint}>Off also hides your name on reflections you shared with your name.</p>
      {save.isError && (
        <p className={styles.error} role="alert">
          {save.error instanceof ApiRequestError
            ? save.error.serverMessage
            : 'Could not save. Please try again.'}
        </p>
      )}
    </div>
  );
}
