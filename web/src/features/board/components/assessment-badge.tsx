import { cardStatus } from '../model/card-status.ts';

/** The assessment name and its status (spec §2 Assessment badge), coloured by status. */
export function AssessmentBadge({ name, statusId }: { name: string | null; statusId: number }) {
  const status = cardStatus(statusId);
  if (status.tone === 'none') return null;
  const text = name ? `${name}: ${status.label}` : status.label;
  return (
    <span className={`lp-card__badge lp-tag lp-badge--${status.tone}`} title={text}>
      {text}
    </span>
  );
}
