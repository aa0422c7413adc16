// The linter's packages, for the root eslint.config.js. They live in this workspace package, not in the
// root's devDependencies, because typescript-eslint parses with TypeScript's JavaScript API, which
// TypeScript 7 (the project's compiler, a native binary) no longer ships: npm gives this package
// TypeScript 6 of its own, so `tsc` stays 7 and the linter still reads every .ts file.
export { default as js } from '@eslint/js';
export { default as tseslint } from 'typescript-eslint';
export { default as reactHooks } from 'eslint-plugin-react-hooks';
export { importX, createNodeResolver } from 'eslint-plugin-import-x';
export { default as globals } from 'globals';
export { defineConfig } from 'eslint/config';
