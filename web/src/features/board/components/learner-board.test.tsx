import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeNetwork } from '@/test/fake-network.ts';
import { recordCommits } from '@/test/react-commits.ts';
import { learner } from '../model/fixtures.ts';
import { renderBoard } from '../testing/render-board.tsx';

const region = (name: string | RegExp) => screen.getByRole('region', { name });
const cardNames = (element: HTMLElement) =>
  within(element)
    .queryAllByRole('button')
    .filter((button) => button.classList.contains('lp-card__name'))
    .map((button) => button.textContent);

const cohort = () => [
  learner('Ada Lovelace', 101, { tags: [{ id: 1, tag: 'lighthouse' }] }),
  learner('Grace Hopper', 101),
  learner('Alan Turing', 103, { assessment_status_id: 2 }),
  learner('Linus Torvalds', 102, { assessment_status_id: 1 }),
  learner('Katherine Johnson', 203),
  learner('Margaret Hamilton', null),
];

describe('the board', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows book columns with learner counts and the project columns that hold learners', () => {
    fakeNetwork({});
    renderBoard(cohort());
    const book1 = region('Book 1, 4 learners');
    expect(within(book1).getByRole('heading', { name: /Book 1/ })).toHaveTextContent('Book 14');
    expect(region('Book 2, 1 learner')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Book 3/ })).not.toBeInTheDocument();
    expect(cardNames(region('Book 1, Foundations Review'))).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
    ]);
    // A group project keeps its learner; the assessment column gathers the others under way.
    const group = region('Book 1, Group: Cider Falls');
    expect(within(group).getByRole('img', { name: 'Group project' })).toBeInTheDocument();
    expect(cardNames(group)).toEqual(['Alan Turing']);
    expect(cardNames(region('Book 1, Flowers self-assessment'))).toEqual(['Linus Torvalds']);
    expect(screen.queryByRole('region', { name: "Book 1, Leonid's Toys" })).not.toBeInTheDocument();
  });

  it('keeps learners without a project of the course visible', () => {
    fakeNetwork({});
    renderBoard(cohort());
    expect(cardNames(region('Not on this course, 1 learner'))).toEqual(['Margaret Hamilton']);
  });

  it('searches names fuzzily and tags, above 2 characters, keeping the counts', () => {
    fakeNetwork({});
    const { rerenderWithSearch } = renderBoard(cohort());
    rerenderWithSearch('grhp');
    expect(cardNames(document.body)).toEqual(['Grace Hopper']);
    expect(region('Book 1, 1 of 4 learners')).toBeInTheDocument();
    rerenderWithSearch('LIGHT');
    expect(cardNames(document.body)).toEqual(['Ada Lovelace']);
    rerenderWithSearch('li');
    expect(cardNames(document.body)).toHaveLength(6);
  });

  it('never breaks on regular-expression characters', () => {
    fakeNetwork({});
    const { rerenderWithSearch } = renderBoard(cohort());
    for (const text of ['(((', 'a[b', '*+?', '\\\\\\', ')))']) {
      rerenderWithSearch(text);
      expect(screen.getByText('No learners match the search.')).toBeInTheDocument();
    }
  });

  it('renders the cards once, at the size that fits the board', () => {
    fakeNetwork({});
    // jsdom has no layout: the board is 400 px wide, too narrow for the full cards.
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(400);
    const observer = new MutationObserver(() => {});
    observer.observe(document.body, { subtree: true, attributeFilter: ['class'] });
    renderBoard(cohort());
    const changed = observer
      .takeRecords()
      .map((record) => record.target as Element)
      .filter((element) => element.matches('.lp-card, .lp-board'));
    observer.disconnect();
    const cards = document.querySelectorAll('.lp-card');
    expect(cards).toHaveLength(6);
    for (const card of cards) expect(card).toHaveClass('lp-card--compact');
    // None was drawn at the full size first and then made smaller.
    expect(changed).toEqual([]);
  });

  it('says when the cohort has no learners', () => {
    fakeNetwork({});
    renderBoard([]);
    expect(screen.getByText('No learners in this cohort yet.')).toBeInTheDocument();
  });
});

