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
