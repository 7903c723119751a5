// better-sqlite3 is a native addon with no prebuilt binary reachable from CI, so installing it
// compiles SQLite's C and then the addon's C++ (about 45 s of one core: the addon's objects wait
// for sqlite3.a, so `make --jobs` cannot overlap them). Inside `npm ci` that left the other core
// idle before anything else could start. `.ci/run` therefore installs with `--ignore-scripts`
// and `npm test` compiles the addon here, beside the build and the demo audio, which need none
// of it; the suites that open a database wait for it. A normal `npm ci` or `npm install` has
// compiled it already, and then nothing happens here.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The packages whose install scripts `npm ci --ignore-scripts` skipped, with what each produces. */
export const NATIVE_ADDONS = [
  {
    pkg: 'better-sqlite3',
    file: path.join(root, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node'),
  },
];

/** Names of the addons whose compiled file is missing. */
export function missingAddons() {
  return NATIVE_ADDONS.filter(({ file }) => !fs.existsSync(file)).map(({ pkg }) => pkg);
}
