/**
 * The harness of a plugin's browser tests (`*.test.tsx`): mount the kernel with the plugin, a signed-in
 * user and hand-written responses or the in-process reference server. Server tests use server-testing.ts.
 */
export * from '../testing';
