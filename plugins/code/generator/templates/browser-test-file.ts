import { requiredMessage } from '../../../../core/sdk/shared';
import type { GenField, GenSpec } from '../../spec';
import { sampleValue } from '../samples';
import { tsString, tsValue } from '../ts-text';
import { includedFields, pluginConst, provenance, serverConst } from './common';
import { SAMPLE_N } from './server-test-file';

/** Field types the test fills through the dialog's controls (a bare id, a picture or rich text it cannot). */
const FILLABLE = new Set<GenField['type']>(['string', 'text', 'integer', 'number', 'money', 'select', 'date', 'datetime', 'switch']);

/** Text a cell shows exactly as written (testing-library collapses spaces). */
const plainText = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 60 && value === value.trim().replace(/\s+/g, ' ');

/** The statements that fill one field of the open dialog with the n-th sample value. */
function fillField(field: GenField, spec: GenSpec): string[] {
  const zhPlaceholder = (verb: string) => tsString(`${verb}${field.label.zh}`);
  const value = sampleValue(field, SAMPLE_N, spec.dictionaries);
  switch (field.type) {
    case 'string':
    case 'text':
    case 'integer':
    case 'number':
      return [`    await app.user.type(within(dialog).getByPlaceholderText(${zhPlaceholder('请输入')}), ${tsString(String(value))});`];
    case 'money':
      return [`    await app.user.type(within(dialog).getByPlaceholderText(${zhPlaceholder('请输入')}), ${tsString(String(Number(value) / 100))});`];
    case 'select': {
      const item = spec.dictionaries.find((d) => d.code === field.dict)!.items.find((i) => String(i.key) === String(value))!;
      return [`    await choose(within(dialog).getByPlaceholderText(${zhPlaceholder('请选择')}), ${tsString(item.value.zh)});`];
    }
    case 'date':
    case 'datetime':
      return [`    await pickDate(app, within(dialog).getByPlaceholderText(${zhPlaceholder('请选择')}), ${field.type === 'datetime'});`];
    default:
      return [];
  }
}

