import type { ReactNode } from 'react';
import { useReveal } from './use-reveal';

/** Brought into view with room around it, not flush against a dialog's rounded edge. */
const ROOM = { scrollMarginBlock: 'var(--space-5)' } as const;

/**
 * A form's error under its fields: announced at once (role alert) and scrolled into view, so a
 * dialog that scrolls never cuts it off. The screen's own class gives it its look.
 */
export function FormError({ className, children }: { className?: string; children: ReactNode }) {
  const ref = useReveal<HTMLParagraphElement>(children);
  return (
    <p ref={ref} className={className} role="alert" style={ROOM}>
      {children}
    </p>
  );
}
