// `npm run lint`: ESLint's and typescript-eslint's recommended rules, plus the two the project
// asks for by name. Formatting is Prettier's job (`prettier --check` in the same script).
import js from "@eslint/js"
import { defineConfig } from "eslint/config"
import globals from "globals"
import tseslint from "typescript-eslint"

export default defineConfig(
  {
    // Build output, dependencies, and what runs, tests and benchmarks leave behind.
    // The Next.js storefront of the browser suite is type-checked by its own tsconfig, against its own React 19.
    ignores: [
      ".medusa/",
      "node_modules/",
      "artifacts/",
      "coverage/",
      ".data/",
      ".cache/",
      "packages/*/dist/",
      "integration-tests/browser/storefront-app/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore marks a parameter or binding kept on purpose: Express knows an
      // error handler by its four parameters (`_next`), an implementation keeps an interface's
      // signature (`_payload`), and `{ dropped: _dropped, ...rest }` is how a key is left out.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      // A variable that a callback reads before its one assignment (a server's handler made
      // before the object it calls) cannot be `const`: the callback would meet it in its
      // temporal dead zone instead of as `undefined`.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      // Off: its fix, `new Error(message, { cause })`, needs ES2022's ErrorOptions and the
      // project compiles to ES2021 (tsconfig.json); our rethrows put the cause's text in the message.
      "preserve-caught-error": "off",
    },
  },
  {
    files: ["**/*.ts", "**/*.tsx"],
    languageOptions: {
      // Type information, which switch-exhaustiveness-check needs: one program from tsconfig.json
      // (faster here than projectService, which ends up with the same single project).
      parserOptions: { project: "./tsconfig.json", tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A switch over a union (a loan status, a webhook auth mode) that forgets a member is an error.
      "@typescript-eslint/switch-exhaustiveness-check": "error",
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    // jest.config.js and integration-tests/setup.js are CommonJS, run by Node: require is how they import.
    files: ["**/*.js"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // scripts/ensure-deps.mjs runs under Node before any dependency is installed.
    files: ["**/*.mjs"],
    languageOptions: { globals: globals.node },
  },
)
