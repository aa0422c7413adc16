/**
 * The harness of a plugin's server tests (`*.server.test.ts`): the reference server in-process on an
 * in-memory database. Kept apart from testing.ts, which loads the browser shell.
 */
export { CLIENT_BASIC, createTestServer, type CallOptions, type CallResult, type TestServer } from '../server/test-server';
export { scratchDatabase } from '../server/db/scratch';
export { shellManifest } from '../schema/shell-manifest';
export { answersTogether, fireTogether } from '../testing/fire-together';
export { clearOfMidnight } from '../testing/clear-of-midnight';
export { serverBackends, type ServerBackend, type TestServerOptions } from '../testing/server-backends';
// A server opened on a data dir or a database of the test's own: closed and opened again, or two at once.
export { openServer } from '../server/start';
export { silentLogger } from '../server/context';
