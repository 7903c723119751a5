import { Component, type ErrorInfo, type ReactNode } from 'react';
import styles from './ErrorBoundary.module.css';

interface State {
  error: Error | null;
}

/** Catches a screen that crashes while rendering and offers a way back, never a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A screen crashed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className={styles.box} role="alert">
        <h1>Something went off-key</h1>
        <p>This screen hit a problem it could not recover from. Your progress is safe.</p>
        <div className={styles.actions}>
          <button type="button" onClick={() => window.location.reload()}>
            Try again
          </button>
          <a href="/home">Go home</a>
        </div>
      </div>
    );
  }
}
