import { describe, expect, it } from '@rstest/core';
import { canMove, defineStateMachine, moveRefusal, nextStates, stateLabel, stateOptions } from './state-machine';

const order = defineStateMachine({
  subject: { zh: '订单', en: 'The order' },
  states: [
    { value: 0, label: { zh: '待支付', en: 'Pending payment' } },
    { value: 1, label: { zh: '已支付', en: 'Paid' }, color: 'green' },
    { value: 4, label: { zh: '已取消', en: 'Cancelled' } },
  ],
  moves: { 0: [1, 4] },
});

describe('state machine', () => {
  it('allows the declared moves only; a state without moves is final', () => {
    expect(canMove(order, 0, 1)).toBe(true);
    expect(canMove(order, 0, 4)).toBe(true);
    expect(canMove(order, 1, 0)).toBe(false);
    expect(canMove(order, 0, 0)).toBe(false);
    expect(nextStates(order, 4)).toEqual([]);
  });

  it('names both states when it refuses, in both languages', () => {
    expect(moveRefusal(order, 1, 0)).toEqual({ zh: '订单状态不能从「已支付」变为「待支付」', en: 'The order cannot go from "Paid" to "Pending payment"' });
    expect(stateLabel(order, 9)).toEqual({ zh: '9', en: '9' });
    expect(stateOptions(order).map((o) => o.value)).toEqual([0, 1, 4]);
  });

  it('refuses a declaration that moves through an undeclared state', () => {
    expect(() => defineStateMachine({ subject: { zh: '单', en: 'It' }, states: [{ value: 0, label: { zh: 'a', en: 'a' } }], moves: { 0: [7] } })).toThrow('undeclared state 7');
  });
});
