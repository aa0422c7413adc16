import { screen } from '@testing-library/react';

/**
 * What the tests of the orders screen's row actions share (the file's and the payments'): the list call
 * they answer, an order as the list answers it (unpaid unless told), and a listed order's table row.
 */
export const ORDERS_PAGE = 'GET /api/xh/certificate/order/page';

export const listedOrder = (id: string, over: Record<string, unknown>) => ({
  id,
  orderNo: `CO2024060109301500000${id}`,
  name: `申请人${id}`,
  idNumber: '110***********1234',
  mobile: '13912345678',
  certificateType: 1,
  amount: 20_000,
  payState: 0,
  shipState: 0,
  refundAmount: 0,
  createTime: '2024-06-01 09:30:15',
  ...over,
});

/** The table row of the order listed under `name`. */
export const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;
