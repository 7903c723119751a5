/** The recorder's and players' glyphs: decorative, their buttons carry the words. */
const svg = { width: 22, height: 22, viewBox: '0 0 24 24', 'aria-hidden': true } as const;

export function MicGlyph({ size = 28 }: { size?: number }) {
  return (
    <svg {...svg} width={size} height={size} fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" strokeLinecap="round" />
    </svg>
  );
}

export function StopGlyph({ size = 26 }: { size?: number }) {
  return (
    <svg {...svg} width={size} height={size} fill="currentColor">
      <rect x="6" y="6" width="12" height="12" rx="2" />
    </svg>
  );
}

export function PlayGlyph() {
  return (
    <svg {...svg} fill="currentColor">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5z" />
    </svg>
  );
}

export function PauseGlyph() {
  return (
    <svg {...svg} fill="currentColor">
      <rect x="6" y="5" width="4" height="14" rx="1" />
      <rect x="14" y="5" width="4" height="14" rx="1" />
    </svg>
  );
}
