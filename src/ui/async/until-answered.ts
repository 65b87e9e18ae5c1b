import { proxy } from 'comlink';

/**
 * Calls `send` with a proxy of `progress` that stops telling once the answer is in. A worker's
 * progress calls and its answer travel on different message ports, and the browser keeps no
 * order between two ports: a progress told just before the answer can arrive after it, and would
 * then show a check as still running after it has ended.
 */
export async function untilAnswered<P, R>(
  progress: (progress: P) => void,
  send: (progress: (progress: P) => void) => Promise<R>,
): Promise<R> {
  let answered = false;
  try {
    return await send(
      proxy((told: P) => {
        if (!answered) progress(told);
      }),
    );
  } finally {
    answered = true;
  }
}
