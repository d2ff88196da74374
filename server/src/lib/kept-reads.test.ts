import { describe, expect, it } from 'vitest';
import { KeptReads } from './kept-reads.ts';
import { TableChanges } from './table-changes.ts';

// The mechanism without a database: what a kept read answers as table changes are heard.

/** A read whose answers count up, so each new read is told from a kept one. */
function counter() {
  let reads = 0;
  return { load: async () => ++reads, reads: () => reads };
}

function listening(cascades = new Map<string, string[]>()) {
  const changes = new TableChanges(cascades);
  changes.setListening(true);
  return changes;
}

describe('kept reads', () => {
  it('keep nothing while changes may go unheard', async () => {
    const changes = new TableChanges();
    const kept = new KeptReads<number>(changes);
    const { load } = counter();
    expect(await kept.read('notes 1', ['notes'], load)).toBe(1);
    expect(await kept.read('notes 1', ['notes'], load)).toBe(2);

    changes.setListening(true);
    expect(await kept.read('notes 1', ['notes'], load)).toBe(3);
    expect(await kept.read('notes 1', ['notes'], load)).toBe(3);

    // The listening connection broke: what was kept is no longer trusted, nor kept again.
    changes.setListening(false);
    expect(await kept.read('notes 1', ['notes'], load)).toBe(4);
    expect(await kept.read('notes 1', ['notes'], load)).toBe(5);
  });

  it('read again after a change of one of their tables, and only then', async () => {
    const changes = listening();
    const kept = new KeptReads<number>(changes);
    const { load } = counter();
    await kept.read('notes 1', ['notes', 'people'], load);

    changes.changed(['events']);
    changes.heard('cohorts');
    expect(await kept.read('notes 1', ['notes', 'people'], load)).toBe(1);

    changes.changed(['people']);
    expect(await kept.read('notes 1', ['notes', 'people'], load)).toBe(2);
    changes.heard('notes');
    expect(await kept.read('notes 1', ['notes', 'people'], load)).toBe(3);
    // A write whose tables are not known may have changed anything.
    changes.changed(null);
    expect(await kept.read('notes 1', ['notes', 'people'], load)).toBe(4);
    changes.heard('');
    expect(await kept.read('notes 1', ['notes', 'people'], load)).toBe(5);
  });

  it("count a change of a row's parent for the tables its foreign keys change too", async () => {
    // Deleting a person changes the notes they wrote, and (here) what refers to those notes.
    const changes = listening(
      new Map([
        ['people', ['notes']],
        ['notes', ['feedback']],
      ]),
    );
    const kept = new KeptReads<number>(changes);
    const { load } = counter();
    await kept.read('feedback', ['feedback'], load);
    changes.changed(['events']);
    expect(await kept.read('feedback', ['feedback'], load)).toBe(1);
    changes.changed(['people']);
    expect(await kept.read('feedback', ['feedback'], load)).toBe(2);
  });

  it('keep apart the answers of different keys', async () => {
    const kept = new KeptReads<string>(listening());
    expect(await kept.read('a', ['notes'], async () => 'for a')).toBe('for a');
    expect(await kept.read('b', ['notes'], async () => 'for b')).toBe('for b');
    expect(await kept.read('a', ['notes'], async () => 'again')).toBe('for a');
  });

  it('answer a read that overlapped a change, but do not keep it', async () => {
    const changes = listening();
    const kept = new KeptReads<number>(changes);
    let finish = (_value: number) => {};
    const slow = kept.read(
      'notes 1',
      ['notes'],
      () =>
        new Promise<number>((resolve) => {
          finish = resolve;
        }),
    );
    changes.heard('notes');
    finish(1);
    expect(await slow).toBe(1);
    expect(await kept.read('notes 1', ['notes'], async () => 2)).toBe(2);
    expect(await kept.read('notes 1', ['notes'], async () => 3)).toBe(2);
  });

  it('share one read among callers that arrive together', async () => {
    const kept = new KeptReads<number>(listening());
    const { load, reads } = counter();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => kept.read('notes 1', ['notes'], load)),
    );
    expect(new Set(answers)).toEqual(new Set([1]));
    expect(reads()).toBe(1);
  });

  it('do not answer a caller from a read sent before their own write', async () => {
    const changes = listening();
    const kept = new KeptReads<number>(changes);
    let finish = (_value: number) => {};
    const first = kept.read(
      'notes 1',
      ['notes'],
      () =>
        new Promise<number>((resolve) => {
          finish = resolve;
        }),
    );
    // A caller commits a note while the first read runs, then asks.
    changes.changed(['notes']);
    const second = kept.read('notes 1', ['notes'], async () => 2);
    finish(1);
    expect(await first).toBe(1);
    expect(await second).toBe(2);
  });

  it('forget the least recently used answers beyond the limit', async () => {
    const kept = new KeptReads<string>(listening(), 2);
    await kept.read('a', ['notes'], async () => 'a1');
    await kept.read('b', ['notes'], async () => 'b1');
    await kept.read('a', ['notes'], async () => 'a2');
    await kept.read('c', ['notes'], async () => 'c1');
    expect(await kept.read('a', ['notes'], async () => 'a3')).toBe('a1');
    expect(await kept.read('b', ['notes'], async () => 'b2')).toBe('b2');
  });
});
