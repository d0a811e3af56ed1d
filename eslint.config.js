import { readdirSync } from "node:fs";
import { join } from "node:path";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// The browser never imports server/, not even its types: data shapes come from contracts/
// (decision 0026), server calls from *.server.ts modules through the load context.
const serverTypesOnly = {
  group: ["**/server/**"],
  message:
    "app/ takes its data types from contracts/ and reaches the server only in *.server.ts modules.",
};

/**
 * Import direction in app/ (bulletproof-react): shared (app/components, app/lib) →
 * features → routes. A feature is a flat folder under app/features; it may import
 * app/components, app/lib, domain/, contracts/ and its own files, never another
 * feature or a route. When a page needs two features (the artwork page opens the
 * checkout), its route module composes them. Every folder there is a zone, so a new
 * feature is covered without editing this file.
 */
const features = readdirSync(join(import.meta.dirname, "app/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function featureZone(feature) {
  return [
    {
      // A sibling folder (`../checkout/…`) or the long way round (`../../features/checkout/…`).
      regex: `^\\.\\./(?!${feature}/)[\\w-]+(/|$)|^(\\.\\./)+features/(?!${feature}/)`,
      message: `app/features/${feature} may not import another feature: move what both need to app/components or app/lib, or compose the two in the route.`,
    },
    {
      regex: "^(\\.\\./)+(routes/|root$)",
      message: "Features never import routes; routes import features.",
    },
  ];
}

const sharedZone = [
  {
    regex: "^(\\.\\./)+(features|routes)/|^(\\.\\./)+root$",
    message: "app/components and app/lib are shared: they never import features or routes.",
  },
];

/**
 * The zone rules, twice per zone: `*.server.ts` modules (and their tests) may import
 * server/ code, the rest nothing of it. (One `no-restricted-imports` per file: a later block replaces
 * an earlier one's options, so each block lists every pattern that applies.)
 */
function zone(files, patterns) {
  return [
    {
      files,
      ignores: ["**/*.server.ts", "**/*.server.test.ts"],
      rules: {
        "no-restricted-imports": ["error", { patterns: [serverTypesOnly, ...patterns] }],
      },
    },
    {
      files: files.flatMap((glob) => [
        glob.replace(/\*\.\{ts,tsx\}$/, "*.server.ts"),
        glob.replace(/\*\.\{ts,tsx\}$/, "*.server.test.ts"),
      ]),
      rules: { "no-restricted-imports": ["error", { patterns }] },
    },
  ];
}

const serverNeverApp = { group: ["**/app/**"], message: "server/ never imports app/." };

/**
 * Feature boundaries in server/features (one flat folder per feature): another feature is
 * reached only through its `<feature>.api.ts`, never its repository, service, routes,
 * mails or workers. Features meet in server/services.ts, which binds them.
 */
function otherFeature(allowedRoles) {
  return {
    // A sibling folder (`../orders/…`) or the long way round (`../../features/orders/…`).
    regex: `^(\\.\\./|(\\.\\./)+features/)[\\w-]+/(?![\\w.-]+\\.(${allowedRoles})$)`,
    message:
      "A server feature may import another feature only through its <feature>.api.ts (a repository is private to its feature); wire services together in server/services.ts.",
  };
}

/**
 * The money path: purchase records its sales in orders, payouts reads the ledger from
 * orders, and orders imports neither, so the imports all point one way and never back
 * up the path (decision 0050). Each module lists the modules whose api.ts it may import.
 */
const moneyPath = { purchase: ["orders"], orders: [], payouts: ["orders"] };

function upstream(module) {
  const refused = Object.keys(moneyPath).filter(
    (other) => other !== module && !moneyPath[module].includes(other),
  );
  return {
    regex: `^(\\.\\./|(\\.\\./)+features/)(${refused.join("|")})/`,
    message: `The money path goes one way (purchase → orders ← payouts): ${module} may not import ${refused.join(" or ")}.`,
  };
}

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      "e2e/.output/",
      "playwright-report/",
      "test-results/",
      // Deliberate violations; eslint.config.test.ts lints them and expects the errors.
      "lint-fixtures/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/no-misused-promises": [
        "error",
        { checksVoidReturn: { attributes: false } },
      ],
      "@typescript-eslint/only-throw-error": "off",
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { process: "readonly", console: "readonly", Buffer: "readonly" },
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-imports": ["error", { patterns: [serverTypesOnly] }],
      // history.state is where React Router keeps its own fields (idx, key): private, and
      // they change between versions. Its hooks (useLocation, useNavigationType) say the same.
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "MemberExpression[property.name='state']:matches([object.name='history'], [object.property.name='history'])",
          message:
            "history.state holds React Router's private fields: use useLocation() or useNavigationType().",
        },
      ],
    },
  },
  {
    // The one exception: root.tsx loads the load context's type (a module augmentation).
    files: ["app/root.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ ...serverTypesOnly, allowTypeImports: true }] },
      ],
    },
  },
  {
    // Server modules (and their tests) run only on the server.
    files: ["app/**/*.server.ts", "app/**/*.server.test.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  ...zone(["app/components/**/*.{ts,tsx}", "app/lib/**/*.{ts,tsx}"], sharedZone),
  ...features.flatMap((feature) =>
    zone([`app/features/${feature}/**/*.{ts,tsx}`], featureZone(feature)),
  ),
  {
    files: ["server/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverNeverApp] }] },
  },
  {
    files: ["server/features/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test-helpers.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [serverNeverApp, otherFeature("api")] }],
    },
  },
  ...Object.keys(moneyPath).map((module) => ({
    files: [`server/features/${module}/**/*.ts`],
    ignores: ["**/*.test.ts", "**/*.test-helpers.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [serverNeverApp, otherFeature("api"), upstream(module)] },
      ],
    },
  })),
  {
    // Tests may also borrow another feature's test helpers (factories, signed-in clients),
    // in any direction: an orders test makes its sale through purchase's helpers.
    files: ["server/features/**/*.test.ts", "server/features/**/*.test-helpers.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [serverNeverApp, otherFeature("api|test-helpers")] },
      ],
    },
  },
  {
    files: ["domain/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/server/**", "**/app/**", "**/contracts/**", "node:*"],
              message: "domain/ is shared and has no I/O; contracts build on it, not the reverse.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["contracts/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/server/**", "**/app/**", "node:*"],
              message: "contracts/ is shared by the server and the browser: zod and domain/ only.",
            },
          ],
        },
      ],
    },
  },
);
