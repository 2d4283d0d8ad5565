// One lint setup for the whole repository: `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { CHILD_SYSTEM_IDS, folderOf } from './apps/web/src/shared/systems/childSystemIds.js';

/** Imports flow one way (STYLE.md rule 11): the layers below the features never import a feature. */
const SERVER_CORE = ['core', 'bus', 'gateway', 'http', 'db'];
const SERVER_NO_FEATURE = {
  regex: '(^|/)(modules|live|demo)/',
  message: 'core, bus, gateway, http and db never import a feature: move the shared piece to apps/server/src/core/.',
};
const SERVER_CORE_NO_HTTP = {
  regex: '(^|/)http/',
  message: 'core never imports http: a piece both need lives in core/ or packages/contracts.',
};
const SERVER_MODULE_NO_GATEWAY = {
  regex: '(^|/)gateway/',
  message: 'a feature module never imports the gateway: protocol facts live in packages/protocols, shared pieces in core/.',
};
const NO_AS_STATIC = {
  selector: "TSAsExpression > TSTypeReference[typeName.name='Static']",
  message: 'no `as Static<…>`: register the route with route(app, endpoint, handler), whose input is typed from the endpoint table.',
};
/** `word in NAMES` is true for 'toString' too: a closed list is checked by its own keys. */
const NO_IN_CLOSED_LIST = {
  selector: "BinaryExpression[operator='in'][right.type='Identifier'][right.name=/^[A-Z][A-Z0-9_]*$/]",
  message: "no `word in LIST` (true for 'toString' too): refuse with oneOfOrRefuse (http/errors.ts) or test with isKeyOf (own keys).",
};
/** A server layer's import rules, static and lazy; `as Static` and `in LIST` ride along (a later block replaces an earlier one's options). */
const serverImports = (...patterns) => ({
  ...restrict(...patterns),
  'no-restricted-syntax': [
    'error',
    NO_AS_STATIC,
    NO_IN_CLOSED_LIST,
    NO_COMPUTED_IMPORT,
    ...patterns.map(({ regex, message }) => noLazyImport(regex, message)),
  ],
});
/**
 * The web's apps: each sub-product's folder (its id in apps/web/src/shared/systems/childSystemIds.js,
 * the one list, kebab-cased: dataCenter lives in data-center/), the shell and the phone app (mobile/,
 * 掌上车联 at /m/). child/ is the runtime every sub-product mounts in (and its composition root), not an
 * app. apps/web/src/child/systems/lintedApps.test.ts proves no folder of src/ is left out.
 */
export const WEB_APPS = [...CHILD_SYSTEM_IDS.map(folderOf), 'shell', 'mobile'];
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
/** Pages call the API with call(endpoint, input) only: the answer's type comes from the endpoint table. */
const CALL_ONLY = {
  regex: '(^|/)request/helpers\\.ts$',
  importNames: ['get', 'getBytes', 'postForm', 'postJson', 'upload', 'downloadExcel'],
  message: 'call the API with call(endpoint, input) from shared/request/call.ts: the endpoint table gives the answer its type.',
};
/** A relative import that climbs into one of these folders (or names the folder itself, its index). */
const climbsInto = (dirs) => `^(\\.\\./)+(${dirs.join('|')})(/|$)`;
/**
 * From a file `depth` folders below src/, a relative import that climbs out of its app into one of
 * these folders: exact, so an app's own sub-folder named like another app (mobile/pet/) is its own.
 */
const climbsOutInto = (depth, dirs) => `^(\\.\\./){${depth}}(${dirs.join('|')})(/|$)`;
/**
 * How deep an app's files sit below src/ (apps/web/src/<app>/a/b/file.tsx is 3); lintedApps.test.ts
 * proves no file sits deeper, where the rule above would not reach it.
 */
export const APP_DEPTHS = [1, 2, 3, 4, 5];
/**
 * The rules above read the path as written, so it must say plainly where it goes: no `./../`, no
 * `a/../` or `/./` inside it, no absolute `/src/…` (each would let `../pet/../car/x` pass as pet's own).
 */
const PLAIN_PATH = {
  regex: '^\\./\\.\\./|/\\./|(^|/)[^./][^/]*/\\.\\.(/|$)|^/',
  message: 'an import path says plainly where it goes: climb with ../ first, then name folders (no ./../, a/../ or /./), never from /.',
};
/** Beijing time on every page: instants become text only through shared/format/beijingTime.ts (docs/web.md "Times on screen"). */
const BEIJING_TIME_FILES = ['apps/web/src/shared/format/beijingTime.ts', 'apps/web/src/shared/format/beijingTime.test.ts'];
const BEIJING_TIME = [
  'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
  "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
  "CallExpression[callee.property.name='format'][arguments.0.type='Literal'][arguments.0.value=/HH|mm|ss/]",
  // the browser's now and today: beijingPickerValue() / beijingToday()
  "CallExpression[callee.name='dayjs'][arguments.length=0]",
].map((selector) => ({
  selector,
  message:
    "times on screen are Beijing's, whatever the browser's zone: use beijingFormat (shared/format/beijingTime.ts); numbers: Intl.NumberFormat.",
}));
/**
 * no-restricted-imports does not see `import()` expressions, so lazy imports are held to the same
 * rule by a syntax selector (esquery's regex literal cannot hold a slash: \x2F stands for it).
 */
