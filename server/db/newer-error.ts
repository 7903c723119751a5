import { StartupError } from '../lib/startup-error';

/**
 * A database that records a migration this code does not have was written by a newer version:
 * running older code on it could misread or damage rows it does not understand.
 */
export class DatabaseNewerError extends StartupError {
  constructor(readonly unknown: { version: number; name: string }[]) {
    const list = unknown.map((m) => `${String(m.version).padStart(4, '0')} ${m.name}`).join(', ');
    super(
      `This database was written by a newer version of Tuneful: it has migration${unknown.length === 1 ? '' : 's'} ${list}, which this version does not know.`,
      'Run the newer version with this database, or restore a backup that this version made.',
    );
    this.name = 'DatabaseNewerError';
  }
}
