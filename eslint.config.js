// One lint setup for the whole repository: `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** Imports flow one way (STYLE.md rule 11): the layers below the features never import a feature. */
const SERVER_CORE = ['core', 'bus', 'gateway', 'http', 'db'];
// child/ is the runtime every sub-product app mounts in (and its composition root), not an app.
const WEB_APPS = ['car', 'data-report', 'shell', 'system'];
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
/** Pages call the API with call(endpoint, input) only: the answer's type comes from the endpoint table. */
const CALL_ONLY = {
  regex: '(^|/)request/helpers\\.ts$',
  importNames: ['get', 'getBytes', 'postForm', 'postJson', 'upload', 'downloadExcel', 'jsonp'],
  message: 'call the API with call(endpoint, input) from shared/request/call.ts: the endpoint table gives the answer its type.',
};
/** A relative import that climbs into one of these folders. */
const climbsInto = (dirs) => `^(\\.\\./)+(${dirs.join('|')})/`;

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'e2e/screenshots/**', 'packages/geo/data/**', 'packages/geo/src/chinaMask.data.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: SERVER_CORE.map((dir) => `apps/server/src/${dir}/**/*.ts`),
    ignores: ['**/*.test.ts'],
    rules: restrict({ regex: `(^|/)(modules|live|demo)/`, message: 'core, bus, gateway, http and db never import a feature: move the shared piece to apps/server/src/core/.' }),
  },
  {
    files: ['packages/**/*.ts'],
    // a package's tests may start the real server (e.g. the simulator against the gateway)
    ignores: ['**/*.test.ts'],
    rules: restrict({ regex: '(^|/)apps/|^@chelian/(server|web)', message: 'packages never import the apps.' }),
  },
  {
    files: ['apps/web/src/shared/**/*.{ts,tsx}', 'apps/web/src/child/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/shared/request/**'],
    rules: restrict({ regex: climbsInto(WEB_APPS), message: 'shared web code never imports an app: move the piece into shared/.' }, CALL_ONLY),
  },
  {
    // child/ mounts every sub-product: it may import their route tables, nothing else of theirs
    files: ['apps/web/src/child/**/*.{ts,tsx}'],
    rules: restrict({ regex: `${climbsInto(WEB_APPS)}(?!routes\\.tsx$)`, message: "child/ imports only the apps' route tables." }, CALL_ONLY),
  },
  ...WEB_APPS.map((app) => ({
    files: [`apps/web/src/${app}/**/*.{ts,tsx}`],
    rules: restrict({ regex: climbsInto(WEB_APPS.filter((other) => other !== app)), message: `an app never imports another app's internals: shared code lives in apps/web/src/shared/.` }, CALL_ONLY),
  })),
  {
    // One clock on every page: instants become text only in Beijing time (docs/web.md "Times on screen").
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/shared/format/beijingTime.ts', 'apps/web/src/shared/format/beijingTime.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...[
        "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]",
        "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
        "CallExpression[callee.property.name='format'][arguments.0.type='Literal'][arguments.0.value=/HH|mm|ss/]",
        // the browser's now and today: beijingPickerValue() / beijingToday()
        "CallExpression[callee.name='dayjs'][arguments.length=0]",
      ].map((selector) => ({ selector, message: "times on screen are Beijing's, whatever the browser's zone: use beijingFormat (shared/format/beijingTime.ts); numbers: Intl.NumberFormat." }))],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "TSAsExpression > TSTypeReference[typeName.name='Static']", message: 'no `as Static<…>`: register the route with route(app, endpoint, handler), whose input is typed from the endpoint table.' }],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      // Unused names prefixed with _ are deliberate (destructuring to drop a field).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-empty': ['error', { allowEmptyCatch: true }],
      // TypeScript already checks names; for .mjs scripts Node's globals are fine.
      'no-undef': 'off',
    },
  },
);
