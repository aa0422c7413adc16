import type { LocalText } from './manifest';
import type { Option } from './entity';

/**
 * A record's states and the moves allowed between them, declared once and read by both sides: the
 * server refuses any other move (naming both states), the screen offers only the allowed ones and shows
 * each state as a coloured tag.
 */
export interface StateDecl<S extends number = number> {
  value: S;
  label: LocalText;
  /** An Arco tag colour (`green`, `orange`, `red`, `arcoblue`, `gray`…). */
  color?: string;
}

export interface StateMachine<S extends number = number> {
  /** What moves, as the refusal names it: `{ zh: '订单', en: 'The order' }`. */
  subject: LocalText;
  states: readonly StateDecl<S>[];
  /** From a state, the states it may move to; a state missing here is final. */
  moves: Readonly<Partial<Record<S, readonly S[]>>>;
}

/** Identity helper that types a state machine and checks its moves name declared states. */
export function defineStateMachine<S extends number>(machine: StateMachine<S>): StateMachine<S> {
  const known = new Set<number>(machine.states.map((s) => s.value));
  for (const [from, to] of Object.entries(machine.moves) as [string, readonly S[]][]) {
    for (const state of [Number(from), ...to]) {
      if (!known.has(state)) throw new Error(`State machine "${machine.subject.en}" moves through the undeclared state ${state}.`);
    }
  }
  return machine;
}

/** The states as the options of a `select` field. */
export function stateOptions(machine: StateMachine): Option[] {
  return machine.states.map((s) => ({ value: s.value, label: s.label, ...(s.color ? { color: s.color } : {}) }));
}

export function isState(machine: StateMachine, value: number): boolean {
  return machine.states.some((s) => s.value === value);
}

/** The states `from` may move to, in the declared order. */
export function nextStates<S extends number>(machine: StateMachine<S>, from: S): readonly S[] {
  return machine.moves[from] ?? [];
}

export function canMove<S extends number>(machine: StateMachine<S>, from: S, to: S): boolean {
  return nextStates(machine, from).includes(to);
}

/** A state's label; an unknown value shows as its number. */
export function stateLabel(machine: StateMachine, value: number): LocalText {
  return machine.states.find((s) => s.value === value)?.label ?? { zh: String(value), en: String(value) };
}

/** Why a move is refused, naming both states: 订单状态不能从「已支付」变为「待支付」. */
export function moveRefusal(machine: StateMachine, from: number, to: number): LocalText {
  const a = stateLabel(machine, from);
  const b = stateLabel(machine, to);
  return {
    zh: `${machine.subject.zh}状态不能从「${a.zh}」变为「${b.zh}」`,
    en: `${machine.subject.en} cannot go from "${a.en}" to "${b.en}"`,
  };
}
