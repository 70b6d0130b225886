import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'test-results/**', '*.vsix'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
      curly: ['error', 'multi-line'],
      'no-throw-literal': 'error',
    },
  },
  {
    // One door for notices and questions (src/notices.ts): the texts that speak of a service
    // are named after it there and in the commands' kit, never by hand (issue #34).
    files: ['src/**/*.ts'],
    ignores: ['src/notices.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: 'MemberExpression[property.name=/^show(Information|Warning|Error)Message$/]',
        message: 'Use notify() or ask() of src/notices.ts (or inform/warn of kit/notices.ts, which name the service).',
      }],
    },
  },
  {
    // One door to other commands (src/commandCalls.ts): AppHost's own get a capability minted
    // per call, foreign ones (setContext, vscode.*, workbench.*) none (issue #43).
    files: ['src/**/*.ts'],
    ignores: ['src/commandCalls.ts'],
    rules: {
      'no-restricted-properties': ['error', {
        property: 'executeCommand',
        message: 'Use ownCommand() or foreignCommand() of src/commandCalls.ts.',
      }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
