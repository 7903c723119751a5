import type { AppDeps } from '../../app-env';
import { createMailer } from '../../auth/mail/mailer';
import { createPushSender } from './push-sender';
import type { ReminderDeps } from './scheduler';

/** What the reminder routes and the scheduler need: the app's deps, the mailer and a push sender. */
export function reminderDeps(deps: AppDeps): ReminderDeps & AppDeps {
  return { ...deps, mailer: createMailer(deps), push: createPushSender(deps) };
}
