import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

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
 * The door (docs/architecture.md): the CLI and the API are adapters of src-main/app/. They reach the
 * rest of src-main only through it; tests/unit/architecture/import-direction.test.ts checks the same on the
 * whole import graph.
 */
export const ROOMS_BEHIND_THE_DOOR = [
  'engine',
  'store',
  'providers',
  'formats',
  'compare',
  'transcripts',
  'speech',
  'analysis',
  'judging',
  'reports',
  'readiness',
  'personas',
  'diagnosis',
  'files',
];
const doorRule = {
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        {
          group: ROOMS_BEHIND_THE_DOOR.map((room) => `**/src-main/${room}/**`).concat(
            ROOMS_BEHIND_THE_DOOR.map((room) => `../../${room}/**`),
            ROOMS_BEHIND_THE_DOOR.map((room) => `../../../${room}/**`),
          ),
          message:
            'src-main/cli/ and src-main/api/ go through src-main/app/ (the door): add a method to its domain room there.',
        },
        {
          group: ['electron'],
          message: "Only src-main/electron/, src-main/index.ts and src-preload/ may import 'electron'.",
        },
      ],
    },
  ],
};

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
  { files: ['src-main/cli/**/*.ts', 'src-main/api/**/*.ts'], rules: doorRule },
  {
    files: ['src-main/electron/**', 'src-main/index.ts', 'src-preload/**', 'tests/e2e/electron*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
