import type { Reporter } from '@rstest/core';

/** Prints the plain closing line `N passed, N failed, N skipped` that CI reads. */
export default class PlainSummaryReporter implements Reporter {
  onTestRunEnd({ testResults, unhandledErrors }: Parameters<NonNullable<Reporter['onTestRunEnd']>>[0]) {
    const count = (status: string) => testResults.filter((r) => r.status === status).length;
    const failed = count('fail') + (unhandledErrors?.length ?? 0);
    console.log(`\n${count('pass')} passed, ${failed} failed, ${count('skip') + count('todo')} skipped`);
  }
}
