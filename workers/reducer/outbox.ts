import type { TranscriptMessage } from '../../src/core/run/transcript.js';
import type { RunListener, RunReply } from '../../src/protocol/reducer.js';

/**
 * How often a run's messages go to the page: once a frame (the page renders at most that often).
 */
export const OUTBOX_MS = 16;

/**
 * Gathers a run's transcript messages and sends them in batches: those of one stretch of work
 * at once, then at most one batch every {@link OUTBOX_MS}. Every message sent to the page costs a
 * message each way and a wake-up of both threads, and a fast run makes dozens in a few
 * milliseconds. The run's `end` message is sent at once, with what waits before it; messages keep
 * their order.
 */
export class Outbox {
  readonly #send: (batch: TranscriptMessage[]) => void;
  readonly #intervalMs: number;
  #waiting: TranscriptMessage[] = [];
  #timer: ReturnType<typeof setTimeout> | null = null;
  #sentAt = Number.NEGATIVE_INFINITY;

  constructor(send: (batch: TranscriptMessage[]) => void, intervalMs = OUTBOX_MS) {
    this.#send = send;
    this.#intervalMs = intervalMs;
  }

  /** Adds a message to the next batch. */
  push(message: TranscriptMessage): void {
    this.#waiting.push(message);
    if (message.type === 'end') {
      this.flush();
      return;
    }
    if (this.#timer !== null) return;
    const wait = Math.max(0, this.#sentAt + this.#intervalMs - performance.now());
    this.#timer = setTimeout(() => this.flush(), wait);
  }

  /** Sends the messages waiting, if any (before the run's reply, so that it comes last). */
  flush(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    if (this.#waiting.length === 0) return;
    const batch = this.#waiting;
    this.#waiting = [];
    this.#sentAt = performance.now();
    this.#send(batch);
  }
}

/**
 * Runs `run`, its messages told to `listener` in batches; then tells it that the run has ended,
 * after its last message, and returns its reply.
 */
export async function told<R extends RunReply>(
  listener: RunListener,
  run: (outbox: Outbox) => Promise<R>,
): Promise<R> {
  const outbox = new Outbox((batch) => listener.messages(batch));
  const reply = await run(outbox);
  outbox.flush();
  listener.end?.(reply);
  return reply;
}