/** jsdom has no layout: give each column a place in a row, and cards the place of their column. */
function layOutColumns() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const columns = [...document.querySelectorAll('[data-column]')];
    const column = this.closest('[data-column]');
    const index = column ? columns.indexOf(column) : 0;
    const left = index * 200;
    const isCard = this.classList.contains('lp-card');
    const rect = {
      x: left,
      y: 0,
      left,
      top: isCard ? 40 : 0,
      width: 180,
      height: isCard ? 50 : 300,
    };
    return {
      ...rect,
      right: rect.left + rect.width,
      bottom: rect.top + rect.height,
      toJSON: () => rect,
    } as DOMRect;
  });
}

describe('moving a learner with the keyboard', () => {
  it('picks the card up with Space, shows the droppable projects, and drops on the next column', async () => {
    const network = fakeNetwork({
      'POST /students/9/project': { status: 201, body: { message: 'Success' } },
    });
    layOutColumns();
    renderBoard([learner('Ada Lovelace', 101, { id: 9 }), learner('Grace Hopper', 102)]);
    const card = screen.getByRole('button', { name: 'Move Ada Lovelace' });
    card.focus();
    fireEvent.keyDown(card, { code: 'Space', key: ' ' });
    await waitFor(() => expect(document.querySelector('[data-expanded="true"]')).not.toBeNull());
    // The columns stay as they were; the droppable projects of the learner's book and the next
    // that hold nobody come after them, headers cut to 14.
    expect(region('Book 1, Foundations Review')).toHaveTextContent('Foundations Review');
    const more = region('Book 1, more projects');
    expect(
      within(more).getByRole('region', { name: 'Book 1, Group: Cider Falls' }),
    ).toHaveTextContent('Group: Cider F');
    expect(
      within(region('Book 2, more projects')).getByRole('region', { name: 'Book 2, Functionland' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Mortgage Qualifiers/ })).not.toBeInTheDocument();
    await act(async () => {
      fireEvent.keyDown(document, { code: 'ArrowRight', key: 'ArrowRight' });
    });
    await act(async () => {
      fireEvent.keyDown(document, { code: 'Space', key: ' ' });
    });
    await waitFor(() => expect(network.writes()).toHaveLength(1));
    expect(network.writes()[0]).toMatchObject({
      path: '/students/9/project',
      body: { projectId: 102 },
    });
    expect(document.querySelector('[data-expanded="true"]')).toBeNull();
    // The card is a new element in its new column, and has the focus.
    const moved = within(region("Book 1, Leonid's Toys")).getByRole('button', {
      name: 'Move Ada Lovelace',
    });
    await waitFor(() => expect(moved).toHaveFocus());
  });

  it("steps in the course's order, to an empty project shown after the board's columns", async () => {
    const network = fakeNetwork({
      'POST /students/9/project': { status: 201, body: { message: 'Success' } },
    });
    layOutColumns();
    // Book 2's Functionland is next on the screen; Book 1's Leonid's Toys is next in the course.
    renderBoard([learner('Ada Lovelace', 101, { id: 9 }), learner('Alan Turing', 203)]);
    const card = screen.getByRole('button', { name: 'Move Ada Lovelace' });
    card.focus();
    fireEvent.keyDown(card, { code: 'Space', key: ' ' });
    await waitFor(() => expect(document.querySelector('[data-expanded="true"]')).not.toBeNull());
    const columns = [...document.querySelectorAll('[data-column]')].map((column) =>
      column.getAttribute('aria-label'),
    );
    expect(columns.indexOf("Book 1, Leonid's Toys")).toBeGreaterThan(
      columns.indexOf('Book 2, Functionland'),
    );
    await act(async () => {
      fireEvent.keyDown(document, { code: 'ArrowRight', key: 'ArrowRight' });
    });
    await act(async () => {
      fireEvent.keyDown(document, { code: 'Space', key: ' ' });
    });
    await waitFor(() => expect(network.writes()).toHaveLength(1));
    expect(network.writes()[0]).toMatchObject({ body: { projectId: 102 } });
  });

  it('leaves the board as it was when the move is cancelled with Escape', async () => {
    const network = fakeNetwork({});
    layOutColumns();
    renderBoard([learner('Ada Lovelace', 101)]);
    const card = screen.getByRole('button', { name: 'Move Ada Lovelace' });
    card.focus();
    fireEvent.keyDown(card, { code: 'Enter', key: 'Enter' });
    await waitFor(() => expect(document.querySelector('[data-expanded="true"]')).not.toBeNull());
    await act(async () => {
      fireEvent.keyDown(document, { code: 'Escape', key: 'Escape' });
    });
    await waitFor(() => expect(document.querySelector('[data-expanded="true"]')).toBeNull());
    expect(network.writes()).toEqual([]);
  });
});

