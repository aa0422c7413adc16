import { describe, test } from '@rstest/core';
import { tenantAdmin, expectIsolated, startSweepServer, SWEEP_LIMIT_MS } from './sweep-kit';

/** Tenant isolation on every endpoint: the demo tenant's administrator and the rows of tenant 000000. */
startSweepServer();

describe('every endpoint', () => {
  test("tenant 100001's administrator can neither read nor change any row of tenant 000000", async () => {
    await expectIsolated(tenantAdmin, '000000');
  }, SWEEP_LIMIT_MS);
});
