// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { Lanes, SUPERSEDED, ignoreSuperseded, isSuperseded } from './search-lanes';

/** Lanes whose "next turn" is run by the test, as the worker's event loop would. */
function manual() {
  const ran: string[] = [];
  const superseded: string[] = [];
  const turns: (() => void)[] = [];
  const lanes = new Lanes<string>(
    (call) => ran.push(call),
    (call) => superseded.push(call),
    (next) => turns.push(next),
  );
  const turn = () => {
    for (const next of turns.splice(0)) next();
  };
  return { lanes, ran, superseded, turn };
}

describe('search lanes', () => {
  it('runs only the newest call of a lane queued in one turn, answering the others at once', () => {
    const { lanes, ran, superseded, turn } = manual();
    lanes.submit('search', 's');
    lanes.submit('search', 'st');
    lanes.submit('findIn', 'gym');
    lanes.submit('search', 'sta');
    expect(superseded).toEqual(['s', 'st']);
    expect(ran).toEqual([]);
    turn();
    expect(ran).toEqual(['gym', 'sta']);
    // A call after that turn runs in its own.
    lanes.submit('search', 'stat');
    turn();
    expect(ran).toEqual(['gym', 'sta', 'stat']);
    expect(superseded).toEqual(['s', 'st']);
  });

  it('tells a superseded answer from an error', () => {
    expect(isSuperseded(new Error(SUPERSEDED))).toBe(true);
    expect(isSuperseded(new Error('index closed'))).toBe(false);
    expect(() => ignoreSuperseded(new Error(SUPERSEDED))).not.toThrow();
    expect(() => ignoreSuperseded(new Error('index closed'))).toThrow('index closed');
  });
});
