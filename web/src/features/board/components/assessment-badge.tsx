import { cardStatus } from '../model/card-status.ts';

/** The assessment name and its status (spec §2 Assessment badge), coloured by status. */
export function AssessmentBadge({ name, statusId }: { name: string | null; statusId: number }) {
  const status = cardStatus(statusId);
  if (status.tone === 'none') return null;
  // The status first: when the card is narrow the assessment name is what gets cut.
  const text = name ? `${status.label} · ${name}` : status.label;
  return (
    <span className={`lp-card__badge lp-badge--${status.tone}`} title={text}>
      {text}
    </span>
  );
}
