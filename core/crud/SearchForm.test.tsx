import { describe, expect, it, rs } from '@rstest/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, type FormInstance } from '@arco-design/web-react';
import { setTestSite } from '../testing/site';
import { filterParams, type SearchValues } from './query';
import { SearchForm } from './SearchForm';
import { bookEntity } from './test-entity';

describe('SearchForm', () => {
  it('hands the date ranges to the query as createTime_dategt / _datelt and <field>_datege / _datelt', async () => {
    setTestSite();
    rs.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 200, success: true, data: [], msg: '' }), { headers: { 'content-type': 'application/json' } }));
    let form: FormInstance<SearchValues> | null = null;
    const onSearch = rs.fn();
    function Host() {
      const [instance] = Form.useForm<SearchValues>();
      form = instance;
      return <SearchForm entity={bookEntity} form={instance} onSearch={onSearch} onReset={() => {}} />;
    }
    render(<Host />);
    act(() => form!.setFieldsValue({ createTimeRange: ['2024-01-01 00:00:00', '2024-01-31 23:59:59'], published: ['2020-01-01', '2020-12-31'], title: '史' }));
    await userEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    expect(filterParams(bookEntity, onSearch.mock.calls[0]![0] as SearchValues)).toEqual({
      title: '史',
      published_datege: '2020-01-01',
      published_datelt: '2020-12-31',
      createTime_dategt: '2024-01-01 00:00:00',
      createTime_datelt: '2024-01-31 23:59:59',
    });
    rs.unstubAllGlobals();
  });
});
