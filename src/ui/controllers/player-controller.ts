import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Delays between frames for the speed control's positions, slowest first (0 = no delay). */
export const SPEEDS = [1600, 900, 450, 150, 0] as const;

/**
 * Plays a timeline: a cursor over its frames that steps on demand or advances at a chosen
 * speed. New frames may arrive while it plays (a live run); playing waits for them.
 */
export class PlayerController implements ReactiveController {
  #cursor = 0;
  #playing = false;
  #speed = 2;
  readonly #host: ReactiveControllerHost;
  readonly #frames: () => number;
  readonly #ended: () => boolean;
  #timer: ReturnType<typeof setTimeout> | null = null;

  /** `frames` and `ended` read the timeline being played. */
  constructor(host: ReactiveControllerHost, frames: () => number, ended: () => boolean) {
    this.#host = host;
    this.#frames = frames;
    this.#ended = ended;
    host.addController(this);
  }

  hostConnected(): void {}

  /** The frame shown. */
  get cursor(): number {
    return this.#cursor;
  }

  /** Whether the player is advancing on its own. */
  get playing(): boolean {
    return this.#playing;
  }

  /** The speed, an index into {@link SPEEDS}. */
  get speed(): number {
    return this.#speed;
  }

  /** Plays at another speed (from the next frame on, when playing). */
  setSpeed(speed: number): void {
    this.#speed = Math.max(0, Math.min(SPEEDS.length - 1, speed));
    if (this.#playing) this.play();
    this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    this.pause();
  }

  /** The last frame index, or -1 when there are none. */
  get last(): number {
    return this.#frames() - 1;
  }

  play(): void {
    if (this.#cursor >= this.last && this.#ended()) this.#cursor = 0;
    this.#playing = true;
    this.#schedule();
    this.#host.requestUpdate();
  }

  pause(): void {
    this.#playing = false;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#host.requestUpdate();
  }

  step(): void {
    this.pause();
    this.seek(this.#cursor + 1);
  }

  back(): void {
    this.pause();
    this.seek(this.#cursor - 1);
  }

  reset(): void {
    this.pause();
    this.seek(0);
  }

  seek(index: number): void {
    this.#cursor = Math.max(0, Math.min(index, Math.max(0, this.last)));
    this.#host.requestUpdate();
  }

  /** Call when frames arrive: a waiting playback moves on. */
  framesChanged(): void {
    if (this.#playing && this.#timer === null) this.#schedule();
  }

  #schedule(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    if (!this.#playing) return;
    if (this.#cursor >= this.last) {
      if (this.#ended()) this.pause();
      return; // wait for more frames
    }
    const delay = SPEEDS[this.#speed] ?? 0;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#cursor = delay === 0 ? this.last : this.#cursor + 1;
      this.#host.requestUpdate();
      this.#schedule();
    }, delay);
  }
}