/** `plugins/<id>/<id>.test.tsx`: the kit's screen against the real server, in-process. */
export function browserTestFile(spec: GenSpec): string {
  const fields = includedFields(spec).filter((f) => f.name !== spec.tree?.parent);
  const required = fields.filter((f) => f.required && f.form);
  const canAdd = required.every((f) => FILLABLE.has(f.type));
  // The row the dialog adds is found in the list by a text it was given.
  const shownText = fields.find((f) => f.list && (f.type === 'string' || f.type === 'text'));
  const toFill = [...required];
  if (shownText && !toFill.includes(shownText)) toFill.unshift(shownText);
  const fills = toFill.flatMap((f) => fillField(f, spec));
  const usesDict = spec.dictionaries.length > 0;
  const needsChoose = canAdd && toFill.some((f) => f.type === 'select');
  const needsDate = canAdd && toFill.some((f) => f.type === 'date' || f.type === 'datetime');
  const demo = spec.demoRows.map((row) => (shownText ? row[shownText.name] : undefined)).find(plainText);
  const testing = ['fireEvent', 'screen', 'waitFor', 'within'].filter((name) => name !== 'fireEvent' || needsChoose || needsDate).filter((name) => name !== 'waitFor' || demo === undefined || needsDate);
  const L: string[] = [];
  L.push(`import { ${testing.join(', ')} } from '@testing-library/react';`);
  L.push(`import { inProcessServer, renderPlugin${needsDate ? ', type RenderedPlugin' : ''} } from '../../core/sdk/testing';`);
  if (usesDict) L.push(`import dictPlugin from '../dict/index';`, `import dictServer from '../dict/server';`);
  L.push(`import ${pluginConst(spec)} from './index';`);
  L.push(`import ${serverConst(spec)} from './server';`, '');
  L.push('/**');
  L.push(` * The list screen against the real server (the kernel and this plugin's server part, in memory): the`);
  L.push(` * demo rows, the add dialog's rules, and a row added through it. ${provenance(spec)}`);
  L.push(' */');
  L.push(`const backend = inProcessServer({ plugins: [${usesDict ? 'dictServer, ' : ''}${serverConst(spec)}] });`);
  L.push(`const options = { backend${usesDict ? ', with: [dictPlugin]' : ''} };`);
  L.push('/** Whole screens on a busy machine: more time than the default. */');
  L.push('const SLOW = 30_000;');
  if (needsChoose) {
    L.push('', '/** Opens the select holding `input` and chooses the option of that label. */');
    L.push('async function choose(input: HTMLElement, label: string) {');
    L.push(`  fireEvent.click(input.closest('.arco-select')!.querySelector('.arco-select-view')!);`);
    L.push(`  const options = await screen.findAllByText(label, { selector: '.arco-select-popup .arco-select-option, .arco-select-popup .arco-select-option *' });`);
    L.push('  fireEvent.click(options.at(-1)!);');
    L.push('}');
  }
  if (needsDate) {
    L.push('', '/** Picks the 15th of the month the calendar opens on (and confirms the time a date-time picker offers). */');
    L.push('async function pickDate(app: RenderedPlugin, input: HTMLElement, withTime: boolean) {');
    L.push('  await app.user.click(input);');
    L.push(`  const days = await screen.findAllByText('15', { selector: '.arco-picker-container .arco-picker-cell-in-view *' });`);
    L.push('  const panel = days.at(-1)!.closest(\'.arco-picker-container\') as HTMLElement;');
    L.push('  fireEvent.click(days.at(-1)!);');
    L.push(`  if (withTime) fireEvent.click(within(panel).getByText('确定', { selector: 'button, button *' }));`);
    L.push('  await waitFor(() => expect((input as HTMLInputElement).value).toMatch(/^\\d{4}-\\d{2}-15/));');
    L.push('}');
  }
  L.push('');
  L.push(`describe(${tsString(`${spec.entityLabel.en} list screen (in-process server)`)}, () => {`);
  if (demo !== undefined) {
    L.push(`  it('shows the demo rows', async () => {`);
    L.push(`    await renderPlugin(${pluginConst(spec)}, options);`);
    L.push(`    expect((await screen.findAllByText(${tsString(demo)})).length).toBeGreaterThan(0);`);
  } else {
    L.push(`  it('shows the rows of the table', async () => {`);
    L.push(`    await renderPlugin(${pluginConst(spec)}, options);`);
    L.push(`    await waitFor(() => expect(document.querySelector('.arco-table-tbody .arco-table-tr:not(.arco-table-empty-row)')).toBeTruthy());`);
  }
  L.push('  }, SLOW);', '');

  L.push(`  it(${tsString(canAdd ? "says what the add dialog requires, then adds a row through it" : "says what the add dialog requires")}, async () => {`);
  L.push(`    const app = await renderPlugin(${pluginConst(spec)}, options);`);
  L.push(`    await app.user.click(await screen.findByRole('button', { name: /新\\s*增/ }));`);
  L.push(`    const dialog = await screen.findByRole('dialog');`);
  if (required.length) {
    L.push(`    await app.user.click(within(dialog).getByTestId('crud-save'));`);
    for (const f of required) L.push(`    expect(await within(dialog).findByText(${tsString(requiredMessage(f).zh)})).toBeTruthy();`);
  }
  if (canAdd) {
    L.push(...fills);
    L.push(`    await app.user.click(within(dialog).getByTestId('crud-save'));`);
    L.push(`    expect(await screen.findByText('新增成功')).toBeTruthy();`);
    if (shownText) L.push(`    expect((await screen.findAllByText(${tsValue(String(sampleValue(shownText, SAMPLE_N, spec.dictionaries)))})).length).toBeGreaterThan(0);`);
  } else {
    const blocked = required.find((f) => !FILLABLE.has(f.type))!;
    L.push(`    // ${blocked.name} (${blocked.type}) is required and has no control a test can fill here: the server test adds rows.`);
  }
  L.push('  }, SLOW);');
  L.push('});', '');
  return L.join('\n');
}