describe('moving a learner with the pointer', () => {
  it('shows the card being dragged as soon as the move that picks it up has been handled', async () => {
    const network = fakeNetwork({});
    layOutColumns();
    renderBoard([learner('Ada Lovelace', 101), learner('Grace Hopper', 102)]);
    const card = screen.getByRole('group', { name: 'Ada Lovelace' });
    const pointer = { bubbles: true, isPrimary: true, button: 0, pointerId: 1 };
    // Dispatched as the browser does, outside React's act: nothing renders later on its behalf.
    card.dispatchEvent(new PointerEvent('pointerdown', { ...pointer, clientX: 20, clientY: 60 }));
    document.dispatchEvent(
      new PointerEvent('pointermove', { ...pointer, clientX: 32, clientY: 64 }),
    );
    const overlay = document.querySelector('.lp-card--overlay');
    expect(overlay).toHaveTextContent('Ada Lovelace');
    await act(async () => {
      document.dispatchEvent(
        new PointerEvent('pointerup', { ...pointer, clientX: 32, clientY: 64 }),
      );
    });
    await waitFor(() => expect(document.querySelector('.lp-card--overlay')).toBeNull());
    // Put down where it was: nothing to save.
    expect(network.writes()).toEqual([]);
  });

  it("renders only the picked-up card's shell and face, not every card's", async () => {
    fakeNetwork({});
    layOutColumns();
    const learners = [
      learner('Ada Lovelace', 101),
      learner('Grace Hopper', 101),
      learner('Alan Turing', 102),
    ];
    const recording = recordCommits();
    try {
      renderBoard(learners);
      const loaded = ['CardShell', 'CardFace'].map((component) => recording.renders(component));
      const card = screen.getByRole('group', { name: 'Ada Lovelace' });
      const pointer = { bubbles: true, isPrimary: true, button: 0, pointerId: 1 };
      card.dispatchEvent(new PointerEvent('pointerdown', { ...pointer, clientX: 20, clientY: 60 }));
      document.dispatchEvent(
        new PointerEvent('pointermove', { ...pointer, clientX: 32, clientY: 64 }),
      );
      expect(document.querySelector('.lp-card--overlay')).toHaveTextContent('Ada Lovelace');

      const ada = String(learners[0]?.id);
      const rendersSince = (component: string, i: number) =>
        [...recording.renders(component)]
          .map(([key, count]) => `${component} ${key}: ${count - (loaded[i]?.get(key) ?? 0)}`)
          .filter((line) => !line.endsWith(': 0'));
      // Ada's shell once (the card left behind), and one face: the overlay's copy (under a key of
      // dnd-kit's own). No other card's shell, and no card's own face.
      expect(rendersSince('CardShell', 0)).toEqual([`CardShell ${ada}: 1`]);
      expect(rendersSince('CardFace', 1)).toHaveLength(1);
      expect(rendersSince('CardFace', 1)[0]).toMatch(/: 1$/);
      await act(async () => {
        document.dispatchEvent(
          new PointerEvent('pointerup', { ...pointer, clientX: 32, clientY: 64 }),
        );
      });
    } finally {
      recording.stop();
    }
  });
});
