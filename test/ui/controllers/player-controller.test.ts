import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { describe, expect, it } from 'vitest';
import { PlayerController } from '../../../src/ui/controllers/player-controller.js';

/** A host that counts its update requests. */
function host(): ReactiveControllerHost & { updates: number } {
  return {
    updates: 0,
    addController(_: ReactiveController) {},
    removeController(_: ReactiveController) {},
    requestUpdate() {
      this.updates++;
    },
    updateComplete: Promise.resolve(true),
  };
}

/** Frames as the article's: found, confirmed, four trials, end. */
const KINDS = ['found', 'confirmed', 'trial', 'trial', 'trial', 'trial', 'end'];

function player() {
  return new PlayerController(
    host(),
    () => KINDS.length,
    () => true,
    (index) => KINDS[index] === 'trial',
  );
}

describe('PlayerController, predict first', () => {
  it('shows each trial veiled, then its verdict, then moves on', () => {
    const p = player();
    p.setPredict(true);
    const seen: string[] = [];
    for (let k = 0; k < 12; k++) {
      p.step();
      seen.push(`${p.cursor}${p.veiled ? '?' : ''}`);
    }
    expect(seen).toEqual(['1', '2?', '2', '3?', '3', '4?', '4', '5?', '5', '6', '6', '6']);
  });

  it('steps frame by frame, never veiled, when off', () => {
    const p = player();
    const seen: number[] = [];
    for (let k = 0; k < 6; k++) {
      p.step();
      expect(p.veiled).toBe(false);
      seen.push(p.cursor);
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('shows frames whole after a step back, a seek, play, or turning it off', () => {
    const p = player();
    p.setPredict(true);
    p.seek(1);
    p.step();
    expect(p.veiled).toBe(true);
    p.back();
    expect([p.cursor, p.veiled]).toEqual([1, false]);
    p.step();
    p.seek(3);
    expect([p.cursor, p.veiled]).toEqual([3, false]);
    p.step();
    expect(p.veiled).toBe(true);
    p.setPredict(false);
    expect([p.cursor, p.veiled, p.predicting]).toEqual([4, false, false]);
    p.setPredict(true);
    p.step();
    p.play();
    expect(p.veiled).toBe(false);
    p.pause();
  });
});

describe('PlayerController at the speed without delay', () => {
  it('is on the newest frame at each render, and stops in the render that shows the end', () => {
    const updates = host();
    let frames = 2;
    let ended = false;
    const p = new PlayerController(
      updates,
      () => frames,
      () => ended,
    );
    p.setSpeed(4);
    p.play();
    p.hostUpdate();
    expect([p.cursor, p.playing]).toEqual([1, true]);
    frames = 6; // more frames came in: the next render shows the last of them
    p.hostUpdate();
    expect([p.cursor, p.playing]).toEqual([5, true]);
    frames = 7;
    ended = true;
    const requested = updates.updates;
    p.hostUpdate();
    expect([p.cursor, p.playing]).toEqual([6, false]);
    expect(updates.updates).toBe(requested); // no second render asked for
  });

  it('leaves a slower speed to its timer', () => {
    const p = player();
    p.setSpeed(2);
    p.play();
    p.hostUpdate();
    expect([p.cursor, p.playing]).toEqual([0, true]);
    p.pause();
  });
});
