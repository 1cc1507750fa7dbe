import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync('src/web/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** The layering of the brief, enforced: who may import whom. */
const layering = [
  { target: './src/core', from: './src', except: ['./core'], message: 'core is pure: it imports nothing of ours' },
  {
    target: './src/contracts',
    from: './src',
    except: ['./contracts', './core'],
    message: 'contracts import only core',
  },
  { target: './src/server', from: './src/web', message: 'the server never imports web code' },
  { target: './src/web', from: './src/server', message: 'the browser bundle never imports server code' },
  ...features.map((name) => ({
    target: `./src/web/features/${name}`,
    from: './src/web/features',
    except: [`./${name}`],
    message: 'web features do not import each other; share through components/ or lib/',
  })),
  {
    target: './src/web/components',
    from: './src/web/features',
    message: 'shared components do not depend on features',
  },
  { target: './src/web/lib', from: './src/web/features', message: 'lib does not depend on features' },
];

const focusedTests = ['it', 'test', 'describe'].map((object) => ({
  object,
  property: 'only',
  message: 'A focused test silently skips the rest of the suite.',
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'data/**', 'playwright-report/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.node, ...globals.browser } } },
  {
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // no-cycle follows imports into other files: it must parse TypeScript to see theirs.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layering }],
      'import-x/no-cycle': 'error',
      'no-restricted-properties': ['error', ...focusedTests],
      'react-hooks/rules-of-hooks': 'error',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-restricted-globals': ['error', { name: 'alert', message: 'Use the accessible toast or dialog.' }],
    },
  },
  { files: ['src/web/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['src/web/**/*.tsx'],
    rules: {
      // Scrolling regions and logs must be reachable by keyboard (axe: scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region', 'log'] }],
    },
  },
  {
    files: ['src/server/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: 'Routes never touch SQL: call the service.' }],
          patterns: [{ group: ['**/*.repo', '**/db/index'], message: 'Routes never touch SQL: call the service.' }],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.ts', 'src/web/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='api'] > TSTypeParameterInstantiation > TSTypeLiteral",
          message: 'Response shapes come from contracts/: use the type inferred from its zod schema.',
        },
      ],
    },
  },
  {
    // SQL lives in *.repo.ts (and the schema in db/): services say what, repositories say how.
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.repo.ts', 'src/server/db/**', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
          message: 'SQL only in *.repo.ts: add a repository function.',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: 'SQL only in *.repo.ts: add a repository function.',
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts', 'src/core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', { name: 'parseFloat', message: 'Money is integer cents: use core/money.' }],
    },
  },
);