const noLazyImport = (regex, message) => ({ selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`, message });
/**
 * The lazy-import rules read the path as written: one computed at run time (`../car/${x}`, a
 * variable) would pass them whatever it names, so import() takes a plain string. None needs more.
 */
const NO_COMPUTED_IMPORT = {
  selector: "ImportExpression[source.type!='Literal']",
  message: 'import() takes a plain string path: a computed one (a template with ${…}, a variable) escapes the import rules.',
};
/** Vite's import.meta.glob loads files by pattern, past every rule above: no page needs it. */
const NO_IMPORT_GLOB = {
  selector: "CallExpression[callee.object.type='MetaProperty'][callee.property.name=/^glob/]",
  message: 'no import.meta.glob: import each file by its plain path, so the import rules can read it.',
};
/**
 * A web folder's import rules, static and lazy. Both no-restricted-* rules are configured once per
 * file (a later block replaces an earlier one's options), so the Beijing-time selectors ride along.
 */
const webImports = ({ regex, message }, ...more) => ({
  ...restrict({ regex, message }, PLAIN_PATH, ...more),
  'no-restricted-syntax': [
    'error',
    ...BEIJING_TIME,
    NO_COMPUTED_IMPORT,
    NO_IMPORT_GLOB,
    noLazyImport(regex, message),
    noLazyImport(PLAIN_PATH.regex, PLAIN_PATH.message),
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      'e2e/screenshots/**',
      'packages/geo/data/**',
      'packages/geo/src/chinaMask.data.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['packages/**/*.ts'],
    // a package's tests may start the real server (e.g. the simulator against the gateway)
    ignores: ['**/*.test.ts'],
    rules: restrict({ regex: '(^|/)apps/|^@chelian/(server|web)', message: 'packages never import the apps.' }),
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: BEIJING_TIME_FILES,
    rules: { 'no-restricted-syntax': ['error', ...BEIJING_TIME, NO_COMPUTED_IMPORT] },
  },
  {
    files: ['apps/web/src/shared/**/*.{ts,tsx}', 'apps/web/src/child/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/shared/request/**'],
    rules: webImports(
      { regex: climbsInto(WEB_APPS), message: 'shared web code never imports an app: move the piece into shared/.' },
      CALL_ONLY,
    ),
  },
  {
    // child/ mounts every sub-product: it may import their route tables, nothing else of theirs
    files: ['apps/web/src/child/**/*.{ts,tsx}'],
    rules: webImports(
      { regex: `${climbsInto(WEB_APPS)}(?!routes\\.tsx$)`, message: "child/ imports only the apps' route tables." },
      CALL_ONLY,
    ),
  },
  ...WEB_APPS.flatMap((app) =>
    APP_DEPTHS.map((depth) => ({
      files: [`apps/web/src/${app}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
      rules: webImports(
        {
          regex: climbsOutInto(
            depth,
            WEB_APPS.filter((other) => other !== app),
          ),
          message: `an app never imports another app's internals: shared code lives in apps/web/src/shared/.`,
        },
        CALL_ONLY,
      ),
    })),
  ),
  {
    // the assistant widget is a standalone script on other sites' pages (/ai/assistant.js, its own
    // size budget): nothing of the web app's, shared/ included, may ride into it
    files: ['apps/web/src/assistant-widget/**/*.ts'],
    rules: webImports({
      regex: climbsInto([...WEB_APPS, 'shared', 'child']),
      message: 'the assistant widget is a standalone script: it imports only its own folder and @chelian/contracts.',
    }),
  },
  {
    // the one place that formats instants keeps the import rule of shared/
    files: BEIJING_TIME_FILES,
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_COMPUTED_IMPORT,
        noLazyImport(climbsInto(WEB_APPS), 'shared web code never imports an app: move the piece into shared/.'),
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', NO_AS_STATIC, NO_IN_CLOSED_LIST, NO_COMPUTED_IMPORT] },
  },
  {
    files: SERVER_CORE.filter((dir) => dir !== 'core').map((dir) => `apps/server/src/${dir}/**/*.ts`),
    ignores: ['**/*.test.ts'],
    rules: serverImports(SERVER_NO_FEATURE),
  },
  {
    files: ['apps/server/src/core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: serverImports(SERVER_NO_FEATURE, SERVER_CORE_NO_HTTP),
  },
  {
    // tests may start a real gateway beside the feature they test; the live feed is a feature too
    // (live/live.feature.ts), and the demo drives the gateway only through its ports
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/live/**/*.ts', 'apps/server/src/demo/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: serverImports(SERVER_MODULE_NO_GATEWAY),
  },
  {
    rules: {
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      // Unused names prefixed with _ are deliberate (destructuring to drop a field).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-empty': ['error', { allowEmptyCatch: true }],
      // TypeScript already checks names; for .mjs scripts Node's globals are fine.
      'no-undef': 'off',
    },
  },
);
