import { describe, expect, it } from 'vitest';
import { moveCursor } from './keyboard-cursor';

const dailyIds = ['row:1', 'row:4', 'row:5'];
const weeklyIds = ['cell:1:0', 'cell:1:1', 'cell:1:2', 'cell:4:0', 'cell:4:1', 'cell:4:2'];

describe('moving a card by keyboard', () => {
  it.each([
    [
      'right: 5 minutes later',
      { targetId: 'row:4', offset: 36_000 },
      'ArrowRight',
      false,
      { targetId: 'row:4', offset: 36_300 },
    ],
    [
      'left: 5 minutes earlier',
      { targetId: 'row:4', offset: 36_000 },
      'ArrowLeft',
      false,
      { targetId: 'row:4', offset: 35_700 },
    ],
    [
      'shift: an hour',
      { targetId: 'row:4', offset: 36_000 },
      'ArrowRight',
      true,
      { targetId: 'row:4', offset: 39_600 },
    ],
    [
      'snaps an odd start first',
      { targetId: 'row:4', offset: 36_130 },
      'ArrowRight',
      false,
      { targetId: 'row:4', offset: 36_300 },
    ],
    [
      'not before midnight',
      { targetId: 'row:4', offset: 100 },
      'ArrowLeft',
      true,
      { targetId: 'row:4', offset: 0 },
    ],
    [
      'not past the day',
      { targetId: 'row:4', offset: 86_000 },
      'ArrowRight',
      true,
      { targetId: 'row:4', offset: 86_100 },
    ],
    [
      'down: the next row, same time',
      { targetId: 'row:4', offset: 36_000 },
      'ArrowDown',
      false,
      { targetId: 'row:5', offset: 36_000 },
    ],
    [
      'up: the row above',
      { targetId: 'row:4', offset: 36_000 },
      'ArrowUp',
      false,
      { targetId: 'row:1', offset: 36_000 },
    ],
    ['down from the last row: nowhere', { targetId: 'row:5', offset: 0 }, 'ArrowDown', false, null],
    ['another key: nothing', { targetId: 'row:4', offset: 0 }, 'KeyA', false, null],
  ])('daily, %s', (_name, cursor, key, big, expected) => {
    expect(moveCursor(cursor, key, big, dailyIds)).toEqual(expected);
  });

  it.each([
    ['right: the next day', 'cell:1:0', 'ArrowRight', 'cell:1:1'],
    ['left from Monday: nowhere', 'cell:1:0', 'ArrowLeft', null],
    ['right past the last day: nowhere', 'cell:1:2', 'ArrowRight', null],
    ['down: the same day of the next row', 'cell:1:2', 'ArrowDown', 'cell:4:2'],
    ['up from the first row: nowhere', 'cell:1:1', 'ArrowUp', null],
  ])('weekly, %s', (_name, targetId, key, expected) => {
    const next = moveCursor({ targetId, offset: 0 }, key, false, weeklyIds);
    expect(next?.targetId ?? null).toBe(expected);
  });
});
