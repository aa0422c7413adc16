import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter } from '@rstest/core';

type RunEnd = Parameters<NonNullable<Reporter['onTestRunEnd']>>[0];

/** What a run counts: every failure once, whether a test, a file (import, beforeAll, afterAll) or an error no test caught. */
export interface RunCount {
  passed: number;
  failed: number;
  skipped: number;
  /** One line per failure: the file, and the test or what failed outside one. */
  failures: string[];
}

const where = (path: string) => relative(process.cwd(), path);

export function countRun({ results, testResults, unhandledErrors }: Pick<RunEnd, 'results' | 'testResults' | 'unhandledErrors'>): RunCount {
  const failures: string[] = [];
  for (const test of testResults) if (test.status === 'fail') failures.push(`${where(test.testPath)} > ${[...(test.parentNames ?? []), test.name].join(' > ')}`);
  // A file's own errors: it failed to load, a beforeAll/afterAll threw, its worker died, a promise leaked.
  for (const file of results) {
    for (const error of file.errors ?? []) failures.push(`${where(file.testPath)}: ${error.message.split('\n')[0]}`);
    if (file.status === 'fail' && !file.errors?.length && !testResults.some((t) => t.testPath === file.testPath && t.status === 'fail')) failures.push(`${where(file.testPath)}: failed`);
  }
  for (const error of unhandledErrors ?? []) failures.push(`unhandled: ${error.message.split('\n')[0]}`);
  const count = (status: string) => testResults.filter((r) => r.status === status).length;
  return { passed: count('pass'), failed: failures.length, skipped: count('skip') + count('todo'), failures };
}

/**
 * Prints the plain closing line `N passed, N failed, N skipped` that CI reads, counting every failure; with
 * TEST_SUMMARY_FILE set, also writes the count there as JSON (the lanes of scripts/test.mjs add them up).
 */
export default class PlainSummaryReporter implements Reporter {
  onTestRunEnd(run: RunEnd) {
    const counted = countRun(run);
    if (process.env.TEST_SUMMARY_FILE) writeFileSync(process.env.TEST_SUMMARY_FILE, JSON.stringify(counted));
    console.log(`\n${counted.passed} passed, ${counted.failed} failed, ${counted.skipped} skipped`);
  }
}
