import { ExclamationTriangleIcon } from '@radix-ui/react-icons';
import { IconButton, Tooltip } from '@radix-ui/themes';
import { ICON_TOOLTIP_DELAY_MS } from '@/ui/tooltip-delay.ts';
import './health.css';

/**
 * The mark of a learner who needs attention. Its reasons show on hover and on keyboard focus
 * (the tooltip also describes the button to screen readers); a button of 24 × 24 px, so that it
 * is easy to point at.
 */
export function AttentionMarker({ reasons }: { reasons: readonly string[] }) {
  return (
    <Tooltip
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
        type="button"
        size="1"
        variant="soft"
        color="amber"
        highContrast
        className="lp-attention"
        aria-label="Needs attention"
      >
        <ExclamationTriangleIcon aria-hidden />
      </IconButton>
    </Tooltip>
  );
}
