import fs from 'node:fs';
import path from 'node:path';

/**
 * Screens people open directly (a bookmark, a shared link), as in src/app/route-preload.ts and
 * scripts/lib/first-screen.mjs. Their lazy code normally starts downloading only after the entry
 * chunk has run; named in the page's head, it downloads beside the entry chunk instead.
 */
const LANDING_SCREENS: Record<string, string> = {
  '/tuning-room': 'src/features/tuning/TuningRoomScreen.tsx',
  '/home': 'src/features/home/HomeScreen.tsx',
  '/': 'src/features/auth/SignInScreen.tsx',
  '/login': 'src/features/auth/SignInScreen.tsx',
  '/signup': 'src/features/auth/SignUpScreen.tsx',
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

/**
 * `<link rel="modulepreload">` / `<link rel="preload" as="style">` tags per landing route, read
 * from Vite's manifest once. Files the entry chunk already loads are left out. Empty when the
 * client has not been built.
 */
export function routePreloads(clientDir: string): (urlPath: string) => string {
  const manifestFile = path.join(clientDir, '.vite/manifest.json');
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return () => '';
  }
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, into);
    return into;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const loaded = entry ? closure(entry) : new Set<string>();
  const tags = new Map<string, string>();
  for (const [route, screen] of Object.entries(LANDING_SCREENS)) {
    const keys = [...closure(screen)].filter((k) => !loaded.has(k));
    const js = keys.map((k) => `<link rel="modulepreload" crossorigin href="/${manifest[k]!.file}">`);
    const css = keys.flatMap((k) => manifest[k]!.css ?? []);
    tags.set(
      route,
      [...js, ...css.map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`)].join(''),
    );
  }
  return (urlPath) => tags.get(urlPath) ?? '';
}
