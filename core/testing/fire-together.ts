/**
 * Starts `count` calls in the same tick and waits for all of them, however each ends: a race test fires
 * the same state move, payment or stock take at once and counts how many succeeded. A call that throws
 * before its first await is a rejection like any other, never a throw out of this function.
 */
export function fireTogether<T>(count: number, call: (index: number) => Promise<T> | T): Promise<PromiseSettledResult<Awaited<T>>[]> {
  if (!Number.isInteger(count) || count < 1) throw new Error(`fireTogether: count must be a positive whole number, not ${count}.`);
  const started: Promise<Awaited<T>>[] = [];
  for (let index = 0; index < count; index++) {
    try {
      started.push(Promise.resolve(call(index)));
    } catch (error) {
      started.push(Promise.reject(error));
    }
  }
  return Promise.allSettled(started);
}

/**
 * `fireTogether` for calls that answer rather than throw (HTTP calls: a refusal is an answer): their
 * answers in order, and a call that threw fails the test with its own error.
 */
export async function answersTogether<T>(count: number, call: (index: number) => Promise<T> | T): Promise<Awaited<T>[]> {
  return (await fireTogether(count, call)).map((settled) => {
    if (settled.status === 'rejected') throw settled.reason;
    return settled.value;
  });
}
