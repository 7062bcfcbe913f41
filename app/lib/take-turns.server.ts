/**
 * Long loops on the server share its one thread with every request and, on the embedded database, with
 * the database itself. Promises alone never let a waiting request in: a loop of awaits resolves on the
 * microtask queue, and sockets and timers only run once it drains. `takeTurns()` gives a loop a function
 * to call between items that hands the thread over (one `setImmediate`) after each `sliceMs` of holding it.
 */
export function takeTurns(sliceMs = 20): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}
