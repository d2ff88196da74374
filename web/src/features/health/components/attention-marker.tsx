import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { IconButton, Tooltip } from '@radix-ui/themes';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ICON_TOOLTIP_DELAY_MS } from '@/ui/tooltip-delay.ts';
import './health.css';

const LABEL = 'Needs attention';

/**
 * The mark of a learner who needs attention. Its reasons show on hover and on keyboard focus
 * (the tooltip also describes the button to screen readers); a button of 24 × 24 px, so that it
 * is easy to point at. A board marks many cards and their reasons are read one at a time, so a
 * marker is plain markup until it is first pointed at or focused; Radix's tooltip (its providers,
 * popper and state) mounts then, open, as it would have opened.
 */
export function AttentionMarker({ reasons }: { reasons: readonly string[] }) {
  const [used, setUsed] = useState<'hover' | 'focus' | null>(null);
  const pointing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const stopPointing = useCallback(() => {
    if (pointing.current) clearTimeout(pointing.current);
    pointing.current = null;
  }, []);
  useEffect(() => stopPointing, [stopPointing]);
  // The tooltip's button replaces the plain one: focus stays on the marker.
  useEffect(() => {
    if (used === 'focus') button.current?.focus();
  }, [used]);

  if (used === null) {
    // Radix Themes' IconButton as markup, with Radix's hover delay before the reasons show.
    return (
      <button
        type="button"
        data-accent-color="amber"
        className="rt-reset rt-BaseButton rt-r-size-1 rt-variant-soft rt-high-contrast rt-IconButton lp-attention"
        aria-label={LABEL}
        onPointerEnter={() => {
          stopPointing();
          pointing.current = setTimeout(() => setUsed('hover'), ICON_TOOLTIP_DELAY_MS);
        }}
        onPointerLeave={stopPointing}
        onFocus={() => {
          stopPointing();
          setUsed('focus');
        }}
      >
        <ExclamationTriangleIcon aria-hidden />
      </button>
    );
  }
  return (
    <Tooltip
      defaultOpen
      delayDuration={ICON_TOOLTIP_DELAY_MS}
      content={
        <span className="lp-attention__reasons">
          {reasons.map((reason) => (
            <span key={reason}>{reason}</span>
          ))}
        </span>
      }
    >
      <IconButton
        ref={button}
        type="button"
        size="1"
        variant="soft"
        color="amber"
        highContrast
        className="lp-attention"
        aria-label={LABEL}
      >
        <ExclamationTriangleIcon aria-hidden />
      </IconButton>
    </Tooltip>
  );
}
