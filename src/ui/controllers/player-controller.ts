import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Delays between frames for the speed control's positions, slowest first (0 = no delay). */
export const SPEEDS = [1600, 900, 450, 150, 0] as const;

/**
 * Plays a timeline: a cursor over its frames that steps on demand or advances at a chosen
 * speed. New frames may arrive while it plays (a live run); playing waits for them.
 *
 * With "predict first" on, a step onto a trial shows the trial with its verdict veiled (the
 * class says whether it will still fail); the next step lifts the veil, the one after moves on.
 * Playing, stepping back and seeking show frames whole.
 */
export class PlayerController implements ReactiveController {
  #cursor = 0;
  #playing = false;
  #speed = 2;
  readonly #host: ReactiveControllerHost;
  readonly #frames: () => number;
  readonly #ended: () => boolean;
  readonly #veilable: (index: number) => boolean;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #predict = false;
  #veiled = false;

  /**
   * `frames` and `ended` read the timeline being played; `veilable` says whether the frame at an
   * index has a verdict to predict.
   */
  constructor(
    host: ReactiveControllerHost,
    frames: () => number,
    ended: () => boolean,
    veilable: (index: number) => boolean = () => false,
  ) {
    this.#host = host;
    this.#frames = frames;
    this.#ended = ended;
    this.#veilable = veilable;
    host.addController(this);
  }

  /** Whether a step onto a trial first hides its verdict. */
  get predicting(): boolean {
    return this.#predict;
  }

  /** Whether the frame shown is a trial whose verdict is still hidden. */
  get veiled(): boolean {
    return this.#veiled;
  }

  /** Turns "predict first" on or off (the frame shown is shown whole either way). */
  setPredict(on: boolean): void {
    this.#predict = on;
    this.#veiled = false;
    this.#host.requestUpdate();
  }

  hostConnected(): void {}

  /**
   * Before each render: playing at the speed without delay, the cursor is on the newest frame
   * already, and a timeline that has ended stops playing, in that same render (every new frame,
   * and the end, asks the host for one). A timer would draw each frame twice: first with the
   * cursor where it was, then again a task later.
   */
  hostUpdate(): void {
    if (!this.#playing || (SPEEDS[this.#speed] ?? 0) !== 0) return;
    this.#cursor = Math.max(this.#cursor, this.last, 0);
    if (this.#cursor >= this.last && this.#ended()) this.#playing = false;
  }

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
    this.#veiled = false;
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
    if (this.#veiled) {
      this.#veiled = false;
      return;
    }
    const from = this.#cursor;
    this.seek(from + 1);
    this.#veiled = this.#predict && this.#cursor !== from && this.#veilable(this.#cursor);
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
    this.#veiled = false;
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
    if (delay === 0) return; // the next render moves on (see hostUpdate)
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#cursor += 1;
      this.#host.requestUpdate();
      this.#schedule();
    }, delay);
  }
}
