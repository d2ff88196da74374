import type { Plugin } from 'postcss';

/**
 * One rule of Radix Themes hides the separator after the segmented control's active item with a
 * universal sibling: `:where(.rt-SegmentedControlItem…) + * .rt-SegmentedControlItemSeparator`.
 * A universal sibling followed by a descendant makes Chromium restyle the whole subtree of every
 * element after one inserted before it. Radix inserts its focus guards as the first child of
 * <body> whenever a dialog or a menu opens, so each of them restyled the whole page (12–27 ms with
 * a board of 60 cards, measured in the bench's page). The sibling after an item is another item
 * or the control's indicator, which has no separator, so the rule names the item, inside :where()
 * as the rest of the selector: the same elements, the same specificity.
 */
const UNIVERSAL_SIBLING = ' + * .rt-SegmentedControlItemSeparator';
const NAMED_SIBLING = ' + :where(.rt-SegmentedControlItem) .rt-SegmentedControlItemSeparator';

/** PostCSS plugin for Vite's `css.postcss.plugins`; runs after the `@import`s are inlined. */
export function radixSiblingRule(): Plugin {
  return {
    postcssPlugin: 'lp-radix-sibling-rule',
    Rule(rule) {
      if (!rule.selector.includes(UNIVERSAL_SIBLING)) return;
      rule.selectors = rule.selectors.map((selector) =>
        selector.replace(UNIVERSAL_SIBLING, NAMED_SIBLING),
      );
    },
  };
}
