import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { apiJson, ApiRequestError } from '../../lib/api';
import { onlineOnly, writeErrorText } from '../../lib/outbox/online-only';
import { Button } from '../../ui/Button';
import { StateMessage } from '../../ui/StateMessage';
import styles from './Reminders.module.css';

interface LinkState {
  email: string;
  emailOn: boolean;
  schedule: string | null;
}

/**
 * /reminders/unsubscribe?token=…: the page a reminder e-mail's "stop" link opens, signed in or
 * not. Opening it changes nothing (mail scanners open links); the one button does. Mail programs
 * that support RFC 8058 skip this page and POST the List-Unsubscribe address directly.
 */
export function UnsubscribeScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const url = `/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`;
  const state = useQuery<LinkState>({
    queryKey: ['/api/reminders/unsubscribe', token],
    queryFn: () => apiJson<LinkState>('GET', url),
    enabled: token !== '',
    retry: false,
  });
  const stop = useMutation({
    mutationFn: () => onlineOnly('Stopping reminder e-mails', () => apiJson<{ emailOn: false }>('POST', url)),
  });
  const invalid = token === '' || (state.error instanceof ApiRequestError && state.error.status === 404);
  return (
    <section className={styles.screen} aria-label="stop reminder e-mails">
      <div className={styles.body} style={{ paddingTop: 'var(--space-10)' }}>
        <h1 className={styles.cardTitle}>reminder e-mails</h1>
        {invalid ? (
          <StateMessage
            kind="empty"
            title="This link is not valid (any more)."
            hint="You can change every reminder in Tuneful: your profile, practice reminders."
          />
        ) : state.isPending ? (
          <StateMessage kind="loading" title="loading…" />
        ) : state.isError ? (
          <StateMessage
            kind="error"
            title="We could not check this link just now."
            onRetry={() => void state.refetch()}
          />
        ) : stop.isSuccess || !state.data.emailOn ? (
          <div className={styles.card} role="status">
            <p>
              <strong>No more reminder e-mails</strong> go to {state.data.email}.
            </p>
            <p className={styles.hint}>
              Notifications and the calendar, if you chose them, stay as they are. Account mails (sign-in
              links, password resets) still come.
            </p>
          </div>
        ) : (
          <div className={styles.card}>
            <p>
              Stop practice reminder e-mails to <strong>{state.data.email}</strong>
              {state.data.schedule ? ` (${state.data.schedule})` : ''}?
            </p>
            <Button block loading={stop.isPending} onClick={() => stop.mutate()}>
              stop reminder e-mails
            </Button>
            {stop.isError && (
              <p className={styles.error} role="alert">
                {writeErrorText(stop.error, 'That did not work. Please try again.')}
              </p>
            )}
          </div>
        )}
        <div className={styles.row}>
          <Link className={styles.plainLink} to="/home">
            open Tuneful
          </Link>
          <Link className={styles.plainLink} to="/reminders">
            reminder settings
          </Link>
        </div>
      </div>
    </section>
  );
}
