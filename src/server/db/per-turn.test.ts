import { describe, expect, it } from 'vitest';
import { fulfilled, perTurn, rejected } from './per-turn';

const tick = () => new Promise((r) => setImmediate(r));

describe('perTurn', () => {
  it('hands the calls of one turn over together and answers each at its place', async () => {
    const groups: number[][] = [];
    const double = perTurn(async (xs: number[]) => {
      groups.push(xs);
      return xs.map((x) => (x < 0 ? rejected(new Error(`negative ${x}`)) : fulfilled(2 * x)));
    });
    const first = await Promise.allSettled([double(1), double(-1), double(3)]);
    expect(first.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      2,
      'negative -1',
      6,
    ]);
    await double(4);
    expect(groups).toEqual([[1, -1, 3], [4]]);
  });

  it('fails every call of a group when the group fails, or when the answer misses a place', async () => {
    const broken = perTurn(async (_xs: number[]): Promise<PromiseSettledResult<number>[]> => {
      throw new Error('down');
    });
    expect((await Promise.allSettled([broken(1), broken(2)])).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    const short = perTurn(async (xs: number[]) => xs.slice(1).map(fulfilled));
    const answers = await Promise.allSettled([short(1), short(2)]);
    expect(answers.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
  });

  it('one at a time: the next group forms while one runs, at most `max` each', async () => {
    const groups: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const echo = perTurn(
      async (xs: number[]) => {
        groups.push(xs);
        if (groups.length === 1) await gate;
        return xs.map(fulfilled);
      },
      { oneAtATime: true, max: 2 },
    );
    const calls = [echo(1), echo(2), echo(3)];
    await tick();
    calls.push(echo(4), echo(5), echo(6));
    await tick();
    expect(groups).toEqual([[1, 2]]);
    release();
    expect(await Promise.all(calls)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(groups).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
  });
});
