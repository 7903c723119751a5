import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README and docs/ are what an operator and a contributor read: every command in
 * package.json and every environment variable the code reads must be in them, and every
 * relative link in them must lead somewhere.
 */
const root = path.resolve(import.meta.dirname, '..');
const docFiles = [
  'README.md',
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const docs = new Map(docFiles.map((f) => [f, fs.readFileSync(path.join(root, f), 'utf8')]));
const allText = [...docs.values()].join('\n');

/** Read by the operating system or the desktop, not settings of ours. */
const NOT_OURS = new Set(['PATH', 'HOME']);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') out.push(...sourceFiles(rel));
    } else if (/\.(ts|tsx|mjs|js)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      out.push(rel);
    }
  }
  return out;
}

/** `process.env.NAME`, `process.env['NAME']` and `process.env["NAME"]` in one file. */
export function envReads(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(
    /process\.env(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g,
  )) {
    const name = m[1] ?? m[2];
    if (name) names.add(name);
  }
  return [...names];
}

/** The keys of the zod schema in server/config.ts: what the server reads through loadConfig. */
export function configKeys(source: string): string[] {
  const body = source.slice(source.indexOf('const schema = z.object({'));
  const end = body.indexOf('\n});');
  return [...body.slice(0, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1] ?? '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchors(markdown: string): Set<string> {
  const out = new Set<string>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const m = !inFence && /^#{1,6} (.+)$/.exec(line);
    if (m && m[1]) out.add(slug(m[1]));
  }
  return out;
}

function mentioned(name: string): boolean {
  return new RegExp(`(^|[^A-Za-z0-9_])${name}($|[^A-Za-z0-9_])`).test(allText);
}

describe('the documentation', () => {
  it('names every npm script', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const missing = Object.keys(pkg.scripts).filter((name) => {
      const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const short = name === 'start' || name === 'test' ? `|npm ${escaped}` : '';
      return !new RegExp(`(npm run ${escaped}${short})($|[^A-Za-z0-9:_-])`).test(allText);
    });
    expect(missing, 'npm scripts not in README.md or docs/').toEqual([]);
  });

  it('names every environment variable the code reads', () => {
    const config = fs.readFileSync(path.join(root, 'server/config.ts'), 'utf8');
    const read = new Set(configKeys(config));
    expect(read.size, 'keys found in server/config.ts').toBeGreaterThan(10);
    const files = [
      ...['scripts', 'server', 'tests', 'src'].flatMap(sourceFiles),
      'playwright.config.ts',
      'vite.config.ts',
    ];
    for (const file of files) {
      for (const name of envReads(fs.readFileSync(path.join(root, file), 'utf8'))) read.add(name);
    }
    const missing = [...read].filter((name) => !NOT_OURS.has(name) && !mentioned(name)).sort();
    expect(missing, 'environment variables not in README.md or docs/').toEqual([]);
  });

  it('has relative links that lead to files and headings that exist', () => {
    const broken: string[] = [];
    for (const [file, text] of docs) {
      const targets = [
        ...[...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? ''),
        ...[...text.matchAll(/<img [^>]*src="([^"]+)"/g)].map((m) => m[1] ?? ''),
      ];
      for (const target of targets) {
        if (/^[a-z]+:/i.test(target)) continue; // http:, https:, mailto:
        const [rel, hash] = target.split('#');
        const dest = rel ? path.join(path.dirname(path.join(root, file)), rel) : path.join(root, file);
        if (!fs.existsSync(dest)) {
          broken.push(`${file}: ${target} (no such file)`);
        } else if (hash && dest.endsWith('.md') && !anchors(fs.readFileSync(dest, 'utf8')).has(hash)) {
          broken.push(`${file}: ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('keeps the README short', () => {
    expect(docs.get('README.md')!.split('\n').length).toBeLessThanOrEqual(200);
  });

  it('finds what it checks', () => {
    expect(envReads(`a = process.env.FOO_1 ?? process.env['BAR']; b = process.env["BAZ"]`)).toEqual([
      'FOO_1',
      'BAR',
      'BAZ',
    ]);
    expect(slug('Several processes on one machine (`npm run start:cluster -- --workers N`)')).toBe(
      'several-processes-on-one-machine-npm-run-startcluster------workers-n',
    );
    expect(slug("The member's data: export, deletion, privacy")).toBe(
      'the-members-data-export-deletion-privacy',
    );
  });
});
