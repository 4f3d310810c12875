import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The arrows point one way (docs/decisions/0019-layout-and-boundaries.md):
// routes -> models -> db/utils.
// Models stay free of HTTP and UI; components never reach server modules.
const serverModules = {
  group: ["**/*.server", "**/*.server.ts", "**/*.server.tsx"],
  message: "Components run in the browser: pass data from a loader instead.",
};

// Public pages do not download the private areas' icons either.
const privateIcons = {
  // A regex: in a `group` (gitignore syntax) a pattern starting with "#" is a comment.
  regex: "^#app/components/ui/private-icons$",
  message: "Public pages do not download the private areas' icons: move the icon to icons.tsx.",
};

const conformRuntime = {
  name: "@conform-to/react",
  message: "Public pages do not download Conform: build the form's metadata with serverForm (docs/decisions/0006).",
  allowTypeImports: true,
};

export default tseslint.config(
  {
    ignores: [
      "build/**",
      ".react-router/**",
      "node_modules/**",
      "public/**",
      "uploads/**",
      "data/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // With verbatimModuleSyntax, `import { type A } from "./x"` stays in the
      // output as `import {} from "./x"`: it still loads ./x at run time (and
      // can close an import cycle). An import of types only is `import type`.
      "@typescript-eslint/no-import-type-side-effects": "error",
    },
  },
  {
    // No import cycles (docs/decisions/0055-small-rules.md): a module of a
    // cycle can run before the one it imports has defined its exports. Type
    // imports are erased and do not count. Scoped to the server's and the app's
    // code, where the import graph is large enough to hide one.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "server.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".cjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    rules: { ...jsxA11y.flatConfigs.recommended.rules, "jsx-a11y/no-autofocus": ["error", { ignoreNonDOM: true }] },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ["app/models/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-router",
              message: "Models return data or throw; redirects and responses belong to routes.",
              allowTypeImports: true,
            },
            { name: "react", message: "Models hold no UI." },
          ],
          patterns: [
            { group: ["**/toast.server", "#app/utils/toast.server*"], message: "Toasts belong to routes." },
            { group: ["#app/components/**", "**/components/**"], message: "Models hold no UI." },
            { group: ["#app/routes/**", "**/routes/**"], message: "A model never imports a route." },
          ],
        },
      ],
    },
  },
  {
    files: ["app/components/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [serverModules] }] },
  },
  {
    // The public pages' JavaScript budget (docs/decisions/0002): no zod in their
    // bundles, nor Conform's browser runtime (their forms use serverForm,
    // docs/decisions/0006). Back-office forms may validate in the browser with
    // their schema. Tests are not bundled.
    files: ["app/components/site/**/*.{ts,tsx}", "app/components/ui/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [conformRuntime],
          patterns: [
            serverModules,
            privateIcons,
            {
              // "**/" and not "#app/": in gitignore syntax a pattern starting with "#" is a comment.
              group: [
                "zod",
                "@conform-to/zod",
                "@conform-to/zod/*",
                "**/models/**/*.schema",
                "**/models/shared/fields",
              ],
              message: "Public bundles never import zod: validate in the action (docs/decisions/0002).",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // The public routes' components too; their loaders and actions (server
    // code, left out of the browser bundle) may use @conform-to/zod.
    files: ["app/routes/site/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { paths: [conformRuntime], patterns: [privateIcons] }],
    },
  },
  {
    // A route stays readable at a glance: 250 lines as `wc -l` counts them
    // (blank lines and comments count). A growing route moves its intents to a
    // `<route>-actions.server.ts` beside it and big JSX parts to components
    // (docs/decisions/0053-one-form-convention.md).
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: { "max-lines": ["error", { max: 250, skipBlankLines: false, skipComments: false }] },
  },
  {
    // The server's and the models' log is JSON lines through one logger, with
    // the request's id (app/utils/log.server.ts, docs/decisions/0030). Scripts
    // talk to a person and keep the console.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "server.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-console": "error" },
  },
  {
    // CommonJS entry files (the boleto worker thread's, docs/decisions/0014).
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
  },
  {
    files: ["migrations/**/*.ts"],
    // Migrations are frozen in time: they must not depend on today's table types.
    // Nor are they edited once landed; two import `{ type Kysely }` from the
    // kysely package, which loads at run time anyway.
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-import-type-side-effects": "off" },
  },
);
