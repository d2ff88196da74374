// Which components React rendered, read as React DevTools reads it: React DOM hands each commit's
// fiber tree to a global DevTools hook that is there when it loads (vitest.setup.ts imports this
// file before anything loads React DOM). No module is mocked: the component suite shares loaded
// modules between files (`isolate: false`), so a mock made in one file is not in force where
// another file loaded the module first. Outside a recording the hook does nothing.

/** The few fields of React's fiber this reads (react-reconciler's ReactInternalTypes). */
interface Fiber {
  tag: number;
  key: string | null;
  type: unknown;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
}

interface FiberRoot {
  current: Fiber;
}

// react-reconciler's WorkTags of the components that render: function, class, forwardRef and
// memo of a function. A `memo` with its own comparison (14) is a fiber apart whose component is
// its child, counted there.
const RENDERING_TAGS = new Set([0, 1, 11, 15]);
// The flag React sets on a fiber whose component rendered (react-reconciler's PerformedWork).
const PERFORMED_WORK = 1;

type CommitListener = (root: FiberRoot) => void;
const listeners = new Set<CommitListener>();

const hookKey = '__REACT_DEVTOOLS_GLOBAL_HOOK__';
const global = globalThis as Record<string, unknown>;
global[hookKey] ??= {
  supportsFiber: true,
  inject: () => 1,
  onCommitFiberRoot: (_renderer: number, root: FiberRoot) => {
    for (const listener of listeners) listener(root);
  },
  onCommitFiberUnmount: () => {},
};

function nameOf(type: unknown): string | undefined {
  if (typeof type === 'function') {
    const component = type as { displayName?: string; name: string };
    return component.displayName ?? component.name;
  }
  if (type && typeof type === 'object') {
    // forwardRef and memo objects.
    const wrapper = type as { displayName?: string; render?: unknown; type?: unknown };
    return wrapper.displayName ?? nameOf(wrapper.render ?? wrapper.type);
  }
  return undefined;
}

export interface CommitRecording {
  /**
   * In how many commits each instance of the component named `name` rendered, by the key of the
   * instance or of its nearest keyed ancestor (a card's key is its learner's id).
   */
  renders(name: string): Map<string, number>;
  /**
   * How many components named one of `names` the last commits left inside ones named `within`,
   * the outermost of them only.
   */
  mountedWithin(within: string, names: readonly string[]): number;
  stop(): void;
}

/**
 * Records every commit from now on. A component rendered in a commit when its fiber is not the
 * one the previous commit left (React renders into the other of its two copies of a fiber) and
 * carries React's flag of work performed; a subtree React skipped keeps the same fibers.
 */
export function recordCommits(): CommitRecording {
  const renders = new Map<string, Map<string, number>>();
  const previous = new WeakMap<FiberRoot, WeakSet<Fiber>>();
  // What each root's last commit left: each named component with the names of its ancestors.
  const trees = new Map<FiberRoot, { name: string; ancestors: readonly string[] }[]>();

  const onCommit: CommitListener = (root) => {
    const before = previous.get(root) ?? new WeakSet<Fiber>();
    const now = new WeakSet<Fiber>();
    const tree: { name: string; ancestors: readonly string[] }[] = [];
    const stack: { fiber: Fiber | null; key: string; ancestors: readonly string[] }[] = [
      { fiber: root.current.child, key: '', ancestors: [] },
    ];
    while (stack.length > 0) {
      const next = stack.pop();
      if (!next?.fiber) continue;
      const { fiber, ancestors } = next;
      now.add(fiber);
      stack.push({ fiber: fiber.sibling, key: next.key, ancestors });
      const key = fiber.key ?? next.key;
      const name = RENDERING_TAGS.has(fiber.tag) ? nameOf(fiber.type) : undefined;
      if (name) {
        tree.push({ name, ancestors });
        if (!before.has(fiber) && (fiber.flags & PERFORMED_WORK) !== 0) {
          const counts = renders.get(name) ?? new Map<string, number>();
          counts.set(key, (counts.get(key) ?? 0) + 1);
          renders.set(name, counts);
        }
      }
      stack.push({ fiber: fiber.child, key, ancestors: name ? [...ancestors, name] : ancestors });
    }
    previous.set(root, now);
    trees.set(root, tree);
  };
  listeners.add(onCommit);
  return {
    renders: (name) => new Map(renders.get(name)),
    mountedWithin: (within, names) =>
      [...trees.values()].flat().filter(
        ({ name, ancestors }) =>
          names.includes(name) &&
          ancestors.includes(within) &&
          // One instance: Radix Themes' Tooltip holds Radix's Tooltip, a menu's Root its Menu.
          !ancestors.some((ancestor) => names.includes(ancestor)),
      ).length,
    stop: () => listeners.delete(onCommit),
  };
}

/** Calls `listener` after each commit from now on, with the page as that commit left it. */
export function afterEachCommit(listener: () => void): () => void {
  const onCommit: CommitListener = () => listener();
  listeners.add(onCommit);
  return () => listeners.delete(onCommit);
}
