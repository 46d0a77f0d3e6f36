import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import parley from './eslint-rules/layers.js';

const electronBoundary = {
  'no-restricted-imports': [
    'error',
    {
      paths: [
        {
          name: 'electron',
          message:
            "Only src-main/electron/, src-main/index.ts and src-preload/ may import 'electron' (see docs/architecture.md).",
        },
      ],
    },
  ],
};

/**
 * The layers (docs/architecture.md, "The door and the layers"): every relative import of src-main/ and src-shared/
 * is resolved and checked against THE layer table, eslint-rules/layer-table.js (the doors cli/ and api/ reach the
 * rooms only through app/; no room imports upwards). tests/unit/architecture/import-direction.test.ts checks the
 * whole import graph against the same table.
 */
export { MAY_IMPORT, ROOMS_BEHIND_THE_DOOR } from './eslint-rules/layer-table.js';

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'node_modules/**',
      'release/**',
      'tests/fixtures/generated/**',
      'docs/**',
      'bench/.tmp/**',
      '.scratch/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-unused-vars': ['warn', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      ...electronBoundary,
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Functions of one job (issue 23): about 150 lines at most, blank lines and comments not counted. An error in
  // .ts files; a warning in .tsx, where a long component is split into a pure state hook and sections.
  {
    files: ['src-*/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['src-*/**/*.tsx'],
    rules: { 'max-lines-per-function': ['warn', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['src-main/**/*.{ts,tsx}', 'src-shared/**/*.{ts,tsx}'],
    plugins: { parley },
    rules: { 'parley/layers': 'error' },
  },
  {
    files: ['src-main/electron/**', 'src-main/index.ts', 'src-preload/**', 'tests/e2e/electron*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
