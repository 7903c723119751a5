import type { SVGProps } from 'react';

const base = {
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

/** find: a compass point; free: an open wave; fine-tune: a tuning fork; fun: a spark. */
const PATHS: Record<string, string[]> = {
  find: ['M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Z', 'm15 9-2 4-4 2 2-4z'],
  free: ['M3 12c2.5-5 5-5 7.5 0s5 5 7.5 0 2.5-3 3-3'],
  'fine-tune': ['M9 3v7a3 3 0 0 0 6 0V3', 'M12 13v8'],
  fun: ['M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M18 6l-2.5 2.5M8.5 15.5 6 18'],
};

export const CATEGORY_LABELS: Record<string, string> = {
  find: 'find',
  free: 'free',
  'fine-tune': 'fine-tune',
  fun: 'fun',
};

/** The icon of a session's first category (spec core §3); a soft note icon when it has none. */
export function CategoryIcon({
  category,
  ...rest
}: { category: string | undefined } & SVGProps<SVGSVGElement>) {
  const key = (category ?? '').trim().toLowerCase();
  const paths = PATHS[key] ?? [
    'M9 18V5l10-2v13',
    'M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z',
    'M19 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z',
  ];
  return (
    <svg {...base} {...rest} data-category={key || 'none'}>
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
