/** Two people: learner counts (decorative) and group projects (labelled). */
export function PeopleIcon({ label }: { label?: string }) {
  const shapes = (
    <>
      <circle cx="5.5" cy="5" r="2.2" />
      <path d="M1.5 13.5c0-2.4 1.8-4 4-4s4 1.6 4 4" />
      <circle cx="11" cy="5.5" r="1.8" />
      <path d="M10.2 9.7c2.2-.3 4.3 1.1 4.3 3.8" />
    </>
  );
  const common = {
    width: 13,
    height: 13,
    viewBox: '0 0 16 16',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.4,
  };
  if (label) {
    return (
      <svg {...common} role="img" aria-label={label}>
        <title>{label}</title>
        {shapes}
      </svg>
    );
  }
  return (
    <svg {...common} aria-hidden="true">
      {shapes}
    </svg>
  );
}

// The card's GitHub activity marks: decorative, drawn like PeopleIcon; the element around each
// carries its words.
const activityIcon = {
  width: 12,
  height: 12,
  viewBox: '0 0 16 16',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.5,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** A commit on a line: the latest push. */
export function CommitIcon() {
  return (
    <svg {...activityIcon} aria-hidden="true">
      <circle cx="8" cy="8" r="2.6" />
      <path d="M1 8h4.4M10.6 8H15" />
    </svg>
  );
}

/** A branch merging back: an open pull request. */
export function PullRequestIcon() {
  return (
    <svg {...activityIcon} aria-hidden="true">
      <circle cx="4" cy="3.5" r="1.7" />
      <circle cx="4" cy="12.5" r="1.7" />
      <circle cx="12" cy="12.5" r="1.7" />
      <path d="M4 5.2v5.6M12 10.8V6.5c0-1.4-.8-2.2-2.2-2.2H7.5M9 2.8 7.5 4.3 9 5.8" />
    </svg>
  );
}

/** A tick, a cross or a half-drawn circle in a ring: the checks passing, failing or running. */
export function ChecksIcon({ state }: { state: 'passing' | 'failing' | 'running' }) {
  return (
    <svg {...activityIcon} aria-hidden="true">
      {state === 'running' ? (
        <>
          <circle cx="8" cy="8" r="6" strokeOpacity="0.35" />
          <path d="M8 2a6 6 0 0 1 6 6" />
        </>
      ) : (
        <>
          <circle cx="8" cy="8" r="6" />
          {state === 'passing' ? (
            <path d="m5.3 8.2 1.9 1.9 3.6-3.8" />
          ) : (
            <path d="m5.8 5.8 4.4 4.4M10.2 5.8l-4.4 4.4" />
          )}
        </>
      )}
    </svg>
  );
}

/** A repository's book, struck through (deleted) or dashed (none linked). */
export function RepositoryIcon({ variant }: { variant: 'none' | 'deleted' }) {
  return (
    <svg {...activityIcon} aria-hidden="true">
      <path
        d="M3.5 13V3.2c0-.7.5-1.2 1.2-1.2h7.8v9.5H4.7c-.7 0-1.2.6-1.2 1.3s.5 1.2 1.2 1.2h7.8"
        strokeDasharray={variant === 'none' ? '2 1.6' : undefined}
      />
      {variant === 'deleted' && <path d="M1.5 1.5l13 13" />}
    </svg>
  );
}
