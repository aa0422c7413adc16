import { generatePlugin, specFromRecord } from './index';
import { adoptionTestFile } from './testing/adoption-test';
import { goodsInput, legacyInput, unitInput } from './testing/fixtures';
import { scratchProject, type ScratchProject } from './testing/scratch-project';

/**
 * The generator's proof: three varied plugins (a flat one with money, a dictionary, a switch, dates and a
 * unique code; a tree; one adopting a table of the server's database) are written into a copy of the
 * project and installed there, then the project's own lint, typecheck and the plugins' generated tests run
 * on them unchanged. The adoption is proven by a test of the migration on a table that has rows.
 */
const specs = [goodsInput, unitInput, legacyInput].map(specFromRecord);
const ids = specs.map((s) => s.pluginId);
const folders = ids.map((id) => `plugins/${id}`);
let project: ScratchProject;

const node = (script: string, args: string[]) => project.run(process.execPath, [script, ...args], { timeoutMs: 280_000 });
const passes = (result: { code: number; output: string }) => {
  if (result.code !== 0) throw new Error(result.output.slice(-12_000));
};

beforeAll(() => {
  project = scratchProject();
  for (const spec of specs) {
    project.writeFiles(generatePlugin(spec));
    project.install(spec.pluginId);
  }
  project.writeFiles([adoptionTestFile()]);
});
afterAll(() => project.remove());

describe('generated plugins in a copy of the project', () => {
  it('pass lint and typecheck unchanged, and their own tests', async () => {
    const started = Date.now();
    const [lint, types] = await Promise.all([
      node('node_modules/eslint/bin/eslint.js', ['--max-warnings', '0', ...folders]),
      node('node_modules/typescript/bin/tsc', ['--noEmit']),
    ]);
    passes(lint);
    passes(types);
    const tests = await node('node_modules/@rstest/core/bin/rstest.js', ['run', '--project', 'unit', '--project', 'server', ...folders]);
    passes(tests);
    expect(tests.output).toMatch(/Test Files\s+7 passed/);
    console.info(`generated plugins ${ids.join(', ')}: lint, typecheck and tests in ${Math.round((Date.now() - started) / 1000)} s`);
    // Three whole tools in a copy of the project: about 80 s on a quiet machine, past 240 s beside the other
    // lanes under the stress run. The limits catch a hang (each tool's, then the test's).
  }, 600_000);
});
