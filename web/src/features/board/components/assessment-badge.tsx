import { cardStatus } from '../model/card-status.ts';

/**
 * The status and the assessment name (spec §2 Assessment badge), coloured by status. Nothing is
 * cut: the text wraps, and a compact card shows the status only (the name stays in the title).
 */
export function AssessmentBadge({ name, statusId }: { name: string | null; statusId: number }) {
  const status = cardStatus(statusId);
  if (status.tone === 'none') return null;
  return (
    <span
      className={`lp-card__badge lp-badge--${status.tone}`}
      title={name ? `${status.label} · ${name}` : undefined}
    >
      {status.label}
      {name && <span className="lp-card__badge-name"> · {name}</span>}
    </span>
  );
}
